// "Your turn" outside the table page's own header: the page title and the favicon show how many games wait
// for this player, and (when the player allowed it) a browser notification says so while the page is in
// another tab. The player's games are asked for every POLL_MS, at once when the page comes back into view,
// and whenever a page (the lobby) has loaded them itself.
import { loadMyGames } from "./my_seats.js";
import { t } from "./i18n.js";

const POLL_MS = 10000;
let waiting = []; // the "your turn" entries last seen
let notified = new Set(); // the tables a notification was shown for (once per turn)
let timer = null;

function icon(active) {
  const fill = active ? "#d55e00" : "#0072b2";
  const dot = active ? '<circle cx="24" cy="8" r="7" fill="#e69f00" stroke="white" stroke-width="2"/>' : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="13" fill="${fill}"/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// The title and the favicon for the games last seen; app.js calls it after each language change too.
export function applyTurnSignal() {
  const count = waiting.length;
  document.title = count ? `${t("turn.title", { count })} · ${t("app.title")}` : t("app.title");
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  link.href = icon(count > 0);
  document.documentElement.dataset.yourTurn = String(count);
}

function notify(entries) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  for (const entry of entries) {
    const key = `${entry.table.id}/${entry.table.step}`;
    if (notified.has(key)) continue;
    notified.add(key);
    try {
      const note = new Notification(t("turn.notify_title"), { body: t("turn.notify_body"), tag: entry.table.id });
      note.onclick = () => {
        window.focus();
        location.hash = new URL(entry.url, location.origin).hash;
      };
    } catch (_) {
      // some browsers allow notifications only from a service worker: the title still says it
    }
  }
}

// The player's games, as a page loaded them (or null to ask the server now).
export async function updateTurnSignal(lists = null) {
  try {
    lists = lists || (await loadMyGames());
  } catch (_) {
    return; // the server is away: the title keeps what it showed
  }
  waiting = lists.your_turn || [];
  const current = new Set(waiting.map((entry) => `${entry.table.id}/${entry.table.step}`));
  notified = new Set([...notified].filter((key) => current.has(key)));
  applyTurnSignal();
  notify(waiting);
}

export function startTurnSignal() {
  clearInterval(timer);
  timer = setInterval(() => updateTurnSignal(), POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) updateTurnSignal();
  });
  updateTurnSignal();
}

// Notifications need the player's permission, asked only when they press the button for it.
export function canAskToNotify() {
  return "Notification" in window && Notification.permission === "default";
}

export async function askToNotify() {
  if (!("Notification" in window)) return "denied";
  return Notification.requestPermission();
}
