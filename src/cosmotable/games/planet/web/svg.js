// Small DOM helpers for the Planet table: SVG and HTML elements built attribute by attribute (never from
// HTML text), and the one way a drawn thing becomes a control (role, focus, name, Enter/Space).

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of (children || []).flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function html(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// A drawn element becomes a control: focusable, named for screen readers, and activated by a click,
// Enter or Space (the WAI-ARIA button pattern). `label` comes from the catalog.
export function control(node, label, onActivate) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    onActivate(event);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(event);
    }
  });
  return node;
}

export function button(label, className, onActivate, extra) {
  const node = html("button", { type: "button", class: className, "aria-label": typeof label === "string" ? label : null, ...(extra || {}) });
  node.append(label);
  node.addEventListener("click", (event) => onActivate(event));
  return node;
}
