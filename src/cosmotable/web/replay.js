// Stepping through a finished game, move by move: buttons and the keyboard (← → Home End), seen by a
// spectator or, since the game is over, as any seat saw it.
import { api } from "./api.js";
import { el, icon, replace, seatColor, keepFocus } from "./dom.js";
import { fallbackModule } from "./fallback.js";
import { gameModule, gameName, seatName } from "./games.js";
import { gameTranslator, language, t } from "./i18n.js";
import { errorBox, loadGames } from "./common.js";
import { mutedSeats, replayChat } from "./table_chat.js";

export class ReplayPage {
  constructor(root, { parts, query }) {
    this.root = root;
    this.tableId = parts[1];
    this.step = Math.max(0, Number(query.get("step")) || 0);
    this.seat = query.get("seat") !== null && query.get("seat") !== "" ? Number(query.get("seat")) : null;
    this.table = null;
    this.frame = null; // {step, total_steps, action, view, events}
    this.module = fallbackModule;
    this.gameInfo = null;
    this.error = null;
    this.loading = false;
    this.chat = []; // the table's chat, both channels (a spectator's read of a finished game)
    this.muted = new Set(); // the seats whose messages the viewer hides (table_chat.js mutedSeats)
    this.onKey = (event) => this.key(event);
    this.destroyed = false; // the router left this page: answers still on their way draw nothing
  }

  async mount() {
    replace(this.root, el("p", { role: "status", class: "muted" }, t("common.loading")));
    try {
      this.table = await api.table(this.tableId);
      const [module, games] = await Promise.all([gameModule(this.table.game), loadGames().catch(() => [])]);
      this.module = module;
      this.gameInfo = games.find((g) => g.id === this.table.game) || null;
    } catch (error) {
      if (this.destroyed) return;
      this.error = error;
      this.render();
      return;
    }
    try {
      [this.chat, this.muted] = await Promise.all([api.chat(this.tableId).then((log) => log.messages), mutedSeats(this.tableId)]);
    } catch (error) {
      console.warn("the table's chat could not be read", error); // the replay goes on without it
    }
    // a late answer must not draw this replay over the page the player went to meanwhile
    if (this.destroyed) return;
    document.addEventListener("keydown", this.onKey);
    await this.go(this.step);
  }

