// The panels beside the mat: the rocket board with the dice, the expedition token, the players'
// boards, the goal tiles and the crash track, and the viewing seat's own crew and secret missions.

import { svg, html, die, astronautToken, asButton, crown, ufoGlyph, hexagon } from "./draw.js";
import { multiline, wrapText } from "./mat.js";
import { expeditionTokenText, goalText, missionText, astronautName } from "./narrative.js";

const ABILITIES = ["satellite", "navigator", "parachutist", "moon_expert", "planet_expert", "deep_space_expert", "die_discarder", "helper"];

/** The rocket board (who is aboard, the commander, who decides), the dice and the travel choice.
 * `travel` = {offered: Set, selected: Set, toggle(item), enabled(item)} or null. */
export function drawRocket(view, ctx, travel, changed) {
  const t = ctx.t;
  const rocket = view.rocket;
  const width = 340;
  const slotH = 34;
  const boardTop = 40;
  const diceTop = boardTop + Math.max(rocket.board.length, 1) * slotH + 18;
  const ufo = view.variant_state && view.variant_state.ufo;
  const tokenH = ufo ? 64 : 0;
  const height = diceTop + 120 + tokenH;
  const root = svg("svg", { class: "mlem-rocket", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("rocket_board") });
  root.append(svg("rect", { width, height, rx: 14, class: "mlem-panel-bg" }));
  root.append(svg("text", { x: 14, y: 26, class: "mlem-panel-title" }, t("expedition_n", { n: view.expedition })));
  root.append(svg("text", { x: width - 14, y: 26, "text-anchor": "end", class: "mlem-panel-sub" },
    rocket.in_deep_space ? t("deep_space") : t("space_n", { n: rocket.position })));
  if (!rocket.board.length) {
    root.append(svg("text", { x: 14, y: boardTop + 20, class: "mlem-panel-sub" }, t("rocket_empty")));
  }
  const commanderSlot = commanderSlotOf(view);
  rocket.board.forEach((slot, i) => {
    const y = boardTop + i * slotH;
    const classes = ["mlem-slot"];
    if (!slot.aboard) classes.push("mlem-slot-left");
    if (rocket.deciding === slot.slot) classes.push("mlem-slot-deciding");
    if (changed.has("slot:" + slot.slot)) classes.push("just-changed");
    const g = svg("g", { class: classes.join(" "), "data-slot": slot.slot });
    g.append(svg("rect", { x: 8, y, width: width - 16, height: slotH - 4, rx: 8, class: "mlem-slot-bg" }));
    g.append(svg("text", { x: 22, y: y + 20, "text-anchor": "middle", class: "mlem-slot-number" }, String(slot.slot + 1)));
    g.append(astronautToken(slot.astronaut, ctx.seatColor(slot.seat), 50, y + 15, 12, { faded: !slot.aboard, flipped: slot.helper_used }));
    g.append(svg("text", { x: 70, y: y + 13, class: "mlem-slot-name" }, astronautName(ctx, slot.astronaut)));
    g.append(svg("text", { x: 70, y: y + 26, class: "mlem-slot-player", fill: ctx.seatColor(slot.seat) }, ctx.playerName(slot.seat)));
    const status = !slot.aboard ? t("slot.left") : slot.helper_used ? t("slot.helper_used") : rocket.deciding === slot.slot ? t("slot.deciding") : "";
    if (status) g.append(svg("text", { x: width - 16, y: y + 20, "text-anchor": "end", class: "mlem-slot-status" }, status));
    if (commanderSlot === slot.slot) g.append(crown(width - (status ? 100 : 30), y + 15, 9));
    const label = [astronautName(ctx, slot.astronaut), ctx.playerName(slot.seat), commanderSlot === slot.slot ? t("commander") : "", status].filter(Boolean).join(", ");
    g.setAttribute("aria-label", label);
    g.append(svg("title", {}, label));
    root.append(g);
  });
  root.append(drawDice(view, ctx, travel, 14, diceTop, width - 28, changed));
  if (ufo) root.append(drawExpeditionToken(view, ctx, ufo, travel, 14, diceTop + 120, width - 28));
  return root;
}

function commanderSlotOf(view) {
  const rocket = view.rocket;
  if (rocket.commander === null || rocket.commander === undefined) return null;
  // The commander is the topmost astronaut still aboard (ruling R11).
  const slot = rocket.board.find((s) => s.aboard && s.seat === rocket.commander);
  return slot ? slot.slot : null;
}

