// Ratings (issue #46): a game's leaderboard (#/ratings/<game>), players and bot levels on one scale, and a
// player's public profile (#/player/<name>): ratings per game with the nearest bot level and the history
// plotted, and the finished games with their replays. Both read public data only.
import { api } from "./api.js";
import { el, replace } from "./dom.js";
import { botLevelName, gameName, seatName } from "./games.js";
import { formatDateTime, t } from "./i18n.js";
import { errorBox, loadGames } from "./common.js";
import { currentAccount } from "./my_seats.js";
import { ratingPlot } from "./rating_plot.js";

const number = (value) => value.toFixed(1);
const playerLink = (name) => el("a", { href: `#/player/${encodeURIComponent(name)}` }, name);

class RatingsBase {
  constructor(root, { parts }) {
    this.root = root;
    this.parts = parts;
    this.games = [];
    this.data = null;
    this.error = null;
  }

  async mount() {
    this.render();
    try {
      this.games = await loadGames();
      this.data = await this.load();
    } catch (error) {
      this.error = error;
    }
    this.render();
  }

  game(id) {
    return this.games.find((game) => game.id === id);
  }
}

export class LeaderboardPage extends RatingsBase {
  load() {
    this.gameId = this.parts[1] || "mlem";
    return api.ratings(this.gameId);
  }

  render() {
    const gameId = this.parts[1] || "mlem";
    const name = gameName(this.game(gameId), gameId);
    replace(
      this.root,
      el("h1", { tabindex: "-1" }, t("ratings.title", { game: name })),
      el(
        "nav",
        { class: "rating-games", "aria-label": t("ratings.games_nav") },
        this.games.map((game) =>
          el("a", { class: ["button", game.id === gameId && "primary"], href: `#/ratings/${game.id}`, "aria-current": game.id === gameId ? "page" : null }, gameName(game, game.id))),
      ),
      el("p", { class: "muted" }, t("ratings.explained")),
      this.error ? errorBox(this.error) : !this.data ? el("p", { class: "muted", role: "status" }, t("common.loading")) : this.table(),
    );
  }

  table() {
    const entries = this.data.entries;
    if (!entries.length) return el("p", { class: "muted" }, t("ratings.none"));
    return el(
      "table",
      { class: "leaderboard", id: "leaderboard" },
      el("thead", {}, el("tr", {}, ["ratings.place", "ratings.player", "ratings.rating", "ratings.skill", "ratings.games"].map((key) => el("th", { scope: "col" }, t(key))))),
      el(
        "tbody",
        {},
        entries.map((entry) =>
          el(
            "tr",
            { class: entry.bot ? "bot-entry" : "player-entry", "data-bot": entry.bot || null },
            el("td", {}, String(entry.place)),
            el("td", {}, entry.bot ? t("ratings.bot", { level: botLevelName(entry.bot) }) : playerLink(entry.name)),
            el("td", { class: "rating" }, number(entry.rating)),
            el("td", { class: "muted" }, `${number(entry.mu)} ± ${number(entry.sigma)}`),
            el("td", {}, String(entry.games)),
          )),
      ),
    );
  }
}

export class PlayerPage extends RatingsBase {
  load() {
    return api.player(this.parts[1] || "");
  }

  render() {
    const name = this.parts[1] || "";
    const missing = this.error && this.error.status === 404;
    replace(
      this.root,
      el("h1", { tabindex: "-1" }, t("profile.title", { name: this.data ? this.data.name : name })),
      missing
        ? el("p", { class: "notice", id: "no-player" }, t("profile.not_found"))
        : this.error
          ? errorBox(this.error)
          : !this.data
            ? el("p", { class: "muted", role: "status" }, t("common.loading"))
            : this.profile(),
    );
  }

  profile() {
    const data = this.data;
    const account = currentAccount();
    const own = account && account.name === data.name;
    return [
      el("p", { class: "muted" }, t("profile.since", { date: formatDateTime(data.created_at) })),
      el("h2", {}, t("profile.ratings")),
      data.ratings.length ? data.ratings.map((rating) => this.rating(rating, own)) : el("p", { class: "muted" }, t("profile.no_ratings")),
      el("h2", {}, t("profile.finished")),
      data.finished.length
        ? el("ul", { class: "finished-games", id: "finished-games" }, data.finished.map((table) => this.finished(table)))
        : el("p", { class: "muted" }, t("profile.no_games")),
    ];
  }

  rating(rating, own) {
    const name = gameName(this.game(rating.game), rating.game);
    const level = rating.bot_level ? botLevelName(rating.bot_level) : null;
    const pointLabel = (point, index) =>
      index === 0
        ? t("profile.point_start", { rating: number(rating.history[0].rating - rating.history[0].change) })
        : t("profile.point", { n: index, rating: number(point.rating), change: (point.change >= 0 ? "+" : "") + number(point.change), place: point.place });
    return el(
      "section",
      { class: "game-rating", "data-game": rating.game },
      el("h3", {}, name, " ", el("a", { class: "small", href: `#/ratings/${rating.game}` }, t("profile.leaderboard"))),
      el(
        "p",
        {},
        el("strong", { class: "rating", "data-rating": rating.rating }, t("profile.rating", { rating: number(rating.rating) })),
        " ",
        el("span", { class: "muted" }, t("profile.skill", { mu: number(rating.mu), sigma: number(rating.sigma), games: rating.games })),
      ),
      level ? el("p", { class: "bot-level", "data-level": rating.bot_level }, own ? t("profile.level_own", { level }) : t("profile.level", { level })) : null,
      rating.history.length ? ratingPlot(rating.history, t("profile.plot", { game: name }), pointLabel) : null,
    );
  }

  finished(table) {
    const winners = (table.winners || []).map((seat) => seatName(table, seat)).join(", ");
    return el(
      "li",
      { "data-table": table.id },
      el("strong", {}, gameName(this.game(table.game), table.game)),
      " ",
      el("span", { class: "muted" }, table.seats.map((seat) => seatName(table, seat.seat)).join(" · "), " · ", formatDateTime(table.updated_at)),
      " ",
      winners ? el("span", {}, t("profile.won_by", { names: winners })) : null,
      table.rated ? [" ", el("span", { class: "badge" }, t("profile.rated"))] : null,
      " ",
      el("a", { class: "button", href: `#/replay/${table.id}` }, t("lobby.replay")),
    );
  }
}
