// Drawing one place (the planet or the station) in SVG: space and its ring, tiles face down (back colour
// only) or face up, coins, locks, obelisk peeks, ships, astronauts, the targets of the move being built
// and the marks of the last move. Everything comes from the view; controls call back into index.js.
import { parseCell } from "./geometry.js";
import { describeAction, tileName } from "./narrative.js";
import { control, svg } from "./svg.js";
import { BACKS, tileFace } from "./tiles.js";

export const CELL = 40;
const TEAM_RING = ["#ffd54f", "#e0f7fa"];

function xy(name) {
  const { r, c } = parseCell(name);
  return [c * CELL, r * CELL];
}

// A few fixed stars: the same sky every render (no randomness in drawing).
function stars(width, height) {
  const out = [];
  for (let k = 0; k < Math.round((width * height) / 2600); k += 1) {
    const x = (k * 7919) % width;
    const y = (k * 104729 + 37 * k * k) % height;
    out.push(svg("circle", { cx: x, cy: y, r: k % 5 === 0 ? 1.4 : 0.8, fill: "#ffffff", opacity: 0.35 + (k % 3) * 0.2 }));
  }
  return out;
}

function cellLabel(ctx, cell, viewSeat) {
  const parts = [];
  if (cell.revealed) parts.push(ctx.t("ui.cell_tile", { cell: cell.cell, tile: tileName(ctx, cell.tile) }));
  else parts.push(ctx.t("ui.cell_facedown", { cell: cell.cell, colour: ctx.t(`colour.${cell.back}`) }));
  if (!cell.revealed && cell.tile) parts.push(ctx.t("ui.you_saw", { tile: tileName(ctx, cell.tile) }));
  if (cell.coins) parts.push(ctx.t("ui.coins_here", { count: cell.coins }));
  if (cell.lock) parts.push(ctx.t("ui.lock_here", { count: cell.lock }));
  if (cell.flower_used) parts.push(ctx.t("ui.flower_used"));
  if (cell.peeked_by && cell.peeked_by.length) {
    parts.push(ctx.t("ui.peeked_by", { who: cell.peeked_by.map((s) => (s === viewSeat ? ctx.t("ui.you") : ctx.playerName(s))).join(", ") }));
  }
  return parts.join("; ");
}