function drawDice(view, ctx, travel, x, y, w, changed) {
  const t = ctx.t;
  const rocket = view.rocket;
  const total = view.mat.dice_count;
  const aside = Math.max(0, total - rocket.dice);
  const g = svg("g", { class: "mlem-dice" + (changed.has("dice") ? " just-changed" : ""), transform: `translate(${x},${y})` });
  g.append(svg("text", { x: 0, y: 0, class: "mlem-panel-sub" }, t("dice_status", { hand: rocket.dice, aside })));
  const space = view.mat.spaces[Math.min(rocket.position, view.mat.spaces.length - 1)];
  if (rocket.roll) {
    // The roll, grouped by face (rulebook: travel, step 1); groups the space does not accept are dimmed.
    const groups = [];
    for (const face of rocket.roll) {
      const group = groups.find((gr) => gr.face === face);
      if (group) group.count += 1;
      else groups.push({ face, count: 1 });
    }
    let gx = 0;
    for (const group of groups) {
      const item = "g:" + group.face;
      const accepted = space && space.faces.includes(group.face) && !rocket.in_deep_space;
      const gw = group.count * 30 + 8;
      const node = svg("g", { class: "mlem-die-group" + (accepted ? "" : " mlem-dim"), "data-face": group.face, "data-count": group.count });
      node.append(svg("rect", { x: gx, y: 12, width: gw, height: 40, rx: 8, class: "mlem-group-bg" }));
      for (let i = 0; i < group.count; i++) {
        node.append(die(group.face, gx + 19 + i * 30, 32, 26, { value: group.face === "A" ? space && space.afterburner : null }));
      }
      const label = t("group_label", { count: group.count, face: group.face === "A" ? t("face.A") : group.face });
      if (travel && travel.offered.has(item)) toggleControl(node, ctx, travel, item, label);
      else {
        node.setAttribute("aria-label", label + (accepted ? "" : " — " + t("not_accepted")));
        node.append(svg("title", {}, node.getAttribute("aria-label")));
      }
      g.append(node);
      gx += gw + 8;
    }
    // Helper astronauts aboard, each usable as a die showing 1 (rulebook: helper).
    if (travel) {
      for (const item of [...travel.offered].filter((i) => i.startsWith("h:"))) {
        const seat = Number(item.slice(2));
        const node = svg("g", { class: "mlem-die-group mlem-helper-die", "data-helper": seat });
        node.append(svg("rect", { x: gx, y: 12, width: 38, height: 40, rx: 8, class: "mlem-group-bg" }));
        node.append(die("1", gx + 19, 32, 26, { fill: "#fff7d6" }));
        node.append(astronautToken("helper", ctx.seatColor(seat), gx + 34, 16, 8));
        toggleControl(node, ctx, travel, item, t("helper_label", { player: ctx.playerName(seat) }));
        g.append(node);
        gx += 46;
      }
    }
  } else {
    for (let i = 0; i < rocket.dice; i++) g.append(die("?", 17 + i * 32, 32, 26));
  }
  // The dice set aside this expedition.
  for (let i = 0; i < aside; i++) g.append(die("?", 13 + i * 22, 82, 18, { dim: true }));
  if (aside) g.append(svg("text", { x: 13 + aside * 22, y: 86, class: "mlem-small-label-dark" }, t("set_aside")));
  return g;
}

function toggleControl(node, ctx, travel, item, label) {
  const selected = travel.selected.has(item);
  const enabled = travel.enabled(item);
  node.classList.add("mlem-toggle");
  if (selected) node.classList.add("mlem-selected");
  if (!enabled) node.classList.add("mlem-disabled");
  node.setAttribute("data-travel-item", item);
  node.setAttribute("aria-pressed", selected ? "true" : "false");
  if (!enabled) node.setAttribute("aria-disabled", "true");
  asButton(node, label, () => {
    if (travel.enabled(item)) travel.toggle(item);
  });
}

