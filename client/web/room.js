// The evening on the page and the TV: the standings the server pushes (`standings`,
// docs/protocol.md, The evening), drawn as a table, as the phone's one line ("You are 3rd,
// 2 points behind Ann"), and as the winner's reveal when the host ends the evening.
// The screens draw; the server ranks (ties share a rank, points may be halves).

import { h, button } from "./dom.js";
import { _, pgettext, ngettext, currentLanguage } from "./i18n.js";

// Its own styles, so that neither page's head needs another line.
document.head.append(h("link", { rel: "stylesheet", href: "room.css" }));

export const evening = {
  standings: null, // the latest `standings` message
  reveal: null, // the final standings being revealed: {standings, shown: performance.now()}
  dismissed: null, // the evening id whose reveal its person closed
  closable: false, // whether the reveal has a Close button (a phone: yes; a TV keeps it)
};

// The reveal lives in a layer of its own over the page, drawn once: the page's redraws (every
// piece of news) would start its animation over.
let layer = null;

function showReveal() {
  const overlay = revealOverlay(evening.closable ? () => showReveal() : null);
  if (layer && (!overlay || layer.dataset.evening !== String(evening.reveal.standings.evening.id))) {
    layer.remove();
    layer = null;
  }
  if (overlay && !layer) {
    layer = overlay;
    layer.dataset.evening = String(evening.reveal.standings.evening.id);
    document.body.append(layer);
  }
}

/** Take a message if it is the evening's; whether it was. A screen that saw the evening open
 * and now sees it ended reveals its winner. */
export function receive(msg) {
  if (msg.t !== "standings") return false;
  const before = evening.standings;
  evening.standings = msg;
  const now = msg.evening;
  const was = before && before.evening;
  if (now && now.ended && was && was.id === now.id && !was.ended) {
    evening.reveal = { standings: msg, shown: performance.now() };
  } else if (!now || !now.ended) {
    evening.reveal = null;
  }
  showReveal();
  return true;
}

/** A number of points as the language writes it: whole, or with a half (2.5 / 2,5). */
export function points(n) {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(n);
}

/** A place: 1st, 2nd, 3rd, 4th … (the catalogs say 1., 2. in German, 1er, 2e in French). */
export function place(n) {
  if (n === 1) return pgettext("place", "1st");
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return pgettext("place", "{n}th", { n });
  if (n % 10 === 1) return pgettext("place", "{n}st", { n });
  if (n % 10 === 2) return pgettext("place", "{n}nd", { n });
  if (n % 10 === 3) return pgettext("place", "{n}rd", { n });
  return pgettext("place", "{n}th", { n });
}

function samePerson(a, b) {
  return a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();
}

function pointsWord(n) {
  // A half point reads as plural in every language we speak.
  return Number.isInteger(n) ? n : 2;
}

/** The person's standing in one line, from the overall standings; null without an evening. */
export function standingLine(name) {
  const msg = evening.standings;
  if (!msg || !msg.evening || !name) return null;
  const rows = msg.overall || [];
  const mine = rows.find((row) => samePerson(row.name, name));
  if (!mine) return _("No counted game of yours yet this evening.");
  const ahead = rows.filter((row) => row.rank < mine.rank);
  const level = rows.filter((row) => row !== mine && row.rank === mine.rank);
  if (!ahead.length) {
    if (level.length) return _("You share 1st place with {names}.", { names: level.map((r) => r.name).join(", ") });
    const next = rows.find((row) => row !== mine);
    if (!next) return _("You lead.");
    const n = mine.points - next.points;
    return ngettext("You lead, {points} point ahead of {name}.", "You lead, {points} points ahead of {name}.", pointsWord(n), {
      points: points(n),
      name: next.name,
    });
  }
  const above = ahead[ahead.length - 1];
  const n = above.points - mine.points;
  if (n === 0) return _("You are {place}, level on points with {name}.", { place: place(mine.rank), name: above.name });
  return ngettext(
    "You are {place}, {points} point behind {name}.",
    "You are {place}, {points} points behind {name}.",
    pointsWord(n),
    { place: place(mine.rank), points: points(n), name: above.name },
  );
}

