// Saba – Palast der Königin: the harbour, the building fields, the palace garden, the quarters,
// the serail and the treasury as SVG; the seat's tray (stock, action cards, figures) one tap
// away; a control for every move the server lists. Where one tap allows several moves (harbour
// field 2 and the card it removes, field 3 and the vizier's quarter with its swap or declining
// it, a building card and where its figure comes from, a swap at a quarter, a profi figure's
// move) the first tap holds the choice in ctx.ui and the listed moves become buttons.

import { h, s, button, tappable, cell as gridCell } from "../dom.js";
import { _, pgettext, number } from "../i18n.js";
import * as talk from "../talk.js";

const W = 360; // board width in SVG units: about one unit per pixel on a phone

// Held sideways, the side panel beside the board shows the seat's tray first, its chips in
// rows and without its title (it sits beside the board, the seat's own): the moves below it now
// say what each does (the table's talk), which made them too tall to leave the tray on the
// screen below them.
const SIDEWAYS = `@media (orientation: landscape) and (min-width: 640px) {
  main.game-saba-palast .side > .tray { order: -1; display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
  main.game-saba-palast .side > .tray > * { flex: 0 1 auto; }
  main.game-saba-palast .side > .tray .hand { display: flex; flex-wrap: wrap; gap: 4px; }
  main.game-saba-palast .side > .tray .chip { min-height: 28px; padding: 1px 6px; gap: 4px; }
  main.game-saba-palast .side > .tray .chip svg { width: 16px; height: 16px; }
  main.game-saba-palast .side > .tray h3 { display: none; }
  main.game-saba-palast .side { gap: 8px; }
}`;
// A spectator's facts stand below the board on the page; the TV has them in its side panel.
const SPECTATOR_FACTS = `main.tv .palast > .facts { display: none; }
main.game-saba-palast .palast > .facts { margin: 8px 0 0; padding: 0 4px; grid-template-columns: minmax(6em, 35%) 1fr; }`;
// A lesson's step (or a hint) lights the targets of its moves and quiets the other targets; the
// parts of the table it names ("harbour_cards": the ⚓ of the fields the seat's harbour cards
// show, "points", "serail", "treasury", "tray") light up too.
const LIT = `svg.palast-board .legal.quiet > rect:first-child { stroke: #3b6f69; stroke-width: 1.5; animation: none; }
svg.palast-board .hinted > rect:first-child { stroke: #ffd27a; stroke-width: 6; filter: drop-shadow(0 0 5px #ffd27a); }
svg.palast-board text.lit { fill: #ffd27a; font-weight: bold; }
main.game-saba-palast #tray.lit { outline: 3px solid #ffd27a; outline-offset: 2px; border-radius: 12px; }`;
if (!document.getElementById("palast-style"))
  document.head.append(h("style", { id: "palast-style" }, `${SIDEWAYS}\n${SPECTATOR_FACTS}\n${LIT}`));
const MATERIALS = ["alabaster", "sandstone", "ebony", "gold"];
const QUARTERS = ["stonemason", "mason", "carpenter", "goldsmith", "exchange", "bazaar"];
// Materials have a colour AND a shape (VISUAL.md): a white block, a brown brick, a black log,
// a yellow ingot.
const LOOK = {
  alabaster: { fill: "#F0ECE2", stroke: "#6b665c" },
  sandstone: { fill: "#B0703C", stroke: "#4a2a12" },
  ebony: { fill: "#261E1C", stroke: "#a89a8a" },
  gold: { fill: "#EEBE28", stroke: "#6e5200" },
};
const MATERIAL_NAMES = {
  alabaster: () => pgettext("saba-palast.material", "alabaster"),
  sandstone: () => pgettext("saba-palast.material", "sandstone"),
  ebony: () => pgettext("saba-palast.material", "ebony"),
  gold: () => pgettext("saba-palast.material", "gold"),
};
const QUARTER_NAMES = {
  stonemason: () => pgettext("saba-palast.quarter", "Stone-masons"),
  mason: () => pgettext("saba-palast.quarter", "Masons"),
  carpenter: () => pgettext("saba-palast.quarter", "Car-penters"),
  goldsmith: () => pgettext("saba-palast.quarter", "Gold-smiths"),
  exchange: () => pgettext("saba-palast.quarter", "Ex-change"),
  bazaar: () => pgettext("saba-palast.quarter", "Bazaar"),
};
// A card as what a player builds (German: the accusative, "den …"), on a button that opens a choice.
const CARD_OBJECTS = {
  arch: (f) => pgettext("saba-palast.card-object", "the arch for garden field {field}", f),
  fountain: (f) => pgettext("saba-palast.card-object", "the fountain for garden field {field}", f),
  column: (f) => pgettext("saba-palast.card-object", "the column for garden field {field}", f),
  treasury: (f) => pgettext("saba-palast.card-object", "treasury card {n}", f),
  end: () => pgettext("saba-palast.card-object", "the end card"),
};
const LEVELS = { arch: 1, fountain: 2, column: 3 };
// A palace card's short title on the board: its part and garden field.
const PARTS = {
  arch: (field) => pgettext("saba-palast.board", "Arch {field}", { field }),
  fountain: (field) => pgettext("saba-palast.board", "Fountain {field}", { field }),
  column: (field) => pgettext("saba-palast.board", "Column {field}", { field }),
};

