// The space mat: the track of spaces 0..25 and deep space laid out as a snake, each space with the
// faces it accepts and the afterburner's value, its moons, its planet link, a discovery token, the
// rocket and the UFO; below it the planets with their rows of astronauts and deep space.

import { svg, die, astronautToken, rocketGlyph, ufoGlyph, hexagon, spiral, asButton } from "./draw.js";
import { discoveryText, placeName } from "./narrative.js";

export const CELL_W = 96;
export const CELL_H = 118;
const GAP_X = 6;
const ROW_GAP = 22;
const MARGIN = 6;
const PLANET_COLORS = ["#e0533d", "#3d8fe0", "#f2c230", "#9b59d0", "#2fb58a", "#e07b3d", "#7fb3ff"];

/** Where track field `index` (0..deep space) sits: snake rows of `cols` fields. */
export function cellOrigin(index, cols) {
  const row = Math.floor(index / cols);
  let col = index % cols;
  if (row % 2 === 1) col = cols - 1 - col;
  return { x: MARGIN + col * (CELL_W + GAP_X), y: MARGIN + row * (CELL_H + ROW_GAP), row, col };
}

export function matWidth(cols) {
  return MARGIN * 2 + cols * CELL_W + (cols - 1) * GAP_X;
}

export function planetColor(view, planetId) {
  const index = view.planets.findIndex((p) => p.id === planetId);
  return PLANET_COLORS[(index < 0 ? 0 : index) % PLANET_COLORS.length];
}

