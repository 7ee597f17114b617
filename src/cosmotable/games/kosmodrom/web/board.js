// The table in SVG: the centre (deck, discard pile, launch-pad area, countdown) and one board per
// player (three zones with experts, launch-pad cards and rockets; upgrades; the hand as card backs).

import { PAD_CELLS, rocketLabel, rocketNumber, ZONES } from "./cards.js";
import { cardBack, cardColour, needsRow, rocketGlyph, TYPE_COLOURS } from "./cardface.js";
import { control, label, lines, svg, wrap } from "./svg.js";

const BOARD_W = 420;
const COL_W = 138;
const ROCKET_W = 128;

function rocketHeight(rocket) {
  return 50 + Math.ceil(rocket.advantages.length / 2) * 15;
}

// ------------------------------------------------------------------ centre
export function drawCentre(view, ui, t, changed) {
  const root = svg("svg", { viewBox: "0 0 420 178", class: "kd-centre", role: "group", "aria-label": t("aria.centre") });
  root.append(svg("rect", { x: 0, y: 0, width: 420, height: 178, rx: 12, class: "kd-centre-bg" }));

  // The deck: a stack of backs with its count (launch-pad cards are among them, face down).
  const deck = svg("g", { class: "kd-deck", "data-count": view.deck.count });
  const depth = Math.min(4, Math.ceil(view.deck.count / 25));
  for (let i = depth; i >= 0; i -= 1) deck.append(cardBack(12 + i * 2, 12 + i * 2, 64, 90));
  deck.append(label(46, 120, t("deckCount", { n: view.deck.count }), { class: "kd-small", "text-anchor": "middle" }));
  root.append(control(deck, ui, "deck", t("aria.deck", { n: view.deck.count })));
  const pads = view.deck.launch_pads_in_deck;
  const padNote = view.deck.launch_pads_set_aside
    ? t("padsSetAside", { n: view.deck.launch_pads_set_aside }) : pads ? t("padsInDeck", { n: pads }) : "";
  // each note in a box (an unpainted rect) to which the shell fits its words (web/fit.js)
  if (padNote) root.append(svg("g", {}, svg("rect", { x: 292, y: 110, width: 122, height: 30, fill: "none" }),
    lines(350, 122, wrap(padNote, 22, 2), 11, { class: "kd-tiny", "text-anchor": "middle" })));

  // The discard pile: its top card face up, its size.
  const top = view.discard_top;
  const pile = svg("g", { class: `kd-pile${changed.pile ? " just-changed" : ""}`, "data-top": top || "", "data-count": view.discard.length });
  if (top) {
    pile.append(svg("rect", { x: 100, y: 12, width: 64, height: 90, rx: 6, class: "kd-card-bg", stroke: cardColour(top), "stroke-width": 3 }));
    pile.append(svg("rect", { x: 100, y: 12, width: 64, height: 14, rx: 6, fill: cardColour(top) }));
    pile.append(lines(132, 42, wrap(t(`card.${top}`), 10, 4), 12, { class: "kd-mini-name", "text-anchor": "middle", "font-size": 10.5 }));
  } else {
    pile.append(svg("rect", { x: 100, y: 12, width: 64, height: 90, rx: 6, class: "kd-empty-slot" }));
  }
  pile.append(label(132, 120, t("discardCount", { n: view.discard.length }), { class: "kd-small", "text-anchor": "middle" }));
  root.append(control(pile, ui, "discardtop",
    top ? t("aria.discardTop", { card: t(`card.${top}`), n: view.discard.length }) : t("aria.discardEmpty")));

  // The launch-pad area: the four quarters of the pad, each drawn where it belongs.
  const area = svg("g", { class: `kd-pad-area${changed.centre ? " just-changed" : ""}`, "data-pads": view.launch_pad_area.join(" ") });
  area.append(svg("rect", { x: 188, y: 2, width: 100, height: 130, fill: "none" }));
  area.append(label(238, 16, t("padArea"), { class: "kd-small", "text-anchor": "middle" }));
  for (const [card, [cx, cy]] of Object.entries(PAD_CELLS)) {
    const placed = view.launch_pad_area.includes(card);
    area.append(svg("rect", {
      x: 196 + cx * 43, y: 24 + cy * 43, width: 41, height: 41, rx: 4,
      class: placed ? "kd-pad placed" : "kd-pad",
    }));
  }
  area.append(label(238, 124, t("padsPlaced", { n: view.launch_pad_area.length }), { class: "kd-small", "text-anchor": "middle" }));
  root.append(control(area, ui, "padarea", t("aria.padArea", { n: view.launch_pad_area.length })));

  // Turn and countdown.
  const info = svg("g", { class: "kd-turn-info", "data-countdown": view.countdown ? view.countdown.turns_left : "" });
  info.append(svg("rect", { x: 292, y: 8, width: 122, height: 100, fill: "none" }));
  if (view.countdown) {
    info.append(svg("circle", { cx: 350, cy: 56, r: 36, class: "kd-countdown" }));
    info.append(label(350, 68, String(view.countdown.turns_left), { class: "kd-countdown-n", "text-anchor": "middle" }));
    info.append(lines(350, 106, wrap(t("countdown"), 20, 3), 11, { class: "kd-tiny", "text-anchor": "middle" }));
  } else {
    info.append(label(350, 40, t("turnN", { n: view.turn }), { class: "kd-turn-n", "text-anchor": "middle" }));
    info.append(lines(350, 60, wrap(t("noCountdown"), 20, 4), 11, { class: "kd-tiny", "text-anchor": "middle" }));
  }
  root.append(control(info, ui, "turninfo", view.countdown
    ? t("aria.countdown", { n: view.countdown.turns_left }) : t("aria.turn", { n: view.turn })));

  // The newest discards, left to right up to the top card (the pile is public: Ruling K8).
  const recent = view.discard.slice(-6);
  root.append(label(10, 160, t("recentDiscards"), { class: "kd-tiny" }));
  recent.forEach((card, i) => {
    const x = 96 + i * 54;
    // a chip of its own (a group headed by its rect), to which the shell fits the name (web/fit.js)
    root.append(svg("g", { class: "kd-chip" }, svg("rect", { x, y: 148, width: 50, height: 18, rx: 4, fill: cardColour(card) }),
      label(x + 25, 161, t(`card.${card}`), { class: "kd-chip-text", "text-anchor": "middle" })));
  });
  return root;
}