function material(name) {
  return MATERIAL_NAMES[name] ? MATERIAL_NAMES[name]() : String(name);
}

function quarterName(name) {
  return QUARTER_NAMES[name] ? QUARTER_NAMES[name]().replace("-", "") : String(name);
}

/** A quarter's name on its tile: whole, or broken after its hyphen where it is too long. */
function quarterLines(name) {
  const parts = QUARTER_NAMES[name] ? QUARTER_NAMES[name]().split("-") : [String(name)];
  const whole = parts.join("");
  // Ten letters fit a tile at any phone width (at 320 px "Stonemasons" did not).
  if (parts.length === 1 || whole.length <= 10) return [whole];
  return [`${parts.slice(0, -1).join("")}-`, parts[parts.length - 1]];
}

/** A card id as its parts: "arch-3" → {part: "arch", field: 3}; "treasury-1"; "end". */
function parseCard(id) {
  const [part, n] = String(id).split("-");
  if (part in LEVELS) return { part, field: Number(n), level: LEVELS[part] };
  return { part, n };
}

function cardPhrase(id, table) {
  const card = parseCard(id);
  const say = table[card.part];
  return say ? say({ field: card.field, n: card.n }) : String(id);
}

// ------------------------------------------------------------------ drawing
/** A material's glyph (its shape and colour) centred on x, y, about 2r wide. */
function glyph(name, x, y, r = 9) {
  const look = LOOK[name] || LOOK.alabaster;
  const paint = { fill: look.fill, stroke: look.stroke, "stroke-width": 1.5 };
  if (name === "sandstone")
    return s(
      "g",
      {},
      s("rect", { x: x - r, y: y - r * 0.6, width: 2 * r, height: 1.2 * r, rx: 1, ...paint }),
      s("path", { d: `M${x - r},${y}H${x + r}M${x},${y - r * 0.6}V${y}`, stroke: look.stroke, "stroke-width": 1 }),
    );
  if (name === "ebony")
    return s(
      "g",
      {},
      s("rect", { x: x - r, y: y - r * 0.5, width: 2 * r, height: r, rx: r * 0.5, ...paint }),
      s("circle", { cx: x + r * 0.55, cy: y, r: r * 0.3, fill: "none", stroke: look.stroke, "stroke-width": 1 }),
    );
  if (name === "gold")
    return s("path", {
      d: `M${x - r},${y + r * 0.55}L${x - r * 0.6},${y - r * 0.55}H${x + r * 0.6}L${x + r},${y + r * 0.55}Z`,
      ...paint,
    });
  return s("rect", { x: x - r * 0.8, y: y - r * 0.8, width: 1.6 * r, height: 1.6 * r, rx: 2, ...paint });
}

/** A small inline SVG of a material (for buttons and the tray). */
function icon(name) {
  return s("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, glyph(name, 12, 12, 10));
}

function figure(ctx, seat, x, y, r = 8) {
  const player = ctx.player(seat);
  return s(
    "g",
    { class: "figure", "data-seat": seat },
    // Its light ring (style.css, --piece-outline) sets every player colour off the dark tiles.
    s("circle", { cx: x, cy: y, r, fill: player.colour, "stroke-width": 1.5 }),
    s("text", { x, y: y + r * 0.42, "text-anchor": "middle", class: "mark", "font-size": r * 1.1 }, player.symbol),
  );
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, ...attrs }, content);
}

/** Make an SVG group drawn at (`x`, `y`) a tap target that sends `moves[0]` or opens the choice;
 * `moves` are the listed moves it leads to (lit when a lesson's step or a hint names one, quiet
 * when the step teaches another); the arrows go from target to target by where they are drawn. */
function target(el, key, action, x, y, ctx = null, moves = []) {
  el.classList.add("legal");
  const light = ctx ? lightOf(ctx, moves) : null;
  if (light) el.classList.add(light);
  return gridCell(tappable(el, key, action), y, x);
}

/** "hinted" where one of `moves` is the lesson step's (or the hint's) move, "quiet" where the
 * step teaches another, else null. */
function lightOf(ctx, moves) {
  if (moves.some((m) => talk.isHinted(ctx, m))) return "hinted";
  return ctx.lit ? "quiet" : null;
}

/** A class that lights a part of the table the lesson's step names. */
function litPart(ctx, id, base) {
  return talk.isLitPart(ctx, id) ? `${base} lit` : base;
}

