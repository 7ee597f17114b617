// REST and websocket client for docs/server-api.md. Seat tokens travel as the X-Seat-Token header (REST)
// or the ?token= query parameter (websocket), never in a path.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code);
    this.status = status;
    this.code = code; // the server's error code (bad_request, forbidden, conflict, ...) or "network"
  }
}

// How far the server's clock is ahead of this browser's (ms): the table page counts a turn's deadline
// down from the server's time, which its answers about a table carry (X-Server-Time, and `now` in a
// socket's first state), because a browser's clock may be minutes off (and a test server's a day ahead).
let serverOffset = 0;

export function serverNow() {
  return Date.now() + serverOffset;
}

// `sent`: when the request went (the answer was made halfway, as near as can be known).
function noteServerTime(text, sent = Date.now()) {
  const stamp = Date.parse(text || "");
  if (!Number.isNaN(stamp)) serverOffset = stamp - (sent + Date.now()) / 2;
}

async function request(method, path, { body, token, hostToken, query } = {}) {
  const url = new URL(`/api${path}`, location.origin);
  for (const [name, value] of Object.entries(query || {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(name, value);
  }
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (hostToken) headers["X-Host-Token"] = hostToken;
  let response;
  const sent = Date.now();
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, "network", String(error));
  }
  noteServerTime(response.headers.get("X-Server-Time"), sent);
  let payload = null;
  if (response.status === 204) return null;
  try {
    payload = await response.json();
  } catch (_) {
    payload = null;
  }
  if (!response.ok) {
    const code = (payload && payload.error) || "http_" + response.status;
    throw new ApiError(response.status, code, payload && payload.message);
  }
  return payload;
}

export const api = {
  games: () => request("GET", "/games"),
  rules: (game, lang) => request("GET", `/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang || "en")}`),
  createTable: (spec) => request("POST", "/tables", { body: spec }),
  listTables: ({ status, game, page = 1, pageSize = 10 } = {}) =>
    request("GET", "/tables", { query: { status, game, page, page_size: pageSize } }),
  table: (id) => request("GET", `/tables/${encodeURIComponent(id)}`),
  join: (id, { seat, name } = {}) => {
    const body = {};
    if (seat !== undefined && seat !== null) body.seat = seat;
    if (name) body.name = name;
    return request("POST", `/tables/${encodeURIComponent(id)}/join`, { body });
  },
  leave: (id, token) => request("POST", `/tables/${encodeURIComponent(id)}/leave`, { token }),
  takeback: (id, token) => request("POST", `/tables/${encodeURIComponent(id)}/takeback`, { token }),
  start: (id, hostToken) => request("POST", `/tables/${encodeURIComponent(id)}/start`, { hostToken }),
  fillSeat: (id, seat, bot, hostToken) =>
    request("PUT", `/tables/${encodeURIComponent(id)}/seats/${seat}`, { hostToken, body: { kind: "bot", bot } }),
  state: (id, token) => request("GET", `/tables/${encodeURIComponent(id)}/state`, { token }),
  act: (id, token, action, clientActionId) =>
    request("POST", `/tables/${encodeURIComponent(id)}/actions`, {
      token,
      body: { action, client_action_id: clientActionId },
    }),
  undo: (id, token) => request("POST", `/tables/${encodeURIComponent(id)}/undo`, { token }),
  replay: (id, step, seat) =>
    request("GET", `/tables/${encodeURIComponent(id)}/replay`, { query: { step, seat } }),
  // rematch (docs/server-api.md, "Rematch"): always with this seat's token at the old table
  rematch: (id, token) => request("POST", `/tables/${encodeURIComponent(id)}/rematch`, { token }),
  rematchAccept: (id, token) => request("POST", `/tables/${encodeURIComponent(id)}/rematch/accept`, { token }),
  rematchDecline: (id, token) => request("POST", `/tables/${encodeURIComponent(id)}/rematch/decline`, { token }),
  // table chat (docs/chat.md): the channels this token (none: a spectator) reads; writing; the host's switch
  chat: (id, token, after = 0) => request("GET", `/tables/${encodeURIComponent(id)}/chat`, { token, query: { after } }),
  chatPost: (id, token, channel, text) =>
    request("POST", `/tables/${encodeURIComponent(id)}/chat`, { token, body: { channel, text } }),
  chatSwitch: (id, hostToken, enabled) =>
    request("PUT", `/tables/${encodeURIComponent(id)}/chat`, { hostToken, body: { enabled } }),
  coach: (id, token) => request("GET", `/tables/${encodeURIComponent(id)}/coach`, { token }),
  // accounts (docs/server-api.md, "Accounts"): the session is an HttpOnly cookie the browser sends itself
  session: () => request("GET", "/session"),
  signUp: (name, password) => request("POST", "/account", { body: { name, password } }),
  signIn: (name, password) => request("POST", "/session", { body: { name, password } }),
  signOut: () => request("DELETE", "/session"),
  changePassword: (password, newPassword) =>
    request("POST", "/account/password", { body: { password, new_password: newPassword } }),
  deleteAccount: (password) => request("POST", "/account/delete", { body: { password } }),
  accountGames: () => request("GET", "/account/games"),
  // a signed-in player's chat mutes at a table (private to the account; a guest's stay in localStorage)
  chatMutes: (id) => request("GET", `/account/mutes/${encodeURIComponent(id)}`),
  setChatMutes: (id, seats) => request("PUT", `/account/mutes/${encodeURIComponent(id)}`, { body: { seats } }),
  lookupSeats: (seats) => request("POST", "/seats/lookup", { body: { seats } }),
  // ratings (docs/ratings.md): public, no cookie needed
  ratings: (game) => request("GET", `/ratings/${encodeURIComponent(game)}`),
  player: (name) => request("GET", `/players/${encodeURIComponent(name)}`),
};

export function newActionId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A table's live feed: reconnects with a growing pause (1 s doubling to 15 s) after a drop, and reports
// its status ("connecting", "open", "reconnecting", "closed") so the page can show it.
export class TableSocket {
  constructor(tableId, token, { onMessage, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retryDelay = 1000;
    this.closedByUs = false;
    this.timer = null;
    this.socket = null;
  }

  url() {
    const url = new URL(`/api/tables/${encodeURIComponent(this.tableId)}/ws`, location.origin);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (this.token) url.searchParams.set("token", this.token);
    return url.toString();
  }

  open() {
    this.closedByUs = false;
    clearTimeout(this.timer);
    this.onStatus(this.socket ? "reconnecting" : "connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.retryDelay = 1000;
      this.onStatus("open");
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_) {
        return; // not JSON: nothing the page can use
      }
      if (message.now) noteServerTime(message.now);
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket || this.closedByUs) return;
      // 4403/1008: the token was refused; retrying cannot help
      if (event.code === 1008 || event.code === 4403 || event.code === 4404) {
        this.onStatus("refused");
        return;
      }
      this.onStatus("reconnecting");
      this.timer = setTimeout(() => this.open(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, 15000);
    });
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  reconnectNow() {
    if (this.socket) this.socket.close();
    this.retryDelay = 1000;
    this.open();
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    this.onStatus("closed");
  }
}
