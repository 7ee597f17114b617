// The plain renderer: shows a seat's view as a readable nested list and its legal moves as buttons (the
// engine's text form). Used until a game's own module is present, and whenever a module fails to draw.
import { el, replace } from "./dom.js";
import { t } from "./i18n.js";

function valueNode(value, depth) {
  if (value === null || value === undefined) return el("span", { class: "plain-null" }, "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "plain-null" }, "[ ]");
    if (value.every((item) => item === null || typeof item !== "object")) {
      return el("span", {}, value.map((item) => (item === null ? "—" : String(item))).join(", "));
    }
    return el("ol", { class: "plain-list", start: "0" }, value.map((item) => el("li", {}, valueNode(item, depth + 1))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return el("span", { class: "plain-null" }, "{ }");
    return el(
      "dl",
      { class: "plain-dict" },
      entries.map(([key, item]) => [el("dt", {}, key), el("dd", {}, valueNode(item, depth + 1))]),
    );
  }
  return el("span", {}, String(value));
}

export const fallbackModule = {
  id: "plain",
  plain: true,
  render(root, ctx) {
    const moves =
      ctx.interactive && ctx.legal.length
        ? el(
            "section",
            { class: "plain-moves", "aria-labelledby": "plain-moves-title" },
            el("h3", { id: "plain-moves-title" }, t("plain.moves")),
            el(
              "div",
              { class: "plain-move-buttons" },
              ctx.legal.map((action) =>
                el(
                  "button",
                  { type: "button", class: "move", onclick: () => ctx.act(action.json) },
                  action.text,
                ),
              ),
            ),
          )
        : null;
    replace(
      root,
      el("p", { class: "notice" }, t("plain.notice")),
      moves,
      // the whole view is long: folded, so the moves and the log stay in reach on a phone
      el("details", { class: "plain-view" }, el("summary", {}, t("plain.view")), valueNode(ctx.view, 0)),
    );
  },
  describeEvent(event) {
    return event.text;
  },
};
