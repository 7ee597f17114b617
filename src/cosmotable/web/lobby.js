// The lobby: tables by status (open / running / finished, paginated), joining a free seat, watching,
// replays; and the games with links to create a table or read the rules.
import { api } from "./api.js";
import { el, replace, seatColor, keepFocus } from "./dom.js";
import { gameName, seatName, variantName } from "./games.js";
import { formatDateTime, t } from "./i18n.js";
import { errorBox, loadGamesWithCatalogs, saveName, savedName } from "./common.js";
import { loadMyGames, resumeUrl } from "./my_seats.js";
import { myGamesSection } from "./my_games_view.js";
import { updateTurnSignal } from "./turn_signal.js";

const STATUSES = ["open", "running", "finished"];
const PAGE_SIZE = 10;

export class LobbyPage {
  constructor(root, { query }) {
    this.root = root;
    this.status = STATUSES.includes(query.get("status")) ? query.get("status") : "open";
    this.page = Math.max(1, Number(query.get("page")) || 1);
    this.games = [];
    this.listing = null;
    this.error = null;
    this.message = null;
    this.refreshTimer = null;
    this.myGames = null; // {your_turn, waiting, finished} of this player (my_seats.js)
  }

  async mount() {
    try {
      this.games = await loadGamesWithCatalogs();
    } catch (error) {
      this.error = error;
    }
    this.render();
    await Promise.all([this.loadMine(), this.loadTables()]);
    // open tables fill up and running ones finish while the lobby is open
    this.refreshTimer = setInterval(() => Promise.all([this.loadMine(), this.loadTables()]), 10000);
  }

  destroy() {
    clearInterval(this.refreshTimer);
  }

  async loadMine() {
    try {
      this.myGames = await loadMyGames();
      updateTurnSignal(this.myGames);
    } catch (_) {
      this.myGames = this.myGames || { your_turn: [], waiting: [], finished: [] };
    }
    const node = this.root.querySelector("#my-games");
    if (node) keepFocus(this.root, () => node.replaceWith(this.mineBlock()));
    this.renderListingOnly();
  }

  mineBlock() {
    return myGamesSection(this.myGames, this.games, () => this.render());
  }

  async loadTables() {
    try {
      this.listing = await api.listTables({ status: this.status, page: this.page, pageSize: PAGE_SIZE });
      this.error = null;
    } catch (error) {
      this.error = error;
    }
    this.renderListingOnly();
  }

  select(status) {
    this.status = status;
    this.page = 1;
    this.listing = null;
    this.render();
    this.loadTables();
  }

  goPage(page) {
    this.page = page;
    this.loadTables();
  }

  gameInfo(id) {
    return this.games.find((game) => game.id === id);
  }

  async join(table, seat) {
    const name = this.root.querySelector("#player-name").value.trim();
    if (name) saveName(name);
    try {
      const link = await api.join(table.id, { seat, name: name || undefined });
      location.hash = new URL(link.url, location.origin).hash;
    } catch (error) {
      this.message = errorBox(error);
      this.render();
    }
  }

  render() {
    keepFocus(this.root, () => this.draw());
  }

  draw() {
    const nameInput = this.root.querySelector("#player-name");
    const name = nameInput ? nameInput.value : savedName();
    replace(
      this.root,
      el("h1", { tabindex: "-1" }, t("lobby.title")),
      el("p", { class: "lead" }, t("lobby.intro")),
      this.mineBlock(),
      this.renderGames(),
      el(
        "section",
        { class: "tables", "aria-labelledby": "tables-title" },
        el("h2", { id: "tables-title" }, t("lobby.tables")),
        el(
          "p",
          { class: "field" },
          el("label", { for: "player-name" }, t("lobby.your_name")),
          el("input", { id: "player-name", type: "text", maxlength: "40", autocomplete: "nickname", value: name }),
        ),
        el(
          "div",
          { class: "tabs", role: "group", "aria-label": t("lobby.status_filter") },
          STATUSES.map((status) =>
            el(
              "button",
              {
                type: "button",
                class: "tab",
                "aria-pressed": String(status === this.status),
                "data-status": status,
                onclick: () => this.select(status),
              },
              t(`lobby.status.${status}`),
            ),
          ),
        ),
        el("div", { id: "table-listing" }, this.listingBlock()),
      ),
    );
  }

  listingBlock() {
    return [this.message, this.error ? errorBox(this.error) : null, this.renderListing()];
  }

