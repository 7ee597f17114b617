// Table chat (issue #46; the server's rules are server/chat.py's, docs/chat.md): a panel of the table page
// with the players' channel and the spectators' channel, as on chess servers. Who reads and writes which
// channel is the server's rule; the panel shows the viewer what it may use (a player reads and writes the
// players' channel while the game runs, a spectator reads both and writes the spectators'; once the game
// is over everyone reads both and the players may write in either).
//
// Text only: every message is put on the page as a text node (dom.js `el`, inside <bdi> so right-to-left
// text stays in its own box), never parsed as markup. Muting another player hides their messages for the
// muting player only, per table and seat: a signed-in player's mutes are kept with the account on the server
// (GET/PUT /api/account/mutes/{table}), so they follow it to another browser; a guest's in localStorage.
import { api } from "./api.js";
import { el, replace, seatColor } from "./dom.js";
import { t } from "./i18n.js";
import { currentAccount } from "./my_seats.js";

// characters of one message (server/chat.py MAX_CHARS); counted as the server counts, by code point
export const MAX_CHARS = 500;
// the bidi embeddings, overrides and isolates the server refuses (chat.py BIDI_CONTROLS)
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const CHANNELS = ["players", "spectators"];

// What a viewer (seat null: a spectator) reads and writes: chat.py `visible` and `post_chat`.
export function chatChannels(seat, finished) {
  const spectator = seat === null || seat === undefined;
  return {
    read: spectator || finished ? CHANNELS : ["players"],
    write: spectator ? ["spectators"] : finished ? CHANNELS : ["players"],
  };
}

const mutedKey = (tableId) => `cosmotable.chat.muted.${tableId}`;

// The seats a guest's browser muted at a table.
export function loadMuted(tableId) {
  try {
    const saved = JSON.parse(localStorage.getItem(mutedKey(tableId)) || "[]");
    return new Set(Array.isArray(saved) ? saved.filter(Number.isInteger) : []);
  } catch (_) {
    return new Set(); // storage disabled or spoilt: nobody muted
  }
}

// The seats muted at a table: the signed-in account's (kept on the server), or this browser's for a guest.
export async function mutedSeats(tableId) {
  if (!currentAccount()) return loadMuted(tableId);
  try {
    return new Set((await api.chatMutes(tableId)).seats);
  } catch (error) {
    console.warn("the chat mutes could not be read", error); // nobody hidden: every message is shown
    return new Set();
  }
}

function saveMuted(tableId, muted) {
  try {
    if (muted.size) localStorage.setItem(mutedKey(tableId), JSON.stringify([...muted].sort()));
    else localStorage.removeItem(mutedKey(tableId));
  } catch (_) {
    // not remembered: the mute holds for this page
  }
}

// One message: its author and its text, both as text.
export function messageItem(message, playerName, tag = false) {
  const seat = message.seat;
  const author = seat === null || seat === undefined ? t("chat.spectator") : playerName(seat);
  return el(
    "li",
    { class: ["chat-message", `chat-${message.channel}`], "data-id": message.id, "data-seat": seat ?? "spectator", "data-channel": message.channel },
    seat === null || seat === undefined ? null : el("span", { class: "dot", style: `background:${seatColor(seat)}`, "aria-hidden": "true" }),
    el("bdi", { class: "chat-author" }, author),
    tag && message.channel === "spectators" ? el("span", { class: "chat-tag muted" }, ` (${t("chat.tab_spectators")})`) : null,
    ": ",
    el("bdi", { class: "chat-text" }, message.text),
  );
}

// The replay's chat: what both channels held when the replayed step was on the board (each message
// carries the table's step when it was written), without the muted seats.
export function replayChat(messages, step, playerName, muted) {
  const shown = messages.filter((m) => m.step <= step && !(m.seat !== null && muted.has(m.seat)));
  return el(
    "section",
    { class: "chat chat-replay", id: "replay-chat", "aria-labelledby": "replay-chat-title" },
    el("h2", { id: "replay-chat-title" }, t("chat.title")),
    shown.length
      ? el("ol", { class: "chat-list", "aria-label": t("chat.title") }, shown.map((m) => messageItem(m, playerName, true)))
      : el("p", { class: "muted" }, t("chat.replay_none")),
  );
}

// A chat refusal in the player's words: the server's error code, or the client's own check.
function refusal(code, details = null, params = {}) {
  const keys = {
    rate_limited: "chat.error_rate_limited",
    conflict: "chat.error_off",
    forbidden: "chat.error_forbidden",
    validation_error: "chat.error_refused",
    too_large: "chat.error_refused",
    too_long: "chat.error_too_long",
    bidi: "chat.error_bidi",
  };
  return { key: keys[code] || "chat.error_failed", details, params: { max: MAX_CHARS, count: params.count ?? 0 } };
}