function drawExpeditionToken(view, ctx, ufo, travel, x, y, w) {
  const t = ctx.t;
  const g = svg("g", { class: "mlem-expedition-token", transform: `translate(${x},${y})` });
  g.append(svg("rect", { width: w, height: 56, rx: 10, class: "mlem-token-bg" + (ufo.ability_spent ? " mlem-spent" : "") }));
  g.append(ufoGlyph(26, 28, 30));
  const token = ufo.token;
  const text = token ? expeditionTokenText(ctx, token) + (ufo.ability_spent ? " — " + t("token.spent") : "") : t("token.none");
  g.append(multiline(text, 50, 22, 38, 14, { class: "mlem-token-text" }));
  g.append(svg("text", { x: 50, y: 50, class: "mlem-small-label-dark" }, t(ufo.in_deep_space ? "ufo_status_deep" : "ufo_status", { space: ufo.position, left: ufo.expedition_tokens_left, stack: ufo.ufo_stack.join(" ") || "—" })));
  g.setAttribute("aria-label", text);
  if (token && token.ability === "extra" && travel && travel.offered.has("extra")) {
    const node = svg("g", { class: "mlem-die-group" });
    token.extra_dice.forEach((face, i) => node.append(die(face, w - 22 - i * 26, 28, 22, { fill: "#e8fff2" })));
    toggleControl(node, ctx, travel, "extra", t("extra_label"));
    g.append(node);
  }
  return g;
}

/** Who is who: each astronaut's icon with its name and ability, folded under a summary (the icons
 *  elsewhere name themselves only on hover and to assistive technology). */
export function astronautLegend(ctx, color) {
  const t = ctx.t;
  const list = html("ul", { class: "mlem-legend-list" });
  for (const a of ABILITIES) {
    const icon = svg("svg", { viewBox: "-18 -18 36 36", class: "mlem-legend-icon", "aria-hidden": "true" }, [astronautToken(a, color, 0, 0, 16)]);
    list.append(html("li", { "data-legend": a }, [icon, html("b", { text: astronautName(ctx, a) }), html("span", { text: " — " + t("ability." + a) })]));
  }
  return html("details", { class: "mlem-legend" }, [html("summary", { text: t("legend") }), list]);
}

/** The viewing seat's crew (astronauts not yet used) with the launch choice, and its missions. */
export function drawHand(view, ctx, launch, choose, changed) {
  const t = ctx.t;
  const seat = ctx.seat;
  if (seat === null || seat === undefined) return null;
  const me = view.players[seat];
  const missions = view.variant_state && view.variant_state.missions && view.variant_state.missions.hands
    && view.variant_state.missions.hands[String(seat)];
  const width = 340;
  const missionH = missions ? 30 + missions.dealt.length * 30 : 0;
  const height = 92 + missionH;
  const root = svg("svg", { class: "mlem-hand", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("your_crew") });
  root.append(svg("rect", { width, height, rx: 14, class: "mlem-panel-bg" }));
  root.append(svg("text", { x: 14, y: 24, class: "mlem-panel-title" }, t("your_crew")));
  ABILITIES.forEach((a, i) => {
    const x = 26 + i * 40;
    const available = me.available.includes(a);
    const entry = launch.get(a);
    const g = svg("g", { class: "mlem-crew-member" + (available ? "" : " mlem-gone"), "data-crew": a });
    g.append(astronautToken(a, ctx.seatColor(seat), x, 56, 16, { faded: !available }));
    if (entry) {
      g.classList.add("mlem-target");
      g.setAttribute("data-move", launch.keyOf(entry));
      asButton(g, t("do_board", { astronaut: astronautName(ctx, a) }) + " — " + t("ability." + a), () => launch.act(entry));
    } else {
      const label = astronautName(ctx, a) + " — " + t("ability." + a) + (available ? "" : " (" + t("crew.used") + ")");
      g.setAttribute("aria-label", label);
      g.append(svg("title", {}, label));
    }
    root.append(g);
  });
  if (missions) {
    const top = 96;
    root.append(svg("text", { x: 14, y: top, class: "mlem-panel-title" }, t("your_missions", { points: missions.points })));
    missions.dealt.forEach((m, i) => {
      const y = top + 10 + i * 30;
      const returned = missions.returned === m.id;
      const done = missions.completed.includes(m.id);
      const g = svg("g", { class: "mlem-mission" + (returned ? " mlem-gone" : "") + (done ? " mlem-done" : ""), "data-mission": m.id });
      g.append(svg("rect", { x: 10, y, width: width - 20, height: 26, rx: 6, class: "mlem-slot-bg" }));
      g.append(svg("circle", { cx: 26, cy: y + 13, r: 8, class: m.kind === "moon" ? "mlem-moon-disc" : "mlem-planet-disc", fill: m.kind === "moon" ? null : "#3d8fe0" }));
      const text = missionText(ctx, m, view);
      const status = returned ? t("mission.returned") : done ? t("mission.done") : "";
      g.append(svg("text", { x: 42, y: y + 17, class: "mlem-slot-name" }, text));
      if (status) g.append(svg("text", { x: width - 18, y: y + 17, "text-anchor": "end", class: "mlem-slot-status" }, status));
      const entry = choose.get(m.id);
      if (entry) {
        g.classList.add("mlem-target");
        g.setAttribute("data-move", choose.keyOf(entry));
        asButton(g, t("do_return_mission", { mission: text }), () => choose.act(entry));
      } else {
        g.setAttribute("aria-label", text + (status ? " — " + status : ""));
      }
      root.append(g);
    });
  }
  return root;
}

