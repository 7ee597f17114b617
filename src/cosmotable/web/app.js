// The client's entry point: language, the page frame (header, navigation, language switch) and the hash
// router (docs/server-api.md, "Browser client routes").
import { el, replace } from "./dom.js";
import { gameName } from "./games.js";
import { LANGUAGES, onLanguageChange, preferredLanguage, setLanguage, t, language } from "./i18n.js";
import { loadGamesWithCatalogs, parseHash } from "./common.js";
import { LobbyPage } from "./lobby.js";
import { CreatePage } from "./create.js";
import { TablePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { RulesPage } from "./rules.js";
import { AccountPage } from "./account.js";
import { LeaderboardPage, PlayerPage } from "./ratings.js";
import { currentAccount, loadAccount, onAccountChange, rememberSeats } from "./my_seats.js";
import { applyTurnSignal, startTurnSignal } from "./turn_signal.js";

const ROUTES = {
  "": LobbyPage,
  new: CreatePage,
  table: TablePage,
  replay: ReplayPage,
  rules: RulesPage,
  account: AccountPage,
  ratings: LeaderboardPage,
  player: PlayerPage,
};

class NotFoundPage {
  constructor(root) {
    this.root = root;
  }
  mount() {
    this.render();
  }
  render() {
    replace(this.root, el("h1", { tabindex: "-1" }, t("notfound.title")), el("p", {}, el("a", { href: "#/" }, t("nav.lobby"))));
  }
}

let page = null;
let games = [];
const main = () => document.getElementById("main");

function renderFrame() {
  applyTurnSignal(); // the title: "your turn" while a game waits for this player
  const account = currentAccount();
  const skip = document.getElementById("skip-link");
  skip.textContent = t("nav.skip");
  const header = document.getElementById("site-header");
  replace(
    header,
    el("a", { class: "brand", href: "#/" }, t("app.title")),
    el(
      "nav",
      { "aria-label": t("nav.label") },
      el(
        "ul",
        {},
        el("li", {}, el("a", { href: "#/" }, t("nav.lobby"))),
        games.map((game) => el("li", {}, el("a", { href: `#/rules/${game.id}` }, t("nav.rules_of", { game: gameName(game, game.id) })))),
        el("li", {}, el("a", { href: `#/ratings/${games.length ? games[0].id : "mlem"}`, id: "ratings-link" }, t("nav.ratings"))),
        el(
          "li",
          {},
          el("a", { href: "#/account", id: "account-link" }, account ? t("nav.account", { name: account.name }) : t("nav.sign_in")),
        ),
      ),
    ),
    el(
      "label",
      { class: "language" },
      el("span", {}, t("nav.language")),
      el(
        "select",
        { id: "language", onchange: (event) => setLanguage(event.target.value) },
        LANGUAGES.map((lang) => el("option", { value: lang, selected: lang === language(), lang }, t(`language.${lang}`))),
      ),
    ),
  );
}

async function route() {
  if (page && page.destroy) page.destroy();
  const { parts, query } = parseHash(location.hash);
  if (parts[0] === "table") rememberSeats(parts[1], query); // the lobby lists the seats this browser holds
  const Page = ROUTES[parts[0] || ""] || NotFoundPage;
  const root = main();
  replace(root);
  page = new Page(root, { parts, query });
  await page.mount();
  const heading = root.querySelector("h1");
  if (heading && document.activeElement === document.body) heading.focus({ preventScroll: true });
}

async function start() {
  await setLanguage(preferredLanguage(), { save: false });
  try {
    games = await loadGamesWithCatalogs();
  } catch (_) {
    games = []; // the lobby shows the error; the frame works without the games' names
  }
  await loadAccount();
  renderFrame();
  onAccountChange(() => {
    renderFrame();
    if (page && page.render) page.render();
  });
  startTurnSignal();
  onLanguageChange(() => {
    renderFrame();
    if (page && page.render) page.render();
  });
  window.addEventListener("hashchange", route);
  await route();
  document.body.dataset.ready = "true";
}

start();
