// Planet for the browser: the table drawn in SVG from the seat's view, moves built from the legal list
// by clicking on the board (contract: docs/web-client.md).
import { drawPlace } from "./board.js";
import { CONFIRM_BAR_KINDS, legalKey, stage, targetOf } from "./choices.js";
import { indexView } from "./geometry.js";
import { cardName, describeAction, describeEvent, turnedDirs } from "./narrative.js";
import { playersPanel } from "./panel.js";
import { button, html } from "./svg.js";
import { arrowPreview } from "./tiles.js";

const STYLE_ID = "planet-styles";

function ensureStyles() {
  if (document.getElementById(STYLE_ID)) return;
  const link = html("link", { id: STYLE_ID, rel: "stylesheet", href: new URL("./planet.css", import.meta.url).href });
  document.head.append(link);
}

// The move being built survives the shell drawing the page again (a new root each time) and is
// dropped as soon as the position changes. One Planet table is shown at a time (hot-seat shows one seat).
let table = null;

function positionKey(ctx) {
  const v = ctx.view;
  const events = ctx.newEvents || [];
  const last = events.length ? events[events.length - 1].index : "";
  return `${ctx.seat}/${v.total_turns}/${v.phase}/${v.current}/${last}/${legalKey(ctx.legal || [])}`;
}

// Start over with nothing selected (a page that shows the same position afresh, e.g. a test page).
export function forgetSelection() {
  table = null;
}

function freshUi() {
  return { subject: null, astronaut: null, coin: false, chosen: null, chosenCell: null, pick: null };
}

// Cells, astronauts and ships the newest events touched: drawn with the `just-changed` mark.
function changedThings(events) {
  const out = new Set();
  for (const event of events || []) {
    const d = event.data || {};
    for (const field of ["cell", "src", "dest", "first", "second"]) if (typeof d[field] === "string") out.add(d[field]);
    if (typeof d.origin === "string" && d.origin !== "ship") out.add(d.origin);
    if (event.seat !== null && event.seat !== undefined && d.a) out.add(`astronaut:${event.seat}:${d.a}`);
    if (d.victim !== undefined && d.victim_a) out.add(`astronaut:${d.victim}:${d.victim_a}`);
    if (event.kind === "sail" || event.kind === "fly" || event.kind === "fuel") out.add(`ship:${event.seat}`);
  }
  return out;
}

function prompt(ctx, stg, ui) {
  const v = ctx.view;
  if (v.phase === "over") return ctx.t("ui.over");
  if (!ctx.interactive || ctx.seat === null || v.current !== ctx.seat || !ctx.legal.length) {
    return v.current >= 0 ? ctx.t("ui.waiting", { who: ctx.playerName(v.current) }) : "";
  }
  if (ui.chosen) return ctx.t("ui.prompt_confirm");
  if (ui.pick) return ctx.t("ui.prompt_pick");
  switch (v.phase) {
    case "choose":
      return ctx.t("ui.prompt_choose");
    case "peek":
      return ctx.t("ui.prompt_peek", { count: v.peeks_left });
    case "meteor":
      return ctx.t("ui.prompt_meteor");
    case "turn":
      return ctx.t("ui.prompt_turn");
    case "beam":
      return ctx.t("ui.prompt_beam");
    case "post":
      return ui.subject ? ctx.t("ui.prompt_target") : ctx.t("ui.prompt_post");
    case "claim":
      return ctx.t("ui.prompt_claim", { who: ctx.playerName(v.turn) });
    default:
      break;
  }
  if (stg.cardAstronauts) return ctx.t("ui.prompt_card_astronaut", { card: cardName(ctx, ui.subject.slice(5)) });
  if (ui.subject) return ctx.t("ui.prompt_target");
  return v.in_boost ? ctx.t("ui.prompt_boost") : ctx.t("ui.prompt_act");
}