/** The listed moves a tap on a quarter may lead to now (as `quarterAction` picks among them). */
function quarterMoves(ctx, quarter) {
  return ctx.legal.filter(
    (m) =>
      ((m.type === "send_figure" || m.type === "place_figure" || m.type === "use_quarter") && m.quarter === quarter) ||
      (m.type === "harbour" && ctx.ui.harbour === 3 && m.vizier === quarter) ||
      (m.type === "move_figure" && ctx.ui.moveFrom && m.from === ctx.ui.moveFrom && m.to === quarter),
  );
}

// ------------------------------------------------------------------ what the seat may do
function listed(ctx, type) {
  return ctx.legal.filter((m) => m.type === type);
}

/** A tap on the board that means one listed move: sent, or where the talk warns about it, its
 * button below is armed instead (its warning shows; a tap there plays it). The focus goes to
 * that button, so that the keys' second press plays it as a second tap would. */
function play(ctx, move) {
  const said = talk.entry(ctx, move);
  if (!said || !said.warn) return ctx.move(move);
  ctx.ui.armed = `move:${JSON.stringify(move)}`;
  ctx.ui.armedSeq = ctx.seq;
  ctx.rerender();
  const armed = document.querySelector(".controls .armed");
  if (!armed) return;
  armed.focus({ preventScroll: true });
  armed.scrollIntoView({ block: "nearest" });
}

/** Tap a harbour field: send its one move, or hold it while its card or quarter is chosen. */
function harbourTap(ctx, field) {
  const moves = listed(ctx, "harbour").filter((m) => m.field === field);
  if (moves.length === 1) return play(ctx, moves[0]);
  ctx.ui.harbour = field;
  ctx.ui.vizier = null;
  ctx.rerender();
}

function vizierTap(ctx, quarter) {
  const moves = listed(ctx, "harbour").filter((m) => m.vizier === quarter);
  if (moves.length === 1) return play(ctx, moves[0]);
  ctx.ui.vizier = quarter;
  ctx.rerender();
}

function buildTap(ctx, card) {
  const moves = ctx.legal.filter((m) => (m.type === "build" || m.type === "fulfil") && m.card === card);
  if (moves.length === 1) return play(ctx, moves[0]);
  ctx.ui.build = card;
  ctx.rerender();
}

/** What a tap on a quarter does now, or null: send a figure there for the treasury/serail, the
 * vizier's new quarter, a new figure, a figure moved there, or the quarter's own action. */
function quarterAction(ctx, quarter) {
  const legal = ctx.legal;
  const send = legal.find((m) => m.type === "send_figure" && m.quarter === quarter);
  if (send) return () => play(ctx, send);
  if (ctx.ui.harbour === 3 && legal.some((m) => m.type === "harbour" && m.vizier === quarter))
    return () => vizierTap(ctx, quarter);
  if (ctx.ui.moveFrom) {
    const move = legal.find((m) => m.type === "move_figure" && m.from === ctx.ui.moveFrom && m.to === quarter);
    if (move) return () => play(ctx, move);
  }
  const placeIt = legal.find((m) => m.type === "place_figure" && m.quarter === quarter);
  if (placeIt) return () => play(ctx, placeIt);
  const uses = legal.filter((m) => m.type === "use_quarter" && m.quarter === quarter);
  if (uses.length === 1) return () => play(ctx, uses[0]);
  if (uses.length > 1)
    return () => {
      ctx.ui.useQuarter = quarter;
      ctx.rerender();
    };
  return null;
}

// ------------------------------------------------------------------ symbols that explain themselves
// A tap on a symbol or a label of the board that is no move (★, ⚓, a harbour field, a quarter,
// the serail, the treasury, the supply) shows what the talk's facts say of it, in a small
// popover; a tap on the popover closes it. The facts are found by their message ids.
const EXPLAINED = {
  harbour: ["Harbour fields", "Harbour fields of {name}"],
  points: ["★ points"],
  materials: ["Materials"],
  building: ["Building fields"],
  deck: ["Palace deck"],
  serail: ["Serail"],
};
// The quarters' facts are labelled with their names in sentences (the message ids).
const QUARTER_IDS = {
  stonemason: "stonemasons' quarter",
  mason: "masons' quarter",
  carpenter: "carpenters' quarter",
  goldsmith: "goldsmiths' quarter",
  exchange: "exchange quarter",
  bazaar: "bazaar quarter",
};

function explainedFacts(ctx, topic) {
  const said = ctx.talk;
  if (!said) return [];
  const quarter = topic.startsWith("quarter:") ? QUARTER_IDS[topic.slice(8)] : null;
  const ids = quarter ? [quarter] : EXPLAINED[topic] || [];
  return said.facts.filter((f) => ids.includes(f.label.m));
}

