// Die Kette von Saba: the hexagonal necklace as SVG (pan and pinch-zoom), the auction block with
// the card on sale, the seat's hand, and a control for every move the server lists: offer, bid,
// pass, sell or ask a price, pay or decline, keep, lay on a marked place, buy from the deck.
// What each move does and costs, what a place pays and the facts a player weighs come from the
// table's talk (shared/talk/kette_von_saba/), said by ../talk.js: the page only draws them.
// The cards' names and what a card, a lion head, a faint piece, a dotted space, the forgeries and
// the deck are come from the voice's `pieces`: a laid card or one of those symbols explains itself
// on a tap.

import { h, s, button, tappable, cell as gridCell } from "../dom.js";
import { _, pgettext, ngettext, number } from "../i18n.js";
import * as talk from "../talk.js";

// The board's geometry, as client/tables/kette_von_saba/layout.py: flat-topped hexagons, a
// column 1.5 radii from the next, columns with odd |c| half a space higher.
const GAME = "kette-von-saba";
const R = 50;
const HEX_H = Math.sqrt(3) * R;
const TILE = 0.9;
const BOARD_W = 10 * 1.5 * R + 2 * R + 20;
const BOARD_H = 4.5 * HEX_H + 12;
const JOKER = "joker";
// The quick bids (and prices asked): the lowest, one and four steps above it, and the highest;
// the other amounts stay one tap further ("Other amounts"), never hidden.
const QUICK = [0, 1, 4];
const HEIGHTS = [4, 4, 3, 3, 2, 2];
// Stone types: colour and cut (docs VISUAL.md), never colour alone; the card's number too.
const STONES = {
  rubin: { colour: "#C0143C", cut: "oval", ground: "#f3dde0" },
  smaragd: { colour: "#0F8A5F", cut: "step", ground: "#dcebe1" },
  saphir: { colour: "#1F4FB8", cut: "cushion", ground: "#dde3f0" },
  perle: { colour: "#EDE6DA", cut: "pearl", ground: "#605876" },
  amethyst: { colour: "#8E44AD", cut: "hexagon", ground: "#ead9ee" },
};
const ORDER = Object.keys(STONES);
// Where the stones of a piece sit, in radii of its hexagon, and how large they are.
const SPOTS = {
  1: [[[0, 0]], 0.84],
  2: [[[0, -0.37], [0, 0.37]], 0.64],
  3: [[[-0.34, -0.27], [0.34, -0.27], [0, 0.36]], 0.58],
  4: [[[0, -0.52], [-0.44, 0], [0.44, 0], [0, 0.52]], 0.5],
};

// ------------------------------------------------------------------ the board's facts
function spaces() {
  const out = [];
  for (let c = -5; c <= 5; c++) for (let r = 0; r < HEIGHTS[Math.abs(c)]; r++) out.push([c, r]);
  return out;
}
const SPACES = spaces();
const INDEX = new Map(SPACES.map((sp, i) => [sp.join(","), i]));

function heightOf([c, r]) {
  return 2 * r - (Math.abs(c) % 2);
}

function centre(space) {
  return [space[0] * 1.5 * R, HEX_H / 2 + (heightOf(space) + 1) * (HEX_H / 2) + 6];
}

/** A label's centre moved in from the board's sides, so that "+12,000" is not cut off. */
function inside(x) {
  const room = BOARD_W / 2 - 80;
  return Math.max(-room, Math.min(room, x));
}

/** What laying by `move` pays, as the talk says it ("Pays you {amount}."); 0 without reward. */
function pays(ctx, move) {
  const said = talk.entry(ctx, move);
  const amount = said && said.does && said.does.a && said.does.a.amount;
  return (amount && amount.a && amount.a.amount) || 0;
}

// ------------------------------------------------------------------ words
export function money(amount) {
  return number(amount);
}

function marks(amount) {
  return pgettext("kette-von-saba", "{amount} marks", { amount: money(amount) });
}

function split(card) {
  const at = card.lastIndexOf("-");
  return [card.slice(0, at), Number(card.slice(at + 1))];
}

