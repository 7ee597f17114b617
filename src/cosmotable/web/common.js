// Pieces several pages share: error messages in the player's language, the games list, copy-to-clipboard.
import { api } from "./api.js";
import { el } from "./dom.js";
import { has, loadGameCatalog, t } from "./i18n.js";

let gamesPromise = null;

// GET /api/games once per page load (the list does not change while the server runs).
export function loadGames() {
  if (!gamesPromise) {
    gamesPromise = api.games().catch((error) => {
      gamesPromise = null;
      throw error;
    });
  }
  return gamesPromise;
}

// The games list with each game's catalog loaded, for pages that print game names and variants.
export async function loadGamesWithCatalogs() {
  const games = await loadGames();
  await Promise.all(games.map((game) => loadGameCatalog(game.id, game.web)));
  return games;
}

// The player sees the error code's sentence in their language; the server's own message (English, often
// naming the exact field or rule) follows under "Details".
export function errorBox(error) {
  const code = error && error.code ? error.code : "unknown";
  const key = has(`error.${code}`) ? `error.${code}` : "error.unknown";
  const details = error && error.message && error.message !== code ? error.message : null;
  return el(
    "div",
    { class: "error", role: "alert" },
    el("p", {}, t(key)),
    details ? el("details", {}, el("summary", {}, t("error.details")), el("p", { class: "server-message" }, details)) : null,
  );
}

export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    // no clipboard permission (plain http, old browser): select the text so the player can copy it
    if (input) {
      input.focus();
      input.select();
      try {
        return document.execCommand("copy");
      } catch (__) {
        return false;
      }
    }
    return false;
  }
}

export function absoluteUrl(url) {
  return new URL(url, location.origin).toString();
}

// Host tokens are kept on this device so the creator can start the table from its page later.
export function saveHostToken(tableId, token) {
  try {
    localStorage.setItem(`cosmotable.host.${tableId}`, token);
  } catch (_) {
    // storage disabled: the start button on the creation page still works
  }
}

export function hostToken(tableId) {
  try {
    return localStorage.getItem(`cosmotable.host.${tableId}`);
  } catch (_) {
    return null;
  }
}

export function savedName() {
  try {
    return localStorage.getItem("cosmotable.name") || "";
  } catch (_) {
    return "";
  }
}

export function saveName(name) {
  try {
    localStorage.setItem("cosmotable.name", name);
  } catch (_) {
    // not remembered: the name is still sent with this join
  }
}

export function parseHash(hash) {
  const raw = (hash || "").replace(/^#/, "") || "/";
  const [path, queryString = ""] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { parts, query: new URLSearchParams(queryString) };
}
