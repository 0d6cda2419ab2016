// La Magie des Bijoux: the plaque grid as SVG; a tap on a glowing plaque is the move. The pieces
// are named by the game's voice (shared/talk/magie_des_bijoux.py, its `pieces`): through the
// first game each plaque carries its name, and a plaque, a stone, a setting or the pawn that is
// no move explains itself on a tap.

import { h, s, tappable, cell as gridCell } from "../dom.js";
import { _, pgettext, npgettext, number } from "../i18n.js";
import * as talk from "../talk.js";

const GAME = "magie-des-bijoux";
const CELL = 100;
// The game's own stone colours, each with a shape (seat order: red, blue, yellow, green).
const STONES = [
  { colour: "#C0143C", shape: "circle" },
  { colour: "#1F4FB8", shape: "square" },
  { colour: "#F2A900", shape: "triangle" },
  { colour: "#0F8A5F", shape: "diamond" },
];
// Where the settings sit on a plaque of 1–6 settings (fractions of the cell).
const SOCKETS = {
  1: [[0.55, 0.58]],
  2: [[0.35, 0.6], [0.7, 0.6]],
  3: [[0.55, 0.4], [0.32, 0.74], [0.72, 0.74]],
  4: [[0.35, 0.44], [0.7, 0.44], [0.35, 0.76], [0.7, 0.76]],
  5: [[0.42, 0.4], [0.76, 0.4], [0.59, 0.6], [0.3, 0.8], [0.72, 0.8]],
  6: [[0.25, 0.48], [0.5, 0.48], [0.75, 0.48], [0.25, 0.78], [0.5, 0.78], [0.75, 0.78]],
};
// On the room's TV the plaques are pygame's: the jewel drawn in gold lines and its settings
// where pygame sets them (client/tables/magie_des_bijoux/layout.py).
const TV_SOCKETS = {
  1: [[0.5, 0.27]],
  2: [[0.3, 0.64], [0.7, 0.64]],
  3: [[0.5, 0.22], [0.25, 0.7], [0.75, 0.7]],
  4: [[0.18, 0.6], [0.33, 0.36], [0.67, 0.36], [0.82, 0.6]],
  5: [[0.15, 0.66], [0.3, 0.4], [0.5, 0.28], [0.7, 0.4], [0.85, 0.66]],
  6: [[0.2, 0.3], [0.5, 0.2], [0.8, 0.3], [0.3, 0.76], [0.5, 0.8], [0.7, 0.76]],
};

/** The piece of jewellery a plaque of `settings` settings shows (as pygame's art.py draws it):
 * a ring, a pair of ear clips, a brooch, a bangle, a diadem, a crown. */
