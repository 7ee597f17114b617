// Building a move from the legal list, step by step. Nothing here invents a move: every target, button
// and confirm carries entries of ctx.legal, and the one finally chosen is sent unchanged.
//
// A legal entry is one of:
//   subject moves  - "astronaut N" (move, drift), "ship" (sail, fly), "card C" (ability): the player
//                    picks the subject on the board, then a target cell, then confirms;
//   board choices  - inside a move in progress (go, jump, knight, to, peek, meteor, beam, turn): one click
//                    on the target cell (several entries on one cell, as turn has, become buttons);
//   bar moves      - claim, agree, refuse, pass, end turn: buttons; claim and agree (they can end the
//                    game) ask for a confirm.
import { DIRS, driftEnd, gravityEnd, knightDelta, offset, parseCell, placeOf, sailEnd } from "./geometry.js";

const BOARD_KINDS = new Set(["go", "jump", "knight", "to", "peek", "meteor", "beam", "turn"]);
const BAR_KINDS = new Set(["claim", "agree", "refuse", "pass", "end"]);
export const CONFIRM_BAR_KINDS = new Set(["claim", "agree"]);

export function subjectOf(entry) {
  const j = entry.json;
  if (j.kind === "move" || j.kind === "drift") return `astronaut:${j.astronaut}`;
  if (j.kind === "sail" || j.kind === "fly") return "ship";
  if (j.kind === "ability") return `card:${j.card}`;
  if (BOARD_KINDS.has(j.kind)) return "board";
  if (BAR_KINDS.has(j.kind)) return "bar";
  return "bar"; // an action kind this screen does not know yet is still offered, as a button
}

function astronautAt(index, seat, n) {
  return index.view.players[seat].astronauts[n - 1].at;
}

// Where an astronaut's own step starts. On a rival's ship with no step off it, the engine starts the
// step from the astronaut's own ship (rulebook: ships); the legal list tells which case holds, because
// then every step it offers lands on a tile only from the own ship.
function stepOrigin(index, seat, n, legal) {
  const at = astronautAt(index, seat, n);
  const here = placeOf(index, at);
  if (at[0] !== "ship" || at[1] === seat) return here;
  const area = index.areas[parseCell(here).area];
  const ways = legal.filter((e) => e.json.kind === "move" && e.json.astronaut === n).map((e) => e.json.way);
  const fromHere = ways.every((w) => area.cellMap.has(offset(here, ...DIRS[w])));
  return fromHere ? here : index.view.players[seat].ship.cell;
}

function walkerCell(index) {
  const w = index.view.walking;
  if (!w) return null;
  return placeOf(index, astronautAt(index, w.seat, w.astronaut));
}

// The cell where a legal entry ends (or is aimed), for drawing it on the board; null for bar moves.
export function targetOf(index, seat, entry, legal) {
  const j = entry.json;
  switch (j.kind) {
    case "move": {
      const at = astronautAt(index, seat, j.astronaut);
      if (j.way === "canyon") return at[1];
      return offset(stepOrigin(index, seat, j.astronaut, legal), ...DIRS[j.way]);
    }
    case "drift": {
      const at = astronautAt(index, seat, j.astronaut);
      return driftEnd(index, seat, at[1], at[2], j.steps);
    }
    case "sail":
      return sailEnd(index, seat, j.steps);
    case "fly":
    case "to":
    case "peek":
    case "meteor":
    case "beam":
    case "turn":
      return j.cell;
    case "go":
    case "jump": {
      const from = walkerCell(index);
      const [dr, dc] = DIRS[j.way];
      const k = j.kind === "jump" ? 2 : 1;
      return from && offset(from, dr * k, dc * k);
    }
    case "knight": {
      const from = walkerCell(index);
      const d = knightDelta(j.way);
      return from && d && offset(from, ...d);
    }
    case "ability": {
      const own = index.view.players[seat].ship.cell;
      if (!j.astronaut) return null;
      const from = placeOf(index, astronautAt(index, seat, j.astronaut));
      if (j.target === "ALLY") {
        // the teams variant's partner: the other seat of this seat's team (rulebook: team play)
        const me = index.view.players[seat];
        const ally = index.view.players.find((pl) => pl.seat !== seat && pl.team === me.team);
        return ally ? ally.ship.cell : null;
      }
      if (j.card === "pocket" || j.target === "SHIP") return own;
      if (j.card === "teleport") return j.target;
      if (j.card === "boots") return offset(from, DIRS[j.target][0] * 2, DIRS[j.target][1] * 2);
      if (j.card === "tame_knight") return offset(from, ...knightDelta(j.target));
      if (j.card === "gravity") return gravityEnd(index, from, j.target);
      return null;
    }
    default:
      return null;
  }
}

// Group entries by target cell: {cell -> [entries]} plus the entries with no cell.
export function byTarget(index, seat, entries, legal) {
  const cells = new Map();
  const loose = [];
  for (const entry of entries) {
    const cell = targetOf(index, seat, entry, legal);
    if (cell) {
      if (!cells.has(cell)) cells.set(cell, []);
      cells.get(cell).push(entry);
    } else {
      loose.push(entry);
    }
  }
  return { cells, loose };
}

// What the player may do now, given the selection so far (ui: {subject, astronaut, coin}).
//   selectable: subjects the player may pick ("astronaut:2", "ship", "card:boots")
//   targets:    {cell -> [entries]} to click on the board
//   direct:     true when a click on a target acts at once (a choice inside a move)
//   bar:        entries shown as buttons
//   coinToggle: whether the selected astronaut may carry a coin (a toggle filters its moves)
export function stage(index, seat, legal, ui) {
  const out = { selectable: new Set(), targets: new Map(), direct: false, bar: [], coinToggle: false, loose: [] };
  for (const entry of legal) {
    const subject = subjectOf(entry);
    if (subject === "bar") out.bar.push(entry);
    else if (subject !== "board") out.selectable.add(subject);
  }
  const board = legal.filter((e) => subjectOf(e) === "board");
  // A card picked at a choice inside a move (Ruling R20: an ability at any moment of the turn)
  // replaces the board's choice targets with the card's until it is cancelled.
  const cardPicked = Boolean(ui.subject && ui.subject.startsWith("card:") && out.selectable.has(ui.subject));
  if (board.length && !cardPicked) {
    const { cells, loose } = byTarget(index, seat, board, legal);
    out.targets = cells;
    out.loose = loose;
    out.direct = true;
    return out;
  }
  if (!ui.subject) return out;
  let mine = legal.filter((e) => subjectOf(e) === ui.subject);
  if (ui.subject.startsWith("card:")) {
    const astronauts = new Set(mine.map((e) => e.json.astronaut).filter((n) => n));
    if (astronauts.size && !ui.astronaut) {
      out.cardAstronauts = astronauts;
      return out;
    }
    if (ui.astronaut) mine = mine.filter((e) => e.json.astronaut === ui.astronaut);
  }
  if (ui.subject.startsWith("astronaut:")) {
    out.coinToggle = mine.some((e) => e.json.coin);
    mine = mine.filter((e) => Boolean(e.json.coin) === Boolean(ui.coin && out.coinToggle));
  }
  const { cells, loose } = byTarget(index, seat, mine, legal);
  out.targets = cells;
  out.loose = loose;
  return out;
}

export function legalKey(legal) {
  return legal.map((e) => e.text).join("|");
}
