// Creating a table: game, variants and options (from GET /api/games), seats human or bot with a level,
// timer, undo, coach; then each human seat's link with a copy button, hot-seat on this device, and start.
import { api } from "./api.js";
import { el, replace, keepFocus } from "./dom.js";
import { botLevelName, gameName, optionName, variantHint, variantName } from "./games.js";
import { t, tOr } from "./i18n.js";
import { absoluteUrl, copyText, errorBox, loadGamesWithCatalogs, saveHostToken, savedName } from "./common.js";

// Time per decision, in seconds: a realtime table's, for players who stay at it, and a turn-based
// table's, for players who come back when it is their turn (the server takes up to 7 days and keeps
// the deadline in its database, so such a game lasts across restarts: docs/server-api.md).
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const REALTIME = [30, MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE];
const TURN_BASED = [HOUR, 12 * HOUR, DAY, 3 * DAY, 7 * DAY];

// "30 seconds", "5 minutes", "24 hours", "3 days": each timer in its own unit (a day as 24 hours, as players say).
function timerName(seconds) {
  if (seconds % DAY === 0 && seconds > DAY) return t("create.timer_days", { count: seconds / DAY });
  if (seconds % HOUR === 0) return t("create.timer_hours", { count: seconds / HOUR });
  if (seconds % MINUTE === 0) return t("create.timer_minutes", { count: seconds / MINUTE });
  return t("create.timer_seconds", { count: seconds });
}
// time-outs in a row before a bot plays the seat for good (the server takes 1..20; 3 is its default)
const TIMEOUTS_TO_BOT = [1, 2, 3, 5, 10, 20];

// An option typed as text becomes a number or boolean when it reads as one (max_turns: 200); anything else
// (the contents of a mat or layout file) is sent as the text itself.
export function optionValue(text) {
  const trimmed = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (trimmed === "true" || trimmed === "false") return trimmed === "true";
  return text;
}

export class CreatePage {
  constructor(root, { parts }) {
    this.root = root;
    this.gameId = parts[1] || null;
    this.games = [];
    this.error = null;
    this.created = null; // the POST /api/tables answer
    this.startError = null;
    this.started = false;
    this.form = null; // the settings, kept across language changes
  }

  async mount() {
    try {
      this.games = await loadGamesWithCatalogs();
    } catch (error) {
      this.error = error;
    }
    if (!this.games.find((game) => game.id === this.gameId) && this.games.length) this.gameId = this.games[0].id;
    this.resetForm();
    this.render();
  }

  get game() {
    return this.games.find((game) => game.id === this.gameId);
  }

  resetForm() {
    const game = this.game;
    if (!game) return;
    const count = Math.max(game.min_players, Math.min(2, game.max_players));
    this.form = {
      players: count,
      // you plus bots: the usual way to start
      seats: Array.from({ length: game.max_players }, (_, i) => ({
        kind: i === 0 ? "human" : "bot",
        bot: "normal",
        name: i === 0 ? savedName() : "",
      })),
      variants: new Set(),
      options: {},
      timer: null,
      timeoutBot: "heuristic",
      timeoutsToBot: 3,
      undo: true,
      coach: false,
      rated: null, // null: the server's default (rated unless undo or the coach is on)
    };
  }

  spec() {
    const form = this.form;
    const options = {};
    for (const [name, text] of Object.entries(form.options)) if (text.trim()) options[name] = optionValue(text);
    return {
      game: this.gameId,
      variants: [...form.variants],
      options,
      seats: form.seats.slice(0, form.players).map((seat) =>
        seat.kind === "bot"
          ? { kind: "bot", bot: seat.bot, name: seat.name.trim() || undefined }
          : { kind: "human", name: seat.name.trim() || undefined },
      ),
      timer_seconds: form.timer,
      timeout_bot: form.timeoutBot,
      timeouts_to_bot: form.timeoutsToBot,
      undo: form.undo,
      coach: form.coach,
      rated: ratedChoice(form),
    };
  }

  async submit(event) {
    event.preventDefault();
    this.error = null;
    try {
      this.created = await api.createTable(this.spec());
      saveHostToken(this.created.table.id, this.created.host_token);
    } catch (error) {
      this.error = error;
    }
    this.render();
    const focus = this.root.querySelector(this.created ? "#created-title" : ".error");
    if (focus) focus.focus();
  }

  async start() {
    this.startError = null;
    try {
      await api.start(this.created.table.id, this.created.host_token);
      this.started = true;
    } catch (error) {
      this.startError = error;
    }
    this.render();
  }