function drawCell(ctx, cell, changed) {
  const [x, y] = [cell.col * CELL, cell.row * CELL];
  const colours = BACKS[cell.back] || BACKS.grey;
  const attrs = { class: ["pl-cell", changed.has(cell.cell) && "just-changed"], "data-cell": cell.cell, "data-back": cell.back };
  if (cell.revealed) attrs["data-tile"] = cell.tile;
  else if (cell.tile) attrs["data-seen-tile"] = cell.tile;
  const g = svg("g", { ...attrs, role: "img", "aria-label": cellLabel(ctx, cell, ctx.seat) });
  g.append(svg("title", {}, cellLabel(ctx, cell, ctx.seat)));
  if (cell.revealed) {
    g.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: colours.ground, stroke: colours.edge, "stroke-width": 2 }));
    const face = tileFace(cell, x + CELL / 2, y + CELL / 2, CELL);
    if (face) g.append(face);
  } else {
    g.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: colours.back, stroke: colours.edge, "stroke-width": 1.5 }));
    g.append(svg("rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 3, fill: "none", stroke: "#ffffff", "stroke-opacity": 0.35, "stroke-width": 1.2 }));
    if (cell.tile) {
      // A tile this seat saw with an obelisk: its face, faded, still lying face down.
      const face = tileFace(cell, x + CELL / 2, y + CELL / 2, CELL * 0.8);
      if (face) g.append(svg("g", { opacity: 0.55 }, face));
      g.append(svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 3, fill: "none", stroke: "#ffffff", "stroke-dasharray": "3 2", "stroke-width": 1.2 }));
    }
  }
  if (cell.flower_used) {
    // rulebook (flower): it turns a quarter clockwise at the end of this turn
    g.append(svg("path", { class: "pl-flower-used", d: `M${x + CELL - 14},${y + CELL - 5} a7,7 0 1 1 8,-6`, fill: "none", stroke: "#880e4f", "stroke-width": 2.2 }));
    g.append(svg("path", { d: `M${x + CELL - 9},${y + CELL - 14} l4,4 l-5,2 z`, fill: "#880e4f" }));
  }
  if (cell.peeked_by && cell.peeked_by.length) {
    cell.peeked_by.forEach((s, k) => {
      g.append(svg("circle", { class: "pl-peek", cx: x + 6 + k * 6, cy: y + CELL - 6, r: 3, fill: ctx.seatColor(s), stroke: "#fff", "stroke-width": 0.8 }));
    });
  }
  if (cell.lock) {
    g.append(svg("g", { class: "pl-lock", "data-lock": cell.lock },
      svg("path", { d: `M${x + 5},${y + 11} v-3 a4,4 0 0 1 8,0 v3`, fill: "none", stroke: "#263238", "stroke-width": 1.8 }),
      svg("rect", { x: x + 3, y: y + 10, width: 12, height: 10, rx: 2, fill: "#455a64" }),
      svg("text", { x: x + 9, y: y + 18.5, "text-anchor": "middle", class: "pl-num", fill: "#fff", "font-size": 8 }, String(cell.lock))));
  }
  if (cell.coins) {
    const cx = x + CELL - 10;
    const cy = y + 10;
    g.append(svg("g", { class: "pl-coins", "data-coins": cell.coins },
      svg("ellipse", { cx, cy: cy + 2.5, rx: 8, ry: 7.5, fill: "#8d6e00" }),
      svg("circle", { cx, cy, r: 8, fill: "#ffd54f", stroke: "#8d6e00", "stroke-width": 1.3 }),
      svg("circle", { cx, cy, r: 5.6, fill: "none", stroke: "#c79a00", "stroke-width": 1 }),
      svg("text", { x: cx, y: cy + 3.4, "text-anchor": "middle", class: "pl-num", fill: "#4e342e", "font-size": 9.5 }, String(cell.coins))));
  }
  return g;
}

function drawShip(ctx, player, selectable, onSelect, changed) {
  const [x, y] = xy(player.ship.cell);
  const colour = ctx.seatColor(player.seat);
  const label = ctx.t(player.ship.fuel ? "ui.ship_fuel" : "ui.ship", { who: ctx.playerName(player.seat) });
  const g = svg("g", { class: ["pl-ship", changed.has(`ship:${player.seat}`) && "just-changed", selectable && "pl-selectable"],
    "data-ship": player.seat, "data-fuel": player.ship.fuel ? "1" : "0" });
  g.append(svg("path", {
    d: `M${x + 3},${y + 14} Q${x + CELL / 2},${y + 2} ${x + CELL - 3},${y + 14} L${x + CELL - 6},${y + CELL - 4} Q${x + CELL / 2},${y + CELL + 1} ${x + 6},${y + CELL - 4} Z`,
    fill: colour, stroke: "#ffffff", "stroke-width": 2 }));
  if (player.ship.fuel) {
    g.append(svg("path", { class: "pl-fuel", d: `M${x + CELL / 2},${y + CELL - 14} c4,5 4,9 0,9 c-4,0 -4,-4 0,-9 Z`, fill: "#ff9800", stroke: "#fff", "stroke-width": 1 }));
  }
  if (selectable) {
    control(g, ctx.t("ui.select_ship"), onSelect);
    g.setAttribute("data-select", "ship");
  } else {
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", label);
  }
  g.append(svg("title", {}, label));
  return g;
}

// Astronauts grouped by the spot they stand on: a cell (by canyon half), a cell of space, a ship.
function spots(index) {
  const out = new Map();
  for (const player of index.view.players) {
    player.astronauts.forEach((astro) => {
      const at = astro.at;
      let key;
      let cell;
      if (at[0] === "cell") {
        key = `${at[1]}#${at[2]}`;
        cell = at[1];
      } else if (at[0] === "space") {
        cell = index.areas[at[1]].ring[at[2]];
        key = cell;
      } else {
        cell = index.view.players[at[1]].ship.cell;
        key = `${cell}#ship`;
      }
      if (!out.has(key)) out.set(key, { cell, half: at[0] === "cell" ? at[2] : 0, aboard: at[0] === "ship", list: [] });
      out.get(key).list.push({ seat: player.seat, team: player.team, ...astro });
    });
  }
  return out;
}