/** Make a piece of the board explain itself on a tap (where the talk has words for it). */
function explains(ctx, el, topic) {
  if (!ctx.talk || !explainedFacts(ctx, topic).length) return el;
  el.classList.add("explains");
  return tappable(el, `explain:${topic}`, () => {
    ctx.ui.explain = ctx.ui.explain === topic ? null : topic;
    ctx.rerender();
  });
}

function explanation(ctx) {
  const topic = ctx.ui.explain;
  const found = topic ? explainedFacts(ctx, topic) : [];
  if (!found.length) return null;
  const close = () => {
    ctx.ui.explain = null;
    ctx.rerender();
  };
  return tappable(
    h(
      "div",
      {
        class: "explain",
        role: "status",
        "data-explain": topic,
        style: {
          position: "fixed",
          left: "8px",
          right: "8px",
          bottom: "64px",
          zIndex: 7,
          background: "var(--ivory, #f6efdc)",
          color: "var(--ink, #1b1b1b)",
          border: "2px solid var(--gold, #d4a937)",
          borderRadius: "12px",
          padding: "10px 12px",
          boxShadow: "2px 3px 10px rgb(0 0 0 / 45%)",
          maxWidth: "520px",
          margin: "0 auto",
        },
      },
      found.map((f) => h("p", { style: { margin: "2px 0" } }, h("strong", {}, talk.line(f.label, ctx)), ": ", talk.line(f.value, ctx))),
    ),
    `explain-close:${topic}`,
    close,
  );
}