  destroy() {
    this.destroyed = true;
    document.removeEventListener("keydown", this.onKey);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) {
      event.preventDefault();
      this.go(this.step + moves[event.key]);
    } else if (event.key === "Home") {
      event.preventDefault();
      this.go(0);
    } else if (event.key === "End" && this.frame) {
      event.preventDefault();
      this.go(this.frame.total_steps);
    }
  }

  async go(step) {
    const total = this.frame ? this.frame.total_steps : Infinity;
    step = Math.max(0, Math.min(step, total));
    if (this.frame && step === this.frame.step && this.frame.seat === this.seat) return;
    this.loading = true;
    try {
      const frame = await api.replay(this.tableId, step, this.seat ?? undefined);
      if (this.destroyed) return; // nor rewrite the address of the page the player is on
      frame.seat = this.seat;
      this.frame = frame;
      this.step = frame.step;
      this.error = null;
      history.replaceState(null, "", `#/replay/${this.tableId}?step=${this.step}${this.seat === null ? "" : `&seat=${this.seat}`}`);
    } catch (error) {
      if (this.destroyed) return;
      this.error = error;
    }
    this.loading = false;
    this.render();
  }

  ctx(newEvents) {
    return {
      view: this.frame.view,
      seat: this.seat,
      legal: [],
      newEvents,
      t: gameTranslator(this.table.game),
      lang: language(),
      act: () => Promise.resolve(false),
      playerName: (seat) => seatName(this.table, seat),
      seatColor,
      interactive: false,
    };
  }

  render() {
    keepFocus(this.root, () => this.draw());
  }

  draw() {
    if (!this.table) {
      replace(this.root, el("h1", { tabindex: "-1" }, t("replay.title")), this.error ? errorBox(this.error) : null);
      return;
    }
    const frame = this.frame;
    // the server sends the events the shown step's action brought: they are what changed
    const newEvents = frame ? frame.events : [];
    const ctx = frame ? this.ctx(newEvents) : null;
    const board = el("section", { class: "board", id: "board", "aria-label": t("table.board") });
    if (frame) {
      try {
        this.module.render(board, ctx);
      } catch (error) {
        console.error(error);
        fallbackModule.render(board, ctx);
      }
    }
    const button = (id, label, icon, target, disabled) =>
      el("button", { type: "button", id, "aria-label": label, title: label, disabled, onclick: () => this.go(target) }, icon);
    const total = frame ? frame.total_steps : 0;
    replace(
      this.root,
      el(
        "div",
        { class: "table-page replay-page", "data-table": this.tableId },
        el(
          "header",
          { class: "table-header" },
          el("h1", { tabindex: "-1" }, t("replay.heading", { game: gameName(this.gameInfo, this.table.game) })),
          el(
            "div",
            { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
            button("replay-start", t("replay.start"), icon("start"), 0, !frame || this.step === 0),
            button("replay-back", t("replay.back"), icon("back"), this.step - 1, !frame || this.step === 0),
            el("span", { class: "replay-step", id: "replay-step", role: "status", "aria-live": "polite" }, frame ? t("replay.step", { step: this.step, total }) : ""),
            button("replay-forward", t("replay.forward"), icon("forward"), this.step + 1, !frame || this.step >= total),
            button("replay-end", t("replay.end"), icon("end"), total, !frame || this.step >= total),
          ),
          el("p", { class: "muted" }, t("replay.keys")),
          el(
            "p",
            { class: "field" },
            el("label", { for: "replay-seat" }, t("replay.seen_by")),
            el(
              "select",
              {
                id: "replay-seat",
                onchange: (e) => {
                  this.seat = e.target.value === "" ? null : Number(e.target.value);
                  this.go(this.step);
                },
              },
              el("option", { value: "", selected: this.seat === null }, t("replay.public")),
              this.table.seats.map((s) => el("option", { value: s.seat, selected: this.seat === s.seat }, seatName(this.table, s.seat))),
            ),
          ),
          frame
            ? el("p", { class: "replay-action", id: "replay-action" }, frame.action ? t("replay.action", { action: this.describeAction(frame, ctx) }) : t("replay.no_action"))
            : null,
        ),
        this.error ? errorBox(this.error) : null,
        el(
          "div",
          { class: "table-body" },
          board,
          el(
            "aside",
            { class: "side" },
            el(
              "section",
              { class: "log-panel", "aria-labelledby": "log-title" },
              el("h2", { id: "log-title" }, t("replay.move_events")),
              el(
                "ol",
                { class: "log" },
                (frame ? frame.events : []).map((event) =>
                  el(
                    "li",
                    { class: "event just-changed", "data-index": event.index },
                    event.seat !== null && event.seat !== undefined
                      ? el("span", { class: "dot", style: `background:${seatColor(event.seat)}`, "aria-hidden": "true" })
                      : null,
                    this.describe(event, ctx),
                  ),
                ),
              ),
            ),
            frame ? replayChat(this.chat, this.step, (seat) => seatName(this.table, seat), this.muted) : null,
          ),
        ),
      ),
    );
    const log = this.root.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  // The shown step's action in the game's own words (its web module's describeAction), never the
  // engine's text: the narrative of the events it brought when the module cannot word it.
  describeAction(frame, ctx) {
    const entry = { text: frame.action, json: frame.action_json || {} };
    try {
      const text = this.module.describeAction && frame.action_json ? this.module.describeAction(entry, ctx) : null;
      if (text) return text;
    } catch (error) {
      console.error(error);
    }
    return frame.events.length ? this.describe(frame.events[0], ctx) : t("replay.action_unknown");
  }

  describe(event, ctx) {
    try {
      return (this.module.describeEvent && this.module.describeEvent(event, ctx)) || event.text;
    } catch (error) {
      console.error(error);
      return event.text;
    }
  }
}