  // The periodic refresh redraws the list only: the name field and the tabs keep focus and caret.
  renderListingOnly() {
    const node = this.root.querySelector("#table-listing");
    if (!node) return this.render();
    keepFocus(node, () => replace(node, this.listingBlock()));
  }

  renderGames() {
    return el(
      "section",
      { class: "games", "aria-labelledby": "games-title" },
      el("h2", { id: "games-title" }, t("lobby.games")),
      el(
        "ul",
        { class: "game-cards" },
        this.games.map((game) =>
          el(
            "li",
            { class: "game-card", "data-game": game.id },
            el("h3", {}, gameName(game, game.id)),
            el("p", { class: "muted" }, t("lobby.players_range", { min: game.min_players, max: game.max_players })),
            el(
              "p",
              { class: "actions" },
              el("a", { class: "button primary", href: `#/new/${game.id}` }, t("lobby.create")),
              el("a", { class: "button", href: `#/rules/${game.id}` }, t("lobby.rules")),
            ),
          ),
        ),
      ),
    );
  }

  renderListing() {
    if (!this.listing) return el("p", { class: "muted", role: "status" }, t("common.loading"));
    const { items, total, page, page_size: pageSize } = this.listing;
    if (!items.length) return el("p", { class: "muted", role: "status" }, t(`lobby.empty.${this.status}`));
    const pages = Math.max(1, Math.ceil(total / pageSize));
    return [
      el("ul", { class: "table-list" }, items.map((table) => this.renderTable(table))),
      el(
        "nav",
        { class: "pager", "aria-label": t("lobby.pages") },
        el(
          "button",
          { type: "button", disabled: page <= 1, onclick: () => this.goPage(page - 1) },
          t("lobby.previous"),
        ),
        el("span", { role: "status" }, t("lobby.page_of", { page, pages })),
        el(
          "button",
          { type: "button", disabled: page >= pages, onclick: () => this.goPage(page + 1) },
          t("lobby.next"),
        ),
      ),
    ];
  }

  renderTable(table) {
    const info = this.gameInfo(table.game);
    const free = table.seats.filter((seat) => seat.kind === "human" && !seat.claimed);
    const actions = [];
    if (table.status === "open" || table.status === "running") {
      for (const seat of free) {
        actions.push(
          el(
            "button",
            { type: "button", class: "primary", onclick: () => this.join(table, seat.seat) },
            t("lobby.join_seat", { n: seat.seat + 1 }),
          ),
        );
      }
      // a table where this player holds a seat: back to the seat, not to the spectators' view
      const mine = resumeUrl(this.myGames, table.id);
      actions.push(
        mine
          ? el("a", { class: "button primary", href: mine }, t("lobby.resume"))
          : el("a", { class: "button", href: `#/table/${table.id}` }, t("lobby.watch")),
      );
    } else {
      actions.push(el("a", { class: "button primary", href: `#/replay/${table.id}` }, t("lobby.replay")));
    }
    const variants = table.config && table.config.variants && table.config.variants.length
      ? table.config.variants.map((v) => variantName(table.game, v)).join(", ")
      : null;
    return el(
      "li",
      { class: "table-item", "data-table": table.id },
      el(
        "div",
        { class: "table-head" },
        el("strong", {}, gameName(info, table.game)),
        " ",
        el("span", { class: "muted" }, formatDateTime(table.created_at)),
        table.status === "running" ? el("span", { class: "muted" }, " · ", t("lobby.step", { step: table.step })) : null,
      ),
      variants ? el("div", { class: "muted" }, variants) : null,
      el(
        "ul",
        { class: "seat-list" },
        table.seats.map((seat) =>
          el(
            "li",
            { class: ["seat-chip", table.winners && table.winners.includes(seat.seat) && "winner"] },
            el("span", { class: "dot", style: `background:${seatColor(seat.seat)}`, "aria-hidden": "true" }),
            seatName(table, seat.seat),
            seat.kind === "human" && !seat.claimed ? el("span", { class: "muted" }, " ", t("lobby.free")) : null,
            table.scores ? el("span", { class: "score" }, " ", t("lobby.points", { count: table.scores[seat.seat] })) : null,
            table.winners && table.winners.includes(seat.seat)
              ? el("span", { class: "badge" }, " ", t("table.winner_badge"))
              : null,
          ),
        ),
      ),
      el("p", { class: "actions" }, actions),
    );
  }
}
