// Shows what the last move changed (#45 item 8): a bot's move used to happen in one frame. When a new
// state brings new events, the shell notes where the pieces were before it draws the new board, then
//  - slides each piece that moved from its old place to its new one (class "anim-move"): Kosmodrom's
//    rockets between zones, Planet's ships and astronauts, MLEM's rocket along the track;
//  - rolls in MLEM's dice that were just thrown (class "anim-roll"), one after another;
//  - fades in what the move put on the table (class "anim-pop"): a card played, a tile turned face
//    up, a goal claimed - whatever the game's module marked "just-changed".
// Nothing moves when the reader asks for reduced motion (prefers-reduced-motion: reduce).
//
// Only opacity and the CSS `translate` property are animated: `translate` adds to an SVG element's own
// transform attribute instead of replacing it, so a piece never jumps while it slides.

const MOVERS = [
  ["[data-rocket]", (e) => `rocket:${e.dataset.rocket}`],
  [".pl-ship[data-ship]", (e) => `ship:${e.dataset.ship}`],
  [".pl-astronaut[data-astronaut]", (e) => `astronaut:${e.dataset.seat}:${e.dataset.astronaut}`],
  [".mlem-mat .mlem-rocket-glyph", () => "mlem-rocket"],
];
const SLIDE_MS = 550;

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// key -> the element; a key drawn twice (a piece and its shadow) is left out: it cannot be followed
function movers(board) {
  const found = new Map();
  const twice = new Set();
  for (const [selector, keyOf] of MOVERS) {
    for (const node of board.querySelectorAll(selector)) {
      const key = keyOf(node);
      if (found.has(key)) twice.add(key);
      found.set(key, node);
    }
  }
  for (const key of twice) found.delete(key);
  return found;
}

// Where each piece is on the screen now (the centre of its box), before the board is drawn again.
export function piecePlaces(board) {
  const places = new Map();
  if (!board) return places;
  for (const [key, node] of movers(board)) {
    const r = node.getBoundingClientRect();
    if (r.width || r.height) places.set(key, { x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
  }
  return places;
}

// The screen pixels per unit of `node`'s parent coordinates (an SVG drawing is scaled to its box).
function scaleOf(node) {
  const parent = node.parentNode;
  if (!(parent instanceof SVGGraphicsElement)) return 1;
  const m = parent.getScreenCTM();
  return m ? Math.hypot(m.a, m.b) || 1 : 1;
}

export function showChanges(board, before, news) {
  if (!board || !news || reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const moved = new Set();
  for (const [key, node] of movers(board)) {
    const was = before.get(key);
    if (!was) continue;
    const r = node.getBoundingClientRect();
    const dx = was.x - (r.left + r.right) / 2;
    const dy = was.y - (r.top + r.bottom) / 2;
    if (Math.hypot(dx, dy) < 3) continue;
    const scale = scaleOf(node);
    node.classList.add("anim-move");
    node.animate([{ translate: `${dx / scale}px ${dy / scale}px` }, { translate: "0px 0px" }], { duration: SLIDE_MS, easing: "ease-in-out" });
    moved.add(node);
  }
  for (const node of board.querySelectorAll(".just-changed")) {
    if (moved.has(node) || [...moved].some((m) => node.contains(m) || m.contains(node))) continue;
    if (node.matches(".mlem-dice")) {
      node.classList.add("anim-roll");
      [...node.querySelectorAll(".mlem-die-group")].forEach((die, i) => {
        die.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 220, delay: 90 * i, fill: "backwards", easing: "ease-out" });
      });
    } else {
      node.classList.add("anim-pop");
      node.animate([{ opacity: 0.15 }, { opacity: 1 }], { duration: 450, easing: "ease-out" });
    }
  }
}
