// Das Kollier: the lot and the auction as SVG, the seat's cash and gems, and a control for every
// move the server lists (offer, bid, pass, knock down, accept, pre-empt, pay, commission, sell).

import { h, s, button } from "../dom.js";
import { _, pgettext, npgettext, number } from "../i18n.js";

const W = 360; // board width in SVG units: about one unit per pixel on a phone
// The gems, most valuable first: base value, colour and cut (shape), never colour alone.
const GEMS = {
  diamant: { value: 10000, colour: "#F4F8FF", cut: "brilliant", name: () => pgettext("das-kollier.gem", "diamond"), counted: (n) => npgettext("das-kollier.gem", "{n} diamond", "{n} diamonds", n) },
  rubin: { value: 9000, colour: "#C0143C", cut: "oval", name: () => pgettext("das-kollier.gem", "ruby"), counted: (n) => npgettext("das-kollier.gem", "{n} ruby", "{n} rubies", n) },
  topas: { value: 8000, colour: "#F2A900", cut: "pear", name: () => pgettext("das-kollier.gem", "topaz"), counted: (n) => npgettext("das-kollier.gem", "{n} topaz", "{n} topazes", n) },
  smaragd: { value: 7000, colour: "#0F8A5F", cut: "step", name: () => pgettext("das-kollier.gem", "emerald"), counted: (n) => npgettext("das-kollier.gem", "{n} emerald", "{n} emeralds", n) },
  granat: { value: 6000, colour: "#7B1E2B", cut: "round", name: () => pgettext("das-kollier.gem", "garnet"), counted: (n) => npgettext("das-kollier.gem", "{n} garnet", "{n} garnets", n) },
  turmalin: { value: 5000, colour: "#D6477A", cut: "hexagon", name: () => pgettext("das-kollier.gem", "tourmaline"), counted: (n) => npgettext("das-kollier.gem", "{n} tourmaline", "{n} tourmalines", n) },
  amethyst: { value: 4000, colour: "#8E44AD", cut: "triangle", name: () => pgettext("das-kollier.gem", "amethyst"), counted: (n) => npgettext("das-kollier.gem", "{n} amethyst", "{n} amethysts", n) },
  opal: { value: 3000, colour: "#BFD7E0", cut: "round", name: () => pgettext("das-kollier.gem", "opal"), counted: (n) => npgettext("das-kollier.gem", "{n} opal", "{n} opals", n) },
  tuerkis: { value: 2000, colour: "#30B5B0", cut: "cushion", name: () => pgettext("das-kollier.gem", "turquoise"), counted: (n) => npgettext("das-kollier.gem", "{n} turquoise", "{n} turquoises", n) },
  achat: { value: 1000, colour: "#8A6E5A", cut: "diamond", name: () => pgettext("das-kollier.gem", "agate"), counted: (n) => npgettext("das-kollier.gem", "{n} agate", "{n} agates", n) },
};
const KINDS = Object.keys(GEMS);
const PHASES = {
  sealed: () => pgettext("das-kollier.phase", "sealed bids"),
  choose: () => pgettext("das-kollier.phase", "choice of auction"),
  open: () => pgettext("das-kollier.phase", "open auction"),
  falling: () => pgettext("das-kollier.phase", "falling auction"),
  preempt: () => pgettext("das-kollier.phase", "first refusal"),
  pay: () => pgettext("das-kollier.phase", "payment"),
  commission: () => pgettext("das-kollier.phase", "commission"),
  over: () => pgettext("das-kollier.phase", "game over"),
};

export function money(amount) {
  const sign = amount < 0 ? "−" : "";
  return sign + pgettext("das-kollier", "${n}", { n: number(Math.abs(amount)) });
}

function gemName(gem) {
  return GEMS[gem] ? GEMS[gem].name() : gem;
}

/** Gems in words, most valuable first: "ruby, 2 topazes, 4 agates". */
export function gemList(gems) {
  const counts = new Map();
  for (const gem of gems) counts.set(gem, (counts.get(gem) || 0) + 1);
  return KINDS.filter((k) => counts.has(k))
    .map((k) => (counts.get(k) === 1 ? gemName(k) : GEMS[k].counted(counts.get(k))))
    .join(", ");
}

