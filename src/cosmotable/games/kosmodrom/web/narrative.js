// The event log as a narrative, and a move described before it is confirmed - in ctx's language.
// Event kinds and their data are those emitted by games/kosmodrom/state.py and effects.py.

import { cardType, rocketLabel } from "./cards.js";

function cardName(ctx, id) {
  return ctx.t(`card.${id}`);
}

// A rocket in words (never its engine id): its name, numbered when its owner has two alike, and
// with `owned` its owner's name when that is not the reader (a move against a rival's rocket).
function rocketRef(ctx, id, card, owned = false) {
  const rockets = (ctx.view && ctx.view.rockets) || [];
  const rocket = rockets.find((r) => r.id === id);
  if (!rocket) return ctx.t("rocketRef", { name: card ? cardName(ctx, card) : ctx.t("aRocket") });
  const text = rocketLabel(rocket, rockets, ctx.t);
  return owned && rocket.owner !== ctx.seat ? ctx.t("rocketOf", { rocket: text, player: ctx.playerName(rocket.owner) }) : text;
}

function cardList(ctx, cards) {
  return (cards || []).map((c) => cardName(ctx, c)).join(", ");
}

function describePlay(event, ctx, base) {
  const d = event.data;
  switch (cardType(d.card)) {
    case "rocket": return ctx.t("ev.play.rocket", { ...base, rocket: rocketRef(ctx, d.rocket, d.card) });
    case "component": return ctx.t(d.complete ? "ev.play.componentComplete" : "ev.play.component",
      { ...base, rocket: rocketRef(ctx, d.rocket) });
    case "advantage": return ctx.t("ev.play.advantage", { ...base, rocket: rocketRef(ctx, d.rocket) });
    case "expert": return ctx.t("ev.play.expert", { ...base, zone: ctx.t(`zoneAt.${d.zone}`) });
    case "upgrade": return ctx.t("ev.play.upgrade", base);
    default: return null;
  }
}

// One line per event; event.text (the engine's English) when the kind or its data is unknown.
export function describeEvent(event, ctx) {
  const t = ctx.t;
  const d = event.data || {};
  const name = (seat) => (seat === null || seat === undefined ? "" : ctx.playerName(seat));
  const base = { player: name(event.seat), card: d.card ? cardName(ctx, d.card) : "" };
  let line = null;
  switch (event.kind) {
    case "dealt": line = t("ev.dealt", base); break;
    case "setup": line = d.slow ? t("ev.setup.slow", { deck: d.deck }) : t("ev.setup", { bottom: d.bottom }); break;
    case "turn": line = t("ev.turn", { ...base, n: d.turn }); break;
    case "pad":
      if (d.to === "centre") line = t(d.drawn ? "ev.pad.quick" : "ev.pad.centre", { ...base, n: d.placed });
      else if (d.drawn) line = t("ev.pad.drawn", base);
      else if (d.to) line = t("ev.pad.advance", { ...base, zone: t(`zoneTo.${d.to}`) });
      break;
    case "advance":
      if (d.from_zone) line = t("ev.advance", { ...base, rocket: rocketRef(ctx, d.rocket, d.card), from: t(`zoneFrom.${d.from_zone}`), to: t(`zoneTo.${d.zone}`) });
      break;
    case "draw": line = t("ev.draw", base); break;
    case "draw-public": // the drawer also saw which card it was (event "draw"): only the deck's size is news
      line = t(event.seat === ctx.seat ? "ev.drawPublicOwn" : "ev.drawPublic", { ...base, n: d.deck });
      break;
    case "take": line = t("ev.take", base); break;
    case "play": line = describePlay(event, ctx, base); break;
    case "upgrade-discarded": line = t("ev.upgradeDiscarded", base); break;
    case "scrub": line = t("ev.scrub", { ...base, owner: name(d.owner), rocket: rocketRef(ctx, d.rocket, d.card) }); break;
    case "key": line = t("ev.key", { ...base, owner: name(d.owner), n: d.placed }); break;
    case "budget-cut": line = t("ev.budgetCut", { ...base, victim: name(d.victim), cards: cardList(ctx, d.cards) }); break;
    case "top-priority": line = t("ev.topPriority", { ...base, rocket: rocketRef(ctx, d.rocket), from: t(`zoneFrom.${d.from_zone}`) }); break;
    case "research": line = t("ev.research", base); break;
    case "retest":
      line = t("ev.retest", { ...base, owner: name(d.owner), rocket: rocketRef(ctx, d.rocket) });
      if (d.lost && d.lost.length) line += ` ${t("ev.lost", { cards: cardList(ctx, d.lost) })}`;
      break;
    case "headhunting": line = t("ev.headhunting", { ...base, owner: name(d.owner), zone: t(`zoneFrom.${d.zone}`) }); break;
    case "brainstorm": line = t("ev.brainstorm", { ...base, n: (d.cards || []).length }); break;
    case "sabotage":
      line = t("ev.sabotage", { ...base, owner: name(d.owner), rocket: rocketRef(ctx, d.rocket), part: cardName(ctx, d.part) });
      if (d.from_zone && d.from_zone !== "assembly") line += ` ${t("ev.sabotageBack", { from: t(`zoneFrom.${d.from_zone}`) })}`;
      if (d.lost && d.lost.length) line += ` ${t("ev.lost", { cards: cardList(ctx, d.lost) })}`;
      break;
    case "soldering-iron": line = t("ev.solderingIron", base); break;
    case "field-duty": line = t(d.card ? "ev.fieldDuty.discard" : "ev.fieldDuty.play", base); break;
    case "espionage":
      if (d.victims && d.victims.length === 1) line = t("ev.espionage.one", { ...base, victim: name(d.victims[0]) });
      else if (d.victims) line = t("ev.espionage.two", { ...base, a: name(d.victims[0]), b: name(d.victims[1]) });
      break;
    case "stolen": line = t("ev.stolen", { ...base, victim: name(d.victim) }); break;
    case "stolen-public": line = t("ev.stolenPublic", { ...base, victim: name(d.victim) }); break;
    case "vacuum": line = t("ev.vacuum", { ...base, owner: name(d.owner), rocket: rocketRef(ctx, d.rocket) }); break;
    case "order": line = t("ev.order", base); break;
    case "keep": line = t("ev.keep", base); break;
    case "discard": line = t("ev.discard", base); break;
    case "redraw": line = t("ev.redraw", base); break;
    case "reshuffle": line = t(d.with_pads ? "ev.reshufflePads" : "ev.reshuffle", { n: d.deck }); break;
    case "countdown": line = t("ev.countdown", base); break;
    case "game-over":
      line = d.reason === "max_turns" ? t("ev.gameOver.cap", { n: d.max_turns }) : t("ev.gameOver.countdown");
      break;
    case "offer":
      if (d.offer === "gift") line = t("ev.offer.gift", { ...base, to: name(d.to), give: cardList(ctx, d.give) });
      else if (d.offer === "trade") line = t("ev.offer.trade", { ...base, to: name(d.to), give: cardList(ctx, d.give), want: cardList(ctx, d.want) });
      break;
    case "first-player": line = t("ev.first", base); break;
    case "draft": line = t("ev.draft", { ...base, to: name(d.to) }); break;
    case "draft-give": line = t("ev.draftGive", base); break;
    case "draft-want": line = t("ev.draftWant", base); break;
    case "withdraw": line = t("ev.withdraw", { ...base, to: name(d.to) }); break;
    case "accept":
    case "refuse":
      if (d.offer) line = t(`ev.${event.kind}.${d.offer}`, { ...base, from: name(d.offered_by) });
      break;
    default: break;
  }
  return line || event.text;
}

