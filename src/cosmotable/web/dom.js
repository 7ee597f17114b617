// Building the page from data without ever parsing server or user text as HTML: strings become text nodes,
// attributes are set one by one. Nothing in the shell uses innerHTML.

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function replace(node, ...children) {
  clear(node);
  return append(node, children);
}

// Activate a non-button element with Enter or Space too (WAI-ARIA button pattern).
export function onActivate(node, handler) {
  node.addEventListener("click", handler);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler(event);
    }
  });
  return node;
}

// Eight seat colours that stay apart for the common kinds of colour blindness (Okabe-Ito based).
const SEAT_COLORS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#999999"];

export function seatColor(seat) {
  return SEAT_COLORS[((seat % SEAT_COLORS.length) + SEAT_COLORS.length) % SEAT_COLORS.length];
}

// What identifies a focused control well enough to find its successor after a redraw.
function focusDescriptor(node) {
  if (!node || node === document.body || !node.tagName) return null;
  return {
    tag: node.tagName,
    id: node.id || null,
    name: node.getAttribute("name"),
    label: node.getAttribute("aria-label"),
    text: (node.textContent || "").trim(),
    // the nearest region with an id (the board, the log): where focus lands if the control is gone
    region: node.parentElement && node.parentElement.closest("[id]") ? node.parentElement.closest("[id]").id : null,
  };
}

function findSuccessor(root, wanted) {
  if (wanted.id) return root.querySelector(`#${CSS.escape(wanted.id)}`);
  const candidates = [...root.querySelectorAll(wanted.tag)];
  const same = (node) =>
    (wanted.name ? node.getAttribute("name") === wanted.name : true) &&
    (wanted.label ? node.getAttribute("aria-label") === wanted.label : true) &&
    (wanted.name || wanted.label ? true : (node.textContent || "").trim() === wanted.text);
  return candidates.find(same) || null;
}

// Redraw `root` with `draw()` and give focus back to the same control (same id, name, label or text), so
// a keyboard player does not lose their place each time the table changes.
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const wanted = active && root.contains(active) ? focusDescriptor(active) : null;
  draw();
  if (!wanted) return;
  let again = findSuccessor(root, wanted);
  if (!again && wanted.region) {
    again = root.querySelector(`#${CSS.escape(wanted.region)}`);
    if (again && !again.hasAttribute("tabindex") && again.tabIndex < 0) again.setAttribute("tabindex", "-1");
  }
  if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
}

// Small SVG icons for controls (font glyphs such as ⏮ are missing on many systems). Decorative only:
// the control itself carries the accessible name.
const ICONS = {
  start: "M5 4h2v16H5zM20 4v16L8 12z",
  back: "M18 4v16L6 12z",
  forward: "M6 4v16l12-8z",
  end: "M17 4h2v16h-2zM4 4v16l12-8z",
};

export function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}