/** The id of a card among the voice's pieces: "card:rubin-3", "lion". */
function pieceId(card) {
  return card === JOKER ? "lion" : `card:${card}`;
}

/** A card in words, as the voice names it: "3 rubies", "a lion head" ("" until the page knows
 * the game's pieces, a moment after it first shows the game). */
export function cardName(card, ctx) {
  return talk.pieceName(GAME, pieceId(card), ctx) || "";
}

function cardOrder(card) {
  if (card === JOKER) return [ORDER.length, 0];
  const [stone, count] = split(card);
  return [ORDER.indexOf(stone), count];
}

function byOrder(a, b) {
  const [x, y] = [cardOrder(a), cardOrder(b)];
  return x[0] - y[0] || x[1] - y[1];
}

// ------------------------------------------------------------------ drawing
function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) pts.push(`${x + r * Math.cos((Math.PI / 3) * k)},${y + r * Math.sin((Math.PI / 3) * k)}`);
  return pts.join(" ");
}

function gem(stone, x, y, r) {
  const { colour, cut } = STONES[stone];
  const line = { fill: colour, stroke: "#1B1B1B", "stroke-width": Math.max(1, r * 0.12) };
  const poly = (pts) => s("polygon", { ...line, points: pts.map(([a, b]) => `${x + a * r},${y + b * r}`).join(" ") });
  switch (cut) {
    case "oval":
      return s("ellipse", { ...line, cx: x, cy: y, rx: r * 0.72, ry: r });
    case "step":
      return poly([[-0.6, -0.9], [0.6, -0.9], [0.8, -0.7], [0.8, 0.7], [0.6, 0.9], [-0.6, 0.9], [-0.8, 0.7], [-0.8, -0.7]]);
    case "cushion":
      return s("rect", { ...line, x: x - 0.85 * r, y: y - 0.85 * r, width: 1.7 * r, height: 1.7 * r, rx: 0.45 * r });
    case "hexagon":
      return poly([[-0.5, -0.87], [0.5, -0.87], [1, 0], [0.5, 0.87], [-0.5, 0.87], [-1, 0]]);
    default:
      // A pearl: a round with a sheen.
      return s(
        "g",
        {},
        s("circle", { ...line, cx: x, cy: y, r: r * 0.9 }),
        s("circle", { cx: x - r * 0.3, cy: y - r * 0.3, r: r * 0.28, fill: "#ffffff", opacity: 0.8 }),
      );
  }
}

