// The 35 kinds of Kosmodrom card as the board needs them: type, copies, points, what a rocket needs,
// where an expert or advantage goes. A copy of the engine's data/cards.toml (names and texts are in
// the i18n catalogs); tests/web/test_kosmodrom_module.py checks that the two agree.
export const CARDS = {
  swift: { type: "rocket", count: 12, points: 6, metal: 1, fuel: 1 },
  rapid: { type: "rocket", count: 4, points: 8, metal: 1, fuel: 2 },
  intrepid: { type: "rocket", count: 3, points: 10, metal: 2, fuel: 2 },
  fearless: { type: "rocket", count: 2, points: 12, metal: 3, fuel: 2 },
  metal: { type: "component", count: 28, zone: "assembly" },
  fuel: { type: "component", count: 30, zone: "assembly" },
  engineer: { type: "expert", count: 5, zone: "assembly" },
  inspector: { type: "expert", count: 5, zone: "test" },
  mission_control: { type: "expert", count: 5, zone: "launch" },
  jack: { type: "expert", count: 3, zone: "any" },
  astronaut: { type: "advantage", count: 5, points: 4, zone: "launch" },
  top_secret: { type: "advantage", count: 3, zone: "launch" },
  oxygen: { type: "advantage", count: 5, zone: "launch" },
  certification: { type: "advantage", count: 4, points: 3, zone: "test" },
  pad_tl: { type: "launch_pad", count: 1 },
  pad_tr: { type: "launch_pad", count: 1 },
  pad_bl: { type: "launch_pad", count: 1 },
  pad_br: { type: "launch_pad", count: 1 },
  scrub: { type: "action", count: 1 },
  key_to_start: { type: "action", count: 1 },
  budget_cut: { type: "action", count: 2 },
  top_priority: { type: "action", count: 1 },
  research: { type: "action", count: 2 },
  retest: { type: "action", count: 1 },
  headhunting: { type: "action", count: 1 },
  brainstorm: { type: "action", count: 1 },
  sabotage: { type: "action", count: 1 },
  soldering_iron: { type: "action", count: 2 },
  field_duty: { type: "action", count: 1 },
  espionage: { type: "action", count: 1 },
  vacuum: { type: "action", count: 1 },
  labor_contract: { type: "upgrade", count: 2 },
  overtime: { type: "upgrade", count: 1 },
  security_system: { type: "upgrade", count: 1 },
  warehouse: { type: "upgrade", count: 2 },
};

export const ZONES = ["assembly", "test", "launch"];

// Launch-pad quarters, placed in the 2x2 launch-pad area (rulebook: the four parts of one pad).
export const PAD_CELLS = { pad_tl: [0, 0], pad_tr: [1, 0], pad_bl: [0, 1], pad_br: [1, 1] };

export function cardType(id) {
  return CARDS[id] ? CARDS[id].type : "action";
}

// Which of its owner's rockets of the same card this one is (1, 2, ...), or 0 when the owner has
// only one: players tell rockets apart by name and owner, never by the engine's ids (r1..r18).
export function rocketNumber(rocket, rockets) {
  const same = (rockets || []).filter((r) => r.owner === rocket.owner && r.card === rocket.card);
  return same.length > 1 ? same.findIndex((r) => r.id === rocket.id) + 1 : 0;
}

// A rocket's name in words: "Swift", or "Swift #2" when its owner has two.
export function rocketLabel(rocket, rockets, t) {
  const name = t(`card.${rocket.card}`);
  const n = rocketNumber(rocket, rockets);
  return n ? t("rocketRefN", { name, n }) : t("rocketRef", { name });
}