// A legal action in words, for the confirm button, the coach and the replay ("play Metal on Swift").
export function describeMove(json, ctx) {
  const t = ctx.t;
  const card = (id) => cardName(ctx, id);
  switch (json.kind) {
    case "gift": return t("move.gift", { card: cardList(ctx, json.cards), player: ctx.playerName(json.seat) });
    case "trade": return t("move.trade", { give: cardList(ctx, json.give), want: cardList(ctx, json.want), player: ctx.playerName(json.seat) });
    case "offer": return t("move.offer", { player: ctx.playerName(json.seat) });
    case "discard": return t("move.discard", { card: card(json.card) });
    case "first": return t("move.first", { player: ctx.playerName(json.seat) });
    case "play": break;
    default: return t(`move.${json.kind}`, { card: json.card ? card(json.card) : "", rocket: json.rocket ? rocketRef(ctx, json.rocket, null, true) : "" });
  }
  const { target } = json;
  const base = { card: card(json.card) };
  if (!target) return t("move.play", base);
  const type = cardType(json.card);
  if (type === "expert") return t("move.playIn", { ...base, zone: t(`zoneAt.${target}`) });
  if (json.card === "headhunting" || json.card === "key_to_start") {
    const [seat, zone] = target.split(":");
    return t(json.card === "headhunting" ? "move.headhunting" : "move.key",
      { ...base, player: ctx.playerName(Number(seat)), zone: t(`zoneFrom.${zone}`) });
  }
  if (json.card === "budget_cut") return t("move.against", { ...base, player: ctx.playerName(Number(target)) });
  if (json.card === "espionage") {
    const seats = target.split(",").map(Number);
    return seats.length === 1 ? t("move.espionageOne", { ...base, player: ctx.playerName(seats[0]) })
      : t("move.espionageTwo", { ...base, a: ctx.playerName(seats[0]), b: ctx.playerName(seats[1]) });
  }
  if (json.card === "soldering_iron") return t("move.soldering", { ...base, take: card(target) });
  if (json.card === "sabotage") {
    const [rocket, part] = target.split(" ");
    return t("move.sabotage", { ...base, rocket: rocketRef(ctx, rocket, null, true), part: card(part) });
  }
  return t("move.playOn", { ...base, rocket: rocketRef(ctx, target, null, true) });
}
