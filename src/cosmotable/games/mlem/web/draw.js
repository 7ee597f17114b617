// Small SVG drawing helpers for MLEM: elements, dice faces, astronaut tokens, controls.
// No words here: every label comes from the caller (the game's catalogs).

const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children (strings become text nodes). */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

/** An HTML element (same shape as svg()). */
export function html(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Make an SVG group a keyboard-usable button with an accessible name. */
export function asButton(node, label, onActivate) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.classList.add("mlem-clickable");
  node.append(svg("title", {}, label));
  node.addEventListener("click", (event) => {
    event.preventDefault();
    onActivate();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate();
    }
  });
  return node;
}

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
};

/** A die showing `face` ("1".."4" or "A" for the afterburner), centred on (x, y), side `size`. */
export function die(face, x, y, size, opts = {}) {
  const g = svg("g", { class: "mlem-die" + (opts.dim ? " mlem-dim" : ""), transform: `translate(${x},${y})` });
  const h = size / 2;
  g.append(svg("rect", {
    x: -h, y: -h, width: size, height: size, rx: size * 0.18,
    fill: opts.fill || "#fdfbf3", stroke: opts.stroke || "#2b2b3a", "stroke-width": Math.max(1, size * 0.06),
  }));
  if (face === "A") {
    g.append(flame(0, 0, size * 0.7));
    if (opts.value) {
      g.append(svg("text", {
        x: h * 0.62, y: h * 0.78, "font-size": size * 0.42, "text-anchor": "middle", class: "mlem-die-value",
      }, String(opts.value)));
    }
  } else if (face === "?") {
    g.append(svg("circle", { r: size * 0.12, fill: opts.pip || "#8a8aa0" }));
  } else {
    const step = size * 0.26;
    for (const [dx, dy] of PIPS[Number(face)] || []) {
      g.append(svg("circle", { cx: dx * step, cy: dy * step, r: size * 0.1, fill: opts.pip || "#2b2b3a" }));
    }
  }
  return g;
}

/** The afterburner flame. */
export function flame(x, y, size) {
  const s = size / 2;
  return svg("path", {
    class: "mlem-flame",
    d: `M ${x} ${y - s} C ${x + s * 0.9} ${y - s * 0.2}, ${x + s * 0.7} ${y + s}, ${x} ${y + s} ` +
      `C ${x - s * 0.7} ${y + s}, ${x - s * 0.9} ${y - s * 0.1}, ${x - s * 0.15} ${y - s * 0.35} ` +
      `C ${x - s * 0.1} ${y}, ${x} ${y + s * 0.1}, ${x} ${y - s} Z`,
    fill: "#ff7a1a", stroke: "#c0360c", "stroke-width": Math.max(0.6, s * 0.1),
  });
}

/** A small white glyph for each astronaut's ability, drawn in a circle of radius r. */
function abilityGlyph(astronaut, r) {
  const w = { fill: "none", stroke: "#fff", "stroke-width": Math.max(1, r * 0.16), "stroke-linecap": "round" };
  const f = { fill: "#fff" };
  const k = r * 0.55;
  switch (astronaut) {
    case "satellite":
      return svg("g", {}, [
        svg("rect", { x: -k * 0.3, y: -k * 0.3, width: k * 0.6, height: k * 0.6, ...f }),
        svg("rect", { x: -k * 1.1, y: -k * 0.22, width: k * 0.6, height: k * 0.44, ...f }),
        svg("rect", { x: k * 0.5, y: -k * 0.22, width: k * 0.6, height: k * 0.44, ...f }),
      ]);
    case "navigator":
      return svg("path", { d: `M 0 ${-k} L ${k * 0.55} ${-k * 0.2} L ${-k * 0.55} ${-k * 0.2} Z M 0 ${k} L ${k * 0.55} ${k * 0.2} L ${-k * 0.55} ${k * 0.2} Z`, ...f });
    case "parachutist":
      return svg("g", {}, [
        svg("path", { d: `M ${-k} ${-k * 0.1} A ${k} ${k} 0 0 1 ${k} ${-k * 0.1} Z`, ...f }),
        svg("path", { d: `M ${-k} ${-k * 0.1} L 0 ${k} L ${k} ${-k * 0.1} M 0 ${-k * 0.1} L 0 ${k}`, ...w }),
      ]);
    case "moon_expert":
      // a crescent: the outer arc round the left, the inner one back with a wider radius (the inner
      // arc must not be the outer's mirror, or the shape has no area and only a stroke showed it)
      return svg("path", { d: `M ${k * 0.45} ${-k * 0.89} A ${k} ${k} 0 1 0 ${k * 0.45} ${k * 0.89} A ${k * 1.1} ${k * 1.1} 0 0 1 ${k * 0.45} ${-k * 0.89} Z`, ...f });
    case "planet_expert":
      return svg("g", {}, [
        svg("circle", { r: k * 0.55, ...f }),
        svg("ellipse", { rx: k * 1.05, ry: k * 0.35, transform: "rotate(-20)", ...w }),
      ]);
    case "deep_space_expert": {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const rad = i % 2 ? k * 0.45 : k;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push(`${(rad * Math.cos(a)).toFixed(2)},${(rad * Math.sin(a)).toFixed(2)}`);
      }
      return svg("polygon", { points: pts.join(" "), ...f });
    }
    case "die_discarder":
      return svg("g", {}, [
        svg("rect", { x: -k * 0.8, y: -k * 0.8, width: k * 1.6, height: k * 1.6, rx: k * 0.3, ...w }),
        svg("path", { d: `M ${-k * 0.4} ${-k * 0.4} L ${k * 0.4} ${k * 0.4} M ${k * 0.4} ${-k * 0.4} L ${-k * 0.4} ${k * 0.4}`, ...w }),
      ]);
    case "helper":
      return svg("g", {}, [
        svg("rect", { x: -k * 0.8, y: -k * 0.8, width: k * 1.6, height: k * 1.6, rx: k * 0.3, ...w }),
        svg("circle", { r: k * 0.28, ...f }),
      ]);
    default:
      return svg("circle", { r: k * 0.3, ...f });
  }
}

