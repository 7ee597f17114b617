// A player's rating history as an inline SVG line (no library, no build step): the rating (mu - 3 sigma)
// before the first rated game, then after each one. Every point has a <title> (shown on hover, read by
// screen readers), and the figure has a text label.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

// history: [{rating, change, at, place}] oldest first; label: the figure's accessible name;
// pointLabel(point, index): the text of one point (index 0: the start).
export function ratingPlot(history, label, pointLabel) {
  const start = history.length ? history[0].rating - history[0].change : 0;
  const values = [start, ...history.map((point) => point.rating)];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1) {
    low -= 0.5;
    high += 0.5;
  }
  const x = (i) => PAD.left + (values.length === 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (values.length - 1));
  const y = (v) => PAD.top + ((high - v) * (HEIGHT - PAD.top - PAD.bottom)) / (high - low);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const plot = svg(
    "svg",
    { class: "rating-plot", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": label, preserveAspectRatio: "xMidYMid meet" },
    svg("title", {}, label),
    svg("line", { class: "axis", x1: PAD.left, y1: HEIGHT - PAD.bottom, x2: WIDTH - PAD.right, y2: HEIGHT - PAD.bottom }),
    svg("line", { class: "axis", x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: HEIGHT - PAD.bottom }),
    svg("text", { class: "tick", x: PAD.left - 6, y: y(high) + 4, "text-anchor": "end" }, high.toFixed(1)),
    svg("text", { class: "tick", x: PAD.left - 6, y: y(low) + 4, "text-anchor": "end" }, low.toFixed(1)),
    svg("text", { class: "tick", x: PAD.left, y: HEIGHT - 8, "text-anchor": "start" }, "0"),
    svg("text", { class: "tick", x: WIDTH - PAD.right, y: HEIGHT - 8, "text-anchor": "end" }, String(values.length - 1)),
    svg("polyline", { class: "rating-line", points: line, fill: "none" }),
  );
  values.forEach((v, i) => {
    plot.append(svg("circle", { class: "rating-point", cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 4, "data-rating": v.toFixed(2) }, svg("title", {}, pointLabel(history[i - 1], i))));
  });
  return plot;
}
