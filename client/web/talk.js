// The table's talk on the page: what the moment means, each legal move's label, what it does
// and its warning, the facts a player weighs and the rules — made once by the game's voice on
// the server (shared/talk, docs/protocol.md "The table's talk") and only said and drawn here.

import { h, button, tappable } from "./dom.js";
import { _, say } from "./i18n.js";

/** The talk of the message shown (null for a game without a voice). */
export function talkOf(stream) {
  return (stream && stream.talk) || null;
}

/** A line of the talk in the page's language, seats by their players' names. */
export function line(value, ctx) {
  return say(value, ctx.name);
}

/** The index of one of the listed moves in `ctx.legal` (the same object or an equal one), or -1. */
function indexOf(ctx, move) {
  const index = ctx.legal.indexOf(move);
  if (index >= 0) return index;
  const wanted = JSON.stringify(move);
  return ctx.legal.findIndex((m) => JSON.stringify(m) === wanted);
}

/** The talk's entry ({label, does, warn}) for one of the listed moves, or null. */
export function entry(ctx, move) {
  const said = ctx.talk;
  if (!said) return null;
  const index = indexOf(ctx, move);
  return index < 0 ? null : said.moves[index];
}

// What the page shows, for the tests' hook (app.js `shown`): each control that plays a listed
// move, or leads to it on the board (a marked place), carries the move's index and the talk's
// entry it was drawn from; the moment and the facts carry their lines. Read back from the
// elements on the screen, so a part the page left out is missing there too.

/** Mark `el` as the control of the listed `move` (drawn from the talk's entry); returns `el`. */
export function offers(el, ctx, move) {
  const index = indexOf(ctx, move);
  if (index >= 0) el.talkMove = { index, entry: entry(ctx, move) };
  // A place on a board says the move it is, as its button would.
  const said = index >= 0 ? el.talkMove.entry : null;
  if (said && el.tagName !== "BUTTON" && !el.hasAttribute("aria-label")) el.setAttribute("aria-label", line(said.label, ctx));
  return el;
}

/** Mark `el` as showing the talk's `facts` (a list of its {label, value}); returns `el`. */
export function showsFacts(el, facts) {
  if (el && facts.length) {
    el.talkFacts = facts;
    el.setAttribute("data-talk-facts", "");
  }
  return el;
}

/** Whether the move under `key` was tapped once and waits for the second tap of its warning. */
export function isArmed(ctx, key) {
  return ctx.ui.armed === key && ctx.ui.armedSeq === ctx.seq;
}

/**
 * Play a listed move from a tap on the control `key` (a button, a place on the board): a move
 * with a warning is only armed by the first tap (the page then shows the warning) and played by
 * the second. Returns whether the move was sent.
 */
export function tapMove(ctx, move, key) {
  const said = entry(ctx, move);
  if (said && said.warn && !isArmed(ctx, key)) {
    ctx.ui.armed = key;
    ctx.ui.armedSeq = ctx.seq;
    ctx.ui.armedMove = move;
    ctx.rerender();
    return false;
  }
  const wasArmed = Boolean(ctx.ui.armed);
  ctx.ui.armed = null;
  ctx.move(move);
  // The armed look goes at once (not only with the next update), so no second tap meets it.
  if (wasArmed) ctx.rerender();
  return true;
}

/** The warning of the move armed by a first tap on the board, to show beside it, or null. */
export function armedWarning(ctx) {
  if (!ctx.ui.armed || ctx.ui.armedSeq !== ctx.seq) return null;
  const said = entry(ctx, ctx.ui.armedMove);
  if (!said || !said.warn) return null;
  return h(
    "p",
    { class: "warn", role: "alert" },
    "⚠ ",
    line(said.warn, ctx),
    " ",
    _("Tap it again to play it."),
  );
}

/**
 * A button for a listed move: the talk's label (or `label`), what it does beneath, and for a
 * move with a warning a first tap that only shows the warning and a second that plays it. A
 * legal move is never hidden.
 */
