// Kosmodrom (Космо Дром) in the browser: the game module of docs/web-client.md.
//
// render() draws the table from ctx.view only; moves are built from ctx.legal only (moves.js) and sent
// with ctx.act(json) unchanged. Every word shown comes from the i18n catalogs through ctx.t.

import { drawCentre, drawPlayer } from "./board.js";
import { CARD_H, CARD_W, cardColour, cardFace } from "./cardface.js";
import { afterPick, entriesOf, narrow, pickKind } from "./moves.js";
import { describeEvent, describeMove } from "./narrative.js";
import { control, html, svg } from "./svg.js";

// Per seat shown (the shell may hand a new root element on every render, so the root cannot be the
// key): the picks made so far, and the position they were made in.
const tables = new Map();

function ensureStyle() {
  if (document.querySelector("link[data-kosmodrom-style]")) return;
  document.head.append(html("link", {
    rel: "stylesheet", href: new URL("./kosmodrom.css", import.meta.url).href, "data-kosmodrom-style": "",
  }));
}

function render(root, ctx) {
  ensureStyle();
  const view = ctx.view;
  const key = JSON.stringify([ctx.seat, view.turn, view.phase, view.step, (ctx.legal || []).map((e) => e.text)]);
  const slot = String(ctx.seat);
  let table = tables.get(slot);
  if (!table || table.key !== key) {
    table = { key, slot, path: [], busy: false };
    tables.set(slot, table);
  }
  table.ctx = ctx;
  table.root = root;
  draw(table);
}

function draw(table) {
  const { ctx, root } = table;
  const view = ctx.view;
  const interactive = ctx.interactive !== false && ctx.seat !== null && ctx.seat !== undefined && !table.busy;
  const entries = interactive ? entriesOf(ctx.legal, view.phase, ctx.seat) : [];
  const { next, complete } = narrow(entries, table.path);
  const ui = {
    offers: (pick) => next.has(pick) || table.path.includes(pick),
    isPicked: (pick) => table.path.includes(pick),
    pick: (pick) => onPick(table, entries, pick),
  };
  const focused = root.contains(document.activeElement) ? document.activeElement.dataset.pick : null;
  const changed = changes(ctx);

  // Two columns on a desktop (the centre and the seat's own zones left; its hand heading the right
  // column, above the others, so that it is in view without scrolling); one column on a phone, where
  // the CSS orders the parts: status, centre, others, own zones, hand.
  const main = html("div", { class: "kd-table", "data-phase": view.phase, "data-seat": ctx.seat ?? "" });
  main.append(statusPanel(view, ctx, ui, table, next, complete, entries));
  const left = html("div", { class: "kd-col kd-col-left" });
  const right = html("div", { class: "kd-col kd-col-right" });
  left.append(html("div", { class: "kd-centre-wrap" }, drawCentre(view, ui, ctx.t, changed)));
  for (const player of view.players) {
    if (player.seat !== ctx.seat) right.append(html("div", { class: "kd-other" }, drawPlayer(view, player, ui, ctx, changed)));
  }
  if (ctx.seat !== null && ctx.seat !== undefined && view.players[ctx.seat]) {
    left.append(html("div", { class: "kd-mine" }, drawPlayer(view, view.players[ctx.seat], ui, ctx, changed)));
  }
  if (Array.isArray(view.hand)) right.prepend(handPanel(view, ctx, ui, changed));
  main.append(left, right);
  root.replaceChildren(main);

  // Keyboard play: keep the focus on the same control across re-draws.
  if (focused) {
    const again = root.querySelector(`[data-pick="${CSS.escape(focused)}"]`) || root.querySelector("[data-pick]");
    if (again) again.focus();
  }
}

function onPick(table, entries, pick) {
  if (table.busy || tables.get(table.slot) !== table) return undefined;
  if (pick === "cancel") {
    table.path = [];
  } else if (pick === "confirm") {
    const { complete } = narrow(entries, table.path);
    if (complete) return submit(table, complete);
  } else if (table.path.includes(pick)) {
    table.path = table.path.slice(0, table.path.indexOf(pick)); // a second click takes the pick back
  } else {
    table.path = [...table.path, pick];
    const step = afterPick(entries, table.path);
    if (step.act) return submit(table, step.act);
  }
  draw(table);
  return undefined;
}

function submit(table, entry) {
  table.busy = true;
  table.path = [];
  draw(table);
  // The shell re-renders with the new state; if the action is refused the board becomes usable again.
  let sent;
  try {
    sent = table.ctx.act(entry.json);
  } catch (error) {
    sent = Promise.reject(error);
  }
  Promise.resolve(sent)
    .catch(() => {})
    .finally(() => {
      if (tables.get(table.slot) !== table) return;
      table.busy = false;
      draw(table);
    });
}