/** The standings as a table: rank, name, points, games, wins (and the rating, per game). */
export function table(rows, { limit = rows.length, rating = false, games = true, caption = null } = {}) {
  const shown = rows.slice(0, limit);
  const more = rows.length - shown.length;
  return h(
    "table",
    { class: "standings-table" },
    caption ? h("caption", {}, caption) : null,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { class: "rank", scope: "col" }, "#"),
        h("th", { class: "name", scope: "col" }, _("Name")),
        h("th", { scope: "col" }, _("Points")),
        games ? h("th", { scope: "col" }, _("Games")) : null,
        h("th", { scope: "col" }, _("Wins")),
        rating ? h("th", { scope: "col" }, _("Rating")) : null,
      ),
    ),
    h(
      "tbody",
      {},
      shown.map((row) =>
        h(
          "tr",
          { class: row.rank === 1 ? "leader" : "", "data-name": row.name },
          h("td", { class: "rank" }, String(row.rank)),
          h("td", { class: "name" }, row.name),
          h("td", { class: "points" }, points(row.points)),
          games ? h("td", {}, String(row.games)) : null,
          h("td", {}, String(row.wins)),
          rating ? h("td", {}, row.rating === null || row.rating === undefined ? "–" : points(row.rating)) : null,
        ),
      ),
    ),
    more > 0
      ? h("tfoot", {}, h("tr", {}, h("td", { colspan: 4 + Number(rating) + Number(games) }, ngettext("and {n} more", "and {n} more", more))))
      : null,
  );
}

/** The evening's heading: its name, and whether it is over. */
export function heading(msg) {
  const e = msg.evening;
  if (!e) return _("No evening yet");
  return e.ended ? _("{name}: the final standings", { name: e.name }) : _("{name}: the standings", { name: e.name });
}

/** How many counted games so far, in a line. */
export function gamesLine(msg) {
  return ngettext("{n} counted game", "{n} counted games", msg.tables || 0);
}

/** The winners of an ended evening (everyone ranked first). */
export function winners(msg) {
  return (msg.overall || []).filter((row) => row.rank === 1);
}

/** The winner's reveal over any screen, or null: the final standings with the winner, a short
 * animation (room.css keeps it still for prefers-reduced-motion). `close` (optional) gives it a
 * button that closes it. */
function revealOverlay(close = null) {
  const shown = evening.reveal;
  if (!shown || evening.dismissed === shown.standings.evening.id) return null;
  const msg = shown.standings;
  const top = winners(msg);
  const names = top.map((row) => row.name);
  return h(
    "section",
    { class: "reveal", role: "dialog", "aria-modal": "true", "aria-labelledby": "reveal-title" },
    h(
      "div",
      { class: "reveal-card" },
      h("p", { class: "reveal-evening", id: "reveal-title" }, _("The evening {name} is over", { name: msg.evening.name })),
      h("div", { class: "reveal-crown", "aria-hidden": "true" }, "♛"),
      h(
        "h2",
        { class: "reveal-winner" },
        names.length ? ngettext("{names} wins the evening!", "{names} win the evening!", names.length, { names: names.join(", ") }) : _("Nobody counted a game this evening."),
      ),
      top.length
        ? h("p", { class: "reveal-points" }, ngettext("{points} point", "{points} points", pointsWord(top[0].points), { points: points(top[0].points) }))
        : null,
      table(msg.overall || [], { limit: 8 }),
      close
        ? button(_("Close"), () => {
            evening.dismissed = msg.evening.id;
            close();
          }, { class: "reveal-close" })
        : null,
    ),
  );
}

/** The phone's standing in the lobby: its line, and the evening it belongs to; null without
 * an evening or a name. */
export function standingBlock(name) {
  const line = standingLine(name);
  if (!line) return null;
  const msg = evening.standings;
  return h("p", { class: "standing-line", role: "status" }, line, h("small", {}, `${heading(msg)} · ${gamesLine(msg)}`));
}
