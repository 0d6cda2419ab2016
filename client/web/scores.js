// Where the points came from, in the results: the table's talk's `scores` (shared/talk/scores.py,
// docs/protocol.md "The table's talk") drawn as a table — a row per scoring part, a column per
// seat in the talk's order (the seat's own first, then the winners'). The page and the TV say
// the same rows as pygame's results (client/scenes/scores.py); a narrow screen scrolls the
// columns sideways under the labels, which stay.

import { h } from "./dom.js";
import { _ } from "./i18n.js";
import * as talk from "./talk.js";

/** The table of where each seat's points came from, or null before the end (or without one). */
export function scoreTable(ctx, outcome) {
  const said = ctx.talk && ctx.talk.scores;
  if (!said || !said.rows || !said.rows.length) return null;
  const winners = (outcome && outcome.winners) || [];
  const order = said.order.filter((seat) => seat >= 0 && seat < said.rows[0].cells.length);
  const classes = (seat) =>
    [winners.includes(seat) ? "winner" : "", seat === ctx.seat ? "me" : ""].join(" ").trim() || null;
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }),
    order.map((seat) => {
      const player = ctx.player(seat);
      return h(
        "th",
        { scope: "col", class: classes(seat), "data-seat": seat },
        h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
        ctx.name(seat),
      );
    }),
  );
  const rows = said.rows.map((row) =>
    h(
      "tr",
      { class: row.kind },
      h("th", { scope: "row" }, talk.line(row.label, ctx)),
      order.map((seat) => {
        const cell = row.cells[seat];
        return h("td", { class: classes(seat) }, cell ? talk.line(cell, ctx) : "–");
      }),
    ),
  );
  const el = h(
    "div",
    { class: "scores" },
    h("h3", {}, _("Where the points came from")),
    h("div", { class: "scroll", tabindex: 0 }, h("table", {}, h("thead", {}, head), h("tbody", {}, rows))),
  );
  // For the tests' hook (app.js `shown`): the talk's table this element was drawn from.
  el.talkScores = said;
  return el;
}
