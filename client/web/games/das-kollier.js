// Das Kollier: the lot and the auction as SVG, the seat's gems, and a control for every move the
// server lists (offer, bid, pass, knock down, accept, pre-empt, pay, commission, sell). What each
// moment and move means, the warnings and the facts (gem values, the best necklace, what the bank
// pays) and the game log's sentences are the table's talk (shared/talk/das_kollier/), said by
// ../talk.js and the page's log: this module only draws and lays out. A gem tapped on a card or in
// the hand explains itself (its name, base value and how many cards of it the game has: the
// voice's `pieces`).

import { h, s, button } from "../dom.js";
import { _, pgettext, npgettext, number, say } from "../i18n.js";
import * as talk from "../talk.js";

const GAME = "das-kollier";
const W = 360; // board width in SVG units: about one unit per pixel on a phone
// The gems, most valuable first, as they are drawn: colour and cut (shape), never colour alone;
// their names counted for the payment being chosen and the results' necklaces. Names and values
// are the talk's.
const GEMS = {
  diamant: { colour: "#F4F8FF", cut: "brilliant", counted: (n) => npgettext("das-kollier.gem", "{n} diamond", "{n} diamonds", n) },
  rubin: { colour: "#C0143C", cut: "oval", counted: (n) => npgettext("das-kollier.gem", "{n} ruby", "{n} rubies", n) },
  topas: { colour: "#F2A900", cut: "pear", counted: (n) => npgettext("das-kollier.gem", "{n} topaz", "{n} topazes", n) },
  smaragd: { colour: "#0F8A5F", cut: "step", counted: (n) => npgettext("das-kollier.gem", "{n} emerald", "{n} emeralds", n) },
  granat: { colour: "#7B1E2B", cut: "round", counted: (n) => npgettext("das-kollier.gem", "{n} garnet", "{n} garnets", n) },
  turmalin: { colour: "#D6477A", cut: "hexagon", counted: (n) => npgettext("das-kollier.gem", "{n} tourmaline", "{n} tourmalines", n) },
  amethyst: { colour: "#8E44AD", cut: "triangle", counted: (n) => npgettext("das-kollier.gem", "{n} amethyst", "{n} amethysts", n) },
  opal: { colour: "#BFD7E0", cut: "round", counted: (n) => npgettext("das-kollier.gem", "{n} opal", "{n} opals", n) },
  tuerkis: { colour: "#30B5B0", cut: "cushion", counted: (n) => npgettext("das-kollier.gem", "{n} turquoise", "{n} turquoises", n) },
  achat: { colour: "#8A6E5A", cut: "diamond", counted: (n) => npgettext("das-kollier.gem", "{n} agate", "{n} agates", n) },
};
const KINDS = Object.keys(GEMS);

export function money(amount) {
  const sign = amount < 0 ? "−" : "";
  return sign + pgettext("das-kollier", "${n}", { n: number(Math.abs(amount)) });
}

/** A gem's name, as the game's voice names it. */
function gemName(gem, ctx) {
  return talk.pieceName(GAME, `gem:${gem}`, ctx) || (GEMS[gem] ? GEMS[gem].counted(1) : gem);
}

/** Gems in words, most valuable first: "ruby, 2 topazes, 4 agates". */
export function gemList(gems, ctx) {
  const counts = new Map();
  for (const gem of gems) counts.set(gem, (counts.get(gem) || 0) + 1);
  return KINDS.filter((k) => counts.has(k))
    .map((k) => (counts.get(k) === 1 ? gemName(k, ctx) : GEMS[k].counted(counts.get(k))))
    .join(", ");
}

function gemCount(n) {
  return npgettext("das-kollier", "{n} gem", "{n} gems", n);
}

/** The talk's fact whose label is the catalog message `label` (its value), or null. */
function fact(ctx, label) {
  const found = ctx.talk ? ctx.talk.facts.find((f) => f.label && f.label.m === label) : null;
  return found ? found.value : null;
}