// What the newest events touched, to highlight it (class just-changed).
const PILE_EVENTS = new Set(["discard", "field-duty", "take", "order", "scrub", "retest", "sabotage", "brainstorm",
  "upgrade-discarded", "key", "budget-cut", "top-priority", "research", "headhunting", "soldering-iron", "espionage",
  "vacuum", "reshuffle"]);

function changes(ctx) {
  const out = { rockets: new Set(), seats: new Set(), hand: [], pile: false, centre: false };
  for (const event of ctx.newEvents || []) {
    const data = event.data || {};
    if (data.rocket) out.rockets.add(data.rocket);
    if (event.seat !== null && event.seat !== undefined && event.kind !== "turn") out.seats.add(event.seat);
    if (PILE_EVENTS.has(event.kind)) out.pile = true;
    if ((event.kind === "pad" && data.to === "centre") || event.kind === "key" || event.kind === "countdown") out.centre = true;
    if (event.seat === ctx.seat && ["draw", "take", "dealt", "stolen", "soldering-iron", "headhunting"].includes(event.kind) && data.card) {
      out.hand.push(data.card);
    }
    if (event.seat === ctx.seat && event.kind === "budget-cut") out.hand.push(...(data.cards || []));
  }
  return out;
}

// ------------------------------------------------------------------ status: what to do, choices, confirm
const CHOICE_KINDS = ["offer", "give", "want", "propose", "withdraw", "pile", "top", "keep", "drop", "accept", "refuse"];

function statusPanel(view, ctx, ui, table, next, complete, entries) {
  const t = ctx.t;
  const panel = html("div", { class: "kd-status", "aria-live": "polite" });
  const current = view.current_player;
  const stepLine = view.terminal ? t("gameOver") : t(`phase.${view.phase}`);
  panel.append(html("div", { class: "kd-step" }, t("turnN", { n: view.turn }), " · ", stepLine));

  let prompt;
  if (view.terminal) {
    const names = (view.winners || []).map((s) => ctx.playerName(s)).join(", ");
    prompt = t(view.winners.length > 1 ? "winners" : "winner", { players: names });
  } else if (entries.length) {
    if (!table.path.length) prompt = t(`prompt.${view.phase}`);
    else if (complete && !next.size) prompt = t("prompt.confirm");
    else prompt = [...new Set([...next].map(pickKind))].map((k) => t(`prompt.next.${k}`)).join(" ");
  } else if (current >= 0 && current !== ctx.seat) {
    prompt = t("waitingFor", { player: ctx.playerName(current) });
  } else {
    prompt = t("waiting");
  }
  panel.append(html("div", { class: "kd-prompt" }, prompt));

  // The card being played: its full text.
  const first = table.path[0];
  if (first && first.startsWith("card:")) {
    const card = first.slice(5);
    panel.append(html("div", { class: "kd-card-detail" },
      html("strong", {}, t(`card.${card}`)), " — ", t(`cardtext.${card}`)));
  }
  const cards = (list) => (list.length ? list.map((c) => t(`card.${c}`)).join(", ") : t("nothing"));
  const offer = view.step.offer;
  if (offer) {
    panel.append(html("div", { class: "kd-offer" }, t(`offer.${offer.kind}`, {
      player: ctx.playerName(offer.from), to: ctx.playerName(offer.to), give: cards(offer.give),
      want: cards(offer.want),
    })));
  }
  const draft = view.step.draft;
  if (draft) {
    panel.append(html("div", { class: "kd-offer kd-draft" }, t("draft", {
      to: ctx.playerName(draft.to), give: cards(draft.give), want: cards(draft.want),
    })));
  }

  const choices = html("div", { class: "kd-choices" });
  // An offer's cards to give and to ask for (some thirty) are grouped under one label each, every
  // button naming only its card, so the offer builder stays a few rows high.
  const groups = {};
  for (const kind of ["give", "want"]) {
    groups[kind] = html("div", { class: "kd-choice-group", role: "group", "aria-label": t(`choice.${kind}_group`) },
      html("span", { class: "kd-choice-label", "aria-hidden": "true" }, t(`choice.${kind}_group`)));
  }
  // The choices made so far stay visible (highlighted; a second click takes one back).
  for (const pick of [...table.path, ...next]) {
    const kind = pickKind(pick);
    if (!CHOICE_KINDS.includes(kind)) continue;
    if (groups[kind]) {
      if (!groups[kind].parentNode) choices.append(groups[kind]);
      groups[kind].append(choiceButton(pick, kind, view, ctx, ui, true));
    } else choices.append(choiceButton(pick, kind, view, ctx, ui));
  }
  const buttons = html("div", { class: "kd-buttons" });
  if (complete) {
    const confirm = html("button", {
      class: "kd-confirm", type: "button", "data-pick": "confirm", "data-action": JSON.stringify(complete.json),
      "aria-label": t("aria.confirm", { move: describeMove(complete.json, ctx) }),
    }, t("confirm", { move: describeMove(complete.json, ctx) }));
    confirm.addEventListener("click", () => ui.pick("confirm"));
    buttons.append(confirm);
  }
  if (table.path.length) {
    const cancel = html("button", { class: "kd-cancel", type: "button", "data-pick": "cancel", "aria-label": t("aria.cancel") }, t("cancel"));
    cancel.addEventListener("click", () => ui.pick("cancel"));
    buttons.append(cancel);
  }
  if (next.has("done")) {
    const done = html("button", { class: "kd-done", type: "button", "data-pick": "done", "aria-label": t(`aria.done.${view.phase}`) }, t(`done.${view.phase}`));
    done.addEventListener("click", () => ui.pick("done"));
    buttons.append(done);
  }
  if (choices.childElementCount) panel.append(choices);
  if (buttons.childElementCount) panel.append(buttons);
  return panel;
}