/** One board per player: name, score with its parts, astronauts left, face-down tokens. */
export function drawPlayers(view, ctx, cols, changed) {
  const t = ctx.t;
  const perRow = Math.min(view.num_players, cols >= 7 ? 3 : 2);
  const width = cols >= 7 ? 720 : 414;
  const gap = 8;
  const cardW = (width - 12 - (perRow - 1) * gap) / perRow;
  const cardH = 124;
  const rows = Math.ceil(view.num_players / perRow);
  const height = 6 + rows * (cardH + gap);
  const root = svg("svg", { class: "mlem-players", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("players") });
  view.players.forEach((p, i) => {
    const x = 6 + (i % perRow) * (cardW + gap);
    const y = 6 + Math.floor(i / perRow) * (cardH + gap);
    const classes = ["mlem-player"];
    if (view.current_player === p.seat) classes.push("mlem-to-act");
    if (view.winners.includes(p.seat)) classes.push("mlem-winner");
    if (changed.has("player:" + p.seat)) classes.push("just-changed");
    const g = svg("g", { class: classes.join(" "), transform: `translate(${x},${y})`, "data-player": p.seat });
    g.append(svg("rect", { width: cardW, height: cardH, rx: 10, class: "mlem-card-bg" }));
    g.append(svg("rect", { width: 8, height: cardH, rx: 4, fill: ctx.seatColor(p.seat) }));
    g.append(svg("text", { x: 16, y: 22, class: "mlem-card-title" }, ctx.playerName(p.seat) + (ctx.seat === p.seat ? " " + t("you_mark") : "")));
    g.append(svg("text", { x: cardW - 12, y: 26, "text-anchor": "end", class: "mlem-score", "data-score": view.scores[p.seat] }, String(view.scores[p.seat])));
    const parts = Object.entries(p.score).map(([k, v]) => t("part." + k) + " " + v).join(" · ");
    g.append(multiline(parts, 16, 42, Math.floor(cardW / 6.2), 13, { class: "mlem-small-label-dark" }));
    ABILITIES.forEach((a, k) => {
      const available = p.available.includes(a);
      g.append(astronautToken(a, ctx.seatColor(p.seat), 24 + k * 21, 86, 8.5, { faded: !available }));
    });
    // Face-down tokens and secret missions: only how many (their values stay hidden until the end).
    const tokens = [];
    const vs = view.variant_state || {};
    if (vs.ufo) tokens.push(["ufo", p.face_down_tokens.ufo, t("face_down.ufo", { n: p.face_down_tokens.ufo })]);
    if (vs.discovery) tokens.push(["discovery", p.face_down_tokens.discoveries, t("face_down.discoveries", { n: p.face_down_tokens.discoveries })]);
    if (vs.missions) {
      const n = vs.missions.dealt[p.seat] - (vs.missions.chosen[p.seat] ? 1 : 0);
      tokens.push(["mission", n, t("face_down.missions", { n })]);
    }
    g.append(svg("text", { x: 16, y: 112, class: "mlem-small-label-dark" }, t("placed_n", { n: p.placed })));
    tokens.forEach(([kind, n, label], k) => {
      const tx = cardW - 36 * (tokens.length - k) - 4;
      const tg = svg("g", { class: "mlem-face-down", "aria-label": label }, svg("title", {}, label));
      if (kind === "ufo") tg.append(ufoGlyph(tx + 8, 108, 16));
      else if (kind === "discovery") tg.append(hexagon(tx + 8, 108, 7, { class: "mlem-discovery-hex mlem-discovery-points" }));
      else tg.append(svg("path", { d: `M ${tx + 4} 116 L ${tx + 4} 100 L ${tx + 14} 104 L ${tx + 4} 108`, class: "mlem-mission-flag" }));
      tg.append(svg("text", { x: tx + 18, y: 112, class: "mlem-small-label-dark" }, String(n)));
      g.append(tg);
    });
    const label = t("player_label", { player: ctx.playerName(p.seat), score: view.scores[p.seat], placed: p.placed }) + ". " + parts;
    g.setAttribute("aria-label", label);
    g.append(svg("title", {}, label));
    root.append(g);
  });
  return root;
}