function gemCount(n) {
  return npgettext("das-kollier", "{n} gem", "{n} gems", n);
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

function card(gem, x, y) {
  return s(
    "g",
    { class: "gem-card", "data-gem": gem },
    s("rect", { x, y, width: 64, height: 86, rx: 7, class: "card" }),
    gemShape(gem, x + 32, y + 34, 20),
    s("text", { x: x + 32, y: y + 76, class: "card-text", "text-anchor": "middle" }, number(GEMS[gem].value / 1000)),
  );
}

/** The board: round and bank; the lot's cards (SVG, scaled to the screen); the auction, its
 * price and whom it waits for. Words are HTML around the drawing, so that they wrap. */
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
  const perRow = 5;
  const rows = Math.max(1, Math.ceil(view.lot.length / perRow));
  const fresh = ctx.fresh || [];
  const dealt = fresh.some((e) => e.type === "lot_revealed");
  const cards = view.lot.map((gem, i) => {
    const drawn = card(gem, 4 + (i % perRow) * 70, 4 + Math.floor(i / perRow) * 92);
    if (dealt) {
      drawn.classList.add("deal");
      drawn.style.animationDelay = `${i * 60}ms`;
    }
    return drawn;
  });
  const bumped = fresh.some((e) => ["bid", "price_fell", "auction_opened"].includes(e.type));
  return h(
    "div",
    { class: "kollier" },
    h(
      "p",
      { class: "line" },
      h("span", {}, pgettext("das-kollier", "Round {n}", { n: view.round })),
      h("span", {}, pgettext("das-kollier", "Bank {amount}", { amount: money(view.bank) })),
    ),
    h("p", {}, pgettext("das-kollier", "Auctioneer: {name}", { name: ctx.name(view.auctioneer) })),
    s("svg", { viewBox: `0 0 ${W} ${rows * 92 + 4}`, class: "lot", preserveAspectRatio: "xMinYMin meet" }, cards),
    h(
      "p",
      { class: "line" },
      h("span", {}, pgettext("das-kollier", "Base value {value}", { value: money(view.lot_value) })),
      h("span", { class: "phase" }, PHASES[view.phase] ? PHASES[view.phase]() : view.phase),
    ),
    price === null || price === undefined
      ? null
      : h(
          "p",
          { class: "line" },
          h("strong", { class: bumped ? "price bump" : "price" }, money(price)),
          h("span", {}, about),
        ),
  );
}

export function seatFact(view, seat) {
  const parts = [gemCount(view.gem_counts[seat])];
  if (seat === view.auctioneer) parts.push(pgettext("das-kollier", "auctioneer"));
  if (view.markers[seat]) parts.push(pgettext("das-kollier", "marker {amount}", { amount: money(view.markers[seat]) }));
  return parts.join(" · ");
}

