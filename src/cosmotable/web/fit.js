// Fits the words of a game's drawing to their boxes (#45 item 2). SVG text does not wrap or shrink by
// itself, and a label sized for English runs past its card in Ukrainian or Polish. After the board is
// drawn (and whenever the module draws it again), each SVG line that runs past its box is squeezed
// (textLength, down to MIN_SQUEEZE of its width), and past that cut with "…", the whole text kept as
// its <title> (the tooltip) so nothing is lost.
//
// A line's box is the background rect heading its nearest <g> (a card, a chip, a zone, a panel) when
// the line starts on that rect, else the whole <svg>: the drawings of all three games are built so. A
// line also stops before another text or icon of its group on the same row.

const MIN_SQUEEZE = 0.7;
const PAD = 3; // user units kept free at the box's edge

const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function boxOf(text) {
  for (let g = text.parentElement; g && g.tagName.toLowerCase() !== "svg"; g = g.parentElement) {
    const head = g.firstElementChild;
    if (head && head !== text && head.tagName.toLowerCase() === "rect" && !head.contains(text)) {
      return meets(text.getBoundingClientRect(), head.getBoundingClientRect()) ? head : null;
    }
  }
  return null;
}

// How wide (in the text's user units) the line may be, from its anchor to its box's edges.
function room(line, anchor, box, scale) {
  const r = line.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  const pad = PAD * scale;
  let px;
  if (anchor === "middle") {
    const centre = (r.left + r.right) / 2;
    px = 2 * Math.min(centre - b.left, b.right - centre) - 2 * pad;
  } else if (anchor === "end") px = r.right - b.left - pad;
  else px = b.right - r.left - pad;
  return px / scale;
}

// How wide the line may be before it meets another text or drawing of its group on the same row (a
// badge, a crown, a status at the other end; not a rect, which is a background or a highlight): a
// start-anchored line ends before it, an end-anchored one starts after it.
function roomBeside(line, text, anchor, scale) {
  if (anchor === "middle" || !text.parentElement) return Infinity;
  const r = line.getBoundingClientRect();
  let px = Infinity;
  for (const other of text.parentElement.querySelectorAll(":scope > :is(text, g, circle, path, polygon)")) {
    if (other === text || other.contains(text)) continue;
    const o = other.getBoundingClientRect();
    if (Math.min(o.bottom, r.bottom) - Math.max(o.top, r.top) <= 1 || !o.width) continue;
    if (anchor === "end" && o.right <= r.right) px = Math.min(px, r.right - o.right - PAD * scale);
    if (anchor !== "end" && o.left >= r.left) px = Math.min(px, o.left - r.left - PAD * scale);
  }
  return px / scale;
}

function fitLine(line, text, box) {
  if (line.hasAttribute("textLength")) return;
  const ctm = text.getScreenCTM();
  const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
  if (!scale) return;
  const length = line.getComputedTextLength();
  const anchor = getComputedStyle(text).textAnchor;
  const width = Math.min(room(line, anchor, box, scale), roomBeside(line, text, anchor, scale));
  if (!(length > width) || width <= 0) return;
  if (length * MIN_SQUEEZE > width) {
    // cut, the whole text kept as the tooltip
    const full = line.textContent;
    line.setAttribute("data-fit-full", full); // what `unfit` puts back
    let words = full;
    while (words.length > 1) {
      words = words.slice(0, -1);
      line.textContent = `${words.trimEnd()}…`;
      if (line.getComputedTextLength() * MIN_SQUEEZE <= width) break;
    }
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = full;
    (line === text ? text : line).append(title);
  }
  const now = line.getComputedTextLength();
  if (now > width) {
    line.setAttribute("textLength", String(Math.max(1, width)));
    line.setAttribute("lengthAdjust", "spacingAndGlyphs");
    line.setAttribute("data-fit", ""); // a squeeze of ours, not the drawing's own textLength
  }
}

// Undo what fitting did to `root`'s lines (squeezes, cuts and their tooltips), so that it can be
// fitted again from the words as drawn.
function unfit(root) {
  for (const line of root.querySelectorAll("svg [data-fit-full]")) {
    line.textContent = line.getAttribute("data-fit-full"); // the tooltip <title> goes with the cut text
    line.removeAttribute("data-fit-full");
  }
  for (const line of root.querySelectorAll("svg [data-fit]")) {
    line.removeAttribute("textLength");
    line.removeAttribute("lengthAdjust");
    line.removeAttribute("data-fit");
  }
}

export function fitSvgText(root) {
  for (const text of root.querySelectorAll("svg text")) {
    if (!text.getClientRects().length) continue;
    const box = boxOf(text) || text.ownerSVGElement;
    if (!box) continue;
    const lines = text.querySelectorAll("tspan");
    if (lines.length) lines.forEach((line) => fitLine(line, text, box));
    else fitLine(text, text, box);
  }
}

// Fit `root`'s drawing now and after every redraw by its module (a pick re-draws the board without the
// shell), before the browser paints it.
export function keepFitted(root) {
  const fit = (again) => {
    observer.disconnect();
    if (again) unfit(root);
    fitSvgText(root);
    observer.observe(root, { childList: true, subtree: true });
  };
  const observer = new MutationObserver(() => fit(false));
  fit(false);
  // A style sheet still loading (a game's own is linked when its module first draws) or a font not in
  // yet changes every line's width: fit again from the words as drawn once they are in. Fitted in the
  // fallback font, Kosmodrom's "Стремительный" ran past its rocket at 375 px in Russian once the
  // game's style came (a clean-clone run; tests/web/test_table_text_fit.py delays the sheet to check).
  const refit = () => {
    if (root.isConnected) fit(true);
  };
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (!link.sheet) link.addEventListener("load", refit, { once: true });
  }
  if (document.fonts && document.fonts.status !== "loaded") document.fonts.ready.then(refit);
  return observer;
}