// Centres and radius of the astronaut tokens on one spot: big when alone, smaller when crowded; in a
// canyon each half holds its own column; aboard a ship they sit in a row on the deck.
function tokenPlaces(spot, count) {
  const [x, y] = xy(spot.cell);
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  if (spot.aboard) {
    const r = count > 3 ? 5 : 6.5;
    const step = Math.min(2 * r + 1, (CELL - 4) / Math.max(count, 1));
    return Array.from({ length: count }, (_, k) => [cx + (k - (count - 1) / 2) * step, y + 12, r]);
  }
  if (spot.half) {
    const hx = x + (spot.half === 1 ? CELL / 4 : (3 * CELL) / 4);
    const r = count > 2 ? 5 : 7.5;
    const step = Math.min(2 * r + 1, (CELL - 4) / Math.max(count, 1));
    return Array.from({ length: count }, (_, k) => [hx, cy + (k - (count - 1) / 2) * step, r]);
  }
  const layouts = {
    1: [[-3, 4, 11]], // a little aside, so the tile's face and a coin stay readable
    2: [[-9.5, 0, 9], [9.5, 0, 9]],
    3: [[-9.5, -8, 8.5], [9.5, -8, 8.5], [0, 9, 8.5]],
    4: [[-9.5, -9.5, 8.5], [9.5, -9.5, 8.5], [-9.5, 9.5, 8.5], [9.5, 9.5, 8.5]],
  };
  if (layouts[count]) return layouts[count].map(([dx, dy, r]) => [cx + dx, cy + dy, r]);
  const perRow = 3;
  const rows = Math.ceil(count / perRow);
  const r = rows > 2 ? 4.8 : 6.2;
  return Array.from({ length: count }, (_, k) => {
    const row = Math.floor(k / perRow);
    const inRow = Math.min(perRow, count - row * perRow);
    return [cx + ((k % perRow) - (inRow - 1) / 2) * (2 * r + 1), cy + (row - (rows - 1) / 2) * (2 * r + 1), r];
  });
}

function drawAstronaut(ctx, astro, [cx, cy, r], opts) {
  const colour = ctx.seatColor(astro.seat);
  const mine = astro.seat === ctx.seat;
  const label = ctx.t(astro.stunned ? "ui.astronaut_stunned" : "ui.astronaut", { who: ctx.playerName(astro.seat), a: astro.n });
  const g = svg("g", { class: ["pl-astronaut", astro.stunned && "pl-stunned", opts.changed && "just-changed", opts.selected && "pl-selected",
    opts.selectable && "pl-selectable"], "data-seat": astro.seat, "data-astronaut": astro.n });
  if (opts.selected) {
    g.append(svg("circle", { cx, cy, r: r + 3.5, fill: "rgba(255,255,255,0.35)", stroke: "#ffffff", "stroke-width": 4.5 }));
    g.append(svg("circle", { cx, cy, r: r + 3.5, fill: "none", stroke: "#d81b60", "stroke-width": 2.2 }));
  }
  const ring = opts.teams ? TEAM_RING[astro.team % 2] : "#ffffff";
  // An astronaut figure (helmet and suit), not a disc, so it never looks like a coin; caught by a tree
  // it lies on its side (rulebook: lay the figure down until its turn is skipped).
  const figure = svg("g", { transform: astro.stunned ? `rotate(90 ${cx} ${cy})` : null },
    svg("ellipse", { cx, cy: cy + r * 1.02, rx: r * 0.95, ry: r * 0.28, fill: "rgba(0,0,0,0.35)" }),
    svg("path", {
      d: `M${cx - r * 0.9},${cy + r} L${cx - r * 0.78},${cy + r * 0.05} Q${cx},${cy - r * 0.5} ${cx + r * 0.78},${cy + r * 0.05} L${cx + r * 0.9},${cy + r} Z`,
      fill: colour, stroke: ring, "stroke-width": opts.teams ? 2.2 : 1.4, "stroke-linejoin": "round" }),
    svg("circle", { cx, cy: cy - r * 0.42, r: r * 0.52, fill: colour, stroke: ring, "stroke-width": opts.teams ? 2.2 : 1.4 }),
    svg("ellipse", { cx: cx + r * 0.1, cy: cy - r * 0.45, rx: r * 0.3, ry: r * 0.2, fill: "#cfe8ff", stroke: "#263238", "stroke-width": 0.6 }));
  if (astro.stunned) figure.append(svg("circle", { cx, cy, r: r * 1.05, fill: "none", stroke: "#2e7d32", "stroke-width": 1.6, "stroke-dasharray": "2 2" }));
  g.append(figure);
  g.append(svg("text", { x: astro.stunned ? cx - r * 0.45 : cx, y: astro.stunned ? cy + r * 0.3 : cy + r * 0.82, "text-anchor": "middle",
    class: "pl-num pl-astro-num", "font-size": Math.max(6.5, r * 0.9) }, String(astro.n)));
  if (mine && opts.selectable) {
    control(g, ctx.t(opts.forCard ? "ui.select_astronaut_card" : "ui.select_astronaut", { a: astro.n, card: opts.forCard || "" }), opts.onSelect);
    g.setAttribute("data-select", `astronaut:${astro.n}`);
  } else {
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", label);
  }
  g.append(svg("title", {}, label));
  return g;
}

