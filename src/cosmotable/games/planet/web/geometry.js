// Where things are on the Planet table, worked out from the view alone: cell names, the grid of each
// place (planet "p", station "s"), the ring of space around it, and where a move, a drift or a sail ends.
// These mirror the engine's rules only to *place* a legal move on the board; which moves exist always
// comes from the legal list.

export const DIRS = {
  N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1], S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1],
};

// A direction turned 90 degrees clockwise `quarter` times (engine: board.rotate).
export function rotateDirs(dirs, quarter) {
  return dirs.map((dir) => {
    let [dr, dc] = DIRS[dir];
    for (let k = 0; k < ((quarter % 4) + 4) % 4; k += 1) [dr, dc] = [dc, -dr];
    return Object.keys(DIRS).find((name) => DIRS[name][0] === dr && DIRS[name][1] === dc);
  });
}

// "d5" -> {area: "p", r: 4, c: 3}; "s:b2" -> {area: "s", r: 1, c: 1}
export function parseCell(name) {
  let area = "p";
  let rest = name;
  if (name.startsWith("s:")) {
    area = "s";
    rest = name.slice(2);
  }
  return { area, r: Number(rest.slice(1)) - 1, c: rest.charCodeAt(0) - 97 };
}

export function cellName(area, r, c) {
  const name = `${String.fromCharCode(97 + c)}${r + 1}`;
  return area === "s" ? `s:${name}` : name;
}

// Knight codes as the engine writes them: "2N1E" = two rows up, one column right.
export function knightDelta(code) {
  const m = /^(\d)([NS])(\d)([EW])$/.exec(code);
  if (!m) return null;
  return [Number(m[1]) * (m[2] === "N" ? -1 : 1), Number(m[3]) * (m[4] === "W" ? -1 : 1)];
}

export function offset(name, dr, dc) {
  const { area, r, c } = parseCell(name);
  return cellName(area, r + dr, c + dc);
}

// Everything about the places that the drawing and the move placement need, indexed once per render.
export function indexView(view) {
  const areas = {};
  for (const [id, area] of Object.entries(view.areas)) {
    const cells = new Map(area.cells.map((cell) => [cell.cell, cell]));
    const ringIndex = new Map(area.ring.map((name, i) => [name, i]));
    areas[id] = { id, ...area, cellMap: cells, ringIndex, corners: new Set(area.corners) };
  }
  const shipAt = new Map(); // "area:index" -> seat
  for (const p of view.players) shipAt.set(`${p.ship.area}:${p.ship.ring}`, p.seat);
  return { view, areas, shipAt };
}

export function allied(view, a, b) {
  return view.players[a].team === view.players[b].team;
}

function shipOn(index, area, i) {
  const owner = index.shipAt.get(`${area}:${i}`);
  return owner === undefined ? null : owner;
}

// rulebook (in space): up to 3 cells along the edge, hopping over rival ships (engine: drift_end).
export function driftEnd(index, seat, area, start, steps) {
  const ring = index.areas[area].ring;
  const dir = steps > 0 ? 1 : -1;
  let i = start;
  for (let k = 0; k < Math.abs(steps); k += 1) {
    i = (i + dir + ring.length) % ring.length;
    let guard = 0;
    for (let owner = shipOn(index, area, i); owner !== null && !allied(index.view, owner, seat); owner = shipOn(index, area, i)) {
      i = (i + dir + ring.length) % ring.length;
      guard += 1;
      if (guard > ring.length) return null;
    }
  }
  return ring[i];
}

// rulebook (ship): up to 3 cells, other ships hopped over uncounted (engine: sail_end).
export function sailEnd(index, seat, steps) {
  const { area, ring: start } = index.view.players[seat].ship;
  const ring = index.areas[area].ring;
  const dir = steps > 0 ? 1 : -1;
  let i = start;
  for (let k = 0; k < Math.abs(steps); k += 1) {
    i = (i + dir + ring.length) % ring.length;
    for (let owner = shipOn(index, area, i); owner !== null && owner !== seat; owner = shipOn(index, area, i)) {
      i = (i + dir + ring.length) % ring.length;
    }
  }
  return ring[i];
}

// The map cell an astronaut stands on or floats beside (its ship's cell when aboard).
export function placeOf(index, at) {
  if (at[0] === "cell") return at[1];
  if (at[0] === "ship") return index.view.players[at[1]].ship.cell;
  return index.areas[at[1]].ring[at[2]];
}

// Gravity cannon: straight on from the cell until the first cell of space (engine: gravity_end).
export function gravityEnd(index, from, dir) {
  const [dr, dc] = DIRS[dir];
  let { area, r, c } = parseCell(from);
  const places = index.areas[area];
  for (let k = 0; k < 64; k += 1) {
    r += dr;
    c += dc;
    const name = cellName(area, r, c);
    if (places.ringIndex.has(name)) return name;
    if (!places.cellMap.has(name)) return null;
  }
  return null;
}
