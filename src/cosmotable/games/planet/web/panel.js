// The players beside the board: colour, name, team, coins delivered, fuel, astronauts and ability cards
// (cards lie face up in Planet, so every seat's cards are shown with their texts). The seat's own usable
// cards are buttons: picking one starts an ability move.
import { button, html } from "./svg.js";

function cardBox(ctx, card, usable, selected, onCard) {
  const state = card.spent ? "spent" : card.ready ? "ready" : "used";
  const name = ctx.t(`card.${card.id}.name`);
  const body = [
    html("span", { class: "pl-card-name" }, name),
    html("span", { class: "pl-card-state" }, ctx.t(`ui.card_${state}`)),
    html("span", { class: "pl-card-text" }, ctx.t(`card.${card.id}.text`)),
  ];
  if (usable) {
    const node = button("", ["pl-card pl-card-usable", selected && "pl-card-selected"].filter(Boolean).join(" "),
      () => onCard(card.id), { "data-card": card.id, "data-select": `card:${card.id}`, "aria-pressed": selected ? "true" : "false",
        "aria-label": ctx.t("ui.select_card", { card: name }) });
    node.append(...body);
    return node;
  }
  return html("div", { class: `pl-card pl-card-${state}`, "data-card": card.id }, ...body);
}

export function playersPanel(ctx, view, { selectable, selected, onCard }) {
  const panel = html("div", { class: "pl-players" });
  for (const p of view.players) {
    const aboard = p.astronauts.filter((a) => a.at[0] === "ship").length;
    const head = html("div", { class: "pl-player-head" },
      html("span", { class: "pl-swatch", style: `background:${ctx.seatColor(p.seat)}` }),
      html("span", { class: "pl-player-name" }, ctx.playerName(p.seat), p.seat === ctx.seat ? ` ${ctx.t("ui.you_mark")}` : ""),
      view.teams ? html("span", { class: `pl-team pl-team-${p.team}` }, ctx.t("score.team", { n: p.team + 1 })) : null,
      html("span", { class: "pl-score", "data-score": p.score }, ctx.t("ui.score", { count: p.score })));
    const facts = html("div", { class: "pl-facts" },
      html("span", { "data-delivered": p.delivered }, ctx.t("ui.delivered", { count: p.delivered })),
      html("span", {}, ctx.t("ui.aboard", { count: aboard })),
      html("span", { class: p.ship.fuel ? "pl-has-fuel" : "pl-no-fuel" }, ctx.t(p.ship.fuel ? "ui.fuel_yes" : "ui.fuel_no")));
    const cards = html("div", { class: "pl-cards", "aria-label": ctx.t("ui.cards") },
      p.cards.map((card) => cardBox(ctx, card, p.seat === ctx.seat && selectable.has(`card:${card.id}`),
        selected === `card:${card.id}`, onCard)));
    const turn = view.phase !== "over" && view.current === p.seat;
    panel.append(html("section", { class: ["pl-player", turn && "pl-to-act"], "data-player": p.seat,
      style: `--seat:${ctx.seatColor(p.seat)}`, "aria-label": ctx.playerName(p.seat) }, head, facts, p.cards.length ? cards : null));
  }
  return panel;
}