// One place in SVG. `stg` and `ui` say what is selectable and targeted; `on` holds the callbacks.
export function drawPlace(ctx, index, areaId, stg, ui, on, changed) {
  const area = index.areas[areaId];
  const width = area.width * CELL;
  const height = area.height * CELL;
  const root = svg("svg", { class: ["pl-board", `pl-board-${areaId}`], viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": ctx.t(areaId === "s" ? "ui.board_station" : "ui.board_planet"), "data-area": areaId });
  root.append(svg("rect", { x: 0, y: 0, width, height, rx: 10, fill: "#0d1b3a" }), stars(width, height));
  area.ring.forEach((name, i) => {
    const [x, y] = xy(name);
    root.append(svg("rect", { class: "pl-space", "data-space": name, x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6,
      fill: area.corners.has(i) ? "none" : "#1f3366", stroke: "#3d5a99", "stroke-opacity": area.corners.has(i) ? 0.4 : 0.8,
      "stroke-dasharray": area.corners.has(i) ? "2 3" : null }));
  });
  for (const cell of area.cells) root.append(drawCell(ctx, cell, changed));
  for (const player of index.view.players) {
    if (player.ship.area !== areaId) continue;
    const selectable = player.seat === ctx.seat && stg.selectable.has("ship") && !ui.subject;
    root.append(drawShip(ctx, player, selectable, () => on.select("ship"), changed));
  }
  for (const spot of spots(index).values()) {
    if (parseCell(spot.cell).area !== areaId) continue;
    const places = tokenPlaces(spot, spot.list.length);
    spot.list.forEach((astro, k) => {
      const own = astro.seat === ctx.seat;
      const forCard = stg.cardAstronauts && own && stg.cardAstronauts.has(astro.n);
      const selectable = own && (forCard || (!ui.subject && stg.selectable.has(`astronaut:${astro.n}`)));
      root.append(drawAstronaut(ctx, astro, places[k], {
        teams: index.view.teams, selectable, forCard: forCard ? on.cardName(ui.subject) : null,
        selected: own && ui.astronaut === astro.n, changed: changed.has(`astronaut:${astro.seat}:${astro.n}`),
        onSelect: () => (forCard ? on.selectCardAstronaut(astro.n) : on.select(`astronaut:${astro.n}`)),
      }));
    });
  }
  for (const [name, entries] of stg.targets) {
    if (parseCell(name).area !== areaId) continue;
    const [x, y] = xy(name);
    const chosen = ui.chosen && ui.chosenCell === name;
    const label = entries.length === 1 ? describeAction(entries[0], ctx, name) : ctx.t("ui.target_several", { cell: name });
    const g = svg("g", { class: ["pl-target", chosen && "pl-chosen"], "data-target": name, "data-legal": JSON.stringify(entries.map((e) => e.text)) },
      svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6 }),
      svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 4 }));
    control(g, label, () => on.target(name, entries));
    root.append(g);
  }
  return root;
}