/** A piece's stones in their gold setting around (x, y); `unit` is one hexagon radius. */
function jewel(piece, x, y, unit, sx = 1, sy = 1) {
  const [stone, count] = split(piece);
  const [spots, size] = SPOTS[count] || SPOTS[1];
  const pts = spots.map(([dx, dy]) => [x + dx * unit * sx, y + dy * unit * sy]);
  const kids = [];
  if (count > 1) {
    const ring = count === 4 ? [pts[0], pts[2], pts[3], pts[1], pts[0]] : count === 3 ? [...pts, pts[0]] : pts;
    kids.push(s("polyline", { points: ring.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#D4AF37", "stroke-width": unit * 0.08 }));
  }
  for (const [px, py] of pts) {
    kids.push(s("circle", { cx: px, cy: py, r: unit * size * 0.5, fill: "#8C6E1E" }), gem(stone, px, py, unit * size * 0.42));
  }
  return kids;
}

function lion(x, y, r) {
  const mane = [];
  for (let k = 0; k < 36; k++) {
    const a = (Math.PI * k) / 18;
    const rad = r * (k % 2 ? 0.78 : 1);
    mane.push(`${x + Math.cos(a) * rad},${y + Math.sin(a) * rad}`);
  }
  return s(
    "g",
    { class: "lion" },
    s("polygon", { points: mane.join(" "), fill: "#C47A22", stroke: "#804210", "stroke-width": r * 0.05 }),
    s("circle", { cx: x - r * 0.38, cy: y - r * 0.4, r: r * 0.15, fill: "#F0CA80" }),
    s("circle", { cx: x + r * 0.38, cy: y - r * 0.4, r: r * 0.15, fill: "#F0CA80" }),
    s("ellipse", { cx: x, cy: y, rx: r * 0.48, ry: r * 0.52, fill: "#F0CA80" }),
    s("ellipse", { cx: x - r * 0.2, cy: y - r * 0.1, rx: r * 0.09, ry: r * 0.05, fill: "#46240C" }),
    s("ellipse", { cx: x + r * 0.2, cy: y - r * 0.1, rx: r * 0.09, ry: r * 0.05, fill: "#46240C" }),
    s("circle", { cx: x - r * 0.11, cy: y + r * 0.22, r: r * 0.15, fill: "#FCE8BA" }),
    s("circle", { cx: x + r * 0.11, cy: y + r * 0.22, r: r * 0.15, fill: "#FCE8BA" }),
    s("polygon", { points: `${x - r * 0.11},${y + r * 0.04} ${x + r * 0.11},${y + r * 0.04} ${x},${y + r * 0.16}`, fill: "#5C2E1E" }),
  );
}

/** A laid card in a space: ivory with its stones, or a lion head standing for `piece`. */
function tile(entry, x, y, r) {
  const [stone, count] = split(entry.piece);
  if (entry.joker) {
    const small = r * 0.22;
    const left = x - ((count - 1) * small) / 2;
    const stones = [];
    for (let k = 0; k < count; k++) stones.push(gem(stone, left + k * small, y + r * 0.6, small * 0.45));
    return [
      s("polygon", { points: hexPoints(x, y, r), fill: "#78142C", stroke: "#D4AF37", "stroke-width": r * 0.08 }),
      lion(x, y - r * 0.14, r * 0.55),
      stones,
    ];
  }
  return [
    s("polygon", { points: hexPoints(x, y, r), fill: "#F6F1E3", stroke: "#D4AF37", "stroke-width": r * 0.08 }),
    s("polygon", { points: hexPoints(x, y, r * 0.84), fill: STONES[stone].ground }),
    jewel(entry.piece, x, y, r),
  ];
}

/** A card as an SVG of `w` px wide (the lot, the hand). */
export function cardPicture(card, w, extra = {}) {
  const hgt = Math.round(w * 1.4);
  const kids = [];
  if (card === JOKER) {
    kids.push(
      s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#78142C", stroke: "#D4AF37", "stroke-width": 3 }),
      lion(50, 70, 36),
    );
  } else {
    const [stone, count] = split(card);
    const ink = stone === "perle" ? "#F6F1E3" : STONES[stone].colour;
    kids.push(
      s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#F6F1E3", stroke: "#D4AF37", "stroke-width": 3 }),
      s("rect", { x: 8, y: 8, width: 84, height: 124, rx: 6, fill: STONES[stone].ground }),
      jewel(card, 50, 72, 50, 0.9, 1.3),
      s("text", { x: 13, y: 30, class: "pips", fill: ink }, number(count)),
      s("text", { x: 87, y: 110, class: "pips", fill: ink, transform: "rotate(180 87 110)" }, number(count)),
    );
  }
  return s("svg", { viewBox: "0 0 100 140", width: w, height: hgt, class: "kcard", "aria-hidden": "true", ...extra }, kids);
}

// ------------------------------------------------------------------ pan and pinch-zoom
// The camera outlives a redraw (an update redraws the page): its scale and offset in board
// units, applied to the necklace's inner group. Gestures are followed on the window so that a
// redraw under the fingers does not end them.
const camera = { k: 1, x: 0, y: 0 };
// Rewards being paid: space index, amount, when (performance.now()); as long as `.paid` rises.
const PAID_MS = 1600;
let payments = [];
const fingers = new Map();
let gesture = null;

function clampCamera() {
  camera.k = Math.min(4, Math.max(1, camera.k));
  const room = (size, k) => [size * (1 - k), 0];
  const [minX, maxX] = room(BOARD_W, camera.k);
  const [minY, maxY] = room(BOARD_H, camera.k);
  camera.x = Math.min(maxX, Math.max(minX, camera.x));
  camera.y = Math.min(maxY, Math.max(minY, camera.y));
}

function applyCamera() {
  const group = document.querySelector("svg.necklace g.zoom");
  if (group) group.setAttribute("transform", `translate(${camera.x} ${camera.y}) scale(${camera.k})`);
  const reset = document.getElementById("unzoom");
  if (reset) reset.hidden = camera.k <= 1.01;
}

function unitsPerPixel() {
  const svg = document.querySelector("svg.necklace");
  if (!svg) return 1;
  const box = svg.getBoundingClientRect();
  // preserveAspectRatio "meet": the larger of the two ratios is the one in force.
  return Math.max(BOARD_W / box.width, BOARD_H / box.height);
}

/** A screen point in board units, before the camera (the SVG's own coordinates). */
function boardPoint(x, y) {
  const svg = document.querySelector("svg.necklace");
  const box = svg.getBoundingClientRect();
  const u = unitsPerPixel();
  const left = box.left + (box.width - BOARD_W / u) / 2;
  const top = box.top + (box.height - BOARD_H / u) / 2;
  return [(x - left) * u, (y - top) * u];
}

function zoomAbout(px, py, factor) {
  const [bx, by] = boardPoint(px, py);
  const k = Math.min(4, Math.max(1, camera.k * factor));
  camera.x = bx - ((bx - camera.x) * k) / camera.k;
  camera.y = by - ((by - camera.y) * k) / camera.k;
  camera.k = k;
  clampCamera();
  applyCamera();
}

function track() {
  const pts = [...fingers.values()];
  if (pts.length >= 2) {
    const [a, b] = pts;
    gesture = { pinch: Math.hypot(a.x - b.x, a.y - b.y), mid: [(a.x + b.x) / 2, (a.y + b.y) / 2] };
  } else if (pts.length === 1) {
    gesture = { pan: [pts[0].x, pts[0].y] };
  } else {
    gesture = null;
  }
}

addEventListener(
  "pointerdown",
  (event) => {
    if (!(event.target instanceof Element) || !event.target.closest("svg.necklace")) return;
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    track();
  },
  { capture: true, passive: true },
);
addEventListener(
  "pointermove",
  (event) => {
    if (!fingers.has(event.pointerId) || !gesture) return;
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pts = [...fingers.values()];
    if (gesture.pinch && pts.length >= 2) {
      const [a, b] = pts;
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      const u = unitsPerPixel();
      camera.x += (mid[0] - gesture.mid[0]) * u;
      camera.y += (mid[1] - gesture.mid[1]) * u;
      zoomAbout(mid[0], mid[1], dist / Math.max(1, gesture.pinch));
      gesture = { pinch: dist, mid };
    } else if (gesture.pan && camera.k > 1) {
      const u = unitsPerPixel();
      camera.x += (event.clientX - gesture.pan[0]) * u;
      camera.y += (event.clientY - gesture.pan[1]) * u;
      gesture = { pan: [event.clientX, event.clientY] };
      clampCamera();
      applyCamera();
    }
  },
  { capture: true, passive: true },
);
for (const kind of ["pointerup", "pointercancel"]) {
  addEventListener(
    kind,
    (event) => {
      if (!fingers.delete(event.pointerId)) return;
      track();
    },
    { capture: true, passive: true },
  );
}

function wheel(event) {
  event.preventDefault();
  zoomAbout(event.clientX, event.clientY, event.deltaY < 0 ? 1.2 : 1 / 1.2);
}

// ------------------------------------------------------------------ what may be played
function listed(ctx, type) {
  return ctx.legal.filter((m) => m.type === type);
}

/** The card being placed: the lot (bought or unsold), or the hand card tapped. */
function placing(view, ctx) {
  if (view.phase === "buyer" || view.phase === "lay") return listed(ctx, "place").length ? view.lot : null;
  if (view.phase !== "reconstruction") return null;
  const card = ctx.ui.card;
  return ctx.legal.some((m) => m.card === card) ? card : null;
}

/** The place moves for the card being placed, by space index. */
function places(view, ctx) {
  const card = placing(view, ctx);
  const out = new Map();
  if (card === null) return out;
  for (const m of listed(ctx, "place")) {
    if (m.card !== undefined && m.card !== card) continue;
    out.set(INDEX.get(m.space.join(",")), m);
  }
  return out;
}

function choose(ctx, key, value) {
  ctx.ui[key] = ctx.ui[key] === value ? null : value;
  if (key === "card") ctx.ui.space = null;
  ctx.rerender();
}

// ------------------------------------------------------------------ the board
/** The necklace (SVG, pinch to zoom), with the places the card being placed may go marked
 * and what each would pay; under it the auction block: who sells, the card on sale, the bid. */
export function board(view, ctx) {
  const targets = places(view, ctx);
  const fresh = ctx.fresh || [];
  const laidNow = new Map(fresh.filter((e) => e.type === "placed").map((e) => [INDEX.get(e.space.join(",")), e]));
  const lotSpaces = new Set((view.lot_spaces || []).map((sp) => INDEX.get(sp.join(","))));
  const cells = [];
  const overlay = [];
  SPACES.forEach((space, i) => {
    const [x, y] = centre(space);
    const entry = view.board[i];
    cells.push(s("polygon", { points: hexPoints(x, y, R * 0.98), class: "socket" }));
    if (entry) {
      const laid = s("g", { class: laidNow.has(i) ? "laid new" : "laid", style: { transformOrigin: `${x}px ${y}px` } }, tile(entry, x, y, R * TILE));
      cells.push(targets.size ? laid : talk.explains(ctx, GAME, laid, entry.joker ? `lion:${entry.piece}` : `card:${entry.piece}`));
    } else if (view.possible[i] && view.possible[i].length === 1) {
      const ghost = s("g", { class: "ghost" }, jewel(view.possible[i][0], x, y, R * 0.72));
      cells.push(targets.size ? ghost : talk.explains(ctx, GAME, ghost, "ghost"));
    }
    const move = targets.get(i);
    if (move) {
      const chosen = ctx.ui.space === i;
      const place = s(
        "g",
        // A lesson's step lights the place it teaches.
        { class: chosen ? "place chosen" : talk.isLit(ctx, move) ? "place hinted" : "place", "data-space": space.join(","), role: "button" },
        s("polygon", { points: hexPoints(x, y, R * 0.92), class: "glow" }),
        // At the foot of the place, small, so the piece it would take stays in sight above it.
        s("text", { x: inside(x), y: y + HEX_H / 2 - 7, class: "reward", "text-anchor": "middle", style: { fontSize: "22px" } }, `+${money(pays(ctx, move))}`),
      );
      // The arrows go from place to place, by where they are drawn.
      const el = tappable(talk.offers(place, ctx, move), `space:${i}`, () => choose(ctx, "space", i));
      overlay.push(gridCell(el, Math.round(y), Math.round(x)));
    } else if (!targets.size && lotSpaces.has(i) && view.phase !== "draw") {
      // While a card is on sale: where it could go (dotted), for everyone to see.
      overlay.push(talk.explains(ctx, GAME, s("polygon", { points: hexPoints(x, y, R * 0.86), class: "could" }), "could"));
    }
  });
  // Rewards rise from their spaces as they are paid, and keep rising through the redraws of
  // the next updates (a fast bot's move must not cut them short).
  const now = performance.now();
  for (const [i, event] of laidNow) if (event.reward) payments.push({ i, reward: event.reward, at: now });
  payments = payments.filter((p) => now - p.at < PAID_MS);
  for (const p of payments) {
    const [x, y] = centre(SPACES[p.i]);
    const style = { animationDelay: `${p.at - now}ms` };
    overlay.push(s("text", { x: inside(x), y, class: "paid", "text-anchor": "middle", style }, `+${money(p.reward)}`));
  }
  // On the room's TV the necklace hangs from its gold chain, as on pygame's table.
  const top = ctx.tv ? -CHAIN : 0;
  const svg = s(
    "svg",
    {
      viewBox: `${-BOARD_W / 2} ${top} ${BOARD_W} ${BOARD_H - top}`,
      class: "necklace",
      role: "group",
      "data-grid": "",
      "aria-label": pgettext("kette-von-saba", "The necklace"),
      onwheel: wheel,
    },
    ctx.tv ? chain() : null,
    s("g", { class: "zoom", transform: `translate(${camera.x} ${camera.y}) scale(${camera.k})` }, cells, overlay),
  );
  const unzoom = button("⤢", () => {
    camera.k = 1;
    camera.x = 0;
    camera.y = 0;
    applyCamera();
  }, { id: "unzoom", class: "icon", "aria-label": pgettext("kette-von-saba", "Whole necklace") });
  unzoom.hidden = camera.k <= 1.01;
  return h("div", { class: "kette" }, h("div", { class: "strand" }, svg, unzoom), block(view, ctx), talk.pieceNote(ctx, GAME));
}

// The chain's height above the necklace, in board units.
const CHAIN = 36;

/** The gold chain the necklace hangs from: beads along an arch over its top row. */
function chain() {
  const beads = [];
  const span = BOARD_W / 2 - R;
  const n = 44;
  for (let k = 0; k <= n; k++) {
    const f = k / n;
    const x = -span + 2 * span * f;
    const y = 6 - (CHAIN - 8) * Math.sin(Math.PI * f);
    beads.push(s("circle", { cx: x, cy: y, r: k % 2 ? 3.5 : 5, class: "bead" }));
  }
  return s("g", { class: "chain", "aria-hidden": "true" }, beads);
}

function block(view, ctx) {
  const stock = h(
    "p",
    { class: "line stock" },
    talk.explains(ctx, GAME, h("span", {}, ngettext("Deck: {n} card", "Deck: {n} cards", view.deck_count, { n: number(view.deck_count) })), "deck"),
    talk.explains(ctx, GAME, h("span", {}, pgettext("kette-von-saba", "Forgeries ({n})", { n: number(view.forgeries.length) })), "forgeries"),
  );
  if (view.stage === 2 || view.end) {
    return h(
      "div",
      { class: "block" },
      h(
        "div",
        { class: "bid" },
        view.end ? null : h("p", { class: "title" }, pgettext("kette-von-saba", "Reconstruction")),
        view.end ? null : h("p", {}, layouts(view.live_layouts)),
        h("p", {}, _("Rewards paid: {amount}", { amount: money(view.rewards_paid) })),
        stock,
      ),
    );
  }
  // What the moment is (who sells, who bought, what to do) the talk says at the top of the
  // screen; the block draws the auction: the auctioneer, the card on sale, the bid.
  const auction = view.auction || {};
  // (On the room's TV the card on sale is drawn as large as pygame's, the empty slot too.)
  const lot = view.lot
    ? talk.explains(ctx, GAME, cardPicture(view.lot, ctx.tv ? 96 : 52, { class: "kcard on-sale" }), pieceId(view.lot))
    : h("div", { class: "slot on-sale" });
  const bidShown = view.auction && view.phase !== "draw";
  const bidder = auction.bidder;
  const sold = (ctx.fresh || []).some((e) => ["bid", "reserve_accepted", "reserve_named"].includes(e.type));
  return h(
    "div",
    { class: "block sale" },
    lot,
    h(
      "div",
      { class: "bid" },
      h("p", { class: "title" }, who(ctx, view.auctioneer), " · ", pgettext("kette-von-saba", "auctioneer")),
      view.lot ? h("p", {}, cardName(view.lot, ctx)) : null,
      bidShown
        ? h(
            "p",
            { class: "line" },
            h("span", { class: "muted" }, pgettext("kette-von-saba", "Highest bid")),
            bidder === null || bidder === undefined
              ? h("strong", {}, pgettext("kette-von-saba", "no bid yet"))
              : h(
                  "strong",
                  { class: sold ? "price bump" : "price" },
                  money(auction.bid),
                  " ",
                  h("span", { class: "who" }, who(ctx, bidder)),
                ),
          )
        : null,
      auction.reserve && bidShown
        ? h("p", { class: "asked" }, _("Price asked: {amount}", { amount: money(auction.reserve) }))
        : null,
      stock,
    ),
  );
}

function who(ctx, seat) {
  const p = ctx.player(seat);
  return [h("span", { class: "symbol", style: { color: p.colour } }, p.symbol), ctx.name(seat)];
}

function layouts(n) {
  if (n === 1) return _("Only one necklace is still possible");
  return ngettext("{n} necklace still possible", "{n} necklaces still possible", n, { n: number(n) });
}

export function seatFact(view, seat) {
  const parts = [marks(view.cash[seat]), pgettext("kette-von-saba", "Cards in hand: {n}", { n: view.hand_counts[seat] })];
  if (view.stage === 1 && !view.end && seat === view.auctioneer) parts.push(pgettext("kette-von-saba", "auctioneer"));
  return parts.join(" · ");
}

// ------------------------------------------------------------------ the seat's own facts
function playableCards(ctx) {
  return new Set(ctx.legal.filter((m) => m.card !== undefined).map((m) => m.card));
}

/** The seat's hand, sorted; a card that a listed move plays is a control: tap it, then the
 * button that sells it or a marked place on the necklace. */
function handRow(view, ctx) {
  const playable = playableCards(ctx);
  const hand = [...view.hand].sort(byOrder);
  if (!hand.length) return h("p", { class: "hint" }, pgettext("kette-von-saba", "No cards in hand"));
  const cards = hand.map((card, i) => {
    const label = [cardPicture(card, 34), h("span", {}, cardName(card, ctx))];
    if (!playable.has(card)) return talk.explains(ctx, GAME, h("span", { class: "chip", "data-card": card }, label), pieceId(card));
    const picked = ctx.ui.card === card && (i === 0 || hand[i - 1] !== card);
    // A lesson's step lights the card its move plays, until it is picked.
    const lit = !ctx.ui.card && ctx.legal.some((m) => m.card === card && talk.isLit(ctx, m));
    return button(label, () => choose(ctx, "card", card), {
      class: picked ? "picked" : lit ? "hinted" : "",
      "data-card": card,
      "data-tap": `card:${card}:${i}`,
      "data-step": "",
      "aria-pressed": picked ? "true" : "false",
    });
  });
  return h("div", { class: "hand kette-hand" }, cards);
}

/** The seat's hand and the facts it weighs as the talk says them (its money, what the card on
 * sale pays, the bids, what a place pays, the forgeries, what scores at the end) — its own page
 * only: a spectator's view holds no hand. While a hand card may be played the hand stands with
 * the controls, right under the board. */
export function facts(view, ctx) {
  if (!view.hand) return spectatorFacts(view, ctx);
  return h("section", { class: "kette-facts" }, playableCards(ctx).size ? null : handRow(view, ctx), talk.facts(ctx));
}

/** A spectator's facts: the talk's (what is on sale, the bids, what a place pays, the end). */
export function spectatorFacts(view, ctx) {
  return talk.facts(ctx);
}

// ------------------------------------------------------------------ controls
function row(...kids) {
  return h("div", { class: "row" }, kids);
}

/** A few of a long list of amounts: the lowest, some steps above it, and the highest. */
function quick(moves) {
  if (moves.length <= QUICK.length + 1) return moves;
  const picks = new Set([...QUICK.filter((k) => k < moves.length), moves.length - 1]);
  return [...picks].sort((a, b) => a - b).map((k) => moves[k]);
}

/** The talk's button for `move` alone, and its lines (what it does, its warning) apart. */
function bare(ctx, move, props) {
  const made = talk.moveButton(ctx, move, props);
  if (!made.classList.contains("move-talk")) return { el: made, lines: [] };
  const [el, ...lines] = made.childNodes;
  return { el, lines };
}

/** Buttons for a list of amounts in a row: what they do said once under it, and the warning of
 * the one armed (a warned amount asks for a second tap); the amounts beyond the quick ones one
 * tap further ("Other amounts"), never hidden. */
function amounts(ctx, moves, kind) {
  const shown = quick(moves);
  const made = moves.map((m, i) => bare(ctx, m, { class: i === 0 ? "primary" : "", "data-move": shown.includes(m) ? kind : `${kind}-more` }));
  const armed = made.find((b) => b.el.classList.contains("armed"));
  const does = made[0].lines.find((l) => l.classList.contains("does"));
  const warn = armed ? armed.lines.find((l) => l.classList.contains("warn")) : null;
  const rest = made.filter((_b, i) => !shown.includes(moves[i]));
  return [
    row(made.filter((_b, i) => shown.includes(moves[i])).map((b) => b.el)),
    rest.length
      ? h(
          "details",
          { class: "more", open: rest.some((b) => b === armed) ? "" : null },
          h("summary", {}, pgettext("kette-von-saba", "Other amounts")),
          row(rest.map((b) => b.el)),
        )
      : null,
    does || warn ? h("div", { class: "move-talk" }, does || null, warn || null) : null,
  ];
}

export function controls(stream, ctx) {
  const view = stream.view;
  const parts = [];
  const one = (m, props = {}) => talk.moveButton(ctx, m, { "data-move": m.type, ...props });
  // Offer: a card from the hand, tapped there, then sold here.
  const offers = listed(ctx, "offer");
  if (offers.length) {
    const offer = offers.find((m) => m.card === ctx.ui.card);
    parts.push(offer ? row(one(offer, { class: "primary" })) : h("p", { class: "hint" }, _("Tap a card of your hand, then sell it")));
  }
  const passes = listed(ctx, "pass");
  if (passes.length) parts.push(row(passes.map((m) => one(m))));
  const bids = listed(ctx, "bid");
  if (bids.length) parts.push(...amounts(ctx, bids, "bid"));
  const sells = listed(ctx, "sell");
  if (sells.length) parts.push(row(sells.map((m) => one(m, { class: "primary" }))));
  const asks = listed(ctx, "reserve");
  if (asks.length) parts.push(...amounts(ctx, asks, "reserve"));
  const answers = [...listed(ctx, "accept").map((m) => one(m, { class: "primary" })), ...listed(ctx, "decline").map((m) => one(m))];
  if (answers.length) parts.push(row(answers));
  // Placing: the lot or a hand card, on a marked place, then confirmed.
  const targets = places(view, ctx);
  const card = placing(view, ctx);
  if (card !== null) {
    const chosen = targets.get(ctx.ui.space);
    parts.push(
      chosen
        ? row(
            talk.moveButton(ctx, chosen, { class: "primary", id: "confirm", "data-move": "place" }),
            button(pgettext("kette-von-saba.button", "Another place"), () => choose(ctx, "space", ctx.ui.space)),
          )
        : h("p", { class: "hint" }, ngettext("Tap the marked place on the necklace", "Tap one of the {n} marked places on the necklace", targets.size, { n: number(targets.size) })),
    );
  }
  const rest = [
    ...listed(ctx, "keep").map((m) => one(m)),
    ...listed(ctx, "discard")
      .filter((m) => m.card === ctx.ui.card)
      .map((m) => one(m)),
    ...listed(ctx, "draw").map((m) => one(m, { class: "primary" })),
    ...listed(ctx, "end_turn").map((m) => one(m)),
  ];
  if (rest.length) parts.push(row(rest));
  if (view.phase === "reconstruction" && ctx.legal.length && card === null && !listed(ctx, "discard").some((m) => m.card === ctx.ui.card))
    parts.push(h("p", { class: "hint" }, _("Pick a card, then a glowing space")));
  // The hand last: the button that sells the card tapped, or confirms its place, stays in
  // sight above it.
  if (view.hand && playableCards(ctx).size) parts.push(handRow(view, ctx));
  return h("section", { class: "controls" }, parts);
}

// ------------------------------------------------------------------ results
export function score(value) {
  return marks(value);
}

/** The forgeries and the bank's dealings of the game, as the voice says them. */
export function resultLines(outcome, ctx) {
  return talk.results(ctx);
}