export class TableChat {
  // send(message): sends over the table's socket, false when it is not open (then POST is used)
  constructor({ tableId, seat, token, send, playerName }) {
    this.tableId = tableId;
    this.seat = seat;
    this.token = token;
    this.sendSocket = send;
    this.playerName = playerName;
    this.table = null;
    this.messages = new Map(); // id -> message
    this.signedIn = Boolean(currentAccount()); // mutes kept with the account (else in this browser)
    this.muted = this.signedIn ? new Set() : loadMuted(tableId);
    this.mutesRead = !this.signedIn; // the account's mutes are on their way
    this.saving = Promise.resolve(); // the account's mutes are written one after the other
    this.tab = seat === null ? "spectators" : "players";
    this.unread = new Set(); // channels with messages not seen in their tab
    this.error = null;
    this.lastSent = "";
    this.build();
  }

  // The panel is built once and kept across the page's redraws (the text being typed and the open
  // state stay); its parts are filled again when something changes.
  build() {
    this.tabs = el("div", { class: "chat-tabs tabs", role: "group", "aria-label": t("chat.channels") });
    this.list = el("ol", { class: "chat-list", id: "chat-list", "aria-live": "polite", "aria-relevant": "additions", "aria-label": t("chat.title") });
    this.note = el("div", { class: "chat-note" });
    this.input = el("input", { type: "text", id: "chat-input", name: "chat", autocomplete: "off", "aria-label": t("chat.write"), placeholder: t("chat.write") });
    this.button = el("button", { type: "submit", id: "chat-send", class: "small" }, t("chat.send"));
    this.form = el(
      "form",
      { class: "chat-form", onsubmit: (event) => {
        event.preventDefault();
        this.send();
      } },
      this.input,
      this.button,
    );
    this.extras = el("div", { class: "chat-extras" });
    this.title = el("h2", { id: "chat-title" }, t("chat.title"));
    this.node = el(
      "details",
      { class: "chat", id: "chat", open: true },
      el("summary", {}, this.title),
      this.tabs,
      this.list,
      this.note,
      this.form,
      this.extras,
    );
  }

  finished() {
    return Boolean(this.table && this.table.status === "finished");
  }

  channels() {
    return chatChannels(this.seat, this.finished());
  }

  // The page's table summary changed: the chat switched, the game over (more to read), names.
  update(table, hostToken) {
    const wasFinished = this.finished();
    this.table = table;
    this.hostToken = hostToken;
    if (!wasFinished && this.finished()) this.load(); // the other channel opens now
    this.draw();
  }

  async load() {
    if (!this.mutesRead) this.loadMutes();
    try {
      const log = await api.chat(this.tableId, this.token);
      for (const message of log.messages) this.messages.set(message.id, message);
      if (this.table) this.table = { ...this.table, chat: log.chat };
    } catch (error) {
      this.error = refusal(error.code, error.message);
    }
    this.draw();
  }

  receive(message) {
    if (!message || this.messages.has(message.id)) return;
    this.messages.set(message.id, message);
    if (message.channel !== this.shownChannel()) this.unread.add(message.channel);
    this.draw();
  }

  // A refusal the socket sent for a chat message ({"type": "error", "about": "chat"}).
  refused(error) {
    this.error = refusal(error.error, error.message);
    if (!this.input.value) this.input.value = this.lastSent;
    this.draw();
  }

  shownChannel() {
    const read = this.channels().read;
    return read.includes(this.tab) ? this.tab : read[0];
  }

  async send() {
    const text = this.input.value;
    if (!text.trim()) return;
    const channel = this.shownChannel();
    const count = [...text].length;
    // refused here with a clear word (the server would refuse them too): nothing is sent
    this.error = count > MAX_CHARS ? refusal("too_long", null, { count }) : BIDI.test(text) ? refusal("bidi") : null;
    if (this.error) {
      this.draw();
      return;
    }
    this.lastSent = text;
    this.input.value = "";
    if (this.sendSocket({ type: "chat", channel, text })) {
      this.draw();
      return;
    }
    try {
      this.receive(await api.chatPost(this.tableId, this.token, channel, text));
    } catch (error) {
      this.refused({ error: error.code, message: error.message });
    }
  }

  async loadMutes() {
    this.muted = await mutedSeats(this.tableId);
    this.mutesRead = true;
    this.draw();
  }

  toggleMute(seat, on) {
    if (on) this.muted.add(seat);
    else this.muted.delete(seat);
    this.draw();
    if (!this.signedIn) {
      saveMuted(this.tableId, this.muted);
      return;
    }
    // each write sends the whole list as it is when it goes, after the one before: the last one wins
    this.saving = this.saving.then(async () => {
      try {
        this.muted = new Set((await api.setChatMutes(this.tableId, [...this.muted].sort())).seats);
        if (this.error && this.error.key === "chat.mute_error") this.error = null;
      } catch (error) {
        if (on) this.muted.delete(seat);
        else this.muted.add(seat);
        this.error = { key: "chat.mute_error", details: error.message, params: {} };
      }
      this.draw();
    });
  }