export function moveButton(ctx, move, props = {}, label = null) {
  const said = entry(ctx, move);
  const text = label ?? (said ? line(said.label, ctx) : move.type);
  const key = props["data-tap"] || `move:${JSON.stringify(move)}`;
  const armed = said && said.warn && isArmed(ctx, key);
  const classes = [
    props.class || "",
    said && said.warn ? "warned" : "",
    armed ? "armed" : "",
    isHinted(ctx, move) ? "hinted" : "",
  ];
  const el = offers(
    button(armed ? _("{move} — tap again", { move: text }) : text, () => tapMove(ctx, move, key), {
      ...props,
      "data-tap": key,
      class: classes.join(" ").trim() || null,
    }),
    ctx,
    move,
  );
  if (!said || (!said.does && !said.warn)) return el;
  return h(
    "div",
    { class: "move-talk" },
    el,
    said.does ? h("small", { class: "does" }, line(said.does, ctx)) : null,
    said.warn ? h("small", { class: "warn", role: armed ? "alert" : null }, "⚠ ", line(said.warn, ctx)) : null,
  );
}

/** Whether `move` is the one the server's hint for the position shown names (ctx.hint: its
 * index in the legal moves, or null). Board views may light their place for it too. */
export function isHinted(ctx, move) {
  if (isLit(ctx, move)) return true;
  if (ctx.hint === null || ctx.hint === undefined) return false;
  const hinted = ctx.legal[ctx.hint];
  return hinted === move || JSON.stringify(hinted) === JSON.stringify(move);
}

/** Whether `move` is one the lesson's step teaches (ctx.lit: their indexes in the legal moves,
 * or null outside a lesson's step): lit like a hint's move. */
export function isLit(ctx, move) {
  if (!ctx.lit) return false;
  const index = indexOf(ctx, move);
  return index >= 0 && ctx.lit.includes(index);
}

/** Whether the lesson's step lights the part `id` of the table (a piece id: "pawn"). */
export function isLitPart(ctx, id) {
  return Boolean(ctx.light && ctx.light.includes(id));
}

/** The hint in words — the move, what it does, any warning (the table's talk) — or null. */
export function hintLine(ctx, why) {
  if (!why) return null;
  const parts = [line(why.label, ctx)];
  if (why.does) parts.push(` — ${line(why.does, ctx)}`);
  if (why.warn) parts.push(` (⚠ ${line(why.warn, ctx)})`);
  return h("p", { class: "hint", role: "status" }, _("Hint: {said}", { said: parts.join("") }));
}

/** What the results add to the scores (how the game ended, a tie-break), as the voice says it. */
export function results(ctx) {
  const said = ctx.talk;
  return said && said.results ? said.results.map((l) => line(l, ctx)) : [];
}

/** The moment: its headline and one line of explanation, for the top of the screen. */
export function moment(ctx) {
  const said = ctx.talk;
  if (!said) return null;
  const el = h(
    "div",
    { class: "moment", "data-talk": "moment" },
    h("strong", {}, line(said.headline, ctx)),
    said.explain ? h("span", {}, line(said.explain, ctx)) : null,
  );
  el.talkMoment = { headline: said.headline, explain: said.explain };
  return el;
}

/** The facts a player weighs, as a list of label: value — all of the talk's, or those `shown`
 * picks (the others being drawn elsewhere). */
export function facts(ctx, shown = () => true) {
  const said = ctx.talk ? ctx.talk.facts.filter(shown) : [];
  if (!said.length) return null;
  return showsFacts(
    h(
      "dl",
      { class: "facts", "data-talk": "facts" },
      said.map((f) => [h("dt", {}, line(f.label, ctx)), h("dd", {}, line(f.value, ctx))]),
    ),
    said,
  );
}

/** The rules sheet: the goal and the end first, then the section of the moment, then the rest. */
export function rulesSheet(rules, topic, ctx, close) {
  const sections = [...rules.sections].sort((a, b) => (b.id === topic) - (a.id === topic));
  return h(
    "div",
    { class: "sheet", role: "dialog", "aria-modal": "true", "aria-label": _("Rules") },
    h(
      "div",
      { class: "sheet-body scroll" },
      h("h2", {}, _("Rules")),
      h("p", { class: "goal" }, h("strong", {}, line(rules.goal, ctx))),
      h("p", {}, line(rules.end, ctx)),
      sections.map((section) =>
        h(
          "section",
          { "data-topic": section.id, class: section.id === topic ? "now" : null },
          h("h3", {}, line(section.title, ctx)),
          section.text.map((paragraph) => h("p", {}, line(paragraph, ctx))),
        ),
      ),
    ),
    button(_("Close"), close, { class: "primary", id: "rules-close" }),
  );
}