function draw(table) {
  const { root, ctx } = table;
  const ui = table.ui;
  const view = ctx.view;
  const index = indexView(view);
  const playing = ctx.interactive && ctx.seat !== null && view.current === ctx.seat && !table.busy;
  const legal = playing ? ctx.legal : [];
  const stg = stage(index, ctx.seat, legal, ui);
  // A lone entry with no cell (Special boost, a card used with no astronaut) goes straight to confirm.
  if (!ui.chosen && ui.subject && !stg.targets.size && stg.loose.length === 1 && !stg.cardAstronauts) {
    ui.chosen = stg.loose[0];
  }
  const rerender = () => draw(table);
  const send = (entry) => {
    table.busy = true;
    rerender();
    const unlock = () => {
      // The server refused (e.g. the position moved on): unlock the table so the player can try again.
      table.busy = false;
      table.ui = freshUi();
      draw(table);
    };
    Promise.resolve(ctx.act(entry.json)).then((ok) => (ok === false ? unlock() : null), unlock);
  };
  const choose = (entry, cell) => {
    if (stg.direct) {
      send(entry);
      return;
    }
    if (CONFIRM_BAR_KINDS.has(entry.json.kind) || (ui.subject && cell)) {
      table.ui = { ...ui, chosen: entry, chosenCell: cell || null, pick: null };
      rerender();
      return;
    }
    send(entry);
  };
  const on = {
    select(subject) {
      table.ui = { ...freshUi(), subject };
      rerender();
    },
    selectCardAstronaut(n) {
      table.ui = { ...ui, astronaut: n, chosen: null, pick: null };
      rerender();
    },
    target(cell, entries) {
      if (ui.chosen && ui.chosenCell === cell) {
        send(ui.chosen); // a second click on the chosen cell confirms it
        return;
      }
      if (entries.length === 1) choose(entries[0], cell);
      else {
        table.ui = { ...ui, pick: { cell, entries }, chosen: null };
        rerender();
      }
    },
    cardName: (subject) => cardName(ctx, subject.slice(5)),
  };

  const focusKey = document.activeElement && root.contains(document.activeElement) ? keyOf(document.activeElement) : null;

  const boards = html("div", { class: "pl-boards" });
  for (const id of ["p", "s"]) if (view.areas[id]) boards.append(drawPlace(ctx, index, id, stg, ui, on, changedThings(ctx.newEvents)));

  const bar = html("div", { class: "pl-bar", role: "group", "aria-label": ctx.t("ui.actions") });
  bar.append(html("p", { class: "pl-prompt", "aria-live": "polite" }, prompt(ctx, stg, ui)));
  const row = html("div", { class: "pl-bar-row" });
  bar.append(row);
  if (ui.chosen) {
    row.append(html("span", { class: "pl-chosen-text" }, describeAction(ui.chosen, ctx, ui.chosenCell)));
    row.append(button(ctx.t("ui.confirm"), "pl-btn pl-confirm", () => send(ui.chosen), { "data-confirm": ui.chosen.text }));
    row.append(button(ctx.t("ui.cancel"), "pl-btn pl-cancel", () => on.select(null), { "data-cancel": "1" }));
  } else if (ui.pick) {
    for (const entry of ui.pick.entries) row.append(entryButton(ctx, entry, ui.pick.cell, view, () => choose(entry, ui.pick.cell)));
    row.append(button(ctx.t("ui.cancel"), "pl-btn pl-cancel", () => on.select(null), { "data-cancel": "1" }));
  } else {
    if (stg.coinToggle) {
      const toggle = button(ctx.t("ui.carry_coin"), ["pl-btn pl-toggle", ui.coin && "on"].filter(Boolean).join(" "), () => {
        table.ui = { ...ui, coin: !ui.coin };
        rerender();
      }, { "aria-pressed": ui.coin ? "true" : "false", "data-toggle": "coin" });
      row.append(toggle);
    }
    for (const entry of stg.loose) if (stg.direct) row.append(entryButton(ctx, entry, null, view, () => send(entry)));
    // the claim last: it is rarely wanted and must not sit where the usual move is
    const barEntries = [...stg.bar].sort((a, b) => (a.json.kind === "claim") - (b.json.kind === "claim"));
    for (const entry of barEntries) row.append(entryButton(ctx, entry, null, view, () => choose(entry)));
    if (ui.subject) row.append(button(ctx.t("ui.cancel"), "pl-btn pl-cancel", () => on.select(null), { "data-cancel": "1" }));
  }

  const cards = playersPanel(ctx, view, {
    selectable: stg.selectable,
    selected: ui.subject,
    onCard: (card) => (ui.subject === `card:${card}` ? on.select(null) : on.select(`card:${card}`)),
  });

  const status = html("div", { class: "pl-status" },
    html("span", {}, ctx.t("ui.turn_count", { n: view.total_turns + 1 })),
    html("span", {}, ctx.t("ui.supply", { count: view.coins.supply })),
    html("span", {}, ctx.t("ui.on_board", { count: view.coins.on_board })),
    view.coins.locked ? html("span", {}, ctx.t("ui.locked", { count: view.coins.locked })) : null,
    view.coins.lost ? html("span", {}, ctx.t("ui.lost", { count: view.coins.lost })) : null);

  const wrapper = html("div", { class: ["planet-table", table.busy && "pl-busy", ctx.interactive ? "pl-interactive" : "pl-watching"] },
    bar, boards, status, cards);
  root.replaceChildren(wrapper);
  if (focusKey) {
    const again = [...root.querySelectorAll("[tabindex], button")].find((node) => keyOf(node) === focusKey);
    const next = again || root.querySelector(".pl-confirm, .pl-target, [data-select]");
    if (next) next.focus();
  }
}