// ------------------------------------------------------------------ the board
export function board(view, ctx) {
  const parts = [];
  const mine = ctx.seat !== null && (view.to_act || []).includes(ctx.seat);
  // What the update that came brought, animated once: cards dealt onto the building fields,
  // palace parts built.
  const fresh = ctx.fresh || [];
  const dealt = new Set(fresh.filter((e) => e.type === "card_revealed").map((e) => e.card));
  const built = new Map(fresh.filter((e) => e.type === "built").map((e) => [e.field, e.level]));
  // The harbour: four fields of materials; those the seat's harbour cards show are marked.
  const shows = ctx.seat !== null ? view.harbour_fields[ctx.seat] : [];
  parts.push(
    explains(ctx, text(4, 14, pgettext("saba-palast.board", "Harbour"), { class: "label" }), "harbour"),
    explains(ctx, text(W - 4, 14, "★ ?", { class: litPart(ctx, "points", "label"), "text-anchor": "end" }), "points"),
  );
  view.harbour.forEach((slot, i) => {
    const field = i + 1;
    const x = 4 + i * 89;
    const legal = mine && listed(ctx, "harbour").some((m) => m.field === field);
    const held = ctx.ui.harbour === field;
    // Each field names its material: a newcomer learns the names from the pieces themselves.
    const g = s(
      "g",
      { class: `harbour${held ? " held" : ""}${shows.includes(field) ? "" : " not-mine"}`, "data-field": field },
      s("rect", { x, y: 20, width: 84, height: 62, rx: 8, class: "tile" }),
      text(x + 8, 38, number(field), { class: "small" }),
      shows.includes(field) ? text(x + 76, 38, "⚓", { class: litPart(ctx, "harbour_cards", "small"), "text-anchor": "end" }) : null,
      glyph(slot.material, x + 26, 54),
      text(x + 46, 60, `×${number(slot.count)}`, { class: "count" }),
      text(x + 42, 77, material(slot.material), { class: "small", "text-anchor": "middle" }),
    );
    const moves = listed(ctx, "harbour").filter((m) => m.field === field);
    parts.push(legal ? target(g, `harbour:${field}`, () => harbourTap(ctx, field), x, 20, ctx, moves) : explains(ctx, g, "harbour"));
  });
  // The building fields: three cards, their price now (the 2nd and 3rd with the gold surcharge).
  const top = 92;
  parts.push(
    explains(ctx, text(4, top + 14, pgettext("saba-palast.board", "Building fields"), { class: "label" }), "building"),
    explains(
      ctx,
      text(W - 4, top + 14, pgettext("saba-palast.board", "Deck {n}", { n: number(view.deck_count) }), {
        class: "label",
        "text-anchor": "end",
      }),
      "deck",
    ),
  );
  view.display.forEach((card, i) => {
    const x = 4 + i * 119;
    const y = top + 20;
    if (!card) {
      parts.push(s("rect", { x, y, width: 114, height: 92, rx: 8, class: "slot" }));
      return;
    }
    const info = parseCard(card);
    const price = (view.display_costs || [])[i] || {};
    const removable = ctx.ui.harbour === 2 && listed(ctx, "harbour").some((m) => m.remove === card);
    const buildable = mine && ctx.legal.some((m) => (m.type === "build" || m.type === "fulfil") && m.card === card);
    const title = info.level
      ? PARTS[info.part](number(info.field))
      : info.part === "end"
        ? pgettext("saba-palast.board", "End")
        : pgettext("saba-palast.board", "Treasury {n}", { n: info.n });
    const costs = MATERIALS.filter((m) => price[m]).map((m, k) =>
      s("g", {}, glyph(m, x + 14 + k * 28, y + 60, 8), text(x + 14 + k * 28, y + 84, number(price[m]), { class: "card-small", "text-anchor": "middle" })),
    );
    const g = s(
      "g",
      {
        class: `building${info.level ? "" : " special"}${ctx.ui.build === card ? " held" : ""}${dealt.has(card) ? " deal" : ""}`,
        "data-card": card,
      },
      s("rect", { x, y, width: 114, height: 92, rx: 8, class: "card" }),
      text(x + 57, y + 22, title, { class: "card-title", "text-anchor": "middle", ...fitted(title, 106) }),
      info.level ? levelMark(info.level, x + 57, y + 30) : null,
      costs,
    );
    if (removable) {
      const move = listed(ctx, "harbour").find((m) => m.remove === card);
      parts.push(target(g, `remove:${card}`, () => play(ctx, move), x, y, ctx, [move]));
    } else if (buildable && !ctx.ui.harbour) {
      const moves = ctx.legal.filter((m) => (m.type === "build" || m.type === "fulfil") && m.card === card);
      parts.push(target(g, `build:${card}`, () => buildTap(ctx, card), x, y, ctx, moves));
    } else parts.push(g);
  });
  // The palace garden: eight fields with their levels, the balcony figure and a material left.
  const gy = top + 124;
  parts.push(text(4, gy + 12, pgettext("saba-palast.board", "Palace garden"), { class: "label" }));
  view.garden.forEach((field, i) => {
    const x = 4 + (i % 4) * 89;
    const y = gy + 18 + Math.floor(i / 4) * 62;
    // Where the part a lesson's step (or a hint) builds goes: lit with its card.
    const lit = ctx.legal.some((m) => m.type === "build" && parseCard(m.card).field === i + 1 && talk.isHinted(ctx, m));
    parts.push(
      s(
        "g",
        { class: lit ? "garden hinted" : "garden", "data-field": i + 1 },
        s("rect", { x, y, width: 84, height: 56, rx: 8, class: "tile" }),
        text(x + 6, y + 16, number(i + 1), { class: "small" }),
        [1, 2, 3].map((level) =>
          s("rect", {
            x: x + 8 + (level - 1) * 16,
            y: y + 48 - level * 10,
            width: 14,
            height: level * 10,
            class: field.levels.includes(level)
              ? `level built${built.get(i + 1) === level ? " new" : ""}`
              : "level",
          }),
        ),
        field.figure !== null ? figure(ctx, field.figure, x + 68, y + 18, 10) : null,
        field.material ? glyph(field.material, x + 68, y + 44, 7) : null,
      ),
    );
  });
  // The city quarters: figures, the vizier; tap targets as the listed moves allow.
  const qy = gy + 146;
  const upper = parts.length; // the harbour, the building fields and the garden
  parts.push(text(4, qy + 12, pgettext("saba-palast.board", "Quarters"), { class: "label" }));
  QUARTERS.forEach((quarter, i) => {
    const x = 4 + (i % 3) * 119;
    const y = qy + 18 + Math.floor(i / 3) * 72;
    const figures = view.quarters[quarter] || [];
    const vizier = view.vizier === quarter;
    const g = s(
      "g",
      { class: `quarter${ctx.ui.vizier === quarter || ctx.ui.useQuarter === quarter || ctx.ui.moveFrom === quarter ? " held" : ""}`, "data-quarter": quarter },
      s("rect", { x, y, width: 114, height: 66, rx: 8, class: "tile" }),
      quarterLines(quarter).map((line, k) => text(x + 8, y + 20 + k * 16, line, { class: "qname" })),
      vizier ? s("g", { class: "vizier" }, s("path", { d: `M${x + 100},${y + 34}l10,20h-20z`, class: "vizier-hat" })) : null,
      figures.map((seat, k) => figure(ctx, seat, x + 14 + k * step(figures.length, vizier ? 74 : 88), y + 50)),
    );
    const action = mine || ctx.legal.some((m) => m.type === "send_figure") ? quarterAction(ctx, quarter) : null;
    parts.push(action ? target(g, `quarter:${quarter}`, action, x, y, ctx, quarterMoves(ctx, quarter)) : explains(ctx, g, `quarter:${quarter}`));
  });
  // The serail's spaces (space 1 first) and the treasury; the supply.
  const sy = qy + 184;
  parts.push(explains(ctx, text(4, sy, pgettext("saba-palast.board", "Serail"), { class: litPart(ctx, "serail", "label") }), "serail"));
  for (let k = 0; k < view.serail_spaces; k++) {
    const x = 70 + k * 26;
    parts.push(s("rect", { x, y: sy - 16, width: 22, height: 22, rx: 4, class: "space" }));
    if (view.serail[k] !== undefined) parts.push(figure(ctx, view.serail[k], x + 11, sy - 5, 8));
  }
  if (view.serail_figure !== null && view.serail_figure !== undefined)
    parts.push(figure(ctx, view.serail_figure, 70 + view.serail_spaces * 26 + 14, sy - 5, 10));
  parts.push(explains(ctx, text(4, sy + 30, pgettext("saba-palast.board", "Treasury"), { class: litPart(ctx, "treasury", "label") }), "points"));
  view.treasury.forEach((seat, k) => parts.push(figure(ctx, seat, 84 + k * 20, sy + 25, 8)));
  parts.push(explains(ctx, text(4, sy + 58, pgettext("saba-palast.board", "Supply"), { class: "label" }), "materials"));
  MATERIALS.forEach((m, k) => {
    parts.push(glyph(m, 84 + k * 70, sy + 52, 8), text(96 + k * 70, sy + 58, number(view.supply[m]), { class: "count" }));
  });
  const height = sy + 70;
  if (ctx.tv) return tvBoard(parts, upper, qy, height);
  return h(
    "div",
    { class: "palast" },
    s("svg", { viewBox: `0 0 ${W} ${height}`, class: "palast-board", preserveAspectRatio: "xMidYMin meet", "data-grid": "" }, parts),
    explanation(ctx),
    // A spectator has no tray: what a player weighs (the talk's facts) stands below the board.
    ctx.seat === null
      ? talk.facts(ctx)
      : button(pgettext("saba-palast.board", "My tray"), () => {
          // The focus goes along (the button hides once the tray is in sight): the next Tab
          // reaches the tray's action cards.
          const tray = document.getElementById("tray");
          if (!tray) return;
          tray.scrollIntoView({ block: "start" });
          tray.focus({ preventScroll: true });
        }, { class: talk.isLitPart(ctx, "tray") ? "tray-link hinted" : "tray-link", id: "tray-link" }),
  );
}

