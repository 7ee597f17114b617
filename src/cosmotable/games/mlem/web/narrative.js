// MLEM narrative: one line per engine event, in the chosen language, from the event's kind and
// structured data (games/mlem/state.py emits them). Unknown kinds fall back to the engine's text.

/** The name of an astronaut in the catalog's language. */
export function astronautName(ctx, astronaut) {
  return ctx.t("astronaut." + astronaut);
}

/** A die face in words ("A" is the afterburner). */
export function faceName(ctx, face) {
  return face === "A" ? ctx.t("face.A") : String(face);
}

/** The place a rocket position stands for: a space number or deep space. */
export function placeName(ctx, view, position) {
  if (view && view.mat && position >= view.mat.deep_space) return ctx.t("deep_space");
  return ctx.t("space_n", { n: position });
}

/** A goal tile's condition, from the catalog by id (the engine's English text as a fallback). */
export function goalText(ctx, goal) {
  const key = "goal." + goal.id;
  const text = ctx.t(key);
  return text && text !== key && !text.endsWith(key) ? text : goal.text;
}

/** A secret mission in words: the moon (by its points) or planet, and the spaces it is reached from. */
export function missionText(ctx, mission, view) {
  const spaces = (mission.spaces || []).join(", ");
  if (mission.kind === "planet") {
    const planet = view && view.planets.find((p) => p.id === mission.target);
    return ctx.t("mission.planet", { planet: planet ? planet.name : mission.target, spaces });
  }
  const moon = view && view.moons.find((m) => m.id === mission.target);
  return ctx.t("mission.moon", { points: moon ? moon.points : "?", spaces });
}

/** An expedition token in words: UFO move, dice, ability. */
export function expeditionTokenText(ctx, token) {
  const ability = token.ability === "extra"
    ? ctx.t("token.extra", { dice: token.extra_dice.map((f) => faceName(ctx, f)).join(" + ") })
    : ctx.t("token." + token.ability);
  return ctx.t("token.summary", { ufo: token.ufo_move, dice: token.dice, ability });
}

/** A face-up discovery token in words. */
export function discoveryText(ctx, token) {
  if (token.kind === "points") return ctx.t("discovery.points", { points: token.points });
  return ctx.t("discovery." + token.kind);
}

function player(ctx, seat) {
  if (seat === null || seat === undefined) return ctx.t("someone");
  return ctx.playerName ? ctx.playerName(seat) : ctx.t("seat_n", { n: seat + 1 });
}

function landLine(event, ctx) {
  const d = event.data || {};
  const who = player(ctx, event.seat);
  const astronaut = astronautName(ctx, d.astronaut);
  let line;
  if (d.place === "moon") {
    const moon = ctx.view && ctx.view.moons.find((m) => m.id === d.moon);
    line = ctx.t("ev.land_moon", { player: who, astronaut, moon: moon ? moon.points : d.points, space: d.space, points: d.points });
  } else if (d.place === "planet") {
    const planet = ctx.view && ctx.view.planets.find((p) => p.id === d.planet);
    line = ctx.t("ev.land_planet", { player: who, astronaut, planet: planet ? planet.name : d.planet, space: d.space });
  } else if (d.where === "comet") {
    line = ctx.t("ev.land_comet", { player: who, astronaut, points: d.points });
  } else {
    line = ctx.t("ev.land_galaxy", { player: who, astronaut, points: d.points });
  }
  return d.parachute ? line + " " + ctx.t("ev.by_parachute") : line;
}

function discoveryLine(event, ctx) {
  const d = event.data || {};
  const who = player(ctx, event.seat);
  if (d.effect === "points") return ctx.t("ev.discovery_points", { player: who, space: d.space });
  if (d.effect === "die_return") {
    return ctx.t(d.returned ? "ev.discovery_die_return" : "ev.discovery_die_return_none", { player: who, space: d.space, dice: d.dice });
  }
  if (d.effect === "wormhole") {
    const deep = ctx.view && d.end >= ctx.view.mat.deep_space;
    return ctx.t(deep ? "ev.discovery_wormhole_deep" : "ev.discovery_wormhole", { space: d.start, end: d.end });
  }
  if (d.token) {
    const onMat = ctx.view && ctx.view.variant_state && ctx.view.variant_state.discovery
      && ctx.view.variant_state.discovery.on_mat.find((t) => t.id === d.token);
    return onMat
      ? ctx.t("ev.discovery_reveal", { space: d.space, what: discoveryText(ctx, onMat) })
      : ctx.t("ev.discovery_reveal_plain", { space: d.space });
  }
  return null;
}

function missionLine(event, ctx) {
  const d = event.data || {};
  const hands = ctx.view && ctx.view.variant_state && ctx.view.variant_state.missions
    && ctx.view.variant_state.missions.hands;
  const hand = hands && hands[String(event.seat)];
  const mission = hand && hand.dealt.find((m) => m.id === d.mission);
  return mission ? ctx.t("ev.mission", { mission: missionText(ctx, mission, ctx.view) }) : null;
}