function jewel(settings, x, y) {
  const p = (fx, fy) => `${x + fx * CELL},${y + fy * CELL}`;
  const line = { fill: "none", stroke: "#9a7a1c", "stroke-width": 3.5, "stroke-linejoin": "round" };
  const light = { ...line, stroke: "#D4AF37", "stroke-width": 2 };
  switch (settings) {
    case 1:
      return [
        s("circle", { cx: x + 50, cy: y + 58, r: 22, ...line, "stroke-width": 7 }),
        s("circle", { cx: x + 50, cy: y + 58, r: 22, ...light }),
        s("polygon", { points: [p(0.38, 0.38), p(0.62, 0.38), p(0.5, 0.2)].join(" "), fill: "#9a7a1c" }),
      ];
    case 2:
      return [0.3, 0.7].map((fx) =>
        s(
          "g",
          {},
          s("path", { d: `M${p(fx - 0.07, 0.22)}A7,8 0 0,1 ${p(fx + 0.07, 0.22)}`, ...line }),
          s("path", { d: `M${p(fx, 0.22)}L${p(fx, 0.5)}`, ...line }),
          s("polygon", { points: [p(fx, 0.44), p(fx + 0.12, 0.64), p(fx, 0.84), p(fx - 0.12, 0.64)].join(" "), ...light }),
        ),
      );
    case 3:
      return [
        s("path", { d: `M${p(0.06, 0.5)}L${p(0.94, 0.5)}`, ...line }),
        s("ellipse", { cx: x + 50, cy: y + 50, rx: 34, ry: 36, fill: "#efe0ad", ...{ stroke: "#9a7a1c", "stroke-width": 7 } }),
        s("ellipse", { cx: x + 50, cy: y + 50, rx: 34, ry: 36, fill: "none", stroke: "#D4AF37", "stroke-width": 3, "stroke-dasharray": "2 9" }),
        s("ellipse", { cx: x + 50, cy: y + 50, rx: 24, ry: 26, ...light }),
      ];
    case 4:
      return [
        s("ellipse", { cx: x + 50, cy: y + 54, rx: 38, ry: 28, ...line, "stroke-width": 10 }),
        s("ellipse", { cx: x + 50, cy: y + 54, rx: 38, ry: 28, ...light }),
      ];
    case 5: {
      const arc = [];
      for (let i = 0; i <= 20; i++) arc.push(p(0.08 + (0.84 * i) / 20, 0.72 - 0.46 * Math.sin((Math.PI * i) / 20)));
      return [
        s("polyline", { points: arc.join(" "), ...line, "stroke-width": 10 }),
        s("polyline", { points: arc.join(" "), ...light }),
      ];
    }
    default:
      return [
        s("polygon", {
          points: [p(0.14, 0.86), p(0.14, 0.3), p(0.33, 0.52), p(0.5, 0.18), p(0.67, 0.52), p(0.86, 0.3), p(0.86, 0.86)].join(" "),
          fill: "#efe0ad",
          ...{ stroke: "#9a7a1c", "stroke-width": 3.5 },
        }),
        s("path", { d: `M${p(0.14, 0.64)}L${p(0.86, 0.64)}`, ...line }),
      ];
  }
}

function stone(seat, x, y, r, fresh, tv = false) {
  const { colour, shape } = STONES[seat % STONES.length];
  const look = { class: fresh ? "stone new" : "stone", style: fresh ? { transformOrigin: `${x}px ${y}px` } : null };
  // On the TV a stone is a cut gem, as pygame's: the seat's shape, lit by a glint from the top left.
  const props = { fill: colour, stroke: "#1B1B1B", "stroke-width": 2, ...(tv ? {} : look) };
  let drawn;
  if (shape === "circle") drawn = s("circle", { ...props, cx: x, cy: y, r });
  else if (shape === "square") drawn = s("rect", { ...props, x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 });
  else {
    const points =
      shape === "triangle"
        ? [[x, y - r * 1.15], [x + r * 1.1, y + r * 0.8], [x - r * 1.1, y + r * 0.8]]
        : [[x, y - r * 1.25], [x + r * 1.1, y], [x, y + r * 1.25], [x - r * 1.1, y]];
    drawn = s("polygon", { ...props, points: points.map((p) => p.join(",")).join(" ") });
  }
  if (!tv) return drawn;
  return s(
    "g",
    look,
    drawn,
    s("circle", { cx: x - r * 0.3, cy: y - r * 0.3, r: r * 0.45, fill: "#fff", opacity: 0.22 }),
    s("circle", { cx: x - r * 0.38, cy: y - r * 0.42, r: r * 0.18, fill: "#fff", opacity: 0.85 }),
  );
}

function pawn(ctx, x, y, faint, from) {
  // A pawn that just moved slides in from where it stood (`from`: that offset in board units).
  const slide = from ? { "--dx": `${from[0]}px`, "--dy": `${from[1]}px` } : null;
  const classes = ["pawn", faint ? "previous" : "", talk.isLitPart(ctx, faint ? "previous" : "pawn") ? "lit" : ""];
  const drawn = s(
    "g",
    { class: classes.join(" ").trim(), transform: `translate(${x} ${y})` },
    s("g", { class: from ? "slide" : null, style: slide }, pawnShape()),
  );
  return talk.explains(ctx, GAME, drawn, faint ? "previous" : "pawn");
}

