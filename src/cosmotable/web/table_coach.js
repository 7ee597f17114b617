// The coach panel of a table page: what the coach offers in this game (its catalog's coach.panel), the
// legal moves in the coach's ranking with their win chance and expected lead ± its standard error (the
// best few, the rest on demand; moves the coach left out have no figure), and MLEM's exact odds of the
// next roll. Methods of TablePage (table.js), kept in a file of their own: they read the page's state
// and the coach's answer and draw one panel.
import { api } from "./api.js";
import { el, replace } from "./dom.js";
import { formatPercent, language, t, tOr } from "./i18n.js";
import { errorBox } from "./common.js";

// The best few moves are shown, the rest behind a "more" toggle.
const COACH_SHOWN = 5;

export const coachPanel = {
  toggleCoach() {
    this.coachOn = !this.coachOn;
    this.coach = null;
    this.coachError = null;
    this.render();
    if (this.coachOn) this.loadCoach();
  },

  async loadCoach() {
    const seat = this.shownSeat;
    if (!this.state || !this.state.legal_actions.length) {
      this.coach = null;
      this.renderCoach();
      return;
    }
    const step = this.state.step;
    this.coachError = null;
    this.renderCoach(true);
    try {
      const advice = await api.coach(this.tableId, this.token());
      if (seat !== this.shownSeat || !this.state || this.state.step !== step) return;
      this.coach = advice;
    } catch (error) {
      this.coachError = error;
    }
    this.renderCoach();
  },

  // A move in the game's own words (its web module's describeAction), never the engine's text.
  moveWords(move) {
    try {
      const text = this.module.describeAction ? this.module.describeAction(move, this.ctx()) : null;
      if (text) return text;
    } catch (error) {
      console.error(error);
    }
    return t("coach.unnamed_move");
  },

  renderCoach(loading = false) {
    const node = this.root.querySelector("#coach");
    if (node) this.fillCoach(node, loading);
  },

  // An expected lead in the game's unit, signed, in the reader's number format ("+1.4 coins").
  leadWords(lead) {
    const n = new Intl.NumberFormat(language(), { signDisplay: "exceptZero", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(lead);
    // always shown with a decimal, and a decimal takes the plural form "other" in every language
    // ("1.0 coins", "1,0 монети"): a fractional count picks it
    return tOr(`${this.table.game}.coach.unit`, n, { count: 0.5, n });
  },

  leadCell(move) {
    if (typeof move.lead !== "number") return el("td", { class: "muted" }, t("coach.no_figure"));
    const noise = typeof move.lead_noise === "number" ? ` ±${new Intl.NumberFormat(language(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(move.lead_noise)}` : "";
    return el("td", { class: "lead", title: t("coach.lead_help") }, this.leadWords(move.lead), el("span", { class: "muted" }, noise));
  },

  fillCoach(node, loading = false) {
    const parts = [el("h2", { id: "coach-title" }, t("coach.title"))];
    const offers = tOr(`${this.table.game}.coach.panel`, "");
    if (offers) parts.push(el("p", { class: "muted coach-offers" }, offers));
    if (this.coachError) parts.push(errorBox(this.coachError));
    else if (loading) parts.push(el("p", { class: "muted", role: "status" }, t("coach.thinking")));
    else if (!this.state || !this.state.legal_actions.length) parts.push(el("p", { class: "muted" }, t("coach.not_your_turn")));
    else if (this.coach) {
      const odds = this.coach.odds;
      if (odds && typeof odds === "object") parts.push(this.renderOdds(odds));
      // the server's order is the search's ranking (its pick first, the moves it left out last)
      const moves = this.coach.moves || [];
      const shown = this.coachAll ? moves : moves.slice(0, COACH_SHOWN);
      const samples = Math.max(0, ...moves.map((move) => move.visits || 0));
      // the learned bot's policy, where the game has one (MLEM): how likely it plays each move
      const policy = moves.some((move) => typeof move.policy === "number");
      parts.push(
        el("h3", {}, t("coach.moves")),
        el(
          "table",
          { class: "coach-moves" },
          el(
            "thead",
            {},
            el(
              "tr",
              {},
              el("th", { scope: "col" }, t("coach.move")),
              el("th", { scope: "col" }, t("coach.win_chance")),
              el("th", { scope: "col", title: t("coach.lead_help") }, t("coach.lead")),
            ),
          ),
          el(
            "tbody",
            {},
            shown.map((move) =>
              el(
                "tr",
                {},
                // under the move, not in a column: the side panel has no room for a fourth one
                el(
                  "td",
                  {},
                  this.moveWords(move),
                  policy && typeof move.policy === "number"
                    ? el("span", { class: "policy muted", title: t("coach.policy_help") }, `${t("coach.policy")} ${formatPercent(move.policy)}`)
                    : null,
                ),
                typeof move.win_chance === "number"
                  ? el("td", {}, el("meter", { min: "0", max: "1", value: move.win_chance, "aria-hidden": "true" }), " ", formatPercent(move.win_chance))
                  : el("td", { class: "muted" }, t("coach.no_figure")),
                this.leadCell(move),
              ),
            ),
          ),
        ),
        // every judged move has as many samples (bots/coach.py): said once, under the table
        samples ? el("p", { class: "muted coach-samples" }, t("coach.samples", { count: samples })) : null,
        moves.length > COACH_SHOWN
          ? el(
              "button",
              { type: "button", class: "coach-more", "aria-expanded": String(Boolean(this.coachAll)), onclick: () => { this.coachAll = !this.coachAll; this.renderCoach(); } },
              this.coachAll ? t("coach.fewer") : t("coach.more", { count: moves.length - COACH_SHOWN }),
            )
          : null,
      );
    }
    replace(node, parts);
  },

  // MLEM's exact odds of the current choice (games/mlem/odds.py TravelOdds.to_json): crash chance, the
  // expected advance, and the chance to reach each space.
  renderOdds(odds) {
    const rows = [];
    if (typeof odds.crash === "number") {
      rows.push(el("dt", {}, t("coach.crash")), el("dd", { class: "crash" }, formatPercent(odds.crash), odds.crash_exact ? el("span", { class: "muted" }, ` (${odds.crash_exact})`) : null));
    }
    if (typeof odds.expected_farthest_advance === "number") {
      rows.push(el("dt", {}, t("coach.expected_advance")), el("dd", {}, t("coach.spaces", { count: Math.round(odds.expected_farthest_advance * 10) / 10 })));
    }
    const reach = odds.reachable && typeof odds.reachable === "object" ? Object.entries(odds.reachable).filter(([, p]) => p > 0) : [];
    return [
      el("h3", {}, t("coach.odds")),
      typeof odds.space === "number" && typeof odds.dice === "number"
        ? el("p", { class: "muted" }, t("coach.odds_situation", { space: odds.space, count: odds.dice }))
        : null,
      el("dl", { class: "odds" }, rows),
      reach.length
        ? el(
            "details",
            { class: "reach" },
            el("summary", {}, t("coach.reachable")),
            el(
              "table",
              {},
              el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("coach.space")), el("th", { scope: "col" }, t("coach.chance")))),
              el("tbody", {}, reach.map(([space, p]) => el("tr", {}, el("td", {}, space === "deep" ? t("coach.deep_space") : space), el("td", {}, formatPercent(p))))),
            ),
          )
        : null,
    ];
  },
};