  async switchChat(enabled) {
    try {
      this.table = await api.chatSwitch(this.tableId, this.hostToken, enabled);
      this.error = null;
    } catch (error) {
      this.error = refusal(error.code, error.message);
    }
    this.draw();
  }

  // The node to put in the page (after each redraw of the page, the newest message in view again).
  attach() {
    // the words built once are said again in the page's language (the page redraws on a change)
    this.title.textContent = t("chat.title");
    this.tabs.setAttribute("aria-label", t("chat.channels"));
    this.list.setAttribute("aria-label", t("chat.title"));
    for (const name of ["aria-label", "placeholder"]) this.input.setAttribute(name, t("chat.write"));
    this.button.textContent = t("chat.send");
    this.draw();
    requestAnimationFrame(() => {
      this.list.scrollTop = this.list.scrollHeight;
    });
    return this.node;
  }

  draw() {
    if (!this.table) return;
    const { read, write } = this.channels();
    const channel = this.shownChannel();
    this.unread.delete(channel);
    replace(
      this.tabs,
      read.length > 1
        ? read.map((name) =>
            el(
              "button",
              { type: "button", class: ["tab", "small", this.unread.has(name) && "unread"], "data-channel": name, "aria-pressed": String(name === channel), onclick: () => {
                this.tab = name;
                this.draw();
              } },
              t(`chat.tab_${name}`),
              this.unread.has(name) ? el("span", { class: "badge" }, t("chat.new")) : null,
            ),
          )
        : el("p", { class: "muted chat-channel" }, t("chat.players_only")),
    );
    this.tabs.dataset.channel = channel;
    const shown = [...this.messages.values()]
      .filter((m) => m.channel === channel && !(m.seat !== null && this.muted.has(m.seat)))
      .sort((a, b) => a.id - b.id);
    const atEnd = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    replace(this.list, shown.map((m) => messageItem(m, this.playerName)));
    this.list.dataset.channel = channel;
    if (atEnd) this.list.scrollTop = this.list.scrollHeight;
    const open = this.table.chat !== false;
    const writable = open && write.includes(channel);
    this.input.disabled = !writable;
    this.button.disabled = !writable;
    this.form.dataset.channel = channel;
    let why = null;
    if (!open) why = t("chat.off");
    else if (!writable) why = channel === "players" ? t("chat.players_write_here") : t("chat.spectators_write_here");
    replace(
      this.note,
      why ? el("p", { class: "muted", id: "chat-why" }, why) : null,
      this.error
        ? el(
            "div",
            { class: "error chat-error", id: "chat-error", role: "alert" },
            el("p", {}, t(this.error.key, this.error.params)),
            this.error.details ? el("details", {}, el("summary", {}, t("error.details")), el("p", { class: "server-message" }, this.error.details)) : null,
          )
        : null,
    );
    replace(this.extras, this.renderMute(), this.renderSwitch(open));
  }

  // The other human seats, each with a box that hides their messages here.
  renderMute() {
    const others = (this.table.seats || []).filter((s) => s.kind === "human" && s.seat !== this.seat);
    if (!others.length) return null;
    return el(
      "details",
      { class: "chat-mute", id: "chat-mute", "data-kept": this.signedIn ? "account" : "browser", "data-read": String(this.mutesRead), open: this.muteOpen || undefined, ontoggle: (event) => {
        this.muteOpen = event.target.open;
      } },
      el("summary", {}, this.muted.size ? t("chat.muted_count", { count: this.muted.size }) : t("chat.mute")),
      el(
        "ul",
        { class: "chat-mute-list" },
        others.map((s) =>
          el(
            "li",
            {},
            el(
              "label",
              {},
              el("input", { type: "checkbox", "data-mute-seat": s.seat, checked: this.muted.has(s.seat), onchange: (event) => this.toggleMute(s.seat, event.target.checked) }),
              " ",
              t("chat.mute_player", { name: this.playerName(s.seat) }),
            ),
          ),
        ),
      ),
      el("p", { class: "muted chat-mute-kept" }, t(this.signedIn ? "chat.mute_kept_account" : "chat.mute_kept_browser")),
    );
  }

  // The host (this browser holds the host token) turns the table's chat off or on.
  renderSwitch(open) {
    if (!this.hostToken) return null;
    return el(
      "button",
      { type: "button", class: "small", id: "chat-switch", onclick: () => this.switchChat(!open) },
      open ? t("chat.turn_off") : t("chat.turn_on"),
    );
  }
}
