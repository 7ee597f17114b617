// The table page: one seat (?token=), several seats on one device (?tokens=, hot-seat) or a spectator
// (no token). Header with players, whose turn and the timer; the game module's drawing; the event log as
// a narrative; the end screen; undo; the coach panel; connection status.
//
// Hot-seat privacy: only the seat now shown has a view on this page. When the turn passes to another of
// this device's seats, the board, log and coach are removed from the DOM (not hidden) and the page shows
// "pass the device to X"; the next seat's view is fetched only after that player confirms.
import { api, newActionId, serverNow, TableSocket } from "./api.js";
import { el, replace, seatColor, keepFocus } from "./dom.js";
import { fallbackModule } from "./fallback.js";
import { gameModule, gameName, seatName, botLevelName } from "./games.js";
import { gameTranslator, language, t } from "./i18n.js";
import { errorBox, hostToken, loadGames } from "./common.js";
import { coachPanel } from "./table_coach.js";
import { endScreen } from "./table_end.js";
import { SeatTabs } from "./table_tabs.js";
import { TableChat } from "./table_chat.js";
import { piecePlaces, showChanges } from "./motion.js";
import { keepFitted } from "./fit.js";

// Seconds until the deadline by the server's clock (the browser's may be off).
function remaining(deadline) {
  if (!deadline) return null;
  const ms = new Date(deadline).getTime() - serverNow();
  return Number.isNaN(ms) ? null : Math.max(0, Math.round(ms / 1000));
}

