// One card face (hand, choices) and one card back, drawn in SVG.

import { CARDS, cardType } from "./cards.js";
import { svg, label, lines, wrap } from "./svg.js";

export const TYPE_COLOURS = {
  rocket: "#2f5fb3",
  component: "#6f7d8c",
  expert: "#2e8b57",
  advantage: "#7b4fb3",
  launch_pad: "#c99a16",
  action: "#c0392b",
  upgrade: "#12817f",
};

export function cardColour(id) {
  if (id === "fuel") return "#e07b24";
  return TYPE_COLOURS[cardType(id)] || "#555";
}

export const CARD_W = 96;
export const CARD_H = 136;

// The face of card `id` in a CARD_W x CARD_H box: type band, name, what it does, rocket needs.
export function cardFace(id, t) {
  const spec = CARDS[id] || {};
  const colour = cardColour(id);
  const name = wrap(t(`card.${id}`), 13, 3);
  const shortText = wrap(t(`cardshort.${id}`), 15, 6);
  const parts = [
    svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 8, class: "kd-card-bg", stroke: colour }),
    svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: 20, rx: 8, fill: colour }),
    svg("rect", { x: 1, y: 13, width: CARD_W - 2, height: 8, fill: colour }),
    label(CARD_W / 2, 15, t(`type.${spec.type || "action"}`), { class: "kd-card-type", "text-anchor": "middle" }),
    lines(CARD_W / 2, 36, name, 13, { class: "kd-card-name", "text-anchor": "middle" }),
    lines(6, 40 + name.length * 13 + 4, shortText, 12, { class: "kd-card-text" }),
  ];
  if (spec.type === "rocket") {
    parts.push(needsRow(8, CARD_H - 14, spec.metal, spec.fuel, spec.metal, spec.fuel));
    parts.push(label(CARD_W - 8, CARD_H - 9, t("pointsShort", { n: spec.points }),
      { class: "kd-card-points", "text-anchor": "end" }));
  }
  return svg("g", { class: `kd-card kd-type-${spec.type || "action"}` },
    svg("title", {}, `${t(`card.${id}`)}: ${t(`cardtext.${id}`)}`), parts);
}

// Metal squares and fuel drops: filled for what is placed, hollow for what is still needed.
export function needsRow(x, y, metal, fuel, needMetal, needFuel, size = 8) {
  const items = [];
  let cx = x;
  for (let i = 0; i < needMetal; i += 1) {
    items.push(svg("rect", {
      x: cx, y: y - size, width: size, height: size, rx: 1.5,
      class: i < metal ? "kd-pip kd-metal" : "kd-pip kd-metal kd-missing",
    }));
    cx += size + 3;
  }
  cx += 3;
  for (let i = 0; i < needFuel; i += 1) {
    items.push(svg("circle", {
      cx: cx + size / 2, cy: y - size / 2, r: size / 2,
      class: i < fuel ? "kd-pip kd-fuel" : "kd-pip kd-fuel kd-missing",
    }));
    cx += size + 3;
  }
  return svg("g", {}, items);
}

export function cardBack(x, y, w, h) {
  return svg("g", { class: "kd-back" },
    svg("rect", { x, y, width: w, height: h, rx: Math.min(6, w / 6) }),
    svg("circle", { cx: x + w / 2, cy: y + h / 2, r: Math.min(w, h) / 4, class: "kd-back-orbit" }),
    svg("circle", { cx: x + w / 2 + Math.min(w, h) / 4, cy: y + h / 2, r: Math.max(1.5, w / 14), class: "kd-back-moon" }));
}

// A rocket silhouette (used on rocket cards on the board).
export function rocketGlyph(x, y, h, colour) {
  const w = h * 0.45;
  const d = `M ${x + w / 2} ${y} C ${x + w} ${y + h * 0.25}, ${x + w} ${y + h * 0.6}, ${x + w * 0.8} ${y + h * 0.8}`
    + ` L ${x + w} ${y + h} L ${x + w * 0.62} ${y + h * 0.88} L ${x + w * 0.38} ${y + h * 0.88} L ${x} ${y + h}`
    + ` L ${x + w * 0.2} ${y + h * 0.8} C ${x} ${y + h * 0.6}, ${x} ${y + h * 0.25}, ${x + w / 2} ${y} Z`;
  return svg("g", {},
    svg("path", { d, fill: colour, class: "kd-rocket-glyph" }),
    svg("circle", { cx: x + w / 2, cy: y + h * 0.38, r: w * 0.17, fill: "#fff" }));
}
