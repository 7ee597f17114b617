// The face of each tile kind, drawn in SVG inside a cell of size `s` centred on (x, y). Each kind has a
// shape of its own so a player recognises it at a glance; arrows are drawn along the directions the view
// gives (already turned by the tile's orientation). Names come from the catalog (<title>), not from here.
import { DIRS } from "./geometry.js";
import { svg } from "./svg.js";

// Back colours of face-down tiles and the ground of revealed ones, by back colour.
export const BACKS = {
  yellow: { back: "#e9b949", ground: "#f6e7bf", edge: "#b8892a" },
  green: { back: "#5fa55a", ground: "#dcebd0", edge: "#3d7a39" },
  grey: { back: "#8a8fa3", ground: "#e3e4ea", edge: "#5f6477" },
  station: { back: "#2bb3a3", ground: "#d5f2ee", edge: "#17786d" },
};

const INK = "#3b2f2a";

function arrow(x, y, s, dir, colour) {
  const [dr, dc] = DIRS[dir];
  const len = Math.hypot(dr, dc);
  const ux = dc / len;
  const uy = dr / len;
  const tip = s * 0.4;
  const tx = x + ux * tip;
  const ty = y + uy * tip;
  const head = s * 0.14;
  const px = -uy;
  const py = ux;
  return svg("g", {},
    svg("line", { x1: x, y1: y, x2: tx - ux * head * 0.8, y2: ty - uy * head * 0.8, stroke: colour, "stroke-width": s * 0.07, "stroke-linecap": "round" }),
    svg("polygon", {
      points: [
        [tx, ty],
        [tx - ux * head * 1.4 + px * head, ty - uy * head * 1.4 + py * head],
        [tx - ux * head * 1.4 - px * head, ty - uy * head * 1.4 - py * head],
      ].map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" "),
      fill: colour,
    }),
  );
}

function arrows(x, y, s, dirs, colour) {
  return svg("g", {}, svg("circle", { cx: x, cy: y, r: s * 0.07, fill: colour }), dirs.map((d) => arrow(x, y, s, d, colour)));
}

function poly(points, attrs) {
  return svg("polygon", { points: points.map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" "), ...attrs });
}