// Whether `incoming` (a table summary) describes the table before `shown` did: every committed change
// bumps the table's `version` (an undo lowers the step, so the step cannot order states, and the
// servers' clocks behind `updated_at` need not agree when several serve one table).
function older(incoming, shown) {
  return incoming.version < shown.version;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

// The time left as the chip says it: minutes and seconds on a realtime table; hours and minutes, or
// days and hours, on a turn-based one (24 h a move), where "1439:59" would mean nothing at a glance.
function clock(seconds) {
  if (seconds >= DAY) return t("table.time_days", { days: Math.floor(seconds / DAY), hours: Math.floor((seconds % DAY) / HOUR) });
  if (seconds >= HOUR) return t("table.time_hours", { hours: Math.floor(seconds / HOUR), minutes: Math.floor((seconds % HOUR) / 60) });
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return `${m}:${s}`;
}

// A long deadline also as the moment on this browser's clock, in its own time zone ("Mon, Nov 30, 09:33 AM").
function deadlineMoment(seconds) {
  const format = new Intl.DateTimeFormat(language(), { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return format.format(new Date(Date.now() + seconds * 1000));
}

export class TablePage {
  constructor(root, { parts, query }) {
    this.root = root;
    this.tableId = parts[1];
    const tokens = query.get("tokens") ? query.get("tokens").split(",") : query.get("token") ? [query.get("token")] : [];
    this.tokens = tokens.map((token) => token.trim()).filter(Boolean);
    this.hotseat = this.tokens.length > 1;
    this.seatTokens = new Map(); // seat -> token (hot-seat: every seat of this device)
    this.shownSeat = null; // the seat whose view is on the page (null: spectator)
    this.passTo = null; // hot-seat: the seat the device is being passed to
    this.table = null;
    this.state = null; // the shown seat's SeatState (view, legal_actions, can_undo)
    this.events = [];
    this.newEvents = [];
    this.module = fallbackModule;
    this.gameInfo = null;
    this.socket = null;
    this.connection = "connecting";
    this.error = null;
    this.fatal = null;
    this.coachOn = false;
    this.coach = null;
    this.coachError = null;
    this.endDismissed = false;
    this.busy = false;
    this.tick = setInterval(() => this.renderTimer(), 1000);
    this.poll = null;
  }

  async mount() {
    replace(this.root, el("p", { role: "status", class: "muted" }, t("common.loading")));
    try {
      this.table = await api.table(this.tableId);
      const [module, games] = await Promise.all([gameModule(this.table.game), loadGames().catch(() => [])]);
      this.module = module;
      this.gameInfo = games.find((g) => g.id === this.table.game) || null;
      if (this.tokens.length) await this.identifySeats();
    } catch (error) {
      this.fatal = error;
      this.render();
      return;
    }
    if (this.hotseat) {
      const toAct = this.table.to_act;
      this.askToPass(this.seatTokens.has(toAct) ? toAct : [...this.seatTokens.keys()][0]);
    } else {
      this.show(this.tokens.length ? [...this.seatTokens.keys()][0] : null);
    }
  }

  // Which seat each token plays. Only `seat` is kept from these answers; the views are dropped at once.
  async identifySeats() {
    for (const token of this.tokens) {
      const answer = await api.state(this.tableId, token);
      this.seatTokens.set(answer.seat, token);
    }
  }

  destroy() {
    clearInterval(this.tick);
    clearInterval(this.poll);
    if (this.socket) this.socket.close();
  }

  // Drop everything the shown seat could see: view, log, legal moves, coach advice.
  forgetSeat() {
    if (this.socket) this.socket.close();
    this.socket = null;
    if (this.tabs) this.tabs.close();
    this.tabs = null;
    this.chat = null;
    this.state = null;
    this.events = [];
    this.newEvents = [];
    this.coach = null;
    this.error = null;
  }

  askToPass(seat) {
    this.forgetSeat();
    this.shownSeat = null;
    this.passTo = seat;
    this.render();
    const button = this.root.querySelector("#pass-ready");
    if (button) button.focus();
  }

  show(seat) {
    this.forgetSeat();
    this.passTo = null;
    this.shownSeat = seat;
    const token = seat === null ? null : this.seatTokens.get(seat);
    this.socket = new TableSocket(this.tableId, token, {
      onMessage: (message) => this.onMessage(message),
      onStatus: (status) => this.onConnection(status),
    });
    this.socket.open();
    // the table's chat as this seat (or a spectator) may use it, written over the same socket
    this.chat = new TableChat({ tableId: this.tableId, seat, token, send: (m) => Boolean(this.socket && this.socket.send(m)), playerName: (s) => this.playerName(s) });
    this.chat.update(this.table, hostToken(this.tableId));
    this.chat.load();
    // other tabs of this browser on the same seat: said beside the turn (a hot-seat device shows one
    // seat at a time and its tabs would all be "the same seat" in turn: not counted there)
    if (token && !this.hotseat) this.tabs = new SeatTabs(this.tableId, seat, () => this.renderStatus());
    this.render();
    // the first state also comes over REST, so the page works while the socket is (re)connecting
    this.refresh();
  }

  token() {
    return this.shownSeat === null ? null : this.seatTokens.get(this.shownSeat);
  }

  async refresh() {
    const seat = this.shownSeat;
    try {
      const state = await api.state(this.tableId, this.token());
      if (seat !== this.shownSeat || this.passTo !== null) return; // the device changed hands meanwhile
      // the server answers again: its earlier "cannot be reached" is over
      if (this.error && this.error.code === "network") this.error = null;
      this.applyState(state, true);
    } catch (error) {
      this.error = error;
      this.render();
    }
  }

  onConnection(status) {
    const before = this.connection;
    this.connection = status;
    clearInterval(this.poll);
    // without a live socket, ask for the state every few seconds so the game goes on
    if (status !== "open" && status !== "closed") this.poll = setInterval(() => this.refresh(), 4000);
    // (re)connected: what was written while the socket was down
    if (status === "open" && before === "reconnecting" && this.chat) this.chat.load();
    if (status === "open" && this.error && this.error.code === "network") {
      // connected again (after a server restart): the page must not say both "Connected" and "the
      // server cannot be reached"; the state is fetched anew
      this.error = null;
      this.render();
      this.refresh();
      return;
    }
    this.renderStatus();
  }

  onMessage(message) {
    if (message.type === "state") this.applyState(message, false);
    else if (message.type === "chat") this.chat?.receive(message.message);
    else if (message.type === "error" && message.about === "chat") this.chat?.refused(message);
    else if (message.type === "error") {
      this.error = { code: message.error, message: message.message };
      this.render();
    }
  }

  applyState(state, full) {
    if (this.passTo !== null) return;
    // a REST answer overtaken by a pushed state (the page asks for the state over both when it
    // opens) must not put the older position back: nothing would come to correct it
    if (this.state && older(state.table, this.state.table)) return;
    const previousStep = this.state ? this.state.step : null;
    const incoming = state.events || [];
    if (full || !this.state || (incoming.length && incoming[0].index === 0)) {
      // a complete log: events new since what this page already showed are the last move
      const known = this.events.length ? this.events[this.events.length - 1].index : -1;
      this.newEvents = this.state ? incoming.filter((e) => e.index > known) : [];
      this.events = incoming;
    } else {
      const known = this.events.length ? this.events[this.events.length - 1].index : -1;
      this.newEvents = incoming.filter((e) => e.index > known);
      this.events = this.events.concat(this.newEvents);
    }
    if (previousStep !== null && state.step === previousStep && !this.newEvents.length && full) {
      // a poll that found nothing new keeps the highlight of the last move
      this.newEvents = [];
    }
    // the next drawing shows this state's news moving in (once: a later re-draw, say the coach
    // opening, does not play the move again)
    this.fresh = this.newEvents.length > 0;
    this.state = state;
    this.table = state.table;
    if (this.table.status !== "finished") this.endDismissed = false;
    this.busy = false;
    if (this.chat) this.chat.update(this.table, hostToken(this.tableId));
    // hot-seat: the turn went to another seat of this device
    const toAct = this.table.to_act;
    if (this.hotseat && this.table.status === "running" && this.seatTokens.has(toAct) && toAct !== this.shownSeat) {
      this.askToPass(toAct);
      return;
    }
    this.render();
    if (this.coachOn) this.loadCoach();
  }

  async act(action) {
    if (this.busy) return Promise.resolve(false);
    this.busy = true;
    this.error = null;
    // the board drawn before the move is out of date until the server's answer draws the next one
    // (assistive technology, and a test clicking at machine speed, wait for that)
    this.root.querySelector("#board")?.setAttribute("aria-busy", "true");
    try {
      await api.act(this.tableId, this.token(), action, newActionId());
      if (this.connection !== "open") await this.refresh();
      return true;
    } catch (error) {
      this.busy = false;
      this.error = error;
      this.render();
      return false;
    }
  }

  async undo() {
    this.error = null;
    try {
      await api.undo(this.tableId, this.token());
      if (this.connection !== "open") await this.refresh();
    } catch (error) {
      this.error = error;
      this.render();
    }
  }

  async start() {
    this.error = null;
    try {
      this.table = await api.start(this.tableId, hostToken(this.tableId));
      await this.refresh();
    } catch (error) {
      this.error = error;
      this.render();
    }
  }

  async takeback() {
    try {
      await api.takeback(this.tableId, this.token());
      await this.refresh();
    } catch (error) {
      this.error = error;
      this.render();
    }
  }

  playerName(seat) {
    return seatName(this.table, seat);
  }

  ctx() {
    const interactive = this.shownSeat !== null && this.table.status === "running";
    return {
      view: this.state.view,
      seat: this.shownSeat,
      legal: interactive ? this.state.legal_actions : [],
      newEvents: this.newEvents,
      t: gameTranslator(this.table.game),
      lang: language(),
      act: (json) => this.act(json),
      playerName: (seat) => this.playerName(seat),
      seatColor,
      interactive,
    };
  }

  // --- drawing -------------------------------------------------------------------------------------

  render() {
    keepFocus(this.root, () => this.draw());
  }

  draw() {
    if (this.fatal) {
      replace(
        this.root,
        el("h1", { tabindex: "-1" }, t("table.title_unknown")),
        errorBox(this.fatal),
        el("p", {}, el("a", { href: "#/" }, t("nav.lobby"))),
      );
      return;
    }
    if (!this.table) return;
    if (this.passTo !== null) {
      this.renderPass();
      return;
    }
    const title = gameName(this.gameInfo, this.table.game);
    // where the pieces were, so that what the new events moved slides there (motion.js)
    const before = piecePlaces(this.root.querySelector("#board"));
    replace(
      this.root,
      el(
        "div",
        { class: "table-page", "data-table": this.tableId, "data-seat": this.shownSeat ?? "spectator" },
        el(
          "header",
          { class: "table-header" },
          el("h1", { tabindex: "-1" }, title),
          el("p", { class: "role muted" }, this.roleText()),
          el("div", { class: "status-line" }, this.renderTurn(), this.renderTimerNode(), this.renderConnection()),
          this.renderPlayers(),
          this.renderControls(),
        ),
        this.error ? errorBox(this.error) : null,
        this.renderEnd(),
        el("div", { class: "table-body" }, this.renderBoard(), this.renderSide()),
      ),
    );
    if (this.fitter) this.fitter.disconnect();
    const board = this.root.querySelector("#board");
    this.fitter = board ? keepFitted(board) : null;
    showChanges(board, before, this.fresh);
    this.fresh = false;
  }

  roleText() {
    if (this.shownSeat === null) return t("table.spectating");
    if (this.hotseat) return t("table.hotseat_role", { name: this.playerName(this.shownSeat) });
    return t("table.playing_as", { name: this.playerName(this.shownSeat) });
  }

  renderTurn() {
    const table = this.table;
    let text;
    if (table.status === "open") text = t("table.waiting_start");
    else if (table.status === "finished") text = t("table.finished");
    else if (table.to_act === null || table.to_act === undefined) text = t("table.resolving");
    else if (table.to_act === this.shownSeat) text = t("table.your_turn");
    else text = t("table.turn_of", { name: this.playerName(table.to_act) });
    return el("span", { class: "turn", role: "status", "aria-live": "polite" }, text);
  }

  renderTimerNode() {
    const table = this.table;
    const running = table.status === "running";
    const seconds = running ? remaining(table.deadline) : null;
    const note = running ? this.timeoutNote() : null;
    let time = null;
    if (seconds !== null && seconds >= HOUR) time = t("table.timer_until", { time: clock(seconds), when: deadlineMoment(seconds) });
    else if (seconds !== null) time = t("table.timer", { time: clock(seconds) });
    // the note in a span of its own: the red of a running-out clock is the clock's, not the note's
    return el(
      "span",
      { class: ["timer", seconds !== null && seconds <= 10 && "urgent"], id: "table-timer", hidden: !time && !note },
      time,
      time && note ? " · " : null,
      note ? el("span", { class: "timer-note" }, note) : null,
    );
  }

  // What a bot does or did for this page's seat because its time ran out (the server's rule: a
  // time-out lets the bot make that turn's decisions and the seat stays the player's; only
  // `timeouts_to_bot` in a row hand the seat to the bot), said beside the clock, where the player looks.
  timeoutNote() {
    const mine = this.table.seats.find((s) => s.seat === this.shownSeat);
    if (!mine || mine.kind !== "human") return null;
    if (mine.bot_playing) return t("table.bot_plays_your_seat");
    if (mine.bot_turn) return t("table.timer_bot_turn");
    // kept until the player's own decision resets the count, so a player who looked away sees it
    if (mine.timeouts > 0) return t("table.bot_moved_for_you", { count: mine.timeouts, limit: this.table.timeouts_to_bot });
    return null;
  }

  renderTimer() {
    const node = this.root.querySelector("#table-timer");
    if (node && this.table) node.replaceWith(this.renderTimerNode());
  }

  renderConnection() {
    const status = this.connection;
    const node = el(
      "span",
      { class: ["connection", `connection-${status}`], id: "connection" },
      el("span", { class: "dot", "aria-hidden": "true" }),
      t(`connection.${status}`),
    );
    const others = this.tabs ? this.tabs.count() : 0;
    if (others) node.append(" ", el("span", { class: "other-tabs", role: "status" }, t("table.other_tabs", { count: others })));
    if (status === "reconnecting" || status === "refused") {
      node.append(
        " ",
        el("button", { type: "button", class: "small", onclick: () => this.socket && this.socket.reconnectNow() }, t("connection.retry")),
      );
    }
    return node;
  }

  renderStatus() {
    const node = this.root.querySelector("#connection");
    if (node) node.replaceWith(this.renderConnection());
  }

  renderPlayers() {
    const table = this.table;
    return el(
      "ol",
      { class: "players", "aria-label": t("table.players") },
      table.seats.map((seat) =>
        el(
          "li",
          {
            class: ["player", table.to_act === seat.seat && table.status === "running" && "to-act", seat.seat === this.shownSeat && "me"],
            "data-seat": seat.seat,
            "aria-current": table.to_act === seat.seat && table.status === "running" ? "step" : undefined,
          },
          el("span", { class: "dot", style: `background:${seatColor(seat.seat)}`, "aria-hidden": "true" }),
          el("span", { class: "name" }, this.playerName(seat.seat)),
          seat.kind === "bot" && seat.name ? el("span", { class: "muted" }, ` (${botLevelName(seat.bot)})`) : null,
          seat.seat === this.shownSeat ? el("span", { class: "badge" }, t("table.you")) : null,
          seat.bot_playing ? el("span", { class: "badge muted" }, t("table.bot_playing")) : null,
          seat.bot_turn && !seat.bot_playing ? el("span", { class: "badge muted" }, t("table.bot_turn")) : null,
          // hot-seat: this device's seats are all here, whichever one the socket speaks for
          seat.kind === "human" && table.status !== "finished" && !(this.hotseat && this.seatTokens.has(seat.seat))
            ? el("span", { class: "muted presence" }, seat.connected ? t("table.online") : seat.claimed ? t("table.offline") : t("table.free_seat"))
            : null,
          table.scores ? el("span", { class: "score" }, t("lobby.points", { count: table.scores[seat.seat] })) : null,
        ),
      ),
    );
  }

  renderControls() {
    const controls = [];
    const table = this.table;
    if (this.state && this.state.can_undo) {
      controls.push(el("button", { type: "button", id: "undo", onclick: () => this.undo() }, t("table.undo")));
    }
    if (table.coach && this.shownSeat !== null && table.status === "running") {
      controls.push(
        el("button", { type: "button", id: "coach-toggle", "aria-pressed": String(this.coachOn), onclick: () => this.toggleCoach() }, t("coach.toggle")),
      );
    }
    const mine = table.seats.find((s) => s.seat === this.shownSeat);
    // offered the moment a bot plays the seat and for as long as it does (not once the game is over:
    // there is nothing left to take back then)
    if (mine && mine.bot_playing && table.status === "running") {
      controls.push(el("button", { type: "button", id: "takeback", onclick: () => this.takeback() }, t("table.takeback")));
    }
    if (table.status === "open" && hostToken(this.tableId)) {
      controls.push(el("button", { type: "button", class: "primary", id: "start-table", onclick: () => this.start() }, t("create.start")));
    }
    if (table.status === "finished") {
      controls.push(el("a", { class: "button", href: `#/replay/${this.tableId}` }, t("lobby.replay")));
    }
    return controls.length ? el("div", { class: "controls" }, controls) : null;
  }

  renderBoard() {
    const board = el("section", { class: "board", id: "board", "aria-label": t("table.board"), "data-seat": this.shownSeat ?? "spectator" });
    if (!this.state) {
      board.append(el("p", { class: "muted", role: "status" }, t("common.loading")));
      return board;
    }
    if (this.table.status === "open" && !this.state.view) {
      board.append(el("p", {}, t("table.waiting_start")));
      return board;
    }
    // tests and the module's styles can tell a drawn position (and which) from the loading state
    board.dataset.step = this.state.step;
    try {
      this.module.render(board, this.ctx());
    } catch (error) {
      // a drawing bug must not stop the game: show the plain view with its moves instead
      console.error(error);
      fallbackModule.render(board, this.ctx());
    }
    return board;
  }

  describe(event) {
    try {
      const text = this.module.describeEvent ? this.module.describeEvent(event, this.ctx()) : null;
      return text || event.text;
    } catch (error) {
      console.error(error);
      return event.text;
    }
  }

  renderSide() {
    const fresh = new Set(this.newEvents.map((e) => e.index));
    const log = el(
      "ol",
      { class: "log", "aria-live": "polite", "aria-relevant": "additions" },
      this.events.map((event) =>
        el(
          "li",
          { class: ["event", fresh.has(event.index) && "just-changed"], "data-index": event.index, "data-kind": event.kind },
          event.seat !== null && event.seat !== undefined
            ? el("span", { class: "dot", style: `background:${seatColor(event.seat)}`, "aria-hidden": "true" })
            : null,
          this.describe(event),
        ),
      ),
    );
    const side = el(
      "aside",
      { class: "side" },
      this.coachOn ? el("section", { class: "coach", id: "coach", "aria-labelledby": "coach-title" }) : null,
      el("section", { class: "log-panel", "aria-labelledby": "log-title" }, el("h2", { id: "log-title" }, t("table.log")), log),
      this.chat ? this.chat.attach() : null,
    );
    if (this.coachOn) this.fillCoach(side.querySelector("#coach"));
    // newest at the bottom, in view
    requestAnimationFrame(() => {
      log.scrollTop = log.scrollHeight;
    });
    return side;
  }

  renderPass() {
    const name = this.playerName(this.passTo);
    replace(
      this.root,
      el(
        "section",
        { class: "pass-screen", id: "pass-screen", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title", "data-seat": this.passTo },
        el("h1", { id: "pass-title" }, t("hotseat.pass_to", { name })),
        el("p", {}, t("hotseat.explain", { name })),
        el(
          "button",
          { type: "button", class: "primary big", id: "pass-ready", onclick: () => this.show(this.passTo) },
          t("hotseat.ready", { name }),
        ),
      ),
    );
  }
}

// The coach panel (table_coach.js) and the end screen (table_end.js) are part of the page.
Object.assign(TablePage.prototype, coachPanel, endScreen);