/** The room's TV: the board's two halves side by side — the harbour, the building fields and
 * the garden beside the quarters, the serail, the treasury and the supply — so that it fills a
 * wide screen (the facts stand in the TV's side column). */
function tvBoard(parts, upper, split, height) {
  const half = (from, to, kids) =>
    s("svg", { viewBox: `0 ${from} ${W} ${to - from}`, class: "palast-board", preserveAspectRatio: "xMidYMin meet" }, kids);
  return h(
    "div",
    { class: "palast tv-palast" },
    half(0, split, parts.slice(0, upper)),
    half(split, height, parts.slice(upper)),
  );
}

/** A bold 16-unit title that would run past `room` units (about 10.5 a letter: "Schatzkammer")
 * is pressed into it; a shorter one keeps its letters as they are. */
function fitted(title, room) {
  return title.length * 10.5 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
}

/** The card's level as three steps, the built one filled (as on the garden fields). */
/** The spacing of `n` figures in a row at most `room` units long (centre to centre). */
function step(n, room) {
  return n > 1 ? Math.min(19, room / (n - 1)) : 0;
}

function levelMark(level, x, y) {
  return [1, 2, 3].map((k) =>
    s("rect", { x: x - 22 + (k - 1) * 15, y: y + 18 - k * 6, width: 13, height: k * 6, class: k === level ? "level built" : "level" }),
  );
}

export function seatFact(view, seat) {
  const parts = [
    _("★ {points} · cards: {cards}", { points: number(view.points[seat]), cards: number(view.hand_counts[seat]) }),
    _("materials: {materials}", {
      materials: MATERIALS.map((m) => `${number(view.stocks[seat][m])} ${material(m)}`).join(", "),
    }),
  ];
  return parts.join(" · ");
}

// ------------------------------------------------------------------ the seat's tray
export function facts(view, ctx) {
  const stock = view.stocks[ctx.seat];
  // Action cards are played from here (the talk says what each gives); what goes back over the
  // limits is chosen among the controls.
  const hand = (view.hand || []).map((card) => {
    const play = listed(ctx, "play_card").find((m) => m.card === card);
    if (play) return moveButton(ctx, play, { "data-move": "play_card", "data-card": card });
    return h("span", { class: "chip" }, icon(card), material(card));
  });
  const materials = MATERIALS.map((m) => h("span", { class: "chip" }, icon(m), `${number(stock[m])} ${material(m)}`));
  const tray = h(
    "section",
    { class: litPart(ctx, "tray", "facts tray"), id: "tray", tabindex: "-1", "aria-labelledby": "tray-title" },
    h("h3", { id: "tray-title" }, pgettext("saba-palast.board", "My tray")),
    h("div", { class: "hand" }, materials),
    h("div", { class: "hand" }, hand.length ? hand : h("span", { class: "hint" }, pgettext("saba-palast.board", "no action cards"))),
    h(
      "p",
      {},
      pgettext("saba-palast.board", "Figures: {figures} · serail markers: {markers}", {
        figures: number(view.figures[ctx.seat]),
        markers: number(view.markers[ctx.seat]),
      }),
    ),
  );
  // What a player weighs, as the talk says it (why these harbour fields, what scores, the
  // materials by name, what each quarter does), below the tray.
  return [tray, talk.facts(ctx)];
}