// ------------------------------------------------------------------ the seat's own facts
export function facts(view, ctx) {
  const picking = paying(view, ctx);
  const ui = ctx.ui;
  const necklace = view.best_necklace || { value: 0, gems: [] };
  const inNecklace = ui.necklace ? [...necklace.gems] : [];
  const hand = view.gems.map((gem, i) => {
    const taken = inNecklace.indexOf(gem);
    if (taken >= 0) {
      inNecklace.splice(taken, 1);
      return h("span", { class: "chip picked" }, gemIcon(gem), gemName(gem));
    }
    if (!picking) return h("span", { class: "chip" }, gemIcon(gem), gemName(gem));
    const picked = (ui.picks || []).includes(i);
    return button([gemIcon(gem), gemName(gem)], () => togglePick(ctx, i), {
      class: picked ? "picked" : "",
      "data-gem": gem,
      "aria-pressed": picked ? "true" : "false",
    });
  });
  return h(
    "section",
    { class: "facts" },
    h("p", { class: "cash" }, pgettext("das-kollier", "Your cash {amount}", { amount: money(view.cash) })),
    view.gems.length ? h("div", { class: "hand" }, hand) : null,
    necklace.value
      ? h("p", {}, _("Your best necklace: {gems} · {value}", { gems: gemList(necklace.gems), value: money(necklace.value) }))
      : null,
  );
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

export function controls(stream, ctx) {
  const view = stream.view;
  const parts = [];
  const go = (move) => () => ctx.move(move);
  const sealed = listed(ctx, "sealed_bid");
  if (sealed.length) {
    const amounts = sealed.map((m) => m.amount);
    const at = Math.min(ctx.ui.sealed ?? 0, amounts.length - 1);
    const step = (d) => () => {
      ctx.ui.sealed = Math.max(0, Math.min(amounts.length - 1, at + d));
      ctx.rerender();
    };
    parts.push(
      row(
        button("−", step(-1), { "aria-label": "−1,000" }),
        h("strong", { class: "amount" }, money(amounts[at])),
        button("+", step(1), { "aria-label": "+1,000" }),
        button(pgettext("das-kollier", "Put down"), go(sealed[at]), { class: "primary", "data-move": "sealed_bid" }),
      ),
    );
  }
  const opens = listed(ctx, "open_auction");
  const falling = listed(ctx, "falling_auction");
  if (opens.length || falling.length) {
    parts.push(
      row(
        opens.map((m) =>
          button(pgettext("das-kollier", "Open at {price}", { price: money(m.start_price) }), go(m), {
            "data-move": "open_auction",
          }),
        ),
      ),
      row(
        falling.map((m) =>
          button(pgettext("das-kollier", "Falling from {price}", { price: money(view.lot_value) }), go(m), {
            "data-move": "falling_auction",
          }),
        ),
      ),
    );
  }
  const bids = listed(ctx, "bid");
  const passes = listed(ctx, "pass");
  if (bids.length || passes.length) {
    parts.push(
      row(
        bids.map((m, i) =>
          button(pgettext("das-kollier", "Bid {amount}", { amount: money(m.amount) }), go(m), {
            class: i === 0 ? "primary" : "",
            "data-move": "bid",
          }),
        ),
        passes.map((m) => button(pgettext("das-kollier", "Pass"), go(m), { "data-move": "pass" })),
      ),
    );
  }
  for (const m of listed(ctx, "knock_down")) {
    parts.push(row(button(pgettext("das-kollier", "Knock down"), go(m), { class: "primary", "data-move": "knock_down" })));
  }
  const yesNo = [
    ["accept", () => pgettext("das-kollier", "Buy")],
    ["decline", () => pgettext("das-kollier", "Decline")],
    ["preempt", () => pgettext("das-kollier", "Take it")],
    ["waive", () => pgettext("das-kollier", "Let it go")],
  ];
  const pair = yesNo.flatMap(([type, label]) =>
    listed(ctx, type).map((m) =>
      button(label(), go(m), { class: type === "accept" || type === "preempt" ? "primary" : "", "data-move": type }),
    ),
  );
  if (pair.length) parts.push(row(pair));
  parts.push(payControls(view, ctx));
  const takes = listed(ctx, "commission");
  if (takes.length) {
    const half = (Math.floor((view.auction.paid_cash || 0) / 1000 + 1) >> 1) * 1000;
    parts.push(
      h("h3", {}, pgettext("das-kollier", "Commission")),
      row(
        takes.map((m) =>
          m.take === "cash"
            ? button(pgettext("das-kollier", "Cash: {amount}", { amount: money(half) }), go(m), {
                class: "primary",
                "data-move": "commission",
              })
            : button([gemIcon(m.take), gemName(m.take)], go(m), { "data-move": "commission" }),
        ),
      ),
    );
  }
  const sales = listed(ctx, "sell");
  if (sales.length) {
    parts.push(
      row(
        button(pgettext("das-kollier", "Sell to the bank…"), () => {
          ctx.ui.selling = !ctx.ui.selling;
          ctx.rerender();
        }, { "aria-expanded": ctx.ui.selling ? "true" : "false", id: "sell" }),
      ),
    );
    if (ctx.ui.selling) {
      parts.push(
        row(
          sales.map((m) =>
            button([pgettext("das-kollier", "Sell"), ": ", gemList(m.necklace || m.gems)], go(m), { "data-move": "sell" }),
          ),
        ),
      );
    }
  }
  return h("section", { class: "controls" }, parts);
}

function payControls(view, ctx) {
  const payments = listed(ctx, "pay");
  const defaults = listed(ctx, "default");
  const parts = [];
  const price = view.auction ? view.auction.price : 0;
  if (payments.length && !paying(view, ctx)) {
    parts.push(
      row(
        button(pgettext("das-kollier", "Pay {price} in cash", { price: money(price) }), () => ctx.move(payments[0]), {
          class: "primary",
          "data-move": "pay",
        }),
      ),
    );
  } else if (payments.length) {
    // Gems and necklaces pay too: the listed payments one tap away, or choose pieces by hand.
    parts.push(
      row(
        payments.map((m) =>
          button(paymentLabel(m), () => ctx.move(m), { "data-move": "pay", class: "suggestion" }),
        ),
      ),
    );
    const chosen = chosenPayment(view, ctx, price);
    parts.push(
      h(
        "p",
        {},
        chosen.pieces.length
          ? pgettext("das-kollier", "chosen: {gems}", { gems: gemList(chosen.pieces) })
          : pgettext("das-kollier", "nothing chosen"),
        " · ",
        pgettext("das-kollier", "Cash: {amount}", { amount: money(chosen.move.cash) }),
      ),
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
          disabled: chosen.move.cash > view.cash,
        }),
      ),
    );
  }
  if (defaults.length) {
    parts.push(h("h3", {}, pgettext("das-kollier", "Cannot pay!")));
    parts.push(
      row(
        defaults.map((m) =>
          m.gem
            ? button([gemIcon(m.gem), gemName(m.gem)], () => ctx.move(m), { "data-move": "default" })
            : button(pgettext("das-kollier", "Pay the {amount} penalty", { amount: money(3000) }), () => ctx.move(m), {
                class: "primary",
                "data-move": "default",
              }),
        ),
      ),
    );
  }
  return parts.length ? h("div", { class: "pay" }, parts) : null;
}