// ------------------------------------------------------------------ player boards
export function drawPlayer(view, player, ui, ctx, changed) {
  const t = ctx.t;
  const seat = player.seat;
  const rockets = view.rockets.filter((r) => r.owner === seat);
  const columns = ZONES.map((zone) => rockets.filter((r) => r.zone === zone));
  const info = infoRow(player, t, ctx.seat === seat);
  const shift = (info.rows - 1) * 19; // extra rows of upgrades and known cards push the zones down
  const rocketsTop = 132;
  const colHeight = Math.max(64, ...columns.map((rs) => rs.reduce((h, r) => h + rocketHeight(r) + 6, 0)));
  const height = rocketsTop + colHeight + 8 + shift;
  const mine = ctx.seat === seat;
  const turn = view.turn_seat === seat && !view.terminal;
  const root = svg("svg", {
    viewBox: `0 0 ${BOARD_W} ${height}`, class: `kd-board${mine ? " mine" : ""}${turn ? " on-turn" : ""}`,
    role: "group", "aria-label": t("aria.board", { player: ctx.playerName(seat) }), "data-seat": seat,
  });
  root.append(svg("rect", { x: 1, y: 1, width: BOARD_W - 2, height: height - 2, rx: 12, class: "kd-board-bg" }));
  root.append(header(view, player, ui, ctx, changed));
  root.append(info.g);
  const zones = svg("g", { transform: `translate(0 ${shift})` });
  ZONES.forEach((zone, i) => zones.append(zoneColumn(view, player, zone, columns[i], i, rocketsTop, colHeight, ui, ctx, changed)));
  root.append(zones);
  return root;
}

function header(view, player, ui, ctx, changed) {
  const t = ctx.t;
  const seat = player.seat;
  const g = svg("g", { class: `kd-header${changed.seats.has(seat) ? " just-changed" : ""}`, "data-hand-count": player.hand_count });
  g.append(svg("rect", { x: 1, y: 1, width: BOARD_W - 2, height: 32, rx: 12, fill: ctx.seatColor(seat), class: "kd-header-band" }));
  g.append(svg("rect", { x: 1, y: 20, width: BOARD_W - 2, height: 13, fill: ctx.seatColor(seat), class: "kd-header-band" }));
  const name = ctx.playerName(seat) + (ctx.seat === seat ? ` ${t("you")}` : "");
  g.append(label(12, 22, name.length > 24 ? `${name.slice(0, 23)}…` : name, { class: "kd-player-name" }));
  g.append(label(236, 22, t("scoreShort", { n: player.score.total }), { class: "kd-player-score", "text-anchor": "end" }));
  // The hand as card backs, with the count (what is in it is never drawn for another seat).
  const shown = Math.min(player.hand_count, 8);
  for (let i = 0; i < shown; i += 1) g.append(cardBack(252 + i * 11, 6, 16, 22));
  g.append(label(BOARD_W - 10, 22, t("handCount", { n: player.hand_count, limit: player.hand_limit }),
    { class: "kd-player-hand", "text-anchor": "end" }));
  const queue = view.step.field_duty_queue || [];
  const extra = queue.includes(seat) ? ` ${t("aria.mustDiscard")}` : "";
  return control(g, ui, `seat:${seat}`, t("aria.player", {
    player: ctx.playerName(seat), score: player.score.total, n: player.hand_count, limit: player.hand_limit,
  }) + extra);
}

