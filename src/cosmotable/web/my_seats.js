// The player's games: the signed-in account (a session cookie, kept by the server), and for everyone the
// seat links this browser has opened (localStorage "cosmotable.seats": [{table_id, token}], newest first),
// which the server sorts into "your turn", "waiting" and "finished" (POST /api/seats/lookup).
import { api } from "./api.js";

const STORAGE_KEY = "cosmotable.seats";
const KEPT = 50; // the server looks up at most 50 links at once

let account = null; // {name, created_at} while signed in
let accountKnown = false;
const listeners = new Set();

export function currentAccount() {
  return account;
}

export function onAccountChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setAccount(value) {
  account = value || null;
  accountKnown = true;
  for (const listener of listeners) listener(account);
}

// Who is signed in (GET /api/session answers 200 for a guest too: no console error for guests).
export async function loadAccount() {
  try {
    setAccount((await api.session()).account);
  } catch (_) {
    if (!accountKnown) setAccount(null); // the server is away: a guest until it answers
  }
  return account;
}

export function keptSeats() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((s) => s && typeof s.table_id === "string" && typeof s.token === "string") : [];
  } catch (_) {
    return [];
  }
}

// Remember the seat links of a table page's address (?token= or the hot-seat's ?tokens=).
export function rememberSeats(tableId, query) {
  const raw = query.get("tokens") || query.get("token");
  if (!tableId || !raw) return;
  const tokens = raw.split(",").map((token) => token.trim()).filter(Boolean);
  const others = keptSeats().filter((s) => !(s.table_id === tableId && tokens.includes(s.token)));
  const kept = [...tokens.map((token) => ({ table_id: tableId, token })), ...others].slice(0, KEPT);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch (_) {
    // storage disabled: the seat's link still works, it is only not listed
  }
}

// Every game of this player: the account's (signed in) and this browser's links, one entry per seat.
export async function loadMyGames() {
  const lists = { your_turn: [], waiting: [], finished: [] };
  const answers = [];
  const kept = keptSeats();
  if (kept.length) answers.push(api.lookupSeats(kept));
  if (account) {
    answers.push(
      api.accountGames().catch((error) => {
        // the session ended elsewhere (signed out, the password changed): a guest from now on
        if (error.status !== 401) throw error;
        setAccount(null);
        return {};
      }),
    );
  }
  const seen = new Set();
  for (const answer of await Promise.all(answers)) {
    for (const kind of Object.keys(lists)) {
      for (const item of answer[kind] || []) {
        const key = `${item.table.id}/${item.seat}`;
        if (seen.has(key)) continue;
        seen.add(key);
        lists[kind].push(item);
      }
    }
  }
  return lists;
}

// The link to resume a table, when this player holds a seat at it.
export function resumeUrl(lists, tableId) {
  for (const items of Object.values(lists || {})) {
    const found = items.find((item) => item.table.id === tableId);
    if (found) return new URL(found.url, location.origin).hash;
  }
  return null;
}
