// Translations: the shell's catalogs (web/i18n/{lang}.json) and each game's (i18n/{lang}.json in the game's
// module folder, whose URL GET /api/games gives as GameInfo.web; keys prefixed with the game id). t(key, params) looks the key up in the current language, then English;
// "{name}" placeholders are filled from params. A catalog value may be an object of plural forms
// ({"one": ..., "few": ..., "many": ..., "other": ...}) chosen by params.count with Intl.PluralRules, because
// Ukrainian, Russian and Polish need three forms where English needs two.

export const LANGUAGES = ["en", "uk", "ru", "nl", "pl"];
const STORAGE_KEY = "cosmotable.lang";

let current = "en";
const catalogs = {}; // lang -> {key: value}
const loadedGames = new Set(); // "lang/game" pairs already merged
const gameWebs = new Map(); // game -> the URL of its module folder (GameInfo.web), remembered for setLanguage
const listeners = new Set();

export function language() {
  return current;
}

// The saved choice, else the first of the browser's preferred languages we have, else English.
export function preferredLanguage() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch (_) {
    saved = null; // storage may be disabled (private mode): fall back to the browser's preference
  }
  if (LANGUAGES.includes(saved)) return saved;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of wanted) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function fetchCatalog(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function merge(lang, entries, prefix) {
  const target = (catalogs[lang] ||= {});
  for (const [key, value] of Object.entries(entries)) target[prefix ? `${prefix}.${key}` : key] = value;
}

async function loadShell(lang) {
  if (catalogs[lang] && catalogs[lang].__shell) return;
  merge(lang, await fetchCatalog(new URL(`./i18n/${lang}.json`, import.meta.url)));
  catalogs[lang].__shell = true;
}

// A game's terms, merged under its id, from its module folder `web` (GameInfo.web; left out: the one given
// before). A game without a module or a catalog (yet) simply has no terms: the shell then falls back to
// what the server says (variant descriptions, event texts).
export async function loadGameCatalog(game, web) {
  if (web !== undefined) gameWebs.set(game, web);
  const base = gameWebs.get(game);
  if (!base) return;
  const wanted = current === "en" ? ["en"] : ["en", current];
  await Promise.all(
    wanted.map(async (lang) => {
      const mark = `${lang}/${game}`;
      if (loadedGames.has(mark)) return;
      try {
        merge(lang, await fetchCatalog(new URL(`i18n/${lang}.json`, new URL(base, import.meta.url))), game);
      } catch (_) {
        // no catalog for this game and language: English or the server's text is shown instead
      }
      loadedGames.add(mark);
    }),
  );
}

export async function setLanguage(lang, { save = true } = {}) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  await loadShell("en");
  if (lang !== "en") await loadShell(lang);
  current = lang;
  const games = new Set([...loadedGames].map((mark) => mark.split("/")[1]));
  await Promise.all([...games].map((game) => loadGameCatalog(game)));
  document.documentElement.lang = lang;
  if (save) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch (_) {
      // not saved: the choice still holds for this page
    }
  }
  for (const listener of listeners) listener(lang);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function has(key) {
  return lookup(key) !== undefined;
}

function lookup(key) {
  const here = catalogs[current] && catalogs[current][key];
  if (here !== undefined) return here;
  return catalogs.en && catalogs.en[key];
}

function choosePlural(value, params) {
  if (typeof value === "string") return value;
  const count = Number(params && params.count);
  const form = Number.isFinite(count) ? new Intl.PluralRules(current).select(count) : "other";
  return value[form] ?? value.other ?? Object.values(value)[0];
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The key itself is returned for a missing key, so a gap in a catalog is visible (and tests catch it).
export function t(key, params) {
  const value = lookup(key);
  if (value === undefined) return key;
  return fill(choosePlural(value, params), params);
}

// t() with a fallback text for keys a game catalog may or may not define (e.g. a variant's name, where
// the server's own description is the fallback).
export function tOr(key, fallback, params) {
  return has(key) ? t(key, params) : fallback;
}

// A translator bound to a game's prefix, as handed to game modules (ctx.t("space", {n: 7})).
export function gameTranslator(game) {
  return (key, params) => t(`${game}.${key}`, params);
}

export function formatPercent(fraction) {
  return new Intl.NumberFormat(current, { style: "percent", maximumFractionDigits: 1 }).format(fraction);
}

export function formatDateTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(current, { dateStyle: "short", timeStyle: "short" }).format(date);
}
