// Words for Planet: event narrative lines and descriptions of legal actions, all from the catalog.
import { rotateDirs } from "./geometry.js";

function who(ctx, seat) {
  return seat === null || seat === undefined ? "" : ctx.playerName(seat);
}

export function tileName(ctx, tile) {
  const key = `tile.${tile}`;
  const text = ctx.t(key);
  return text.endsWith(key) ? ctx.t("tile.unknown") : text;
}

export function cardName(ctx, card) {
  return ctx.t(`card.${card}.name`);
}

export function dirName(ctx, dir) {
  return ctx.t(`dir.${dir}`);
}

function sense(ctx, steps) {
  return ctx.t(steps > 0 ? "sense.cw" : "sense.ccw");
}

// One narrative line for an engine event; the engine's own text when the kind is unknown here.
export function describeEvent(event, ctx) {
  const d = event.data || {};
  const p = { who: who(ctx, event.seat), a: d.a, cell: d.cell };
  switch (event.kind) {
    case "move":
      if (d.a === undefined) break;
      if (d.origin === "ship") return ctx.t("ev.move_ship", { ...p, dir: dirName(ctx, d.way) });
      return ctx.t(d.coin ? "ev.move_coin" : "ev.move", { ...p, dir: dirName(ctx, d.way), origin: d.origin });
    case "drift":
      if (d.steps === undefined) break;
      return ctx.t("ev.drift", { ...p, count: Math.abs(d.steps), sense: sense(ctx, d.steps) });
    case "sail":
      if (d.steps === undefined) break;
      return ctx.t("ev.sail", { ...p, count: Math.abs(d.steps), sense: sense(ctx, d.steps) });
    case "fly":
      if (!d.area) break;
      return ctx.t(d.area === "s" ? "ev.fly_station" : "ev.fly_planet", p);
    case "reveal":
      if (!d.tile) break;
      return ctx.t("ev.reveal", { ...p, tile: tileName(ctx, d.tile) });
    case "peek":
      return ctx.t("ev.peek", p);
    case "peek-secret":
      if (!d.tile) break;
      return ctx.t("ev.peek_secret", { ...p, tile: tileName(ctx, d.tile) });
    case "canyon":
      if (!d.how) break;
      return ctx.t(`ev.canyon_${d.how}`, p);
    case "home":
      return ctx.t("ev.home", { ...p, owner: who(ctx, d.owner) });
    case "stop":
      return ctx.t("ev.stop", p);
    case "loop":
      return ctx.t("ev.loop", p);
    case "space":
      return ctx.t("ev.space", p);
    case "coin-lost":
      return ctx.t(d.where === "rival" ? "ev.coin_lost_rival" : "ev.coin_lost_space", { ...p, owner: who(ctx, d.owner) });
    case "deliver":
      return ctx.t(d.owner === event.seat ? "ev.deliver" : "ev.deliver_ally", { ...p, owner: who(ctx, d.owner) });
    case "aboard":
      return ctx.t(d.owner === event.seat ? "ev.aboard" : "ev.aboard_other", { ...p, owner: who(ctx, d.owner) });
    case "blocked":
      return ctx.t("ev.blocked", p);
    case "attack":
      if (d.victim_a === undefined) break;
      return ctx.t(d.by === "ship" ? "ev.attack_ship" : "ev.attack", { ...p, victim: who(ctx, d.victim), va: d.victim_a });
    case "tree":
      return ctx.t("ev.tree", p);
    case "coins":
      if (d.n === undefined) break;
      return ctx.t("ev.coins", { ...p, count: d.n });
    case "crocodile":
      return ctx.t("ev.crocodile", p);
    case "portal":
      return ctx.t("ev.portal", p);
    case "fuel":
      return ctx.t("ev.fuel", p);
    case "artifact":
      if (d.card === undefined) break;
      return d.card ? ctx.t("ev.artifact", { ...p, card: cardName(ctx, d.card) }) : ctx.t("ev.artifact_empty", p);
    case "unlock":
      if (d.n === undefined) break;
      return ctx.t("ev.unlock", { ...p, count: d.n });
    case "meteorite":
      if (!d.first) break;
      return ctx.t("ev.meteorite", { ...p, first: d.first, second: d.second });
    case "turn":
      if (d.quarter === undefined) break;
      return ctx.t(d.quarter ? "ev.turn" : "ev.turn_keep", { ...p, count: d.quarter });
    case "beam":
      if (!d.src) break;
      return ctx.t("ev.beam", { ...p, src: d.src, dest: d.dest });
    case "ability":
      return ctx.t("ev.ability", { ...p, card: cardName(ctx, d.card) });
    case "claim":
    case "agree":
    case "refuse":
    case "pass":
      return ctx.t(`ev.${event.kind}`, p);
    case "end-turn":
      return ctx.t("ev.end_turn", p);
    case "chain-left":
      return ctx.t("ev.chain_left", p);
    case "game-over":
      if (!d.code) break;
      return ctx.t(`ev.over_${d.code}`, { count: d.max_turns });
    default:
      break;
  }
  return event.text;
}

// A legal action in words (the confirm bar, the names of targets and buttons).
export function describeAction(entry, ctx, cell) {
  const j = entry.json;
  const p = { a: j.astronaut, cell: cell || j.cell || "" };
  switch (j.kind) {
    case "move":
      if (j.way === "canyon") return ctx.t(j.coin ? "act.canyon_coin" : "act.canyon", p);
      return ctx.t(j.coin ? "act.move_coin" : "act.move", { ...p, dir: dirName(ctx, j.way) });
    case "drift":
      return ctx.t("act.drift", p);
    case "sail":
      return ctx.t("act.sail", p);
    case "fly":
      return ctx.t("act.fly", p);
    case "go":
    case "jump":
      return ctx.t(`act.${j.kind}`, { ...p, dir: dirName(ctx, j.way) });
    case "knight":
    case "to":
    case "peek":
    case "meteor":
    case "beam":
      return ctx.t(`act.${j.kind}`, p);
    case "turn":
      return ctx.t(j.quarter ? "act.turn" : "act.turn_keep", { ...p, count: j.quarter });
    case "ability": {
      const card = cardName(ctx, j.card);
      if (!j.astronaut) return ctx.t("act.ability", { card });
      if (j.target === "ALLY") return ctx.t("act.ability_ally", { ...p, card });
      if (j.card === "pocket" || j.target === "SHIP") return ctx.t("act.ability_ship", { ...p, card });
      return ctx.t("act.ability_to", { ...p, card });
    }
    case "claim":
    case "agree":
    case "refuse":
    case "pass":
    case "end":
      return ctx.t(`act.${j.kind}`);
    // chance outcomes, read in a replay
    case "reveal":
      return ctx.t("act.reveal", { tile: tileName(ctx, j.tile) });
    case "orient":
      return ctx.t("act.orient");
    case "draw":
      return ctx.t("act.draw", { card: cardName(ctx, j.card) });
    default:
      return ctx.t("act.unknown");
  }
}

// What a tile of a "turn" choice would point to after the turn (for the preview).
export function turnedDirs(tile, quarter) {
  return rotateDirs(tile.dirs || [], quarter);
}