// `short`: the button shows the card's name only (its group says give or ask for); the full text
// stays its accessible name and its tooltip.
function choiceButton(pick, kind, view, ctx, ui, short = false) {
  const t = ctx.t;
  const value = pick.slice(pick.indexOf(":") + 1);
  let text;
  let card = null;
  if (kind === "offer") text = t("choice.offer", { player: ctx.playerName(Number(value)) });
  else if (kind === "propose" || kind === "withdraw") text = t(`choice.${kind}`);
  else if (kind === "keep" || kind === "drop") {
    card = Array.isArray(view.step.stolen_pending) ? view.step.stolen_pending[0] : null;
    text = t(`choice.${kind}`, { card: card ? t(`card.${card}`) : "" });
  } else if (kind === "accept" || kind === "refuse") text = t(`choice.${kind}`);
  else {
    card = value;
    text = t(`choice.${kind}`, { card: t(`card.${card}`) });
  }
  const button = html("button", { type: "button", class: `kd-choice kd-choice-${kind}`, "data-pick": pick, "aria-label": text });
  if (card) {
    button.append(svg("svg", { viewBox: "0 0 12 16", class: "kd-swatch", "aria-hidden": "true" },
      svg("rect", { x: 0, y: 0, width: 12, height: 16, rx: 2, fill: cardColour(card) })));
  }
  if (short && card) {
    button.title = text;
    button.append(t(`card.${card}`));
  } else button.append(text);
  if (ui.isPicked(pick)) button.classList.add("picked");
  button.addEventListener("click", () => ui.pick(pick));
  return button;
}

// ------------------------------------------------------------------ the seat's own hand
function handPanel(view, ctx, ui, changed) {
  const t = ctx.t;
  const me = view.players[ctx.seat];
  const wrapEl = html("section", { class: "kd-hand", "aria-label": t("aria.hand", { n: view.hand.length }) });
  wrapEl.append(html("h3", { class: "kd-hand-title" }, t("yourHand", { n: view.hand.length, limit: me ? me.hand_limit : "" })));
  const row = html("div", { class: "kd-hand-cards" });
  const marked = new Set();
  const fresh = [...changed.hand];
  view.hand.forEach((card) => {
    const el = svg("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "kd-hand-card", "data-card": card });
    el.append(cardFace(card, t));
    const pick = `card:${card}`;
    const freshAt = fresh.indexOf(card);
    if (freshAt >= 0) {
      el.classList.add("just-changed");
      fresh.splice(freshAt, 1);
    }
    // Copies of a card are the same move: only the first copy is marked as chosen.
    const copy = marked.has(card);
    marked.add(card);
    control(el, copy ? { ...ui, isPicked: () => false } : ui, pick,
      t("aria.card", { card: t(`card.${card}`), text: t(`cardtext.${card}`) }));
    row.append(el);
  });
  if (!view.hand.length) row.append(html("p", { class: "kd-empty-hand" }, t("emptyHand")));
  wrapEl.append(row);
  return wrapEl;
}

// ------------------------------------------------------------------ end screen
function scoreRows(view, ctx) {
  const t = ctx.t;
  return view.players.map((player) => {
    const s = player.score;
    return {
      seat: player.seat,
      cells: [
        t("score.rockets", { n: s.rockets }),
        t("score.astronauts", { n: s.astronauts }),
        t("score.certifications", { n: s.certifications }),
        t("score.missionControl", { n: s.mission_control }),
        t("score.advantageCards", { n: player.advantage_cards }),
      ],
      total: s.total,
    };
  });
}

export default {
  id: "kosmodrom",
  render,
  describeEvent,
  describeAction: (entry, ctx) => describeMove(entry.json, ctx),
  scoreRows,
};