const FACES = {
  empty: () => null,
  tree: (x, y, s) => svg("g", {},
    svg("rect", { x: x - s * 0.05, y: y + s * 0.1, width: s * 0.1, height: s * 0.25, fill: "#7a4b2a" }),
    poly([[x, y - s * 0.38], [x + s * 0.28, y + s * 0.14], [x - s * 0.28, y + s * 0.14]], { fill: "#2e7d32", stroke: "#1b4d1e", "stroke-width": s * 0.03 }),
    svg("circle", { cx: x - s * 0.08, cy: y - s * 0.02, r: s * 0.04, fill: "#d32f2f" }),
    svg("circle", { cx: x + s * 0.1, cy: y + s * 0.06, r: s * 0.04, fill: "#d32f2f" })),
  container: (x, y, s) => svg("g", {},
    svg("rect", { x: x - s * 0.26, y: y - s * 0.14, width: s * 0.52, height: s * 0.32, rx: s * 0.04, fill: "#8d6e63", stroke: INK, "stroke-width": s * 0.03 }),
    svg("rect", { x: x - s * 0.26, y: y - s * 0.14, width: s * 0.52, height: s * 0.1, fill: "#a1887f", stroke: INK, "stroke-width": s * 0.03 }),
    svg("rect", { x: x - s * 0.05, y: y - s * 0.08, width: s * 0.1, height: s * 0.1, fill: "#ffca28" })),
  knight: (x, y, s) => svg("g", { fill: "none", stroke: INK, "stroke-width": s * 0.07, "stroke-linecap": "round", "stroke-linejoin": "round" },
    svg("polyline", { points: `${x - s * 0.15},${y + s * 0.3} ${x - s * 0.15},${y - s * 0.25} ${x + s * 0.2},${y - s * 0.25}` }),
    svg("circle", { cx: x + s * 0.2, cy: y - s * 0.25, r: s * 0.06, fill: INK })),
  energy: (x, y, s) => poly([[x + s * 0.08, y - s * 0.38], [x - s * 0.2, y + s * 0.05], [x - s * 0.01, y + s * 0.05], [x - s * 0.1, y + s * 0.38], [x + s * 0.22, y - s * 0.08], [x + s * 0.02, y - s * 0.08]],
    { fill: "#ffd600", stroke: "#b26a00", "stroke-width": s * 0.03, "stroke-linejoin": "round" }),
  obelisk: (x, y, s) => poly([[x, y - s * 0.4], [x + s * 0.1, y - s * 0.28], [x + s * 0.12, y + s * 0.34], [x - s * 0.12, y + s * 0.34], [x - s * 0.1, y - s * 0.28]],
    { fill: "#546e7a", stroke: "#263238", "stroke-width": s * 0.03 }),
  artifact: (x, y, s) => svg("g", {},
    poly([[x, y - s * 0.34], [x + s * 0.26, y], [x, y + s * 0.34], [x - s * 0.26, y]], { fill: "#8e44ad", stroke: "#4a235a", "stroke-width": s * 0.03 }),
    poly([[x, y - s * 0.2], [x + s * 0.12, y], [x, y + s * 0.2], [x - s * 0.12, y]], { fill: "#d2b4de" })),
  meteorite: (x, y, s) => svg("g", {},
    svg("line", { x1: x - s * 0.36, y1: y - s * 0.36, x2: x - s * 0.05, y2: y - s * 0.05, stroke: "#ff7043", "stroke-width": s * 0.08, "stroke-linecap": "round" }),
    svg("line", { x1: x - s * 0.1, y1: y - s * 0.38, x2: x + s * 0.05, y2: y - s * 0.2, stroke: "#ffab40", "stroke-width": s * 0.05, "stroke-linecap": "round" }),
    svg("circle", { cx: x + s * 0.08, cy: y + s * 0.08, r: s * 0.2, fill: "#6d4c41", stroke: INK, "stroke-width": s * 0.03 })),
  trampoline: (x, y, s) => svg("g", {},
    svg("rect", { x: x - s * 0.07, y: y, width: s * 0.14, height: s * 0.32, rx: s * 0.04, fill: "#f5f0e1", stroke: INK, "stroke-width": s * 0.03 }),
    svg("path", { d: `M${x - s * 0.34},${y + s * 0.03} A${s * 0.34},${s * 0.32} 0 0 1 ${x + s * 0.34},${y + s * 0.03} Z`, fill: "#e53935", stroke: INK, "stroke-width": s * 0.03 }),
    svg("circle", { cx: x - s * 0.13, cy: y - s * 0.12, r: s * 0.05, fill: "#fff" }),
    svg("circle", { cx: x + s * 0.12, cy: y - s * 0.15, r: s * 0.05, fill: "#fff" })),
  crocodile: (x, y, s) => svg("g", {},
    poly([[x - s * 0.36, y - s * 0.06], [x + s * 0.34, y - s * 0.28], [x + s * 0.34, y - s * 0.02]], { fill: "#388e3c", stroke: "#1b5e20", "stroke-width": s * 0.03 }),
    poly([[x - s * 0.36, y + s * 0.04], [x + s * 0.34, y + s * 0.02], [x + s * 0.3, y + s * 0.24]], { fill: "#388e3c", stroke: "#1b5e20", "stroke-width": s * 0.03 }),
    poly([[x - s * 0.1, y - s * 0.11], [x - s * 0.05, y - s * 0.02], [x + s * 0.0, y - s * 0.14], [x + s * 0.06, y - s * 0.03], [x + s * 0.12, y - s * 0.18]], { fill: "#fff" }),
    svg("circle", { cx: x + s * 0.2, cy: y - s * 0.2, r: s * 0.035, fill: "#ffeb3b" })),
  canyon: (x, y, s) => svg("polyline", {
    points: `${x - s * 0.05},${y - s * 0.5} ${x + s * 0.08},${y - s * 0.25} ${x - s * 0.08},${y} ${x + s * 0.08},${y + s * 0.25} ${x - s * 0.03},${y + s * 0.5}`,
    fill: "none", stroke: "#5d4037", "stroke-width": s * 0.12, "stroke-linejoin": "round" }),
  beam: (x, y, s) => svg("g", { fill: "none", "stroke-linecap": "round" },
    svg("path", { d: `M${x - s * 0.2},${y - s * 0.3} L${x - s * 0.2},${y + s * 0.02} A${s * 0.2},${s * 0.2} 0 0 0 ${x + s * 0.2},${y + s * 0.02} L${x + s * 0.2},${y - s * 0.3}`, stroke: "#c62828", "stroke-width": s * 0.12 }),
    svg("line", { x1: x - s * 0.2, y1: y - s * 0.3, x2: x - s * 0.2, y2: y - s * 0.18, stroke: "#eceff1", "stroke-width": s * 0.12 }),
    svg("line", { x1: x + s * 0.2, y1: y - s * 0.3, x2: x + s * 0.2, y2: y - s * 0.18, stroke: "#eceff1", "stroke-width": s * 0.12 })),
  dragonfly: (x, y, s) => svg("g", {},
    svg("ellipse", { cx: x - s * 0.17, cy: y - s * 0.1, rx: s * 0.17, ry: s * 0.07, fill: "#b3e5fc", stroke: "#0277bd", "stroke-width": s * 0.02, transform: `rotate(-20 ${x - s * 0.17} ${y - s * 0.1})` }),
    svg("ellipse", { cx: x + s * 0.17, cy: y - s * 0.1, rx: s * 0.17, ry: s * 0.07, fill: "#b3e5fc", stroke: "#0277bd", "stroke-width": s * 0.02, transform: `rotate(20 ${x + s * 0.17} ${y - s * 0.1})` }),
    svg("ellipse", { cx: x - s * 0.15, cy: y + s * 0.05, rx: s * 0.14, ry: s * 0.06, fill: "#b3e5fc", stroke: "#0277bd", "stroke-width": s * 0.02, transform: `rotate(15 ${x - s * 0.15} ${y + s * 0.05})` }),
    svg("ellipse", { cx: x + s * 0.15, cy: y + s * 0.05, rx: s * 0.14, ry: s * 0.06, fill: "#b3e5fc", stroke: "#0277bd", "stroke-width": s * 0.02, transform: `rotate(-15 ${x + s * 0.15} ${y + s * 0.05})` }),
    svg("line", { x1: x, y1: y - s * 0.22, x2: x, y2: y + s * 0.38, stroke: "#00695c", "stroke-width": s * 0.07, "stroke-linecap": "round" })),
  pyramid: (x, y, s) => svg("g", {},
    poly([[x, y - s * 0.34], [x + s * 0.36, y + s * 0.28], [x - s * 0.36, y + s * 0.28]], { fill: "#d7a86e", stroke: "#7b5220", "stroke-width": s * 0.03 }),
    poly([[x, y - s * 0.34], [x + s * 0.36, y + s * 0.28], [x + s * 0.06, y + s * 0.28]], { fill: "#b07d3f" })),
  fuel: (x, y, s) => svg("g", {},
    svg("rect", { x: x - s * 0.2, y: y - s * 0.24, width: s * 0.4, height: s * 0.56, rx: s * 0.06, fill: "#ef6c00", stroke: INK, "stroke-width": s * 0.03 }),
    svg("rect", { x: x - s * 0.06, y: y - s * 0.36, width: s * 0.16, height: s * 0.12, fill: "#424242" }),
    svg("path", { d: `M${x},${y - s * 0.1} C${x + s * 0.14},${y + s * 0.08} ${x + s * 0.08},${y + s * 0.18} ${x},${y + s * 0.18} C${x - s * 0.08},${y + s * 0.18} ${x - s * 0.14},${y + s * 0.08} ${x},${y - s * 0.1} Z`, fill: "#fff3e0" })),
  portal: (x, y, s) => svg("g", { fill: "none" },
    svg("circle", { cx: x, cy: y, r: s * 0.34, stroke: "#6a1b9a", "stroke-width": s * 0.06 }),
    svg("circle", { cx: x, cy: y, r: s * 0.22, stroke: "#ab47bc", "stroke-width": s * 0.05 }),
    svg("circle", { cx: x, cy: y, r: s * 0.1, fill: "#f3e5f5", stroke: "#ce93d8", "stroke-width": s * 0.04 })),
};