  render() {
    keepFocus(this.root, () => this.draw());
  }

  draw() {
    if (this.created) return this.renderCreated();
    const game = this.game;
    replace(
      this.root,
      el("h1", { tabindex: "-1" }, t("create.title")),
      this.error ? errorBox(this.error) : null,
      game ? this.renderForm(game) : null,
    );
  }

  renderForm(game) {
    const form = this.form;
    const levels = game.bots || ["random", "heuristic", "easy", "normal", "hard"];
    const seatRows = form.seats.slice(0, form.players).map((seat, i) =>
      el(
        "fieldset",
        { class: "seat-row", "data-seat": i },
        el("legend", {}, t("seat.player", { n: i + 1 })),
        el(
          "label",
          {},
          t("create.seat_kind"),
          el(
            "select",
            {
              name: `seat-${i}-kind`,
              onchange: (e) => {
                seat.kind = e.target.value;
                this.render();
              },
            },
            ["human", "bot"].map((kind) => el("option", { value: kind, selected: seat.kind === kind }, t(`create.kind.${kind}`))),
          ),
        ),
        seat.kind === "bot"
          ? el(
              "label",
              {},
              t("create.bot_level"),
              el(
                "select",
                { name: `seat-${i}-bot`, onchange: (e) => (seat.bot = e.target.value) },
                levels.map((level) => el("option", { value: level, selected: seat.bot === level }, botLevelName(level))),
              ),
            )
          : null,
        el(
          "label",
          {},
          t("create.seat_name"),
          el("input", {
            name: `seat-${i}-name`,
            type: "text",
            maxlength: "40",
            value: seat.name,
            oninput: (e) => (seat.name = e.target.value),
          }),
        ),
      ),
    );
    const variants = Object.entries(game.variants || {});
    const options = Object.entries(game.options || {});
    return el(
      "form",
      { class: "create-form", onsubmit: (e) => this.submit(e), novalidate: true },
      el(
        "p",
        { class: "field" },
        el("label", { for: "create-game" }, t("create.game")),
        el(
          "select",
          {
            id: "create-game",
            onchange: (e) => {
              this.gameId = e.target.value;
              history.replaceState(null, "", `#/new/${this.gameId}`);
              this.resetForm();
              this.render();
            },
          },
          this.games.map((g) => el("option", { value: g.id, selected: g.id === game.id }, gameName(g, g.id))),
        ),
      ),
      el(
        "p",
        { class: "field" },
        el("label", { for: "create-players" }, t("create.players")),
        el(
          "select",
          {
            id: "create-players",
            onchange: (e) => {
              form.players = Number(e.target.value);
              this.render();
            },
          },
          Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((n) =>
            el("option", { value: n, selected: n === form.players }, String(n)),
          ),
        ),
      ),
      el("div", { class: "seat-rows" }, seatRows),
      variants.length
        ? el(
            "fieldset",
            { class: "variants" },
            el("legend", {}, t("create.variants")),
            variants.map(([name, description]) =>
              el(
                "label",
                { class: "check" },
                el("input", {
                  type: "checkbox",
                  name: `variant-${name}`,
                  checked: form.variants.has(name),
                  onchange: (e) => (e.target.checked ? form.variants.add(name) : form.variants.delete(name)),
                }),
                el(
                  "span",
                  {},
                  variantName(game.id, name),
                  el("small", { class: "muted" }, variantHint(game.id, name, description)),
                ),
              ),
            ),
          )
        : null,
      el(
        "fieldset",
        { class: "table-settings" },
        el("legend", {}, t("create.settings")),
        el(
          "label",
          {},
          t("create.timer"),
          el(
            "select",
            { name: "timer", onchange: (e) => (form.timer = e.target.value ? Number(e.target.value) : null) },
            el("option", { value: "", selected: form.timer === null }, t("create.no_timer")),
            [
              ["create.timer_realtime", REALTIME],
              ["create.timer_turn_based", TURN_BASED],
            ].map(([label, timers]) =>
              el(
                "optgroup",
                { label: t(label) },
                timers.map((seconds) => el("option", { value: seconds, selected: seconds === form.timer }, timerName(seconds))),
              ),
            ),
          ),
        ),
        el(
          "label",
          {},
          t("create.timeout_bot"),
          el(
            "select",
            { name: "timeout-bot", onchange: (e) => (form.timeoutBot = e.target.value) },
            levels.map((level) => el("option", { value: level, selected: level === form.timeoutBot }, botLevelName(level))),
          ),
        ),
        el(
          "label",
          {},
          t("create.timeouts_to_bot"),
          el(
            "select",
            { name: "timeouts-to-bot", onchange: (e) => (form.timeoutsToBot = Number(e.target.value)) },
            TIMEOUTS_TO_BOT.map((count) => el("option", { value: count, selected: count === form.timeoutsToBot }, String(count))),
          ),
        ),
        el(
          "label",
          { class: "check" },
          el("input", { type: "checkbox", name: "undo", checked: form.undo, onchange: (e) => {
            form.undo = e.target.checked;
            followRated(form);
          } }),
          t("create.undo"),
        ),
        el(
          "label",
          { class: "check" },
          el("input", { type: "checkbox", name: "coach", checked: form.coach, onchange: (e) => {
            form.coach = e.target.checked;
            followRated(form);
          } }),
          el("span", {}, t("create.coach"), el("small", { class: "muted" }, game ? tOr(`${game.id}.coach.offers`, t("create.coach_help")) : t("create.coach_help"))),
        ),
        el(
          "label",
          { class: "check" },
          el("input", { type: "checkbox", name: "rated", checked: ratedChoice(form), onchange: (e) => (form.rated = e.target.checked) }),
          el("span", {}, t("create.rated"), el("small", { class: "muted" }, t("create.rated_help"))),
        ),
      ),
      options.length
        ? el(
            "details",
            { class: "options" },
            el("summary", {}, t("create.options")),
            options.map(([name, description]) =>
              el(
                "label",
                { class: "option" },
                el("span", {}, optionName(game.id, name), el("small", { class: "muted" }, description)),
                el("textarea", {
                  name: `option-${name}`,
                  rows: "2",
                  oninput: (e) => (form.options[name] = e.target.value),
                }, form.options[name] || ""),
              ),
            ),
          )
        : null,
      el("p", { class: "actions" }, el("button", { type: "submit", class: "primary" }, t("create.submit"))),
    );
  }