function paymentLabel(move) {
  const pieces = [...move.gems, ...move.necklaces.flat()];
  if (!pieces.length) return pgettext("das-kollier", "all in cash");
  return pgettext("das-kollier", "gems {gems} + cash {cash}", { gems: gemList(pieces), cash: money(move.cash) });
}

/** The payment put together by hand: the best necklace (as the server computed it) and picked
 * single gems at their base value, the rest in cash. The server checks it. */
function chosenPayment(view, ctx, price) {
  const necklace = ctx.ui.necklace && view.best_necklace ? view.best_necklace : null;
  const gems = (ctx.ui.picks || []).map((i) => view.gems[i]).filter(Boolean);
  let worth = gems.reduce((sum, gem) => sum + GEMS[gem].value, 0);
  if (necklace) worth += necklace.value;
  const move = { type: "pay", cash: Math.max(0, price - worth), gems, necklaces: necklace ? [necklace.gems] : [] };
  return { move, pieces: [...gems, ...(necklace ? necklace.gems : [])] };
}

// ------------------------------------------------------------------ the log
const TEXT = {
  sealed_bid: () => _("{name} puts a sealed bid face down."),
  auction_opened: () => _("{name} opens the bidding at {price}."),
  falling_auction: () => _("{name} offers the lot in turn at {price}, starting with {asked}."),
  bid: () => pgettext("das-kollier.log", "{name} bids {amount}."),
  passed: () => pgettext("das-kollier.log", "{name} passes."),
  knocked_down: () => _("Going, going, gone: sold to {name} for {price}."),
  accepted: () => pgettext("das-kollier.log", "{name} takes it at {price}."),
  declined: () => pgettext("das-kollier.log", "{name} declines at {price}."),
  price_fell: () => _("Nobody bought: the price drops to {price}."),
  taken_for_nothing: () => _("Nobody wanted it even for nothing: {name} keeps the lot for free."),
  preempted: () => _("{name} uses the right of first refusal and buys at {price} instead of {accepter}."),
  waived: () => _("{name} lets {buyer} have it at {price}."),
  compensation: () => _("{name} gets {amount} from the bank for the lost purchase."),
  rerun: () => _("The same lot goes up again; {name} runs the auction."),
  lot_won: () => pgettext("das-kollier.log", "{name} takes the lot: {gems}."),
  lot_revealed: () => _("New lot for {name} to auction: {gems} (base value {value})."),
};

