// The lobby's "My games": the tables where it is this player's turn, where they wait, and the finished ones
// (the account's seats and this browser's seat links), each with its "Resume" (or "Replay") link.
import { el } from "./dom.js";
import { gameName, seatName } from "./games.js";
import { formatDateTime, t } from "./i18n.js";
import { currentAccount } from "./my_seats.js";
import { askToNotify, canAskToNotify } from "./turn_signal.js";

const KINDS = ["your_turn", "waiting", "finished"];

function entry(item, info) {
  const { table, seat } = item;
  const href = table.status === "finished" ? `#/replay/${table.id}` : new URL(item.url, location.origin).hash;
  return el(
    "li",
    { class: "my-game", "data-table": table.id },
    el("strong", {}, gameName(info, table.game)),
    " ",
    el("span", { class: "muted" }, t("mygames.as", { name: seatName(table, seat) }), " · ", formatDateTime(table.updated_at)),
    " ",
    el(
      "a",
      { class: ["button", table.status !== "finished" && "primary"], href },
      table.status === "finished" ? t("lobby.replay") : t("lobby.resume"),
    ),
  );
}

// lists: {your_turn, waiting, finished} (null: still loading); games: GET /api/games; onNotify: redraw.
export function myGamesSection(lists, games, onNotify) {
  const account = currentAccount();
  const total = lists ? KINDS.reduce((sum, kind) => sum + lists[kind].length, 0) : 0;
  const info = (id) => games.find((game) => game.id === id);
  return el(
    "section",
    { class: "my-games", id: "my-games", "aria-labelledby": "my-games-title" },
    el("h2", { id: "my-games-title" }, t("mygames.title")),
    el(
      "p",
      { class: "muted" },
      account ? t("mygames.signed_in", { name: account.name }) : t("mygames.guest"),
      account ? null : [" ", el("a", { href: "#/account" }, t("nav.sign_in"))],
    ),
    canAskToNotify()
      ? el("p", {}, el("button", { type: "button", id: "notify", onclick: async () => {
        await askToNotify();
        onNotify();
      } }, t("mygames.notify")))
      : null,
    !lists
      ? el("p", { class: "muted", role: "status" }, t("common.loading"))
      : !total
        ? el("p", { class: "muted" }, t("mygames.none"))
        : KINDS.filter((kind) => lists[kind].length).map((kind) =>
          el(
            "div",
            { class: "my-games-group", "data-kind": kind },
            el("h3", {}, t(`mygames.${kind}`)),
            el("ul", { class: "my-game-list" }, lists[kind].map((item) => entry(item, info(item.table.game)))),
          )),
  );
}