  renderCreated() {
    const { table, seats } = this.created;
    const tokens = seats.map((link) => link.token);
    const status = this.started ? "running" : table.status;
    replace(
      this.root,
      el("h1", { id: "created-title", tabindex: "-1" }, t("create.created")),
      el("p", { class: "lead" }, t("create.share")),
      el(
        "ul",
        { class: "seat-links" },
        seats.map((link) => {
          const url = absoluteUrl(link.url);
          const input = el("input", {
            type: "text",
            readonly: true,
            value: url,
            "aria-label": t("create.link_of", { name: this.seatLabel(link.seat) }),
          });
          const note = el("span", { class: "copied", role: "status" });
          return el(
            "li",
            { class: "seat-link", "data-seat": link.seat },
            el("span", { class: "seat-label" }, this.seatLabel(link.seat)),
            input,
            el(
              "button",
              {
                type: "button",
                class: "copy",
                "aria-label": t("create.copy_of", { name: this.seatLabel(link.seat) }),
                onclick: async () => {
                  const ok = await copyText(url, input);
                  note.textContent = ok ? t("create.copied") : t("create.copy_failed");
                },
              },
              t("create.copy"),
            ),
            el("a", { class: "button", href: new URL(url).hash }, t("create.open_seat")),
            note,
          );
        }),
      ),
      tokens.length > 1
        ? el(
            "p",
            {},
            el("a", { class: "button", href: `#/table/${table.id}?tokens=${tokens.join(",")}`, id: "hotseat-link" }, t("create.hotseat")),
            " ",
            el("span", { class: "muted" }, t("create.hotseat_help")),
          )
        : null,
      this.startError ? errorBox(this.startError) : null,
      status === "open"
        ? el(
            "p",
            { class: "actions" },
            el("button", { type: "button", class: "primary", id: "start-table", onclick: () => this.start() }, t("create.start")),
            " ",
            el("span", { class: "muted" }, t("create.start_help")),
          )
        : el("p", { role: "status", class: "ok" }, t("create.started")),
      el("p", {}, el("a", { href: `#/table/${table.id}` }, t("create.watch"))),
    );
  }

  seatLabel(seat) {
    const spec = this.spec().seats[seat];
    return spec && spec.name ? spec.name : t("seat.player", { n: seat + 1 });
  }
}

// Rated unless undo or the coach is on (the server's default), until the player ticks the box themself.
function ratedChoice(form) {
  return form.rated === null ? !(form.undo || form.coach) : form.rated;
}

function followRated(form) {
  const box = document.querySelector("input[name=rated]");
  if (box && form.rated === null) box.checked = ratedChoice(form);
}