/** The goal tiles (who took each) and the crash track. */
export function drawGoalsAndCrashes(view, ctx, cols, changed) {
  const t = ctx.t;
  const width = 414;
  const perRow = 2;
  const gap = 8;
  const tileW = (width - 12 - (perRow - 1) * gap) / perRow;
  // Tall enough for the longest condition in this language (SVG text does not wrap by itself).
  const chars = Math.floor((tileW - 34) / 6.3);
  const lines = Math.max(2, ...view.goals.map((goal) => wrapText(goalText(ctx, goal), chars).length));
  const tileH = 36 + lines * 13;
  const goalRows = Math.ceil(view.goals.length / perRow);
  const crashTop = 6 + goalRows * (tileH + gap) + 8;
  const height = crashTop + 60;
  const root = svg("svg", { class: "mlem-goals", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("goals_and_crashes") });
  view.goals.forEach((goal, i) => {
    const x = 6 + (i % perRow) * (tileW + gap);
    const y = 6 + Math.floor(i / perRow) * (tileH + gap);
    const owner = goal.claimed_by;
    const g = svg("g", { class: "mlem-goal" + (owner !== null && owner !== undefined ? " mlem-claimed" : "") + (changed.has("goal:" + goal.id) ? " just-changed" : ""), transform: `translate(${x},${y})`, "data-goal": goal.id });
    const claimed = owner !== null && owner !== undefined;
    g.append(svg("rect", { width: tileW, height: tileH, rx: 10, class: "mlem-goal-bg", style: claimed ? `stroke: ${ctx.seatColor(owner)}` : null }));
    g.append(svg("circle", { cx: tileW - 18, cy: 18, r: 12, class: "mlem-points-badge" }));
    g.append(svg("text", { x: tileW - 18, y: 22.5, "text-anchor": "middle", class: "mlem-points-text" }, String(goal.points)));
    g.append(multiline(goalText(ctx, goal), 10, 20, chars, 13, { class: "mlem-goal-text" }));
    const who = owner !== null && owner !== undefined ? t("goal_taken_by", { player: ctx.playerName(owner) }) : t("goal_open");
    g.append(svg("text", { x: 10, y: tileH - 8, class: "mlem-small-label-dark mlem-goal-owner", style: claimed ? `fill: ${ctx.seatColor(owner)}` : null }, who));
    g.setAttribute("aria-label", goalText(ctx, goal) + " — " + who);
    root.append(g);
  });
  const track = svg("g", { class: "mlem-crash-track" + (changed.has("crash") ? " just-changed" : ""), transform: `translate(6,${crashTop})`, "aria-label": t("crash_track", { n: view.crashes, max: view.crash_track_length }), "data-crashes": view.crashes });
  track.append(svg("text", { x: 0, y: 12, class: "mlem-panel-sub-dark" }, t("crash_track", { n: view.crashes, max: view.crash_track_length })));
  const step = Math.min(34, (width - 24) / view.crash_track_length);
  for (let i = 0; i < view.crash_track_length; i++) {
    const filled = i < view.crashes;
    track.append(svg("circle", { cx: 14 + i * step, cy: 36, r: Math.min(13, step / 2 - 2), class: "mlem-crash-field" + (filled ? " mlem-crashed" : ""), "data-crash-field": i }));
    if (filled) track.append(svg("path", { d: starPath(14 + i * step, 36, 8), class: "mlem-crash-burst" }));
  }
  root.append(track);
  return root;
}

function starPath(x, y, r) {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const rad = i % 2 ? r * 0.45 : r;
    const a = (i * Math.PI) / 8;
    pts.push(`${(x + rad * Math.cos(a)).toFixed(1)} ${(y + rad * Math.sin(a)).toFixed(1)}`);
  }
  return "M " + pts.join(" L ") + " Z";
}
