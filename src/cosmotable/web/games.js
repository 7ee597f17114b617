// Loading a game's module and catalog, and the names the shell shows for seats. A game whose module is
// missing or fails to load is drawn by the fallback renderer, so the shell works for any game.
import { fallbackModule } from "./fallback.js";
import { loadGameCatalog, t, tOr } from "./i18n.js";

const modules = new Map();

export async function gameModule(game) {
  if (!modules.has(game)) {
    const loading = import(`./games/${encodeURIComponent(game)}/index.js`)
      .then((loaded) => {
        const module = loaded.default;
        if (!module || typeof module.render !== "function") throw new Error(`${game}: no render()`);
        return module;
      })
      .catch((error) => {
        console.warn(`game module ${game} not available, using the plain renderer`, error);
        return fallbackModule;
      });
    modules.set(game, loading);
  }
  const [module] = await Promise.all([modules.get(game), loadGameCatalog(game)]);
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