/** An astronaut token: a disc in its owner's colour with its ability's glyph. */
export function astronautToken(astronaut, color, x, y, r, opts = {}) {
  const g = svg("g", {
    class: "mlem-astronaut" + (opts.faded ? " mlem-faded" : ""),
    transform: `translate(${x},${y})`, "data-astronaut": astronaut,
  });
  g.append(svg("circle", { r, fill: color, stroke: opts.stroke || "#1b1b29", "stroke-width": Math.max(1, r * 0.12) }));
  if (opts.flipped) {
    g.append(svg("circle", { r: r * 0.75, fill: "#1b1b29", opacity: 0.55 }));
  } else {
    g.append(abilityGlyph(astronaut, r));
  }
  return g;
}

/** A rocket glyph pointing right, centred on (x, y). */
export function rocketGlyph(x, y, size) {
  const s = size / 2;
  return svg("g", { class: "mlem-rocket-glyph", transform: `translate(${x},${y})` }, [
    svg("path", { d: `M ${-s * 0.9} ${-s * 0.15} L ${-s * 1.2} ${0} L ${-s * 0.9} ${s * 0.15} Z`, fill: "#ffb020" }),
    svg("path", {
      d: `M ${-s * 0.9} ${-s * 0.35} L ${s * 0.4} ${-s * 0.35} Q ${s} ${-s * 0.3} ${s * 1.1} 0 Q ${s} ${s * 0.3} ${s * 0.4} ${s * 0.35} L ${-s * 0.9} ${s * 0.35} Z`,
      fill: "#eef1f8", stroke: "#c1272d", "stroke-width": s * 0.1,
    }),
    svg("path", { d: `M ${-s * 0.8} ${-s * 0.35} L ${-s * 1.05} ${-s * 0.7} L ${-s * 0.4} ${-s * 0.35} Z M ${-s * 0.8} ${s * 0.35} L ${-s * 1.05} ${s * 0.7} L ${-s * 0.4} ${s * 0.35} Z`, fill: "#c1272d" }),
    svg("circle", { cx: s * 0.35, r: s * 0.16, fill: "#5fb6ff", stroke: "#1b1b29", "stroke-width": s * 0.05 }),
  ]);
}

/** A flying saucer, centred on (x, y). */
export function ufoGlyph(x, y, size) {
  const s = size / 2;
  return svg("g", { class: "mlem-ufo", transform: `translate(${x},${y})` }, [
    svg("ellipse", { cy: -s * 0.2, rx: s * 0.45, ry: s * 0.4, fill: "#9ff2c8", stroke: "#1b5e3b", "stroke-width": s * 0.08 }),
    svg("ellipse", { cy: s * 0.1, rx: s, ry: s * 0.32, fill: "#3ccf84", stroke: "#1b5e3b", "stroke-width": s * 0.08 }),
    svg("circle", { cx: -s * 0.5, cy: s * 0.12, r: s * 0.08, fill: "#fff" }),
    svg("circle", { cx: 0, cy: s * 0.2, r: s * 0.08, fill: "#fff" }),
    svg("circle", { cx: s * 0.5, cy: s * 0.12, r: s * 0.08, fill: "#fff" }),
  ]);
}

/** A hexagonal token (discovery), centred on (x, y). */
export function hexagon(x, y, r, attrs = {}) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    pts.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return svg("polygon", { points: pts.join(" "), ...attrs });
}

/** A wormhole spiral glyph. */
export function spiral(x, y, r) {
  return svg("path", {
    d: `M ${x} ${y} m ${-r * 0.2} 0 a ${r * 0.2} ${r * 0.2} 0 1 1 ${r * 0.4} 0 a ${r * 0.4} ${r * 0.4} 0 1 1 ${-r * 0.8} 0 a ${r * 0.6} ${r * 0.6} 0 1 1 ${r * 1.2} 0`,
    fill: "none", stroke: "#fff", "stroke-width": r * 0.14, "stroke-linecap": "round",
  });
}

/** A crown, for the commander. */
export function crown(x, y, s) {
  return svg("path", {
    class: "mlem-crown",
    d: `M ${x - s} ${y + s * 0.6} L ${x - s} ${y - s * 0.4} L ${x - s * 0.5} ${y + s * 0.05} L ${x} ${y - s * 0.7} L ${x + s * 0.5} ${y + s * 0.05} L ${x + s} ${y - s * 0.4} L ${x + s} ${y + s * 0.6} Z`,
    fill: "#ffd23f", stroke: "#8a6400", "stroke-width": s * 0.12,
  });
}