function keyOf(node) {
  for (const name of ["data-confirm", "data-target", "data-select", "data-legal", "data-toggle", "data-cancel", "data-card"]) {
    if (node.hasAttribute(name)) return `${name}=${node.getAttribute(name)}`;
  }
  return null;
}

function entryButton(ctx, entry, cell, view, onClick) {
  const label = describeAction(entry, ctx, cell);
  const node = button(label, `pl-btn pl-entry pl-${entry.json.kind}`, onClick, { "data-legal": JSON.stringify([entry.text]) });
  if (entry.json.kind === "turn") {
    const tile = view.areas[entry.json.cell.startsWith("s:") ? "s" : "p"].cells.find((c) => c.cell === entry.json.cell);
    if (tile && tile.dirs) node.prepend(arrowPreview(turnedDirs(tile, entry.json.quarter), 28));
  }
  return node;
}

function scoreRows(view, ctx) {
  return view.players.map((p) => ({
    seat: p.seat,
    cells: [
      ...(view.teams ? [ctx.t("score.team", { n: p.team + 1 })] : []),
      ctx.t("score.delivered", { count: p.delivered }),
      ctx.t("score.artifacts", { count: p.cards.length }),
    ],
    total: p.score,
  }));
}

// An action in words for the coach and the replay. A move legal now is aimed from this view; a
// move already played (a replay's view is the one after it) is not, and yields null when its words
// need the cell it went to (the replay then tells the events it brought).
function describeAny(entry, ctx) {
  const key = JSON.stringify(entry.json);
  const legal = ctx.legal || [];
  const now = ctx.seat !== null && ctx.seat !== undefined && legal.some((e) => JSON.stringify(e.json) === key);
  const cell = now ? targetOf(indexView(ctx.view), ctx.seat, entry, legal) : entry.json.cell || null;
  const needsCell = !["claim", "agree", "refuse", "pass", "end", "reveal", "orient", "draw", "turn"].includes(entry.json.kind)
    && !(entry.json.kind === "ability" && !entry.json.astronaut);
  if (needsCell && !cell && !now) return null;
  return describeAction(entry, ctx, cell);
}

export default {
  id: "planet",
  render(root, ctx) {
    ensureStyles();
    const key = positionKey(ctx);
    if (!table || table.key !== key) table = { key, ui: freshUi(), busy: false };
    table.root = root;
    table.ctx = ctx;
    draw(table);
  },
  describeEvent,
  describeAction: describeAny,
  scoreRows,
  winnersText,
};

// The end screen's line: a team's win names the team (its players after it), not a "shared victory".
function winnersText(view, winners, ctx) {
  if (!view.teams || !winners.length) return null;
  const teams = new Set(winners.map((seat) => view.players[seat].team));
  if (teams.size !== 1) return null;
  return ctx.t("score.team_won", { n: [...teams][0] + 1, names: winners.map((seat) => ctx.playerName(seat)).join(", ") });
}