// ------------------------------------------------------------------ controls
// Every move button is labelled and explained by the table's talk (shared/talk, said by
// talk.js): what the move does beneath it, and for a move that may hurt the mover a warning and
// a second tap. Where one tap opens a choice (harbour field 2 or 3, a building card with several
// ways to build, a quarter with several swaps, a profi figure's move), the choice's moves are
// talk buttons in their turn. No listed move is left out.
function row(...kids) {
  return h("div", { class: "row" }, kids);
}

function cancel(ctx) {
  return button(pgettext("saba-palast.button", "Back"), () => {
    ctx.ui.harbour = ctx.ui.vizier = ctx.ui.build = ctx.ui.useQuarter = ctx.ui.moveFrom = null;
    ctx.rerender();
  }, { id: "back" });
}

/** A button that opens a choice of several listed moves (`moves`), with what comes next beneath
 * it; lit when a lesson's step (or a hint) names one of them. */
function opener(ctx, moves, label, onTap, props, next) {
  const lit = moves.some((m) => talk.isHinted(ctx, m));
  const classes = [props.class || "", lit ? "hinted" : ""].join(" ").trim() || null;
  const el = button(label, onTap, { ...props, class: classes, "data-step": "" });
  return h("div", { class: "move-talk" }, el, next ? h("small", { class: "does" }, next) : null);
}

/** A listed move as a button of the talk (label, what it does, its warning). */
function moveButton(ctx, move, props = {}) {
  return talk.moveButton(ctx, move, props);
}

export function controls(stream, ctx) {
  const parts = [];
  // A figure owed to the treasury or the serail: its owner names the quarter, even out of turn.
  const sends = listed(ctx, "send_figure");
  if (sends.length) {
    parts.push(row(sends.map((m) => moveButton(ctx, m, { "data-move": "send_figure", "data-quarter": m.quarter }))));
    return h("section", { class: "controls" }, parts);
  }
  if (!ctx.legal.length) return null;
  const gives = [...listed(ctx, "return_material"), ...listed(ctx, "discard_card")];
  if (gives.length)
    parts.push(
      row(
        gives.map((m) =>
          m.type === "return_material"
            ? moveButton(ctx, m, { "data-move": "return_material", "data-material": m.material })
            : moveButton(ctx, m, { "data-move": "discard_card", "data-card": m.card }),
        ),
      ),
    );
  const harbour = listed(ctx, "harbour");
  if (harbour.length) parts.push(...harbourControls(stream, harbour, ctx));
  const builds = ctx.legal.filter((m) => m.type === "build" || m.type === "fulfil");
  if (builds.length && !ctx.ui.build) {
    const cards = [...new Set(builds.map((m) => m.card))];
    parts.push(
      row(
        cards.map((card) => {
          const moves = builds.filter((m) => m.card === card);
          const kind = moves[0].type;
          if (moves.length === 1) return moveButton(ctx, moves[0], { "data-move": kind, "data-card": card });
          return opener(
            ctx,
            moves,
            pgettext("saba-palast.button", "Build {card}", { card: cardPhrase(card, CARD_OBJECTS) }),
            () => buildTap(ctx, card),
            { "data-move": kind, "data-card": card },
            pgettext("saba-palast.button", "then choose where the figure comes from"),
          );
        }),
      ),
    );
  }
  if (ctx.ui.build) {
    const choices = builds.filter((m) => m.card === ctx.ui.build);
    parts.push(row(choices.map((m) => moveButton(ctx, m, { "data-move": "build", "data-choice": buildChoice(m) })), cancel(ctx)));
  }
  const places = listed(ctx, "place_figure");
  if (places.length) parts.push(row(places.map((m) => moveButton(ctx, m, { "data-move": "place_figure", "data-quarter": m.quarter }))));
  const steps = [];
  for (const m of listed(ctx, "pass")) steps.push(moveButton(ctx, m, { "data-move": "pass" }));
  for (const m of listed(ctx, "draw")) steps.push(moveButton(ctx, m, { class: "primary", "data-move": "draw" }));
  for (const m of listed(ctx, "end_turn")) steps.push(moveButton(ctx, m, { class: "primary", "data-move": "end_turn" }));
  if (steps.length) parts.push(row(steps));
  parts.push(...freeControls(ctx));
  return h("section", { class: "controls" }, parts);
}