function chip(x, y, card, t, w = 84) {
  return svg("g", { class: "kd-chip" },
    svg("rect", { x, y, width: w, height: 16, rx: 8, fill: cardColour(card) }),
    label(x + w / 2, y + 12, t(`card.${card}`), { class: "kd-chip-text", "text-anchor": "middle" }));
}

// Upgrades in play and the cards of this hand the viewer knows of (Ruling K24), flowing over as many
// rows as they need; returns the group and the number of rows.
function infoRow(player, t, mine) {
  const g = svg("g", {});
  const items = [
    ...(player.upgrades.length ? [{ title: t("upgrades") }] : []),
    ...player.upgrades.map((card) => ({ card, cls: "kd-upgrade", w: 92 })),
    ...(player.known_hand.length ? [{ title: t(mine ? "knownToAll" : "knownHand") }] : []),
    ...player.known_hand.map((card) => ({ card, cls: "kd-known", w: 64 })),
  ];
  let x = 8;
  let row = 0;
  for (const item of items) {
    const w = item.title ? 12 + item.title.length * 6 : item.w;
    if (x + w > BOARD_W - 6) {
      row += 1;
      x = 8;
    }
    const y = 37 + row * 19;
    // the title's room (an unpainted rect) ends where the first chip starts: the shell fits it (web/fit.js)
    if (item.title) g.append(svg("g", {}, svg("rect", { x, y, width: w - 4, height: 16, fill: "none" }), label(x, y + 12, item.title, { class: "kd-tiny" })));
    else g.append(svg("g", { class: item.cls, "data-card": item.card }, chip(x, y, item.card, t, w - 4)));
    x += w;
  }
  return { g, rows: row + 1 };
}

function zoneColumn(view, player, zone, rockets, i, rocketsTop, colHeight, ui, ctx, changed) {
  const t = ctx.t;
  const seat = player.seat;
  const x = 4 + i * COL_W;
  const g = svg("g", { class: `kd-zone kd-zone-${zone}` });
  g.append(svg("rect", { x, y: 58, width: COL_W - 4, height: rocketsTop - 58 + colHeight, rx: 8, class: "kd-zone-bg" }));
  g.append(label(x + (COL_W - 4) / 2, 72, t(`zone.${zone}`), { class: "kd-zone-title", "text-anchor": "middle" }));

  // The zone's expert slot (rulebook: one expert per zone, needed to advance rockets out of it).
  const expert = player.experts[zone];
  const slot = svg("g", { class: "kd-expert", "data-zone": zone, "data-expert": expert || "" });
  slot.append(svg("rect", {
    x: x + 4, y: 78, width: ROCKET_W, height: 24, rx: 5,
    class: expert ? "kd-expert-card" : "kd-empty-slot", fill: expert ? TYPE_COLOURS.expert : null,
  }));
  slot.append(label(x + 4 + ROCKET_W / 2, 94, expert ? wrap(t(`card.${expert}`), 22, 1)[0] : t("noExpert"),
    { class: expert ? "kd-expert-name" : "kd-tiny", "text-anchor": "middle" }));
  g.append(control(slot, ui, `expert:${seat}:${zone}`, expert
    ? t("aria.expert", { card: t(`card.${expert}`), zone: t(`zone.${zone}`), player: ctx.playerName(seat) })
    : t("aria.noExpert", { zone: t(`zone.${zone}`), player: ctx.playerName(seat) })));

  // Launch-pad cards in this zone: they move one zone a turn towards the launch-pad area.
  const pads = player.launch_pads[zone];
  const padRow = svg("g", { class: "kd-zone-pads", "data-zone": zone, "data-pads": pads.join(" ") });
  padRow.append(svg("rect", { x: x + 4, y: 106, width: ROCKET_W, height: 20, rx: 5, class: pads.length ? "kd-pad-row" : "kd-pad-row empty" }));
  pads.forEach((card, k) => {
    const [cx, cy] = PAD_CELLS[card];
    const px = x + 8 + k * 22;
    padRow.append(svg("rect", { x: px, y: 109, width: 18, height: 14, rx: 2, class: "kd-pad placed" }));
    padRow.append(svg("rect", { x: px + 2 + cx * 8, y: 111 + cy * 6, width: 6, height: 4, class: "kd-pad-corner" }));
  });
  if (!pads.length) padRow.append(label(x + 4 + ROCKET_W / 2, 120, t("noPads"), { class: "kd-tiny", "text-anchor": "middle" }));
  else padRow.append(label(x + 10 + pads.length * 22, 120, t("padsHere", { n: pads.length }), { class: "kd-tiny" }));
  g.append(control(padRow, ui, `pad:${seat}:${zone}`, t("aria.pads", {
    n: pads.length, zone: t(`zone.${zone}`), player: ctx.playerName(seat),
  })));

  let y = rocketsTop;
  for (const rocket of rockets) {
    g.append(drawRocket(rocket, x + 4, y, view, ui, t, changed));
    y += rocketHeight(rocket) + 6;
  }
  return g;
}

