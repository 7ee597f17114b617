// Small helpers to build SVG and HTML elements, wrap card text, and make an element a control.

const NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(NS, tag), attrs, children);
}

export function html(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function label(x, y, str, attrs = {}) {
  return svg("text", { x, y, ...attrs }, str);
}

// Greedy word wrap by character count (SVG text does not wrap by itself); a long last line is cut.
export function wrap(str, maxChars, maxLines) {
  const words = String(str).split(/\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > maxChars && line) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  if (maxLines && lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, maxChars - 1)}…`;
    return kept;
  }
  return lines;
}

export function lines(x, y, rows, lineHeight, attrs = {}) {
  return svg("text", { x, y, ...attrs },
    rows.map((row, i) => svg("tspan", { x, dy: i === 0 ? 0 : lineHeight }, row)));
}

// Make `el` a keyboard-usable control for `pick` (or a described, inert element when it is not one).
export function control(el, ui, pick, ariaLabel) {
  el.setAttribute("aria-label", ariaLabel);
  if (!ui.offers(pick)) {
    if (ui.isPicked(pick)) el.classList.add("picked");
    return el;
  }
  el.classList.add("pickable");
  if (ui.isPicked(pick)) el.classList.add("picked");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.dataset.pick = pick;
  el.addEventListener("click", (e) => {
    e.preventDefault();
    e.stopPropagation();
    ui.pick(pick);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      ui.pick(pick);
    }
  });
  return el;
}