export function wrapText(text, maxChars) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && (line + " " + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + " " + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Text wrapped on several lines (SVG has no wrapping). */
export function multiline(text, x, y, maxChars, lineHeight, attrs = {}) {
  const lines = wrapText(text, maxChars);
  return svg("text", { x, y, ...attrs }, lines.map((line, i) => svg("tspan", { x, dy: i === 0 ? 0 : lineHeight }, line)));
}

/**
 * Draw the mat. `play` = {targets: Map(target -> [entries]), act(entry), destination, changed: Set,
 * missionTargets: Set of "moon:<id>"/"planet:<id>"} says what is clickable and what to highlight.
 */
export function drawMat(view, ctx, cols, play) {
  const t = ctx.t;
  const mat = view.mat;
  const fields = mat.deep_space + 1;
  const rows = Math.ceil(fields / cols);
  const width = matWidth(cols);
  const trackHeight = MARGIN + rows * (CELL_H + ROW_GAP);
  const planetCards = drawPlanetCards(view, ctx, width, trackHeight, cols, play);
  const height = trackHeight + planetCards.height + MARGIN;
  const root = svg("svg", {
    class: "mlem-mat", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("mat"),
    preserveAspectRatio: "xMidYMin meet",
  });
  root.append(svg("rect", { x: 0, y: 0, width, height, rx: 14, class: "mlem-space-bg" }));
  // Stars in the background, placed by a fixed pattern so every render looks the same.
  for (let i = 0; i < 60; i++) {
    root.append(svg("circle", { cx: (i * 97) % width, cy: (i * 61 + (i % 7) * 13) % height, r: i % 5 === 0 ? 1.4 : 0.8, class: "mlem-star" }));
  }
  // The path joining consecutive fields.
  const points = [];
  for (let i = 0; i < fields; i++) {
    const o = cellOrigin(i, cols);
    points.push(`${o.x + CELL_W / 2},${o.y + CELL_H / 2}`);
  }
  root.append(svg("polyline", { points: points.join(" "), class: "mlem-track-path" }));
  const discoveries = new Map();
  const discovery = view.variant_state && view.variant_state.discovery;
  for (const token of (discovery && discovery.on_mat) || []) discoveries.set(token.space, token);
  const ufo = view.variant_state && view.variant_state.ufo;
  for (const space of mat.spaces) {
    root.append(drawSpace(view, ctx, space, cellOrigin(space.number, cols), play, discoveries.get(space.number), ufo));
  }
  root.append(drawDeepSpaceField(view, ctx, cellOrigin(mat.deep_space, cols), play, ufo));
  root.append(planetCards.node);
  return root;
}

function drawSpace(view, ctx, space, o, play, discovery, ufo) {
  const t = ctx.t;
  const n = space.number;
  const rocketHere = view.rocket.position === n;
  const landing = n >= view.mat.first_landing_space;
  const classes = ["mlem-field"];
  if (!landing) classes.push("mlem-field-start");
  if (play.destination === n) classes.push("mlem-destination");
  if (play.changed.has("space:" + n)) classes.push("just-changed");
  const g = svg("g", {
    class: classes.join(" "), transform: `translate(${o.x},${o.y})`, "data-space": n,
    "aria-label": t("space_faces", { n, faces: space.faces.map((f) => (f === "A" ? t("face.A_value", { value: space.afterburner }) : f)).join(", ") }),
  });
  g.append(svg("rect", { width: CELL_W, height: CELL_H, rx: 10, class: "mlem-field-bg" }));
  g.append(svg("circle", { cx: 15, cy: 15, r: 12, class: "mlem-field-number-bg" }));
  g.append(svg("text", { x: 15, y: 19.5, "text-anchor": "middle", class: "mlem-field-number" }, String(n)));
  space.faces.forEach((face, i) => {
    g.append(die(face, 40 + i * 21, 15, 18, { value: face === "A" ? space.afterburner : null }));
  });
  // Moons of this space, farthest (highest points) first, as printed.
  space.moons.forEach((moonId, i) => {
    const moon = view.moons.find((m) => m.id === moonId);
    if (moon) g.append(drawMoon(view, ctx, moon, 20 + i * 32, 56, play));
  });
  space.planets.forEach((planetId, i) => {
    const planet = view.planets.find((p) => p.id === planetId);
    if (!planet) return;
    const x = 26 + i * 40;
    const pg = svg("g", { class: "mlem-planet-link" + (play.changed.has("planet:" + planetId) ? " just-changed" : ""), "data-planet-link": planetId });
    pg.append(svg("circle", { cx: x, cy: 56, r: 17, fill: planetColor(view, planetId), class: "mlem-planet-disc" }));
    pg.append(svg("ellipse", { cx: x, cy: 56, rx: 24, ry: 6, class: "mlem-planet-ring", transform: `rotate(-18 ${x} 56)` }));
    pg.append(svg("text", { x, y: 88, "text-anchor": "middle", class: "mlem-small-label" }, planet.name));
    addTarget(pg, ctx, play, "planet:" + planetId, t("target.planet", { planet: planet.name }));
    g.append(pg);
  });
  for (const target of play.missionTargets) {
    const [kind, id] = target.split(":");
    if ((kind === "moon" && space.moons.includes(id)) || (kind === "planet" && space.planets.includes(id))) {
      g.append(svg("path", { d: `M 84 26 L 84 44 M 84 26 L 94 30 L 84 34`, class: "mlem-mission-flag" }, svg("title", {}, t("your_mission_here"))));
    }
  }
  if (discovery) g.append(drawDiscovery(ctx, discovery, 80, 58));
  if (ufo && ufo.position === n) g.append(ufoGlyph(72, 102, 28));
  if (rocketHere) {
    g.append(svg("g", { class: "mlem-rocket-here" + (play.changed.has("rocket") ? " just-changed" : "") }, [
      rocketGlyph(32, 104, 34),
    ]));
  }
  return g;
}

function drawMoon(view, ctx, moon, x, y, play) {
  const t = ctx.t;
  const key = "moon:" + moon.id;
  const g = svg("g", { class: "mlem-moon" + (play.changed.has(key) ? " just-changed" : ""), "data-moon": moon.id });
  if (moon.occupant) {
    g.append(astronautToken(moon.occupant.astronaut, ctx.seatColor(moon.occupant.seat), x, y, 14));
    g.setAttribute("aria-label", t("moon_taken", { points: moon.points, player: ctx.playerName(moon.occupant.seat), astronaut: t("astronaut." + moon.occupant.astronaut) }));
    g.append(svg("title", {}, g.getAttribute("aria-label")));
  } else {
    g.append(svg("circle", { cx: x, cy: y, r: 14, class: "mlem-moon-disc" }));
    g.append(svg("circle", { cx: x + 5, cy: y - 4, r: 3, class: "mlem-moon-crater" }));
  }
  g.append(svg("circle", { cx: x + 10, cy: y + 15, r: 8, class: "mlem-points-badge" }));
  g.append(svg("text", { x: x + 10, y: y + 18.5, "text-anchor": "middle", class: "mlem-points-text" }, String(moon.points)));
  addTarget(g, ctx, play, key, t("target.moon", { points: moon.points, space: moon.spaces.join(", ") }));
  return g;
}

function drawDiscovery(ctx, token, x, y) {
  const g = svg("g", { class: "mlem-discovery", "data-discovery": token.id, "aria-label": ctx.t("discovery_on_space", { what: discoveryText(ctx, token), space: token.space }) });
  g.append(svg("title", {}, g.getAttribute("aria-label")));
  g.append(hexagon(x, y, 12, { class: "mlem-discovery-hex mlem-discovery-" + token.kind }));
  if (token.kind === "points") {
    g.append(svg("text", { x, y: y + 4.5, "text-anchor": "middle", class: "mlem-discovery-text" }, String(token.points)));
  } else if (token.kind === "wormhole") {
    g.append(spiral(x, y, 9));
  } else {
    g.append(die("?", x, y, 11, { fill: "#fff" }));
    g.append(svg("path", { d: `M ${x - 8} ${y + 9} Q ${x - 10} ${y} ${x - 5} ${y - 7}`, fill: "none", stroke: "#fff", "stroke-width": 1.6 }));
  }
  return g;
}

function drawDeepSpaceField(view, ctx, o, play, ufo) {
  const t = ctx.t;
  const n = view.mat.deep_space;
  const classes = ["mlem-field", "mlem-field-deep"];
  if (play.destination === n) classes.push("mlem-destination");
  if (play.changed.has("deep")) classes.push("just-changed");
  const g = svg("g", { class: classes.join(" "), transform: `translate(${o.x},${o.y})`, "data-space": n, "data-deep": "1" });
  g.append(svg("rect", { width: CELL_W, height: CELL_H, rx: 10, class: "mlem-field-bg mlem-deep-bg" }));
  g.append(multiline(t("deep_space"), CELL_W / 2, 16, 12, 12, { "text-anchor": "middle", class: "mlem-deep-label" }));
  // Comet and galaxy with their points (rulebook: the commander to the comet, the others to the galaxy).
  g.append(svg("path", { d: "M 14 58 L 34 46", class: "mlem-comet-tail" }));
  g.append(svg("circle", { cx: 36, cy: 45, r: 7, class: "mlem-comet" }));
  g.append(svg("text", { x: 36, y: 70, "text-anchor": "middle", class: "mlem-points-light" }, String(view.mat.comet_points)));
  g.append(svg("ellipse", { cx: 72, cy: 48, rx: 15, ry: 7, class: "mlem-galaxy", transform: "rotate(-25 72 48)" }));
  g.append(svg("circle", { cx: 72, cy: 48, r: 3, fill: "#fff" }));
  g.append(svg("text", { x: 72, y: 70, "text-anchor": "middle", class: "mlem-points-light" }, String(view.mat.galaxy_points)));
  g.append(svg("text", { x: CELL_W / 2, y: 90, "text-anchor": "middle", class: "mlem-small-label" }, t("deep_count", { n: view.deep_space.length })));
  if (ufo && ufo.position === n) g.append(ufoGlyph(72, 104, 24));
  if (view.rocket.position >= n) g.append(rocketGlyph(34, 104, 36));
  addTarget(g, ctx, play, "deep", t("target.deep"));
  return g;
}

/** Make a mat element a landing target if some legal landing points at it. */
function addTarget(node, ctx, play, key, label) {
  const entries = play.targets.get(key);
  if (!entries || !entries.length) return;
  node.classList.add("mlem-target");
  if (entries.length === 1) {
    node.setAttribute("data-move", play.keyOf(entries[0]));
    asButton(node, ctx.t("do_land", { target: label }), () => play.act(entries[0]));
  } else {
    // Several landings reach this place (a planet linked to two spaces, with the navigator):
    // the choice is made among the buttons of the control panel.
    asButton(node, ctx.t("choose_below", { target: label }), () => play.focusControls());
  }
}

function drawPlanetCards(view, ctx, width, top, cols, play) {
  const t = ctx.t;
  const perRow = cols >= 7 ? 3 : 2;
  const gap = 8;
  const cardW = (width - 2 * MARGIN - (perRow - 1) * gap) / perRow;
  const maxRows = Math.max(2, view.num_players, ...view.planets.map((p) => p.rows.length));
  const cardH = 58 + maxRows * 20;
  const node = svg("g", { class: "mlem-planets" });
  const cards = [...view.planets.map((p) => ({ planet: p })), { deep: true }];
  cards.forEach((card, i) => {
    const x = MARGIN + (i % perRow) * (cardW + gap);
    const y = top + Math.floor(i / perRow) * (cardH + gap);
    node.append(card.deep ? deepCard(view, ctx, x, y, cardW, cardH, play) : planetCard(view, ctx, card.planet, x, y, cardW, cardH, play));
  });
  return { node, height: Math.ceil(cards.length / perRow) * (cardH + gap) };
}

function planetCard(view, ctx, planet, x, y, w, h, play) {
  const t = ctx.t;
  const key = "planet:" + planet.id;
  const g = svg("g", {
    class: "mlem-planet-card" + (play.changed.has(key) ? " just-changed" : ""), transform: `translate(${x},${y})`,
    "data-planet": planet.id,
  });
  g.append(svg("rect", { width: w, height: h, rx: 10, class: "mlem-card-bg" }));
  g.append(svg("circle", { cx: 22, cy: 22, r: 15, fill: planetColor(view, planet.id), class: "mlem-planet-disc" }));
  g.append(svg("ellipse", { cx: 22, cy: 22, rx: 21, ry: 5, class: "mlem-planet-ring", transform: "rotate(-18 22 22)" }));
  g.append(svg("text", { x: 44, y: 20, class: "mlem-card-title" }, planet.name));
  g.append(svg("text", { x: 44, y: 36, class: "mlem-small-label-dark" }, t("space_n", { n: planet.spaces.join(", ") })));
  // Points for the most, the second most, and every other player with an astronaut there.
  planet.points.forEach((p, i) => {
    const bx = w - 28 * (planet.points.length - i);
    g.append(svg("rect", { x: bx, y: 8, width: 24, height: 20, rx: 5, class: "mlem-medal mlem-medal-" + i }));
    g.append(svg("text", { x: bx + 12, y: 22.5, "text-anchor": "middle", class: "mlem-medal-text" }, String(p)));
  });
  g.setAttribute("aria-label", t("planet_card", { planet: planet.name, points: planet.points.join(" / ") }));
  planet.rows.forEach((row, r) => {
    const ry = 56 + r * 20;
    g.append(svg("rect", { x: 6, y: ry - 9, width: w - 12, height: 18, rx: 9, fill: ctx.seatColor(row.seat), class: "mlem-row-bg" }));
    row.astronauts.forEach((a, i) => g.append(astronautToken(a, ctx.seatColor(row.seat), 16 + i * 19, ry, 8)));
    g.append(svg("text", { x: w - 10, y: ry + 4, "text-anchor": "end", class: "mlem-small-label-dark" }, String(row.astronauts.length)));
  });
  addTarget(g, ctx, play, key, t("target.planet", { planet: planet.name }));
  return g;
}

function deepCard(view, ctx, x, y, w, h, play) {
  const t = ctx.t;
  const g = svg("g", { class: "mlem-deep-card" + (play.changed.has("deep") ? " just-changed" : ""), transform: `translate(${x},${y})`, "data-deep-card": "1" });
  g.append(svg("rect", { width: w, height: h, rx: 10, class: "mlem-card-bg mlem-deep-card-bg" }));
  g.append(svg("text", { x: 12, y: 22, class: "mlem-card-title mlem-light" }, t("deep_space")));
  const rows = [["comet", view.mat.comet_points], ["galaxy", view.mat.galaxy_points]];
  rows.forEach(([where, points], r) => {
    const ry = 46 + r * 34;
    g.append(svg("text", { x: 12, y: ry + 4, class: "mlem-small-label" }, t(where + "_points", { points })));
    const here = view.deep_space.filter((d) => d.where === where);
    here.forEach((d, i) => g.append(astronautToken(d.astronaut, ctx.seatColor(d.seat), 20 + (i % 9) * 19, ry + 18, 8)));
  });
  addTarget(g, ctx, play, "deep", t("target.deep"));
  return g;
}

export { placeName };
