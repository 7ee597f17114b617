// Building a move step by step from the engine's legal actions (ctx.legal), never from anything else.
//
// Every legal action becomes a sequence of "picks" - the things a player clicks, in order: a card in
// the hand, then a rocket, a zone's expert or launch-pad place, a seat, a card of the discard pile...
// The board offers exactly the picks that continue some legal action's sequence; when the picks made
// so far spell out one whole action, a confirm button sends that action's json unchanged.

import { cardType } from "./cards.js";

// Picks that finish a move at once, without a confirm (one click, nothing else to choose).
// Negotiation builds an offer one click at a time, as the engine does (offer, give, want, propose).
const DIRECT = new Set(["rocket", "done", "deck", "discardtop", "keep", "drop", "top", "accept", "refuse", "offer",
  "give", "want", "propose", "withdraw"]);

// What a seat clicks to make the action `json`, in order. `phase` is the view's phase (a stolen card's
// discard is a button beside the card, not a click on the hand).
export function picksOf(json, phase, seat) {
  switch (json.kind) {
    case "advance": return [`rocket:${json.rocket}`];
    case "done": return ["done"];
    case "draw": return ["deck"];
    case "take": return ["discardtop"];
    case "keep": return ["keep"];
    case "discard": return phase === "stolen" ? ["drop"] : [`card:${json.card}`];
    case "top": return [`top:${json.card}`];
    case "accept": return ["accept"];
    case "refuse": return ["refuse"];
    case "offer": return [`offer:${json.seat}`];
    case "give": return [`give:${json.card}`];
    case "want": return [`want:${json.card}`];
    case "propose": return ["propose"];
    case "withdraw": return ["withdraw"];
    case "play": return [`card:${json.card}`, ...targetPicks(json.card, json.target, seat)];
    default: return [`other:${JSON.stringify(json)}`];
  }
}

// The picks naming a played card's target (plays.py `candidates` lists the target forms).
function targetPicks(card, target, seat) {
  if (!target) return [];
  const type = cardType(card);
  if (type === "expert") return [`expert:${seat}:${target}`];
  if (card === "headhunting") return [`expert:${target}`];
  if (card === "key_to_start") return [`pad:${target}`];
  if (card === "budget_cut") return [`seat:${target}`];
  if (card === "espionage") return target.split(",").map((s) => `seat:${s}`);
  if (card === "soldering_iron") return [`pile:${target}`];
  if (card === "sabotage") {
    const [rocket, part] = target.split(" ");
    return [`rocket:${rocket}`, `part:${part}`];
  }
  return [`rocket:${target}`];
}

export function pickKind(pick) {
  return pick.slice(0, pick.indexOf(":") < 0 ? pick.length : pick.indexOf(":"));
}

// The legal entries with their pick sequences (entries with the same json appear once).
export function entriesOf(legal, phase, seat) {
  const seen = new Set();
  const out = [];
  for (const entry of legal || []) {
    const key = JSON.stringify(entry.json);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ entry, picks: picksOf(entry.json, phase, seat) });
  }
  return out;
}

function startsWith(picks, path) {
  if (picks.length < path.length) return false;
  return path.every((p, i) => picks[i] === p);
}

// Where a path of picks stands: the picks that may come next, and the legal entry it spells out whole.
export function narrow(entries, path) {
  const next = new Set();
  let complete = null;
  for (const { entry, picks } of entries) {
    if (!startsWith(picks, path)) continue;
    if (picks.length === path.length) complete = entry;
    else next.add(picks[path.length]);
  }
  return { next, complete };
}

// After a click: act at once (one-click moves), wait for a confirm, or keep choosing.
export function afterPick(entries, path) {
  const { next, complete } = narrow(entries, path);
  const last = path[path.length - 1];
  if (complete && next.size === 0 && path.length === 1 && DIRECT.has(pickKind(last))) {
    return { act: complete };
  }
  return { act: null, next, complete };
}
