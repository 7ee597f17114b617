// #45 item 2: which words on the page do not fit. Evaluated by tests/web/test_table_text_fit.py in the
// table page; returns a list of readable problems (empty: every label fits).
//
// - A text run of an HTML element (its own text nodes) must lie inside the element's box when the
//   element clips (overflow other than visible: the words would be cut), and inside the box of its
//   nearest block ancestor otherwise (the words run past their container).
// - An SVG <text> must lie inside its container: the background rect that heads its nearest <g>
//   (a card, a panel, a zone, a chip) when it starts on that rect, else the whole <svg>.
// - No two text runs overlap (words drawn over words), unless one contains the other in the DOM, and
//   no icon of a text's own group (a crown, a badge) is drawn over it.
// Text shortened on purpose (an ellipsis) passes when the element's title or aria-label holds the
// whole text, as the issue allows.
(() => {
  const problems = [];
  const TOL = 1.5;
  const outside = (a, b) => a.left < b.left - TOL || a.right > b.right + TOL || a.top < b.top - TOL || a.bottom > b.bottom + TOL;
  const visible = (e) => {
    // a closed <details> keeps its content laid out but skipped (content-visibility): not drawn
    if (e.checkVisibility && !e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
    const style = getComputedStyle(e);
    return style.visibility !== "hidden" && style.display !== "none" && e.getClientRects().length > 0;
  };
  const name = (e) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : e.getAttribute("class") ? "." + e.getAttribute("class").split(" ")[0] : ""}`;
  const runs = []; // {node, rect, text}
  // in a box that scrolls (the log, a long decision panel), what is scrolled out of its view is not drawn
  const scrolledAway = (e, rect) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if ([style.overflowX, style.overflowY].some((o) => o === "auto" || o === "scroll") && outside(rect, a.getBoundingClientRect())) return true;
    }
    return false;
  };
  const scope = document.querySelector(".table-page") || document.body;

  // HTML text
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("svg, script, style, option, select") || !visible(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    for (const rect of rects) if (!scrolledAway(parent, rect)) runs.push({ node: parent, rect, text });
    let box = parent;
    while (box !== scope && getComputedStyle(box).display === "inline") box = box.parentElement;
    const style = getComputedStyle(box);
    const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
    const full = `${box.getAttribute("title") || ""} ${box.getAttribute("aria-label") || ""} ${parent.getAttribute("title") || ""}`;
    if (clips && ["auto", "scroll"].includes(style.overflowX)) continue; // it scrolls: nothing is lost
    if (clips && box.scrollWidth > box.clientWidth + 1 && !full.includes(text)) {
      problems.push(`cut: "${text.slice(0, 40)}" in ${name(box)} (${box.scrollWidth} > ${box.clientWidth} px)`);
      continue;
    }
    const limit = box.getBoundingClientRect();
    for (const rect of rects) {
      if (!clips && outside(rect, limit) && !full.includes(text)) {
        problems.push(`runs out: "${text.slice(0, 40)}" past ${name(box)}`);
        break;
      }
    }
  }

  // SVG text
  for (const text of scope.querySelectorAll("svg text")) {
    // a <title> is the tooltip of a cut line, not drawn
    const words = [...text.childNodes].filter((n) => n.nodeName !== "title")
      .map((n) => (n.nodeType === 3 ? n.textContent : [...n.childNodes].filter((m) => m.nodeName !== "title").map((m) => m.textContent).join(""))).join("").trim();
    if (!words || !visible(text)) continue;
    const rect = text.getBoundingClientRect();
    if (!rect.width) continue;
    // each line of a text of several (tspans) is a run of its own
    const lineNodes = text.querySelectorAll("tspan");
    if (lineNodes.length) for (const line of lineNodes) runs.push({ node: line, rect: line.getBoundingClientRect(), text: line.textContent, group: text });
    else runs.push({ node: text, rect, text: words });
    let container = null;
    for (let g = text.parentElement; g && g.tagName.toLowerCase() !== "svg"; g = g.parentElement) {
      const head = g.firstElementChild;
      if (head && head !== text && head.tagName.toLowerCase() === "rect" && !head.contains(text)) { container = head; break; }
    }
    // a caption beside its card (a pile's count under it) belongs to the picture, not to the card
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    if (container && !meets(rect, container.getBoundingClientRect())) container = null;
    const owner = container || text.ownerSVGElement;
    if (outside(rect, owner.getBoundingClientRect())) {
      problems.push(`runs out: "${words.slice(0, 40)}" past ${container ? "its " + name(container.parentElement) : "the svg " + name(owner)}`);
    }
  }

  // icons over words: a drawing (not a rect) of a text's own group, drawn after it, over the text
  for (const text of scope.querySelectorAll("svg g > text")) {
    if (!visible(text)) continue;
    const r = text.getBoundingClientRect();
    if (!r.width) continue;
    for (const icon of text.parentElement.querySelectorAll(":scope > :is(g, circle, path, polygon)")) {
      // drawn before the text, it is the text's ground (a badge's disc); drawn after, it covers it
      if (icon.contains(text) || icon.querySelector("text") || !(text.compareDocumentPosition(icon) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      const o = icon.getBoundingClientRect();
      const w = Math.min(o.right, r.right) - Math.max(o.left, r.left);
      const h = Math.min(o.bottom, r.bottom) - Math.max(o.top, r.top);
      if (w > 2 && h > 2) problems.push(`icon over: "${text.textContent.trim().slice(0, 30)}" under a ${name(icon)}`);
    }
  }

  // words over words
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i], b = runs[j];
      if (a.node === b.node || a.node.contains(b.node) || b.node.contains(a.node)) continue;
      if (a.group && a.group === b.group) continue; // the lines of one paragraph: its leading is its own
      const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (w > 2 && h > 2) problems.push(`overlap: "${a.text.slice(0, 30)}" and "${b.text.slice(0, 30)}"`);
    }
  }
  return [...new Set(problems)];
})()