// A tile's face: arrows and the circular flower by their directions, every other kind by its shape.
export function tileFace(tile, x, y, s) {
  const kind = tile.tile;
  if (kind === "flower") {
    return svg("g", {},
      [0, 60, 120, 180, 240, 300].map((a) => svg("ellipse", { cx: x, cy: y - s * 0.2, rx: s * 0.09, ry: s * 0.16, fill: "#f48fb1", transform: `rotate(${a} ${x} ${y})` })),
      svg("circle", { cx: x, cy: y, r: s * 0.1, fill: "#fdd835" }),
      tile.dirs.map((d) => arrow(x, y, s * 1.15, d, "#880e4f")));
  }
  if (tile.dirs && tile.dirs.length) return arrows(x, y, s, tile.dirs, INK);
  if (/^(coins|locked)\d+$/.test(kind)) return FACES.container(x, y, s);
  const face = FACES[kind];
  return face ? face(x, y, s) : svg("circle", { cx: x, cy: y, r: s * 0.12, fill: INK });
}

// A small arrow-only preview (for "turn this tile" choices in the action bar).
export function arrowPreview(dirs, size) {
  const node = svg("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, "aria-hidden": "true" });
  node.append(svg("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: 4, fill: "#f6e7bf", stroke: "#b8892a" }));
  node.append(arrows(size / 2, size / 2, size, dirs, INK));
  return node;
}