function pawnShape() {
  return [
    s("ellipse", { cx: 0, cy: 16, rx: 17, ry: 7, fill: "#8a6d1d" }),
    s("path", { d: "M-11 14 L-6 -6 L6 -6 L11 14 Z", fill: "#D4AF37", stroke: "#5a4510", "stroke-width": 2 }),
    s("circle", { cx: 0, cy: -12, r: 9, fill: "#E9CC6A", stroke: "#5a4510", "stroke-width": 2 }),
  ];
}

/** A plaque's name, fitted into the width of a plaque (on the TV in the band beneath its jewel). */
function plaqueName(name, x, y, tv) {
  const long = tv ? 12 : 9;
  const fit = name.length > long ? { textLength: CELL - 24, lengthAdjust: "spacingAndGlyphs" } : {};
  const at = tv ? y + CELL + BAND - 10 : y + CELL - 12;
  return s("text", { x: x + CELL / 2, y: at, class: "piece-name", "text-anchor": "middle", ...fit }, name);
}

// The TV's plaques are this much taller: their name stands in a band beneath the jewel.
const BAND = 18;

/** The board: plaques with their settings and stones, the pawn, the legal plaques glowing. */
export function board(view, ctx) {
  // The room's TV names every plaque, always: the room learns the game from it.
  const named = ctx.tv || talk.naming(GAME, view.end !== null);
  const legal = new Map();
  for (const move of ctx.legal) {
    if (move.type === "move" || move.type === "place_pawn") legal.set(move.plaque.join(","), move);
  }
  const cells = [];
  const rowH = ctx.tv ? CELL + BAND : CELL;
  for (let row = 0; row < view.rows; row++) {
    for (let col = 0; col < view.cols; col++) {
      const cell = row * view.cols + col;
      const move = legal.get(`${row},${col}`);
      const settings = view.settings[cell];
      const owner = view.owners[cell];
      const x = col * CELL;
      const y = row * rowH;
      const sockets = (ctx.tv ? TV_SOCKETS : SOCKETS)[settings];
      const taken = [];
      view.stones[cell].forEach((count, seat) => {
        for (let k = 0; k < count; k++) taken.push(seat);
      });
      const placed = (ctx.fresh || []).find(
        (e) => e.type === "stone_placed" && e.plaque[0] === row && e.plaque[1] === col,
      );
      const newest = placed ? taken.lastIndexOf(placed.seat) : -1;
      const kind = `plaque:${settings}`;
      const name = talk.pieceName(GAME, kind, ctx);
      // Off the moves, a stone and an empty setting explain themselves on a tap (by touch: the
      // plaque around them is the control a key reaches, and its label says what it holds).
      const shown = (el, id) => (move ? el : talk.explainsByTouch(ctx, GAME, el, id));
      const holds = holdings(ctx, name || String(settings), settings, taken);
      const plaque = s(
          "g",
          {
            // In a lesson's step only the plaques it teaches glow; the others still answer a tap.
            class: move ? (ctx.lit && !talk.isLit(ctx, move) ? "plaque legal quiet" : "plaque legal") : "plaque",
            "data-plaque": `${row},${col}`,
            role: move ? "button" : "img",
            "aria-label": move ? `${talk.line(talk.entry(ctx, move).label, ctx)} — ${holds}` : holds,
          },
          s("rect", {
            x: x + 5,
            y: y + 5,
            width: CELL - 10,
            height: rowH - 10,
            rx: 12,
            class: "face",
            stroke: owner === null ? "#D4AF37" : STONES[owner % STONES.length].colour,
            "stroke-width": owner === null ? 2 : 6,
          }),
          ctx.tv ? jewel(settings, x, y) : s("text", { x: x + 13, y: y + 34, class: "value" }, settings),
          sockets.map(([fx, fy], i) =>
            i < taken.length
              ? shown(stone(taken[i], x + fx * CELL, y + fy * CELL, 11, i === newest, ctx.tv), `stone:${taken[i]}`)
              : shown(s("circle", { cx: x + fx * CELL, cy: y + fy * CELL, r: 10, class: "socket" }), "setting"),
          ),
          named && name ? plaqueName(name, x, y, ctx.tv) : null,
          // On the TV the plaque's worth stands in its corner over the jewel, as pygame's.
          ctx.tv ? s("text", { x: x + 10, y: y + 24, class: "value" }, settings) : null,
        );
      const key = `plaque:${row},${col}`;
      if (move && talk.isArmed(ctx, key)) plaque.classList.add("armed");
      if (move && talk.isHinted(ctx, move)) plaque.classList.add("hinted");
      cells.push(
        gridCell(
          move
            ? tappable(talk.offers(plaque, ctx, move), key, () => talk.tapMove(ctx, move, key))
            : talk.explains(ctx, GAME, plaque, kind),
          row,
          col,
        ),
      );
    }
  }
  const marks = [];
  if (view.previous) marks.push(pawn(ctx, (view.previous[1] + 0.82) * CELL, view.previous[0] * rowH + 0.22 * CELL, true));
  const moved = (ctx.fresh || []).find((e) => e.type === "pawn_moved");
  const from = moved ? [(moved.from[1] - moved.to[1]) * CELL, (moved.from[0] - moved.to[0]) * rowH] : null;
  if (view.pawn) marks.push(pawn(ctx, (view.pawn[1] + 0.82) * CELL, view.pawn[0] * rowH + 0.22 * CELL, false, from));
  const drawn = s(
    "svg",
    {
      viewBox: `0 0 ${view.cols * CELL} ${view.rows * rowH}`,
      class: ctx.tv ? "bijoux tv-plaques" : "bijoux",
      preserveAspectRatio: "xMidYMid meet",
      role: "group",
      "aria-label": pgettext("magie-des-bijoux", "The plaques (arrows move between them)"),
      "data-grid": "",
    },
    cells,
    marks,
  );
  const note = talk.pieceNote(ctx, GAME);
  return note ? [drawn, note] : drawn;
}