/** One log line for an event, as the seat may see it (the same sentences as the pygame view). */
export function eventText(event, ctx) {
  const name = ctx.name(event.seat);
  const f = { name };
  for (const key of ["price", "amount", "cash", "value", "paid", "owed"]) {
    if (typeof event[key] === "number") f[key] = money(event[key]);
  }
  switch (event.type) {
    case "game_over":
      return _("The game is over.");
    case "sealed_bid":
      if (f.amount) return _("{name} puts {amount} face down.", f);
      break;
    case "first_auctioneer":
      return _("The sealed bids are opened: {bids}. {name} pays {paid} and runs the first auction.", {
        ...f,
        bids: (event.bids || []).map((b, i) => `${ctx.name(i)} ${money(b)}`).join(", "),
      });
    case "auction_opened":
      f.price = money(event.start_price);
      break;
    case "falling_auction":
      f.asked = ctx.name(event.asked);
      break;
    case "knocked_down":
      f.name = ctx.name(event.buyer);
      break;
    case "preempted":
      f.accepter = ctx.name(event.accepter);
      break;
    case "waived":
      f.buyer = ctx.name(event.buyer);
      break;
    case "paid": {
      const gems = [...(event.gems || []), ...(event.necklaces || []).flat()];
      if (gems.length) return _("{name} pays {price}: {cash} in cash and {gems}.", { ...f, gems: gemList(gems) });
      if (event.gem_count) return _("{name} pays {price}: {cash} in cash and {gems}.", { ...f, gems: gemCount(event.gem_count) });
      return pgettext("das-kollier.log", "{name} pays {price} in cash.", f);
    }
    case "commission":
      if (event.cash) return pgettext("das-kollier.log", "{name} earns {cash} commission.", f);
      if (event.gem) return _("{name} takes a {gem} as commission.", { ...f, gem: gemList([event.gem]) });
      return _("{name} takes a gem as commission.", f);
    case "default":
      if (!event.penalty_gem)
        return _("{name} cannot pay {price} and pays a penalty of {cash}.", { ...f, cash: money(event.penalty_cash || 0) });
      if (event.gem) return _("{name} cannot pay {price} and gives up a {gem} as a penalty.", { ...f, gem: gemList([event.gem]) });
      return _("{name} cannot pay {price} and gives up a gem as a penalty.", f);
    case "sold_to_bank":
      if (event.gems)
        return _("{name} sells {gems} to the bank (worth {value}): {paid} now, {owed} owed.", { ...f, gems: gemList(event.gems) });
      return _("{name} sells {gems} to the bank and lays down the marker.", { ...f, gems: gemCount(event.gem_count || 0) });
    case "debt_paid":
      return event.into === "marker"
        ? _("The bank pays {name} {amount} of the marker it owed.", f)
        : _("The bank pays {name} {amount} it owed.", f);
    case "lot_won":
    case "lot_revealed":
      f.gems = gemList(event.gems || []);
      break;
    case "second_deck":
      return _(
        "The first deck is used up: the bank hands out {gifts}, and a second deck of {cards} is shuffled.",
        {
          gifts: (event.gifts || []).map((g, i) => `${ctx.name(i)} ${money(g)}`).join(", "),
          cards: npgettext("das-kollier", "{n} card", "{n} cards", event.cards || 0),
        },
      );
    default:
      break;
  }
  return TEXT[event.type] ? TEXT[event.type]()
    .replace(/\{(\w+)\}/g, (whole, key) => (key in f ? f[key] : whole)) : null;
}

// ------------------------------------------------------------------ results
export function score(value, ctx, seat, outcome) {
  const necklace = outcome.necklaces ? outcome.necklaces[seat] : null;
  return necklace && necklace.length ? `${money(value)} · ${gemList(necklace)}` : money(value);
}

export function resultLines(outcome, ctx) {
  const winner = (outcome.winners || [])[0];
  if (outcome.decided_by === "gems") return [_("Tie on the necklace: fewer gems in it wins.")];
  if (outcome.decided_by === "outside" && outcome.best_outside)
    return [_("Tie on the necklace: the best gem outside it wins ({name}: {value}).", {
      name: ctx.name(winner),
      value: money(outcome.best_outside[winner]),
    })];
  if (outcome.decided_by === "money" && Array.isArray(outcome.money) && typeof outcome.money[winner] === "number")
    return [_("Tie on the necklace and the gems: the most money wins ({name}: {value}).", {
      name: ctx.name(winner),
      value: money(outcome.money[winner]),
    })];
  return [];
}