function harbourControls(stream, harbour, ctx) {
  const parts = [];
  const held = ctx.ui.harbour;
  if (!held) {
    const fields = [...new Set(harbour.map((m) => m.field))];
    parts.push(
      row(
        fields.map((field) => {
          const moves = harbour.filter((m) => m.field === field);
          const props = { "data-move": "harbour", "data-field": field };
          if (moves.length === 1) return moveButton(ctx, moves[0], props);
          const slot = stream.view.harbour[field - 1];
          return opener(
            ctx,
            moves,
            pgettext("saba-palast.button", "Harbour field {field}: {count} {material}", {
              field: number(field),
              count: number(slot.count),
              material: material(slot.material),
            }),
            () => harbourTap(ctx, field),
            props,
            field === 2
              ? pgettext("saba-palast.button", "then choose the palace card to remove")
              : pgettext("saba-palast.button", "then choose the vizier's new quarter"),
          );
        }),
      ),
    );
    return parts;
  }
  if (held === 2) {
    parts.push(
      h("p", { class: "hint" }, _("now the card to remove")),
      row(
        harbour.filter((m) => m.field === 2).map((m) => moveButton(ctx, m, { "data-move": "remove", "data-card": m.remove })),
        cancel(ctx),
      ),
    );
  } else if (held === 3 && !ctx.ui.vizier) {
    const quarters = [...new Set(harbour.filter((m) => m.field === 3).map((m) => m.vizier))];
    parts.push(
      h("p", { class: "hint" }, _("now the vizier's quarter")),
      row(
        quarters.map((q) => {
          const moves = harbour.filter((m) => m.vizier === q);
          const props = { "data-move": "vizier", "data-quarter": q };
          if (moves.length === 1) return moveButton(ctx, moves[0], props);
          const lit = moves.some((m) => talk.isHinted(ctx, m)) ? "hinted" : null;
          return button(quarterName(q), () => vizierTap(ctx, q), { ...props, class: lit, "data-step": "" });
        }),
        cancel(ctx),
      ),
    );
  } else if (held === 3) {
    const options = harbour.filter((m) => m.vizier === ctx.ui.vizier);
    parts.push(
      row(
        options.map((m) =>
          moveButton(ctx, m, {
            "data-move": m.decline ? "vizier-decline" : m.give ? "vizier-swap" : "vizier-take",
            class: m.decline || m.give ? null : "primary",
          }),
        ),
        cancel(ctx),
      ),
    );
  }
  return parts;
}

function buildChoice(m) {
  return [m.no_figure ? "none" : m.from_quarter || "supply", m.leave || ""].join(":");
}

/** The free actions of the own turn: a quarter's action, a swap, a profi figure's move. */
function freeControls(ctx) {
  const parts = [];
  const uses = listed(ctx, "use_quarter");
  if (uses.length) {
    const quarters = [...new Set(uses.map((m) => m.quarter))];
    parts.push(
      row(
        quarters.map((q) => {
          const moves = uses.filter((m) => m.quarter === q);
          const props = { "data-move": "use_quarter", "data-quarter": q, class: ctx.ui.useQuarter === q ? "chosen" : null };
          if (moves.length === 1) return moveButton(ctx, moves[0], props);
          const what = explainedFacts(ctx, `quarter:${q}`)[0];
          return opener(ctx, moves, quarterName(q), () => {
            ctx.ui.useQuarter = ctx.ui.useQuarter === q ? null : q;
            ctx.rerender();
          }, props, what ? talk.line(what.value, ctx) : null);
        }),
      ),
    );
    if (ctx.ui.useQuarter)
      parts.push(row(uses.filter((m) => m.quarter === ctx.ui.useQuarter).map((m) => moveButton(ctx, m, { "data-move": "swap" }))));
  }
  const moves = listed(ctx, "move_figure");
  if (moves.length) {
    const from = [...new Set(moves.map((m) => m.from))];
    parts.push(
      h("h3", {}, pgettext("saba-palast.button", "Move a quarter figure")),
      row(
        from.map((q) =>
          button(quarterName(q), () => {
            ctx.ui.moveFrom = ctx.ui.moveFrom === q ? null : q;
            ctx.rerender();
          }, { "data-move": "move_from", "data-quarter": q, "data-step": "", class: ctx.ui.moveFrom === q ? "chosen" : "" }),
        ),
      ),
    );
    if (ctx.ui.moveFrom)
      parts.push(
        row(
          moves
            .filter((m) => m.from === ctx.ui.moveFrom)
            .map((m) => moveButton(ctx, m, { "data-move": "move_figure", "data-quarter": m.to })),
        ),
      );
  }
  return parts;
}

// ------------------------------------------------------------------ results
export function score(value) {
  return pgettext("saba-palast.board", "{n} points", { n: number(value) });
}

/** How the game ended and whether the serail broke a tie, as the voice says it. */
export function resultLines(outcome, ctx) {
  return talk.results(ctx);
}

/** A seat's score so far in a few words: the TV's overview of the room (tvroom.js). */
export function scoreFact(view, seat) {
  return _("★ {points} · cards: {cards}", { points: number(view.points[seat]), cards: number(view.hand_counts[seat]) });
}
