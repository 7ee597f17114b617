// A game's rules (GET /api/games/{game}/rules?lang=...) in the page's language, its Markdown rendered
// without HTML, and the notice that some component data is reconstructed (what, the rules text itself
// says in the reader's language: no file paths, no English notes) and how an owner loads the printed values.
import { api } from "./api.js";
import { el, replace } from "./dom.js";
import { gameName } from "./games.js";
import { has, language, loadGameCatalog, t } from "./i18n.js";
import { errorBox, loadGames } from "./common.js";
import { inline, renderMarkdown } from "./markdown.js";

export class RulesPage {
  constructor(root, { parts }) {
    this.root = root;
    this.gameId = parts[1];
    this.rules = null;
    this.info = null;
    this.error = null;
  }

  async mount() {
    replace(this.root, el("p", { role: "status", class: "muted" }, t("common.loading")));
    try {
      const [rules, games] = await Promise.all([api.rules(this.gameId, language()), loadGames().catch(() => [])]);
      this.info = games.find((g) => g.id === this.gameId) || null;
      await loadGameCatalog(this.gameId, this.info ? this.info.web : null);
      this.rules = rules;
    } catch (error) {
      this.error = error;
    }
    this.render();
  }

  render() {
    const name = gameName(this.info, this.gameId);
    const reconstructed = (this.rules && this.rules.reconstructed) || [];
    const howKey = has(`rules.load.${this.gameId}`) ? `rules.load.${this.gameId}` : "rules.load.generic";
    replace(
      this.root,
      el("h1", { tabindex: "-1" }, t("rules.title", { game: name })),
      this.error ? errorBox(this.error) : null,
      this.rules
        ? el(
            "aside",
            { class: "data-notice", "aria-labelledby": "notice-title" },
            el("h2", { id: "notice-title" }, t("rules.notice_title")),
            reconstructed.length
              ? [
                  el("p", {}, t("rules.notice_intro")),
                  // the catalog sentence holds commands in `backticks`: drawn as code, never as HTML
                  el("p", {}, inline(t(howKey))),
                ]
              : el("p", {}, t("rules.notice_none")),
          )
        : null,
      // said only when the game has no summary in the page's language (the server sent English)
      this.rules && (this.rules.lang || "en") !== language() ? el("p", { class: "muted" }, t("rules.language_note")) : null,
      this.rules ? el("article", { class: "rules-text", lang: this.rules.lang || "en" }, renderMarkdown(this.rules.text)) : null,
    );
  }
}