/** What a plaque holds, in words for a screen reader: its name, its stones by seat (the voice's
 *  piece names, "Ada's stones: 2") and its free settings. */
function holdings(ctx, name, settings, taken) {
  const seats = [...new Set(taken)];
  const stones = seats.map((seat) => {
    const count = taken.filter((s) => s === seat).length;
    return `${talk.pieceName(GAME, `stone:${seat}`, ctx) || ctx.name(seat)}: ${count}`;
  });
  const free = settings - taken.length;
  return [
    name,
    ...stones,
    free ? npgettext("magie-des-bijoux", "{n} free setting", "{n} free settings", free, { n: free }) : null,
  ]
    .filter(Boolean)
    .join(", ");
}

function pointsOf(view, seat) {
  let total = 0;
  view.owners.forEach((owner, cell) => {
    if (owner === seat) total += view.settings[cell];
  });
  return total;
}

/** What a seat's line in the player list says: its stones left and points. */
export function seatFact(view, seat) {
  const n = pointsOf(view, seat);
  const points =
    view.end === null
      ? pgettext("magie-des-bijoux", "Points so far: {n}", { n })
      : pgettext("magie-des-bijoux", "Points: {n}", { n });
  return [pgettext("magie-des-bijoux", "Stones left: {n}", { n: view.supply[seat] }), points].join(" · ");
}

/** The facts a player weighs, as the table's talk says them. */
export function facts(view, ctx) {
  return [
    view.extra ? h("p", { class: "banner" }, pgettext("magie-des-bijoux", "Extra move!")) : null,
    talk.facts(ctx),
  ];
}

/** What to do: the moves are the glowing plaques; the one tapped once shows its warning. */
/** A spectator weighs the same facts (who leads, what nobody holds). */
export const spectatorFacts = facts;

export function controls(stream, ctx) {
  if (!ctx.legal.length) return null;
  return [h("p", { class: "hint" }, _("Tap a glowing plaque.")), talk.armedWarning(ctx)];
}

/** What the results add to the scores, as the voice says it. */
export function resultLines(outcome, ctx) {
  return talk.results(ctx);
}

export function score(value) {
  return number(value);
}
