// Loading a game's module and catalog, and the names the shell shows for seats. A game's module lives with
// the game (its package's web folder); GET /api/games gives its URL (GameInfo.web), so the shell names no
// game. A game without a module (web null), or whose module is missing or fails to load, is drawn by the
// fallback renderer, so the shell works for any game.
import { loadGames } from "./common.js";
import { fallbackModule } from "./fallback.js";
import { loadGameCatalog, t, tOr } from "./i18n.js";

const modules = new Map();

// The URL of the game's module folder (ends with "/"), null when it has none.
async function gameWeb(game) {
  const info = (await loadGames()).find((g) => g.id === game);
  return info && info.web ? info.web : null;
}

async function loadModule(game) {
  try {
    const web = await gameWeb(game);
    if (!web) return fallbackModule; // the game has no module of its own: the plain renderer is its page
    const module = (await import(`${web}index.js`)).default;
    if (!module || typeof module.render !== "function") throw new Error(`${game}: no render()`);
    return module;
  } catch (error) {
    console.warn(`game module ${game} not available, using the plain renderer`, error);
    return fallbackModule;
  }
}

export async function gameModule(game) {
  if (!modules.has(game)) modules.set(game, loadModule(game));
  const catalog = gameWeb(game).then(
    (web) => loadGameCatalog(game, web),
    () => undefined, // no games list: no catalog either, the server's texts are shown
  );
  const [module] = await Promise.all([modules.get(game), catalog]);
  return module;
}

// The game's own name from its catalog ("name"), else the server's.
export function gameName(info, gameId) {
  return tOr(`${gameId}.name`, (info && info.name) || gameId);
}

export function botLevelName(level) {
  return tOr(`bot.${level}`, level);
}

// "Anna", "Bot (hard)", "Player 2": what a seat is called everywhere in the shell.
export function seatName(table, seat) {
  const info = table && table.seats ? table.seats.find((s) => s.seat === seat) : null;
  if (info && info.name) return info.name;
  if (info && info.account_deleted) return t("seat.deleted_player");
  if (info && info.kind === "bot") return t("seat.bot_named", { level: botLevelName(info.bot), n: seat + 1 });
  return t("seat.player", { n: seat + 1 });
}

// A variant's or option's name in the game's catalog ("variant.ufo", "option.board"), else its id.
export function variantName(game, name) {
  return tOr(`${game}.variant.${name}`, name);
}

// What a variant changes, in the page's language; the game's own (English) description when the
// game module's catalog has no text for it.
export function variantHint(game, name, description) {
  return tOr(`${game}.variant_hint.${name}`, description);
}

export function optionName(game, name) {
  return tOr(`${game}.option.${name}`, name);
}