function drawRocket(rocket, x, y, view, ui, t, changed) {
  const h = rocketHeight(rocket);
  const eligible = (view.step.advanceable || []).includes(rocket.id);
  const cls = ["kd-rocket"];
  if (rocket.complete) cls.push("complete");
  if (eligible) cls.push("can-advance");
  if (changed.rockets.has(rocket.id)) cls.push("just-changed");
  const g = svg("g", {
    class: cls.join(" "), "data-rocket": rocket.id, "data-zone": rocket.zone, "data-metal": rocket.metal,
    "data-fuel": rocket.fuel, "data-advantages": rocket.advantages.join(" "),
  });
  g.append(svg("rect", { x, y, width: ROCKET_W, height: h, rx: 7, class: "kd-rocket-bg" }));
  g.append(rocketGlyph(x + 5, y + 6, 36, TYPE_COLOURS.rocket));
  g.append(label(x + 26, y + 16, t(`card.${rocket.card}`), { class: "kd-rocket-name" }));
  g.append(label(x + 26, y + 30, t("pointsShort", { n: rocket.points }), { class: "kd-rocket-points" }));
  const number = rocketNumber(rocket, view.rockets);
  if (number) g.append(label(x + ROCKET_W - 5, y + 30, t("rocketNumber", { n: number }), { class: "kd-tiny", "text-anchor": "end" }));
  if (rocket.complete) g.append(label(x + ROCKET_W - 5, y + 45, t("complete"), { class: "kd-complete", "text-anchor": "end" }));
  const needs = needsRow(x + 26, y + 45, rocket.metal, rocket.fuel, rocket.needs_metal, rocket.needs_fuel, 9);
  g.append(needs);
  rocket.advantages.forEach((card, k) => {
    const ax = x + 4 + (k % 2) * 61;
    const ay = y + 50 + Math.floor(k / 2) * 15;
    g.append(svg("g", {}, svg("rect", { x: ax, y: ay, width: 58, height: 13, rx: 6, fill: cardColour(card) }),
      label(ax + 29, ay + 10, t(`card.${card}`), { class: "kd-adv-text", "text-anchor": "middle" })));
  });
  const aria = t("aria.rocket", {
    rocket: rocketLabel(rocket, view.rockets, t), zone: t(`zone.${rocket.zone}`), metal: rocket.metal, needMetal: rocket.needs_metal,
    fuel: rocket.fuel, needFuel: rocket.needs_fuel, points: rocket.points,
  }) + (rocket.advantages.length ? ` ${t("aria.advantages", { cards: rocket.advantages.map((c) => t(`card.${c}`)).join(", ") })}` : "");
  control(g, ui, `rocket:${rocket.id}`, aria);
  const outer = svg("g", {}, g);
  // Sabotage: once this rocket is chosen, its metal or its fuel is the next pick (a control of its own
  // beside the rocket's, not inside it).
  for (const part of ["metal", "fuel"]) {
    if (!ui.offers(`part:${part}`) || !ui.isPicked(`rocket:${rocket.id}`)) continue;
    const px = part === "metal" ? x + 22 : x + 26 + rocket.needs_metal * 12;
    const pw = part === "metal" ? rocket.needs_metal * 12 + 2 : rocket.needs_fuel * 12 + 2;
    const hit = svg("rect", { x: px, y: y + 33, width: pw, height: 15, rx: 3, class: "kd-part-target" });
    outer.append(control(svg("g", {}, hit), ui, `part:${part}`, t(`aria.part.${part}`, { rocket: rocketLabel(rocket, view.rockets, t) })));
  }
  return outer;
}
