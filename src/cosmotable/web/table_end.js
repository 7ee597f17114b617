// The table page's end screen: who won, the score breakdown, replay / board / lobby. A part of TablePage
// (table.js), mixed into its prototype as the coach panel is.
import { api } from "./api.js";
import { el, seatColor } from "./dom.js";
import { t } from "./i18n.js";
import { saveHostToken } from "./common.js";

export const endScreen = {
  renderEnd() {
    if (this.table.status !== "finished") return null;
    // the offer stays in view when the final position is shown
    return [this.renderRematchOffer(), this.endDismissed ? null : this.renderEndScreen()];
  },

  renderEndScreen() {
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
        this.rematchSeat() && !this.table.rematch
          ? el("button", { type: "button", id: "rematch-propose", onclick: () => this.rematch("propose") }, t("table.play_again"))
          : null,
        el("a", { class: "button", href: "#/" }, t("nav.lobby")),
      ),
    );
  },

  // The seat tokens a rematch is asked with: a player's own seat, or every seat of a hot-seat device
  // (a spectator holds none).
  rematchTokens() {
    if (this.hotseat) return [...this.seatTokens.values()];
    const token = this.token();
    return token ? [token] : [];
  },

  rematchSeat() {
    return this.rematchTokens().length > 0;
  },

  // A rematch proposed at this table: this seat accepts (and goes to its new seat) or declines.
  renderRematchOffer() {
    if (!this.table.rematch || !this.rematchSeat()) return null;
    if (this.rematchDeclined) return el("p", { class: "rematch-offer", role: "status" }, t("table.rematch_declined"));
    return el(
      "section",
      { class: "rematch-offer", id: "rematch-offer", role: "status" },
      el("p", {}, t("table.rematch_offer")),
      el(
        "p",
        { class: "actions" },
        el("button", { type: "button", class: "primary", id: "rematch-accept", onclick: () => this.rematch("accept") }, t("table.rematch_accept")),
        el("button", { type: "button", id: "rematch-decline", onclick: () => this.rematch("decline") }, t("table.rematch_decline")),
      ),
    );
  },

  // Propose, accept or decline; each new seat's link is answered only for its own old token and only
  // followed here (a hot-seat device takes every seat it held, in one address).
  async rematch(what) {
    const tokens = this.rematchTokens();
    try {
      if (what === "decline") {
        for (const token of tokens) await api.rematchDecline(this.table.rematch, token);
        this.rematchDeclined = true;
        this.render();
        return;
      }
      const links = [];
      for (const token of tokens) {
        const link = what === "propose" && !links.length ? await api.rematch(this.tableId, token) : await api.rematchAccept(links.length ? links[0].table_id : this.table.rematch, token);
        if (link.host_token) saveHostToken(link.table_id, link.host_token);
        links.push(link);
      }
      links.sort((a, b) => a.seat - b.seat);
      const id = encodeURIComponent(links[0].table_id);
      location.hash = links.length === 1 ? `#/table/${id}?token=${links[0].token}` : `#/table/${id}?tokens=${links.map((l) => l.token).join(",")}`;
    } catch (error) {
      this.error = error;
      this.render();
    }
  },

  // Who won, in the game's words when its module has them (a Planet team names the team), else the
  // shell's: one winner, or a shared victory.
  winnersText(winners) {
    const view = this.state && this.state.view;
    // until the view arrives the game's words are unknown: say so rather than flash the shell's line
    // (a Planet team's win read "Shared victory" for a moment), unless loading the view failed
    if (this.module.winnersText && !view && !this.error) return t("common.loading");
    if (this.module.winnersText && view) {
      try {
        const text = this.module.winnersText(view, winners, this.ctx());
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
