// The table page's end screen: who won, the score breakdown, replay / board / lobby. A part of TablePage
// (table.js), mixed into its prototype as the coach panel is.
import { el, seatColor } from "./dom.js";
import { t } from "./i18n.js";

export const endScreen = {
  renderEnd() {
    if (this.table.status !== "finished" || this.endDismissed) return null;
    const winners = this.table.winners || [];
    let rows = null;
    if (this.module.scoreRows && this.state && this.state.view) {
      try {
        rows = this.module.scoreRows(this.state.view, this.ctx());
      } catch (error) {
        console.error(error);
        rows = null;
      }
    }
    if (!rows && this.table.scores) {
      rows = this.table.scores.map((score, seat) => ({ seat, cells: [], total: score }));
    }
    const width = rows ? Math.max(0, ...rows.map((row) => (row.cells || []).length)) : 0;
    return el(
      "section",
      { class: "end-screen", id: "end-screen", "aria-labelledby": "end-title" },
      el("h2", { id: "end-title", tabindex: "-1" }, t("table.game_over")),
      el("p", { class: "winners" }, this.winnersText(winners)),
      rows
        ? el(
            "div",
            { class: "table-scroll" },
            el(
              "table",
              { class: "scores" },
              el("caption", {}, t("table.score_breakdown")),
              el(
                "tbody",
                {},
                rows.map((row) =>
                  el(
                    "tr",
                    { class: winners.includes(row.seat) && "winner" },
                    el("th", { scope: "row" }, el("span", { class: "dot", style: `background:${seatColor(row.seat)}`, "aria-hidden": "true" }), this.playerName(row.seat)),
                    Array.from({ length: width }, (_, i) => el("td", {}, row.cells && row.cells[i] !== undefined ? String(row.cells[i]) : "")),
                    el("td", { class: "total" }, t("lobby.points", { count: row.total })),
                  ),
                ),
              ),
            ),
          )
        : null,
      el(
        "p",
        { class: "actions" },
        el("a", { class: "button primary", href: `#/replay/${this.tableId}` }, t("table.watch_replay")),
        el("button", { type: "button", onclick: () => { this.endDismissed = true; this.render(); } }, t("table.show_board")),
        el("a", { class: "button", href: "#/" }, t("nav.lobby")),
      ),
    );
  },

  // Who won, in the game's words when its module has them (a Planet team names the team), else the
  // shell's: one winner, or a shared victory.
  winnersText(winners) {
    if (this.module.winnersText && this.state && this.state.view) {
      try {
        const text = this.module.winnersText(this.state.view, winners, this.ctx());
        if (text) return text;
      } catch (error) {
        console.error(error);
      }
    }
    return winners.length === 1
      ? t("table.winner", { name: this.playerName(winners[0]) })
      : t("table.winners", { names: winners.map((seat) => this.playerName(seat)).join(", ") });
  },
};