// ------------------------------------------------------------------ drawing
function cutPath(cut, x, y, r) {
  const poly = (pts) => `M${pts.map(([a, b]) => `${x + a * r},${y + b * r}`).join("L")}Z`;
  switch (cut) {
    case "brilliant":
      return poly([[-1, -0.3], [-0.55, -0.9], [0.55, -0.9], [1, -0.3], [0, 1]]);
    case "oval":
      return `M${x - 0.75 * r},${y}a${0.75 * r},${r} 0 1,0 ${1.5 * r},0a${0.75 * r},${r} 0 1,0 ${-1.5 * r},0`;
    case "pear":
      return `M${x},${y - r}C${x + r},${y} ${x + 0.9 * r},${y + r} ${x},${y + r}C${x - 0.9 * r},${y + r} ${x - r},${y} ${x},${y - r}Z`;
    case "step":
      return poly([[-0.7, -1], [0.7, -1], [0.9, -0.8], [0.9, 0.8], [0.7, 1], [-0.7, 1], [-0.9, 0.8], [-0.9, -0.8]]);
    case "hexagon":
      return poly([[-0.5, -0.9], [0.5, -0.9], [1, 0], [0.5, 0.9], [-0.5, 0.9], [-1, 0]]);
    case "triangle":
      return poly([[0, -1], [1, 0.8], [-1, 0.8]]);
    case "cushion":
      return poly([[-0.8, -1], [0.8, -1], [1, -0.8], [1, 0.8], [0.8, 1], [-0.8, 1], [-1, 0.8], [-1, -0.8]]);
    case "diamond":
      return poly([[0, -1], [0.85, 0], [0, 1], [-0.85, 0]]);
    default:
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
}

function gemShape(gem, x, y, r) {
  const g = GEMS[gem];
  return s("path", { d: cutPath(g.cut, x, y, r), fill: g.colour, stroke: "#1B1B1B", "stroke-width": 1.5 });
}

/** A gem as a small inline SVG (the hand, the buttons). */
function gemIcon(gem) {
  return s("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, gemShape(gem, 12, 12, 10));
}

const CARD_W = 84;
const CARD_H = 100;
const PER_ROW = 4;
// On the room's TV the lot lies in one row up to this many cards, as on pygame's cloth.
const TV_PER_ROW = 6;

/** A cut stone, as pygame draws it: its cut in its colour on a disc of its tint, a lighter table
 * facet and a glint from the top left (the one light source, docs VISUAL.md). */
function cutGem(gem, x, y, r) {
  const g = GEMS[gem];
  return [
    s("circle", { cx: x, cy: y, r: r * 1.35, fill: g.colour, opacity: 0.16 }),
    gemShape(gem, x, y, r),
    s("path", { d: cutPath(g.cut, x - r * 0.12, y - r * 0.14, r * 0.5), fill: "#fff", opacity: 0.32 }),
    s("circle", { cx: x - r * 0.42, cy: y - r * 0.45, r: r * 0.12, fill: "#fff", opacity: 0.85 }),
  ];
}

/** A lot card: the gem's name at its head, the cut stone, and (from the talk) its value at its
 * foot — "Tourmaline … 5,000", never a shape and a bare number. */
function card(gem, x, y, said, ctx) {
  const spoken = said && said.a ? say(said.a.gem, ctx.name) : gemName(gem, ctx);
  // The TV heads a card with its name as pygame does ("Tourmaline"); the phone says it as is.
  const name = ctx.tv ? spoken.charAt(0).toUpperCase() + spoken.slice(1) : spoken;
  const fit = name.length > 9 ? { textLength: CARD_W - 10, lengthAdjust: "spacingAndGlyphs" } : {};
  const drawn = s(
    "g",
    { class: "gem-card", "data-gem": gem },
    s("rect", { x, y, width: CARD_W, height: CARD_H, rx: 7, class: "card" }),
    s("text", { x: x + CARD_W / 2, y: y + 18, class: "card-text card-name", "text-anchor": "middle", "font-size": 14, ...fit }, name),
    cutGem(gem, x + CARD_W / 2, y + 49, 17),
    said && said.a
      ? s("text", { x: x + CARD_W / 2, y: y + 91, class: "card-text card-value", "text-anchor": "middle", "font-weight": "bold" }, number(said.a.value))
      : null,
  );
  return talk.explains(ctx, GAME, drawn, `gem:${gem}`);
}

// What the price on the board is, as the talk names the phase ("Falling auction").
const PHASES = {
  open: () => pgettext("das-kollier.phase", "open auction"),
  falling: () => pgettext("das-kollier.phase", "falling auction"),
  preempt: () => pgettext("das-kollier.phase", "first refusal"),
  pay: () => pgettext("das-kollier.phase", "payment"),
  commission: () => pgettext("das-kollier.phase", "commission"),
};

/** The TV's auction block, as pygame's: the phase names the price, and under it the moment's
 * line (whose turn, and what they decide) as the table's talk says it. */
function tvBlock(view, ctx, price, bumped) {
  const phase = PHASES[view.phase] ? PHASES[view.phase]() : "";
  const said = ctx.talk;
  return h(
    "div",
    { class: "auction-block" },
    h("span", { class: "phase" }, phase.charAt(0).toUpperCase() + phase.slice(1)),
    h("strong", { class: bumped ? "price bump" : "price" }, money(price)),
    said ? h("span", { class: "about" }, say(said.explain || said.headline, ctx.name)) : null,
  );
}

/** The board: the lot's cards (SVG, scaled to the screen), the auction's price and whom it
 * waits for. Words are HTML around the drawing, so that they wrap; what the moment means is the
 * talk's, at the top of the screen. */
export function board(view, ctx) {
  const auction = view.auction || {};
  let price = null;
  let about = "";
  if (view.phase === "open") {
    price = auction.bid ?? auction.start_price;
    if (auction.bid !== null) about = pgettext("das-kollier", "highest bid: {name}", { name: ctx.name(auction.bidder) });
  } else if (view.phase === "falling" || view.phase === "preempt") {
    price = auction.price;
    about = ctx.name(view.phase === "falling" ? auction.asked : auction.accepter);
  } else if (view.phase === "pay" || view.phase === "commission") {
    price = auction.price;
    about = pgettext("das-kollier", "{name} pays {price}", { name: ctx.name(auction.buyer), price: money(auction.price) });
  }
  const perRow = ctx.tv ? Math.max(1, Math.min(TV_PER_ROW, view.lot.length)) : PER_ROW;
  const rows = Math.max(1, Math.ceil(view.lot.length / perRow));
  const fresh = ctx.fresh || [];
  const dealt = fresh.some((e) => e.type === "lot_revealed");
  const said = fact(ctx, "Lot") || [];
  const cards = view.lot.map((gem, i) => {
    const x = 4 + (i % perRow) * (CARD_W + 4);
    const drawn = card(gem, x, 4 + Math.floor(i / perRow) * (CARD_H + 6), said[i], ctx);
    if (dealt) {
      drawn.classList.add("deal");
      drawn.style.animationDelay = `${i * 60}ms`;
    }
    return drawn;
  });
  const bumped = fresh.some((e) => ["bid", "price_fell", "auction_opened"].includes(e.type));
  const base = ctx.talk ? ctx.talk.facts.find((f) => f.label && f.label.m === "Base value") : null;
  const width = ctx.tv ? Math.max(1, perRow) * (CARD_W + 4) + 4 : W;
  const priced = price !== null && price !== undefined;
  return h(
    "div",
    { class: "kollier" },
    h("p", {}, pgettext("das-kollier", "Auctioneer: {name}", { name: ctx.name(view.auctioneer) })),
    talk.showsFacts(
      s("svg", { viewBox: `0 0 ${width} ${rows * (CARD_H + 6) + 4}`, class: "lot", preserveAspectRatio: ctx.tv ? "xMidYMid meet" : "xMinYMin meet" }, cards),
      ctx.talk ? ctx.talk.facts.filter((f) => f.label && f.label.m === "Lot") : [],
    ),
    base ? talk.showsFacts(h("p", { class: "base" }, `${say(base.label, ctx.name)}: ${say(base.value, ctx.name)}`), [base]) : null,
    !priced
      ? null
      : ctx.tv
        ? tvBlock(view, ctx, price, bumped)
        : h(
            "p",
            { class: "line" },
            h("strong", { class: bumped ? "price bump" : "price" }, money(price)),
            h("span", {}, about),
          ),
    talk.pieceNote(ctx, GAME),
  );
}

export function seatFact(view, seat) {
  const parts = [gemCount(view.gem_counts[seat])];
  if (seat === view.auctioneer) parts.push(pgettext("das-kollier", "auctioneer"));
  if (view.markers[seat]) parts.push(pgettext("das-kollier", "marker {amount}", { amount: money(view.markers[seat]) }));
  return parts.join(" · ");
}

// ------------------------------------------------------------------ the seat's own facts
/** Whether the talk's fact `f` is drawn apart from the list of facts: the lot on its cards,
 * the base value beside them, the seat's gems in its hand (while it holds any). */
function drawnApart(view, f) {
  const id = f.label && f.label.m;
  return id === "Lot" || id === "Base value" || (id === "Your gems" && (view.gems || []).length > 0);
}

/** The talk's lines for the seat's gems, in the hand's order ("ruby 9,000"), or []. */
function handLines(ctx) {
  const value = fact(ctx, "Your gems");
  return Array.isArray(value) ? value : [];
}

/** The seat's gems (each by name and value, as the talk says them; to tap into a payment while
 * gems may pay), then the other facts it weighs as the talk says them: its cash, its best
 * necklace and its value, what the bank pays for a sale… (the lot's gems are on the cards). */
export function facts(view, ctx) {
  const picking = paying(view, ctx);
  const ui = ctx.ui;
  const lines = handLines(ctx);
  const necklace = view.best_necklace || { value: 0, gems: [] };
  const inNecklace = ui.necklace ? [...necklace.gems] : [];
  const hand = view.gems.map((gem, i) => {
    const words = lines[i] ? say(lines[i], ctx.name) : gemName(gem, ctx);
    const taken = inNecklace.indexOf(gem);
    if (taken >= 0) {
      inNecklace.splice(taken, 1);
      return h("span", { class: "chip picked" }, gemIcon(gem), words);
    }
    if (!picking) return talk.explains(ctx, GAME, h("span", { class: "chip" }, gemIcon(gem), words), `gem:${gem}`);
    const picked = (ui.picks || []).includes(i);
    return button([gemIcon(gem), words], () => togglePick(ctx, i), {
      class: picked ? "picked" : "",
      "data-gem": gem,
      "aria-pressed": picked ? "true" : "false",
    });
  });
  const gemFacts = ctx.talk ? ctx.talk.facts.filter((f) => f.label && f.label.m === "Your gems") : [];
  return h(
    "section",
    { class: "facts-of-seat" },
    view.gems.length ? talk.showsFacts(h("div", { class: "hand" }, hand), gemFacts) : null,
    spectatorFacts(view, ctx),
  );
}

/** The facts the board and the hand do not draw, as the talk says them (a spectator's too). */
export function spectatorFacts(view, ctx) {
  return talk.facts(ctx, (f) => !drawnApart(view, f));
}

function paying(view, ctx) {
  return ctx.legal.some((m) => m.type === "pay") && view.auction && view.auction.kind === "open" && !view.cash_only;
}

function togglePick(ctx, index) {
  const picks = ctx.ui.picks || [];
  ctx.ui.picks = picks.includes(index) ? picks.filter((i) => i !== index) : [...picks, index];
  ctx.rerender();
}

// ------------------------------------------------------------------ controls
function listed(ctx, type) {
  return ctx.legal.filter((m) => m.type === type);
}

function row(...kids) {
  return h("div", { class: "row" }, kids);
}

/** A button for a listed move, labelled and explained by the talk (a warned move asks for a
 * second tap). */
function offer(ctx, move, props = {}) {
  return talk.moveButton(ctx, move, { "data-move": move.type, ...props });
}

/** A bid the engine does not list (beyond the seat's means, decision 10): offered all the same,
 * with the talk's word on it and a second tap. */
function unlistedBid(view, ctx) {
  const auction = view.auction || {};
  const amount = auction.bid === null || auction.bid === undefined ? auction.start_price : auction.bid + 1000;
  const move = { type: "bid", amount };
  const key = "unlisted-bid";
  const armed = ctx.ui.armed === key && ctx.ui.armedSeq === ctx.seq;
  const text = pgettext("das-kollier", "Bid {amount}", { amount: money(amount) });
  return h(
    "div",
    { class: "move-talk" },
    button(
      armed ? _("{move} — tap again", { move: text }) : text,
      () => {
        if (!armed) {
          ctx.ui.armed = key;
          ctx.ui.armedSeq = ctx.seq;
          ctx.rerender();
          return;
        }
        ctx.ui.armed = null;
        ctx.move(move);
      },
      { "data-move": "bid", "data-tap": key, class: armed ? "warned armed" : "warned" },
    ),
    ctx.talk && ctx.talk.explain
      ? h("small", { class: "warn", role: armed ? "alert" : null }, "⚠ ", say(ctx.talk.explain, ctx.name))
      : null,
  );
}

export function controls(stream, ctx) {
  const view = stream.view;
  const parts = [];
  const sealed = listed(ctx, "sealed_bid");
  if (sealed.length) {
    // Every amount from nothing to the seat's cash: one at a time, stepped by ±1,000.
    const at = Math.min(ctx.ui.sealed ?? 0, sealed.length - 1);
    const step = (d) => () => {
      ctx.ui.sealed = Math.max(0, Math.min(sealed.length - 1, at + d));
      ctx.rerender();
    };
    parts.push(
      row(
        button("−", step(-1), { "aria-label": "−1,000", "data-step": "" }),
        offer(ctx, sealed[at], { class: "primary" }),
        button("+", step(1), { "aria-label": "+1,000", "data-step": "" }),
      ),
    );
  }
  const auctionKinds = [...listed(ctx, "open_auction"), ...listed(ctx, "falling_auction")];
  if (auctionKinds.length) parts.push(row(auctionKinds.map((m) => offer(ctx, m))));
  const bids = listed(ctx, "bid");
  const passes = listed(ctx, "pass");
  if (bids.length || passes.length) {
    const extra = !bids.length && view.phase === "open" && !(view.defaulters || []).includes(ctx.seat);
    parts.push(
      row(
        bids.map((m, i) => offer(ctx, m, { class: i === 0 ? "primary" : "" })),
        extra ? unlistedBid(view, ctx) : null,
        passes.map((m) => offer(ctx, m)),
      ),
    );
  }
  for (const m of listed(ctx, "knock_down")) parts.push(row(offer(ctx, m, { class: "primary" })));
  const pair = ["accept", "decline", "preempt", "waive"].flatMap((type) =>
    listed(ctx, type).map((m) => offer(ctx, m, { class: type === "accept" || type === "preempt" ? "primary" : "" })),
  );
  if (pair.length) parts.push(row(pair));
  const pay = [...listed(ctx, "pay"), ...listed(ctx, "default")];
  if (pay.length) {
    parts.push(h("div", { class: "pay" }, pay.map((m, i) => offer(ctx, m, { class: i === 0 ? "primary" : "" }))));
    if (paying(view, ctx)) parts.push(composer(view, ctx));
  }
  const takes = listed(ctx, "commission");
  if (takes.length) parts.push(row(takes.map((m) => offer(ctx, m, { class: m.take === "cash" ? "primary" : "" }))));
  const sales = listed(ctx, "sell");
  if (sales.length) {
    parts.push(
      row(
        button(pgettext("das-kollier", "Sell to the bank…"), () => {
          ctx.ui.selling = !ctx.ui.selling;
          ctx.rerender();
        }, {
          "aria-expanded": ctx.ui.selling ? "true" : "false",
          id: "sell",
          "data-step": "",
          // A lesson's step that teaches a sale lights the way to it.
          class: !ctx.ui.selling && sales.some((m) => talk.isLit(ctx, m)) ? "hinted" : null,
        }),
      ),
    );
    if (ctx.ui.selling) parts.push(h("div", { class: "sales" }, sales.map((m) => offer(ctx, m))));
  }
  return h("section", { class: "controls" }, parts);
}

/** A payment put together by hand while gems may pay: picked single gems at their base value
 * (as the talk says it) and the best necklace (as the server computed it), the rest in cash.
 * The server checks it. */
function composer(view, ctx) {
  const price = view.auction ? view.auction.price : 0;
  const chosen = chosenPayment(view, ctx, price);
  return h(
    "div",
    { class: "composer" },
    h(
      "p",
      {},
      chosen.pieces.length
        ? pgettext("das-kollier", "chosen: {gems}", { gems: gemList(chosen.pieces, ctx) })
        : pgettext("das-kollier", "nothing chosen"),
      " · ",
      pgettext("das-kollier", "Cash: {amount}", { amount: money(chosen.move.cash) }),
    ),
    chosen.worth > price
      ? h("p", { class: "warn" }, "⚠ ", pgettext("das-kollier.talk", "Gems worth {worth}: {amount} more than the price, and no change is given", {
          worth: money(chosen.worth),
          amount: money(chosen.worth - price),
        }))
      : null,
    row(
      view.best_necklace && view.best_necklace.value
        ? button(pgettext("das-kollier", "Necklace"), () => {
            ctx.ui.necklace = !ctx.ui.necklace;
            ctx.ui.picks = [];
            ctx.rerender();
          }, { class: ctx.ui.necklace ? "chosen" : "", id: "necklace" })
        : null,
      button(pgettext("das-kollier", "Clear"), () => {
        ctx.ui.necklace = false;
        ctx.ui.picks = [];
        ctx.rerender();
      }),
      button(pgettext("das-kollier", "Pay"), () => ctx.move(chosen.move), {
        class: "primary",
        id: "pay-chosen",
        disabled: chosen.move.cash > view.cash || !(chosen.pieces.length),
      }),
    ),
  );
}

function chosenPayment(view, ctx, price) {
  const necklace = ctx.ui.necklace && view.best_necklace ? view.best_necklace : null;
  const lines = handLines(ctx);
  const picks = (ctx.ui.picks || []).filter((i) => view.gems[i] && lines[i]);
  const gems = picks.map((i) => view.gems[i]);
  let worth = picks.reduce((sum, i) => sum + lines[i].a.value, 0);
  if (necklace) worth += necklace.value;
  const move = { type: "pay", cash: Math.max(0, price - worth), gems, necklaces: necklace ? [necklace.gems] : [] };
  return { move, worth, pieces: [...gems, ...(necklace ? necklace.gems : [])] };
}

// ------------------------------------------------------------------ results
export function score(value, ctx, seat, outcome) {
  const necklace = outcome.necklaces ? outcome.necklaces[seat] : null;
  return necklace && necklace.length ? `${money(value)} · ${gemList(necklace, ctx)}` : money(value);
}

/** Which tie-break decided an equal necklace, as the voice says it. */
export function resultLines(outcome, ctx) {
  return talk.results(ctx);
}