// ------------------------------------------------------------------ the pieces by name
// A game's pieces and symbols by name, with a line about each (the voice's `pieces`, sent with
// its rules and asked for once when the page first shows the game): a piece carries its name
// the first time the game is shown, and explains itself on a tap.
const glossaries = new Map(); // game id → pieces, or null while asked for

/** Whether the page should ask for `game`'s rules to learn its pieces (true once per game). */
export function wants(game) {
  if (glossaries.has(game)) return false;
  glossaries.set(game, null);
  return true;
}

/** Keep the pieces a `rules` message brings; whether they are new to the page. */
export function learn(msg) {
  if (!msg.pieces || glossaries.get(msg.game)) return false;
  glossaries.set(msg.game, msg.pieces);
  return true;
}

function pieceOf(game, id) {
  const pieces = glossaries.get(game);
  return (pieces && pieces[id]) || null;
}

/** A piece's name in the page's language (null while the page does not know it). */
export function pieceName(game, id, ctx) {
  const found = pieceOf(game, id);
  return found ? line(found.name, ctx) : null;
}

/** What a piece is: its own line, else its kind's (the id up to its colon). */
function pieceAbout(game, id) {
  const found = pieceOf(game, id);
  if (found && found.about) return found.about;
  const kind = pieceOf(game, id.split(":")[0]);
  return kind ? kind.about : null;
}

/**
 * Whether the pieces carry their names: through the first game of `game` this device shows,
 * until its end (`over`) has been seen; later games name a piece on a tap only.
 */
export function naming(game, over) {
  const key = `jeweltable.named.${game}`;
  let named = true;
  try {
    named = localStorage.getItem(key) === null;
    if (over) localStorage.setItem(key, "1");
  } catch {
    // No storage (a private window): the names stay.
  }
  return named;
}

/** Make a drawn piece (`el`) explain itself on a tap: its name and what it is (`id` in the
 * game's pieces); a second tap, or a tap on the note, closes it. Not on the room's TV (`ctx.tv`):
 * it is watched from across the room, never tapped, and its pieces carry their names. */
export function explains(ctx, game, el, id) {
  if (ctx.tv || !pieceOf(game, id)) return el;
  el.classList.add("explains");
  // A control, named by its piece: seen and reached by a screen reader too.
  el.removeAttribute("aria-hidden");
  if (!el.hasAttribute("aria-label")) el.setAttribute("aria-label", pieceName(game, id, ctx));
  el.dataset.piece = id;
  return tappable(el, `piece:${id}`, () => {
    ctx.ui.piece = ctx.ui.piece === id ? null : id;
    ctx.rerender();
  });
}

/** As `explains`, for a piece inside a control the keys reach (a stone on a plaque): it answers
 *  a finger, and the keys and a screen reader meet the control around it, which says what it
 *  holds. */
export function explainsByTouch(ctx, game, el, id) {
  const made = explains(ctx, game, el, id);
  made.removeAttribute("tabindex");
  made.removeAttribute("role");
  return made;
}

/** The note of the piece tapped last, near the bottom of the screen, or null. */
export function pieceNote(ctx, game) {
  const id = ctx.ui.piece;
  const found = id ? pieceOf(game, id) : null;
  if (!found) return null;
  const about = pieceAbout(game, id);
  return tappable(
    h(
      "div",
      { class: "piece-note", role: "status", "data-piece": id },
      h("strong", {}, line(found.name, ctx)),
      about ? h("span", {}, line(about, ctx)) : null,
    ),
    `piece-note:${id}`,
    () => {
      ctx.ui.piece = null;
      ctx.rerender();
    },
  );
}
