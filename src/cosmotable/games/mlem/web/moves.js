// MLEM moves: sort the engine's legal actions by what the player clicks, and narrow a travel
// choice (dice groups, helpers, +extra, +keep) step by step. Pure functions of ctx.legal: the
// module never invents an action, it only picks one of the legal entries and sends its json.

/** A canonical string for an action's json (key order does not matter), to compare actions. */
export function actionKey(json) {
  if (Array.isArray(json)) return "[" + json.map(actionKey).join(",") + "]";
  if (json && typeof json === "object") {
    return "{" + Object.keys(json).sort().map((k) => JSON.stringify(k) + ":" + actionKey(json[k])).join(",") + "}";
  }
  return JSON.stringify(json);
}

/** Group the legal entries by kind: {board: [...], travel: [...], land: [...], ...}. */
export function byKind(legal) {
  const out = {};
  for (const entry of legal || []) {
    const kind = entry.json && entry.json.kind;
    (out[kind] = out[kind] || []).push(entry);
  }
  return out;
}

// A travel choice is a set of items: "g:<face>" for a dice group, "h:<seat>" for a helper,
// "extra" and "keep" for the expedition token's abilities (UFO variant).
export function travelItems(json) {
  const items = new Set();
  for (const face of json.groups || []) items.add("g:" + face);
  for (const seat of json.helpers || []) items.add("h:" + seat);
  if (json.extra) items.add("extra");
  if (json.keep) items.add("keep");
  return items;
}

function isSubset(small, big) {
  for (const item of small) if (!big.has(item)) return false;
  return true;
}

/** The legal travel entry whose items are exactly `selected`, or null. */
export function exactTravel(travels, selected) {
  for (const entry of travels) {
    const items = travelItems(entry.json);
    if (items.size === selected.size && isSubset(selected, items)) return entry;
  }
  return null;
}

/** May `item` be toggled now? Removing is always possible (a subset of a legal choice stays
 * on the way to it); adding only if some legal travel holds the selection plus the item. */
export function canToggle(travels, selected, item) {
  if (selected.has(item)) return true;
  const next = new Set(selected);
  next.add(item);
  return travels.some((entry) => isSubset(next, travelItems(entry.json)));
}

/** Every item that appears in some legal travel (what the board offers to click). */
export function offeredItems(travels) {
  const all = new Set();
  for (const entry of travels) for (const item of travelItems(entry.json)) all.add(item);
  return all;
}

/** Spaces the rocket moves for `selected` from the view's rocket space (rulebook: travel, step 2:
 * the sum of the chosen dice, the afterburner worth the value printed at the space, a helper a 1). */
export function travelSteps(view, selected) {
  const rocket = view.rocket;
  const space = view.mat.spaces[rocket.position];
  if (!space) return 0;
  const value = (face) => (face === "A" ? space.afterburner || 0 : Number(face));
  let steps = 0;
  for (const face of rocket.roll || []) if (selected.has("g:" + face)) steps += value(face);
  for (const item of selected) if (item.startsWith("h:")) steps += 1;
  if (selected.has("extra")) {
    const token = view.variant_state && view.variant_state.ufo && view.variant_state.ufo.token;
    for (const face of (token && token.extra_dice) || []) if (space.faces.includes(face)) steps += value(face);
  }
  return steps;
}

/** Where a travel of `steps` ends (the rocket stops in deep space: ruling R8). */
export function travelEnd(view, steps) {
  return Math.min(view.rocket.position + steps, view.mat.deep_space);
}

/** The space a landing entry targets (the rocket's space plus the navigator's shift). */
export function landingSpace(view, json) {
  return view.rocket.position + (json.shift || 0);
}

/** The moon a landing at `number` takes: the first free moon listed for that space (the engine
 * lists them farthest first; rulebook (moons): the free moon farthest from the rocket). */
export function moonTaken(view, number) {
  const space = view.mat.spaces[number];
  if (!space) return null;
  const taken = new Set(view.moons.filter((m) => m.occupant).map((m) => m.id));
  return space.moons.find((id) => !taken.has(id)) || null;
}

/** The target on the mat a landing entry points at: "moon:<id>", "planet:<id>" or "deep". */
export function landingTarget(view, json) {
  if (json.place === "deep") return "deep";
  const number = landingSpace(view, json);
  if (json.place === "moon") return "moon:" + moonTaken(view, number);
  const planet = json.planet || (view.mat.spaces[number] || { planets: [] }).planets[0];
  return "planet:" + planet;
}
