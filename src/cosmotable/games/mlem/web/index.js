// MLEM: Space Agency - the game module of the browser client (contract: docs/web-client.md).
// Draws the seat's view in SVG and lets the player make exactly the engine's legal moves by
// clicking: astronauts to board, dice groups (with helpers, +extra, +keep) and a confirm, landing
// targets on the mat, stay / return, the secret mission to give back.

import { html } from "./draw.js";
import { drawMat, matWidth } from "./mat.js";
import { astronautLegend, drawRocket, drawHand, drawPlayers, drawGoalsAndCrashes } from "./panels.js";
import {
  actionKey, byKind, canToggle, exactTravel, offeredItems, travelSteps, travelEnd, landingTarget, landingSpace, moonTaken,
} from "./moves.js";
import { describeAction, describeEvent, astronautName, placeName } from "./narrative.js";

const NARROW = 640; // px: below this the mat is laid out 4 spaces wide (phones)
// The travel choice being built survives a redraw of the same decision (the shell may draw the
// table again, into a new element, for reasons of its own); a new decision starts afresh.
const choice = { signature: "", selected: new Set(), busy: false };
let lastDrawn = null; // {root, ctx}: redrawn when the window crosses the phone / desktop width
let drawnNarrow = null;

function ensureStyles() {
  if (document.querySelector("link[data-mlem-style]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./mlem.css", import.meta.url).href;
  link.setAttribute("data-mlem-style", "1");
  document.head.append(link);
  window.addEventListener("resize", () => {
    if (lastDrawn && lastDrawn.root.isConnected && (window.innerWidth < NARROW) !== drawnNarrow) {
      render(lastDrawn.root, lastDrawn.ctx);
    }
  });
}

/** What the newest events changed, as keys the drawing code marks with `just-changed`. */
export function changedKeys(events) {
  const keys = new Set();
  for (const e of events || []) {
    const d = e.data || {};
    switch (e.kind) {
      case "travel": keys.add("rocket"); keys.add("space:" + d.end); keys.add("dice"); break;
      case "roll": case "reroll": keys.add("dice"); break;
      case "board": keys.add("player:" + e.seat); break;
      case "land":
        keys.add("player:" + e.seat);
        if (d.place === "moon") keys.add("moon:" + d.moon);
        else if (d.place === "planet") keys.add("planet:" + d.planet);
        else keys.add("deep");
        break;
      case "crash": keys.add("crash"); keys.add("space:" + d.position); break;
      case "goal": keys.add("goal:" + d.goal); keys.add("player:" + e.seat); break;
      case "discovery": if (d.end !== undefined) keys.add("space:" + d.end); break;
      case "discard": keys.add("dice"); break;
      default: break;
    }
  }
  return keys;
}

/** The status line: whose turn it is and what they are to do. */
function promptText(view, ctx) {
  const t = ctx.t;
  if (view.phase === "over") {
    const names = view.winners.map((s) => ctx.playerName(s)).join(", ");
    return t(view.winners.length > 1 ? "prompt.over_shared" : "prompt.over", { players: names });
  }
  const seat = view.current_player;
  if (seat === null || seat === undefined || seat < 0) return t("prompt.chance");
  const mine = ctx.interactive && ctx.seat === seat && (ctx.legal || []).length > 0;
  const player = ctx.playerName(seat);
  const deciding = view.rocket.deciding;
  const astronaut = deciding !== null && deciding !== undefined && view.rocket.board[deciding]
    ? astronautName(ctx, view.rocket.board[deciding].astronaut) : "";
  const key = {
    launch: "launch", travel: "travel", landing: "landing", parachute: "parachute", choose: "choose",
  }[view.phase] || "chance";
  if (key === "chance") return t("prompt.chance");
  return t("prompt." + key + (mine ? "_you" : "_other"), { player, astronaut });
}

function render(root, ctx) {
  ensureStyles();
  lastDrawn = { root, ctx };
  const width = root.clientWidth || window.innerWidth || 1000;
  const narrow = width < NARROW;
  drawnNarrow = narrow;
  const view = ctx.view;
  const legal = ctx.interactive ? ctx.legal || [] : [];
  const signature = actionKey(legal.map((e) => e.json)) + "|" + actionKey(view.rocket);
  if (signature !== choice.signature) {
    choice.signature = signature;
    choice.selected = new Set();
    choice.busy = false;
  }
  const state = choice;
  root.classList.toggle("mlem-busy", state.busy);
  const kinds = byKind(legal);
  const act = (entry) => {
    if (state.busy) return;
    state.busy = true;
    root.classList.add("mlem-busy");
    Promise.resolve(ctx.act(entry.json)).catch(() => {}).finally(() => {
      state.busy = false;
      root.classList.remove("mlem-busy");
      if (lastDrawn) lastDrawn.root.classList.remove("mlem-busy");
    });
  };
  const rerender = () => render(root, ctx);
  const changed = changedKeys(ctx.newEvents);

  // Travel: the dice groups, helpers and token abilities offered, narrowed by the selection.
  const travels = kinds.travel || [];
  const travel = travels.length ? {
    offered: offeredItems(travels),
    selected: state.selected,
    enabled: (item) => canToggle(travels, state.selected, item),
    toggle: (item) => {
      if (state.selected.has(item)) state.selected.delete(item);
      else state.selected.add(item);
      rerender();
      const again = root.querySelector(`[data-travel-item="${item}"]`);
      if (again) again.focus();
    },
  } : null;
  const chosenTravel = travel ? exactTravel(travels, state.selected) : null;
  const steps = travel && state.selected.size ? travelSteps(view, state.selected) : 0;

  // Landing: each legal landing points at a moon, a planet or deep space on the mat.
  const targets = new Map();
  for (const entry of kinds.land || []) {
    const key = landingTarget(view, entry.json);
    if (!targets.has(key)) targets.set(key, []);
    targets.get(key).push(entry);
  }
  const missionTargets = new Set();
  const hands = view.variant_state && view.variant_state.missions && view.variant_state.missions.hands;
  const myHand = hands && ctx.seat !== null && ctx.seat !== undefined ? hands[String(ctx.seat)] : null;
  if (myHand) {
    for (const m of myHand.dealt) if (m.id !== myHand.returned) missionTargets.add(m.kind + ":" + m.target);
  }
  const controls = html("div", { class: "mlem-controls", role: "group", "aria-label": ctx.t("controls") });
  const play = {
    targets, missionTargets, changed, act, keyOf: (entry) => actionKey(entry.json),
    destination: chosenTravel ? travelEnd(view, steps) : null,
    focusControls: () => { const b = controls.querySelector("button"); if (b) b.focus(); },
  };
  const launch = new Map((kinds.board || []).map((e) => [e.json.astronaut, e]));
  launch.act = act;
  launch.keyOf = play.keyOf;
  const choose = new Map((kinds.return_mission || []).map((e) => [e.json.mission, e]));
  choose.act = act;
  choose.keyOf = play.keyOf;

  const button = (label, entry, extra = {}) => {
    const b = html("button", { type: "button", class: "mlem-button " + (extra.cls || ""), "aria-label": extra.aria || label, text: label });
    if (entry) b.setAttribute("data-move", actionKey(entry.json));
    if (extra.disabled) b.disabled = true;
    b.addEventListener("click", () => (extra.onClick ? extra.onClick() : act(entry)));
    return b;
  };
  if (travel) {
    const dest = chosenTravel ? placeName(ctx, view, travelEnd(view, steps)) : "";
    const confirm = button(chosenTravel ? ctx.t("confirm_travel", { steps, place: dest }) : ctx.t("confirm_travel_pick"), chosenTravel, {
      cls: "mlem-confirm mlem-primary", disabled: !chosenTravel,
    });
    confirm.setAttribute("data-confirm", "travel");
    controls.append(confirm);
    if (travel.offered.has("keep")) {
      const on = state.selected.has("keep");
      const keep = button(ctx.t(on ? "keep_on" : "keep_off"), null, {
        cls: "mlem-toggle-button" + (on ? " mlem-selected" : ""), disabled: !travel.enabled("keep"),
        onClick: () => travel.toggle("keep"),
      });
      keep.setAttribute("data-travel-item", "keep");
      keep.setAttribute("aria-pressed", on ? "true" : "false");
      controls.append(keep);
    }
    if (state.selected.size) {
      controls.append(button(ctx.t("clear_choice"), null, { onClick: () => { state.selected.clear(); rerender(); } }));
    }
  }
  for (const entry of kinds.reroll || []) controls.append(button(ctx.t("do_reroll"), entry));
  for (const entry of kinds.crash || []) controls.append(button(ctx.t("do_crash"), entry, { cls: "mlem-danger" }));
  for (const entry of kinds.land || []) {
    const json = entry.json;
    const number = landingSpace(view, json);
    let label;
    if (json.place === "deep") label = ctx.t("land_deep_button");
    else if (json.place === "moon") {
      const moon = view.moons.find((m) => m.id === moonTaken(view, number));
      label = ctx.t("land_moon_button", { points: moon ? moon.points : "?", space: number });
    } else {
      const id = json.planet || view.mat.spaces[number].planets[0];
      const planet = view.planets.find((p) => p.id === id);
      label = ctx.t("land_planet_button", { planet: planet ? planet.name : id, space: number });
    }
    if (json.shift) label += " (" + (json.shift > 0 ? "+1" : "−1") + ")";
    controls.append(button(label, entry, { cls: "mlem-land-button" }));
  }
  for (const entry of kinds.stay || []) controls.append(button(ctx.t("do_stay"), entry));
  for (const entry of kinds.return || []) controls.append(button(ctx.t("do_return"), entry));

  const cols = narrow ? 4 : 7;
  const table = html("div", { class: "mlem-table" + (narrow ? " mlem-narrow" : ""), "data-phase": view.phase });
  const status = html("div", { class: "mlem-status", role: "status", "aria-live": "polite", text: promptText(view, ctx) });
  table.append(status);
  if (controls.childNodes.length) table.append(controls);
  const main = html("div", { class: "mlem-main" });
  const matBox = html("div", { class: "mlem-mat-box" });
  matBox.style.maxWidth = matWidth(cols) * 1.25 + "px";
  const mat = drawMat(view, ctx, cols, play);
  // the mat's width over its height: the CSS sizes the mat to the window's height with it
  const [, , matW, matH] = (mat.getAttribute("viewBox") || "0 0 1 1").split(" ").map(Number);
  matBox.style.setProperty("--mat-ratio", String(matW / matH));
  matBox.append(mat);
  const side = html("div", { class: "mlem-side" });
  side.append(drawRocket(view, ctx, travel, changed));
  const hand = drawHand(view, ctx, launch, choose, changed);
  if (hand) side.append(hand);
  // the rocket and crew panels' width over their stacked height: the CSS fits them to the window with it
  const boxes = [...side.children].filter((node) => node.hasAttribute("viewBox")).map((node) => (node.getAttribute("viewBox") || "0 0 1 0").split(" ").map(Number));
  const sideW = Math.max(...boxes.map((b) => b[2]));
  side.style.setProperty("--side-ratio", String(sideW / boxes.reduce((sum, b) => sum + b[3] * (sideW / b[2]), 0)));
  side.append(astronautLegend(ctx, ctx.seat !== null && ctx.seat !== undefined ? ctx.seatColor(ctx.seat) : "#1b2350"));
  main.append(matBox, side);
  table.append(main);
  const lower = html("div", { class: "mlem-lower" });
  lower.append(drawPlayers(view, ctx, cols, changed), drawGoalsAndCrashes(view, ctx, cols, changed));
  table.append(lower);
  const notice = html("p", { class: "mlem-notice", text: ctx.t("reconstructed_notice") });
  table.append(notice);
  const focused = document.activeElement && root.contains(document.activeElement)
    ? document.activeElement.getAttribute("data-move") : null;
  root.replaceChildren(table);
  if (focused) {
    const again = root.querySelector(`[data-move='${CSS.escape(focused)}']`);
    if (again) again.focus();
  }
}

/** The end screen's score breakdown: one row per seat, cells labelled from the catalog. */
function scoreRows(view, ctx) {
  return view.players.map((p) => ({
    seat: p.seat,
    cells: Object.entries(p.score).map(([part, value]) => ctx.t("part." + part) + ": " + value),
    total: view.scores[p.seat],
  }));
}

export default {
  id: "mlem",
  render,
  describeEvent,
  describeAction,
  scoreRows,
};