/** One line of narrative for `event` ({kind, text, seat, data}). */
export function describeEvent(event, ctx) {
  const d = event.data || {};
  const who = player(ctx, event.seat);
  let line = null;
  switch (event.kind) {
    case "deal": line = ctx.t("ev.deal", { player: who }); break;
    case "mission": line = missionLine(event, ctx); break;
    case "choose": line = ctx.t("ev.choose", { player: who }); break;
    case "discovery": line = discoveryLine(event, ctx); break;
    case "discovery-points": line = ctx.t("ev.discovery_points_private", { points: d.points }); break;
    case "expedition-token": {
      const ufo = ctx.view && ctx.view.variant_state && ctx.view.variant_state.ufo;
      const token = ufo && ufo.token && ufo.token.id === d.token ? ufo.token : null;
      const deep = d.in_deep_space ? "_deep" : "";  // the UFO starts in deep space (ruling R24)
      line = token
        ? ctx.t("ev.expedition_token" + deep, { what: expeditionTokenText(ctx, token), space: d.ufo })
        : ctx.t("ev.expedition_token_plain" + deep, { space: d.ufo });
      break;
    }
    case "reroll": line = ctx.t("ev.reroll", { player: who }); break;
    case "board": line = ctx.t("ev.board", { player: who, astronaut: astronautName(ctx, d.astronaut) }); break;
    case "satellite": if (d.space !== undefined) line = ctx.t("ev.satellite", { space: d.space }); break;
    case "roll": line = ctx.t("ev.roll", { player: who, faces: (d.faces || []).map((f) => faceName(ctx, f)).join(", ") }); break;
    case "travel": {
      const deep = ctx.view && d.end >= ctx.view.mat.deep_space;
      line = ctx.t(deep ? "ev.travel_deep" : "ev.travel", { player: who, steps: d.steps, start: d.start, end: d.end });
      break;
    }
    case "ufo-contact": line = ctx.t("ev.ufo_contact", { player: who }); break;
    case "ufo-token": line = ctx.t("ev.ufo_token", { points: d.points }); break;
    case "crash": line = ctx.t("ev.crash", { space: d.position, n: d.crashes, max: (ctx.view && ctx.view.crash_track_length) || 11 }); break;
    case "discard": if (d.dice !== undefined) line = ctx.t("ev.discard", { dice: d.dice }); break;
    case "commander": if (d.commander !== undefined) line = ctx.t("ev.commander", { player: player(ctx, d.commander) }); break;
    case "land": if (d.astronaut) line = landLine(event, ctx); break;
    case "end-triggered": line = ctx.t("ev.end_triggered", { player: who }); break;
    case "goal": {
      const goal = ctx.view && ctx.view.goals.find((g) => g.id === d.goal);
      line = ctx.t("ev.goal", { player: who, goal: goal ? goalText(ctx, goal) : d.goal, points: d.points !== undefined ? d.points : 5 });
      break;
    }
    case "goal-due": {  // met by a parachute landing: taken at the next landing phase (ruling R7)
      const goal = ctx.view && ctx.view.goals.find((g) => g.id === d.goal);
      line = ctx.t("ev.goal_due", { player: who, goal: goal ? goalText(ctx, goal) : d.goal });
      break;
    }
    case "expedition":
      if (d.expedition !== undefined) line = ctx.t("ev.expedition", { n: d.expedition, player: player(ctx, d.starter) });
      break;
    case "game-over":
      if (d.winners) line = ctx.t(d.winners.length > 1 ? "ev.game_over_shared" : "ev.game_over", { players: d.winners.map((s) => player(ctx, s)).join(", ") });
      break;
    default:
      break;
  }
  return line || event.text;
}

/** A legal or played action ({text, json}) in words, for the coach and the replay: never the
 * engine's text. Landing names the space only (in a replay the view is the one after the landing,
 * so the moon it took is no longer the first free one). */
export function describeAction(entry, ctx) {
  const j = entry.json || {};
  const view = ctx.view;
  switch (j.kind) {
    case "board": return ctx.t("do_board", { astronaut: astronautName(ctx, j.astronaut) });
    case "roll": return ctx.t("act.roll", { faces: (j.faces || []).map((f) => faceName(ctx, f)).join(", ") });
    case "travel": {
      const parts = (j.groups || []).map((f) => faceName(ctx, f));
      const helpers = (j.helpers || []).map((seat) => player(ctx, seat));
      let line = parts.length ? ctx.t("act.travel", { faces: parts.join(", ") }) : ctx.t("act.travel_helpers_only");
      if (helpers.length) line += " " + ctx.t("act.travel_helpers", { players: helpers.join(", ") });
      if (j.extra) line += " " + ctx.t("act.travel_extra");
      if (j.keep) line += " " + ctx.t("act.travel_keep");
      return line;
    }
    case "reroll": return ctx.t("do_reroll");
    case "crash": return ctx.t("do_crash");
    case "stay": return ctx.t("do_stay");
    case "return": return ctx.t("do_return");
    case "reveal_expedition": return ctx.t("act.reveal_expedition");
    case "reveal_discovery": return ctx.t("act.reveal_discovery");
    case "deal_mission": return ctx.t("act.deal_mission");
    case "return_mission": return ctx.t("act.return_mission");
    case "land": {
      const space = view && view.rocket ? view.rocket.position + (j.shift || 0) : null;
      let line;
      if (j.place === "deep") line = ctx.t("land_deep_button");
      else if (j.place === "moon") line = ctx.t("act.land_moon", { space });
      else {
        const id = j.planet || (view && view.mat.spaces[space] ? view.mat.spaces[space].planets[0] : null);
        const planet = view && view.planets.find((p) => p.id === id);
        line = ctx.t("land_planet_button", { planet: planet ? planet.name : id, space });
      }
      return j.shift ? line + " " + ctx.t("act.navigator_shift", { shift: j.shift > 0 ? "+1" : "−1" }) : line;
    }
    default: return ctx.t("act.unknown");
  }
}
