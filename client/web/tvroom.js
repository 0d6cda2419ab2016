// The room on the TV (tv.js draws one table; this draws them all): the overview of every table
// at once — the game, its number, whose turn and for how long, the scores so far (each game's
// own words for a seat, `seatFact`, read from the spectator's view the server's `room` message
// carries) and the players — and the evening's standings, overall and per game, as a page of
// their own and beside a finished game's results. Everything drawn comes from `room` and
// `standings` (docs/protocol.md); the display watches no table for it.

import { h, button } from "./dom.js";
import { PLAYERS, seatName } from "./players.js";
import { _ } from "./i18n.js";
import * as evening from "./room.js";

export const room = {
  entries: new Map(), // table id -> its latest `room` entry
  arrived: new Map(), // table id -> performance.now() when that entry came
  page: 0, // the page of tables shown when there are more than fit
  perPage: 16, // how many fit on this screen (fewer on a small one: see `fit`)
  rows: 0, // the standings page's step in ROWS (more steps on a small screen: see `fit`)
};

// The standings page's rows, [overall, each game's], from the most to the fewest a screen
// too small for them at the smallest type falls back to.
const ROWS = [
  [14, 8],
  [14, 4],
  [10, 4],
  [10, 3],
  [8, 3],
  [6, 2],
  [4, 1],
];

// The most tables the overview shows at once; more turn pages every PAGE_MS. A screen too small
// for them at the smallest type shows fewer a page (PAGE_SIZES, largest first).
const PER_PAGE = 16;
const PAGE_SIZES = [16, 12, 9, 6, 4];
const PAGE_MS = 12000;
addEventListener("resize", () => {
  room.perPage = PER_PAGE;
  room.rows = 0;
});
/** Columns × rows for `n` tables on a wide screen: as square as the cards may be. */
function grid(n) {
  const cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
  return [cols, Math.max(1, Math.ceil(n / cols))];
}

/** Take a `room` message; whether it was one. */
export function receive(msg) {
  if (msg.t !== "room") return false;
  if (msg.whole) room.entries.clear();
  for (const id of msg.gone || []) {
    room.entries.delete(id);
    room.arrived.delete(id);
  }
  const now = performance.now();
  for (const entry of msg.tables || []) {
    room.entries.set(entry.table, entry);
    room.arrived.set(entry.table, now);
  }
  return true;
}

/** The tables in the order the overview shows them: those in play first, by number. */
export function listed() {
  const order = { playing: 0, waiting: 1, finished: 2 };
  return [...room.entries.values()].sort(
    (a, b) => (order[a.summary.status] ?? 3) - (order[b.summary.status] ?? 3) || a.table - b.table,
  );
}

/** The tables a cycling display visits: those in play that it may watch (no password). */
export function playing() {
  return listed()
    .filter((e) => e.summary.status === "playing" && !e.summary.locked)
    .map((e) => e.table);
}

function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** The time each waiting seat has been waited for, counted on from the entry's arrival. */
export function tick(root) {
  const now = performance.now();
  for (const el of root.querySelectorAll("[data-waited]")) {
    el.textContent = clockText(Number(el.dataset.waited) + (now - Number(el.dataset.from)) / 1000);
  }
}

// ------------------------------------------------------------------ the overview
/**
 * The overview screen. `tools`: {problem, viewOf(game) → the game's view module or null,
 * pick(summary), mode: the address's mode ("overview", "cycle"), links(): the mode links}.
 */
export function overview(tools) {
  const all = listed();
  const per = room.perPage;
  const pages = Math.max(1, Math.ceil(all.length / per));
  room.page %= pages;
  const shown = all.slice(room.page * per, (room.page + 1) * per);
  const [cols, rows] = grid(shown.length);
  const standings = evening.evening.standings;
  const side = standings && standings.evening ? standingsSide(standings) : null;
  return h(
    "main",
    // The width it was drawn for (the tests wait for a redraw after a resize by it).
    { class: side ? "tv-pick tv-room with-standings" : "tv-pick tv-room", "data-width": innerWidth },
    h(
      "header",
      { class: "tv-room-top" },
      h("h1", {}, _("Jewel Table"), h("small", {}, " · ", _("The room"))),
      pages > 1 ? h("span", { class: "tv-room-page" }, _("Page {n} of {count}", { n: room.page + 1, count: pages })) : null,
      tools.links(),
    ),
    tools.problem ? h("p", { class: "problem", role: "alert" }, tools.problem) : null,
    shown.length
      ? h(
          "ul",
          {
            class: `tv-tables tv-room-grid cards-${shown.length > 9 ? "many" : shown.length > 4 ? "some" : "few"}`,
            style: {
              gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
            },
          },
          shown.map((entry) => card(entry, tools)),
        )
      : h("p", { class: "hint" }, _("No tables yet.")),
    side,
  );
}

let paging = null;
/** Turn the overview's pages while there are more tables than fit; `redraw` draws again. */
export function turnPages(redraw) {
  if (paging !== null) return;
  paging = setInterval(() => {
    if (room.entries.size > room.perPage) {
      room.page += 1;
      redraw();
    }
  }, PAGE_MS);
}

function card(entry, tools) {
  const summary = entry.summary;
  const game = tools.viewOf(summary.game);
  const acting = summary.status === "playing" ? entry.to_act || [] : [];
  const named = summary.name ? h("span", { class: "table-name" }, summary.name) : null;
  return h(
    "li",
    { "data-room-table": entry.table, class: `status-${summary.status}` },
    button(
      [
        h(
          "span",
          { class: "card-top" },
          h("strong", {}, summary.title),
          h("span", { class: "table-no" }, _("Table #{id}", { id: entry.table })),
          named,
        ),
        turn(entry, summary, acting),
        h(
          "ul",
          { class: "card-seats" },
          summary.seats.map((seat, i) => seatLine(entry, summary, game, i, acting.includes(i))),
        ),
      ],
      () => tools.pick(summary),
      { "data-table": entry.table },
    ),
  );
}

function turn(entry, summary, acting) {
  if (summary.paused) return h("span", { class: "card-turn paused" }, _("Paused"));
  if (summary.status === "waiting") {
    const seated = summary.seats.filter((s) => s.kind !== "empty").length;
    return h("span", { class: "card-turn" }, _("Waiting for players: {n} of {count} seats taken", { n: seated, count: summary.players }));
  }
  if (summary.status === "finished") {
    const winners = (entry.outcome && entry.outcome.winners) || [];
    const names = winners.map((seat) => seatName(summary, seat)).join(", ");
    return h("span", { class: "card-turn finished" }, names ? _("{names} wins!", { names }) : _("finished"));
  }
  if (!acting.length) return h("span", { class: "card-turn" }, _("playing"));
  const names = acting.map((seat) => seatName(summary, seat));
  const text = acting.length === 1 ? _("{name}'s turn", { name: names[0] }) : _("Waiting for {names}", { names: names.join(", ") });
  const waited = Math.max(...(entry.waited || [0]));
  return h(
    "span",
    { class: "card-turn" },
    h("span", {}, text),
    h("span", {
      class: "waited",
      title: _("waiting for"),
      "data-waited": waited,
      "data-from": room.arrived.get(entry.table) ?? performance.now(),
    }),
  );
}

function seatLine(entry, summary, game, i, acting) {
  const player = PLAYERS[i % PLAYERS.length];
  let fact = "";
  if (game && entry.view) {
    try {
      const ctx = { seat: null, name: (seat) => seatName(summary, seat), player: (seat) => PLAYERS[seat % PLAYERS.length], legal: [], ui: {} };
      if (summary.status === "finished" && entry.outcome && game.score) {
        fact = game.score(entry.outcome.scores[i], ctx, i, entry.outcome);
      } else if (game.scoreFact || game.seatFact) {
        // A game whose seat line is long says the score in a few words for the overview.
        fact = (game.scoreFact || game.seatFact)(entry.view, i, ctx);
      }
    } catch (error) {
      fact = "";
    }
  }
  const seat = summary.seats[i];
  return h(
    "li",
    { class: [acting ? "acting" : "", seat.connected || seat.kind !== "human" ? "" : "away"].join(" ").trim() },
    h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
    h("span", { class: "who" }, seatName(summary, i)),
    seat.stand_in ? h("small", { class: "stand-in" }, _("a bot plays")) : null,
    fact ? h("span", { class: "fact" }, fact) : null,
  );
}

/** Fit the overview's cards to their boxes: the type shrinks (never below 14 px) until no card
 * is cut off; if one still is, fewer tables a page. Whether the overview must be drawn again
 * (with fewer a page). */
export function fit(root) {
  const body = root.querySelector(".tv-standings-body");
  if (body) return fitStandings(body);
  const grid = root.querySelector(".tv-room-grid");
  if (!grid) return false;
  grid.style.fontSize = "";
  const cards = [...grid.querySelectorAll(":scope > li > button")];
  let size = parseFloat(getComputedStyle(grid).fontSize);
  const over = () => cards.some((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1);
  while (size - 1 >= 14 && over()) {
    size -= 1;
    grid.style.fontSize = `${size}px`;
  }
  const fewer = PAGE_SIZES.find((n) => n < Math.min(room.perPage, cards.length));
  if (!over() || fewer === undefined) return false;
  room.perPage = fewer;
  return true;
}

/** The standings page: the type shrinks (never below 14 px) until every table is inside the
 * screen; if one still is not, fewer rows (ROWS). Whether to draw again with fewer. */
function fitStandings(body) {
  body.style.fontSize = "";
  const parts = [...body.querySelectorAll("section")];
  const over = () => {
    const bottom = body.getBoundingClientRect().bottom;
    return [...body.querySelectorAll("table")].some(
      (t) => t.getBoundingClientRect().bottom > bottom + 1 || t.getBoundingClientRect().width > t.parentElement.clientWidth + 1,
    );
  };
  const sizes = parts.map((part) => parseFloat(getComputedStyle(part).fontSize));
  let scale = 1;
  while (over() && sizes.some((size) => size * scale - 1 >= 14)) {
    scale -= 0.05;
    parts.forEach((part, i) => {
      part.style.fontSize = `${Math.max(14, sizes[i] * scale)}px`;
    });
  }
  if (!over() || room.rows >= ROWS.length - 1) return false;
  room.rows += 1;
  return true;
}

// ------------------------------------------------------------------ the standings
function standingsSide(msg) {
  return h(
    "aside",
    { class: "tv-room-standings" },
    h("h2", {}, evening.heading(msg)),
    h("p", { class: "games-line" }, evening.gamesLine(msg)),
    evening.table(msg.overall || [], { limit: 10 }),
  );
}

/** The standings as a page of their own: overall, and each game's with the ratings. */
export function standingsPage(tools) {
  const msg = evening.evening.standings;
  const games = msg && msg.games ? Object.entries(msg.games) : [];
  const [overall, each] = ROWS[room.rows];
  return h(
    "main",
    { class: "tv-pick tv-standings" },
    h(
      "header",
      { class: "tv-room-top" },
      h("h1", {}, msg ? evening.heading(msg) : _("No evening yet")),
      msg && msg.evening ? h("span", { class: "games-line" }, evening.gamesLine(msg)) : null,
      tools.links(),
    ),
    msg && msg.evening
      ? h(
          "div",
          { class: "tv-standings-body" },
          h("section", { class: "overall" }, evening.table(msg.overall || [], { limit: overall, caption: _("Overall") })),
          games.length
            ? h(
                "section",
                { class: "per-game" },
                games.map(([id, rows]) => evening.table(rows, {
                    limit: games.length > 2 ? Math.min(4, each) : each,
                    rating: true,
                    games: false, // the overall table says them
                    caption: tools.titleOf(id),
                  }),),
              )
            : null,
        )
      : h("p", { class: "hint" }, _("The host has not opened an evening on this server.")),
  );
}

/** The standings beside a finished game's results (between games), or null without an evening. */
export function betweenGames() {
  const msg = evening.evening.standings;
  if (!msg || !msg.evening) return null;
  return h(
    "section",
    { class: "tv-between" },
    h("h2", {}, evening.heading(msg)),
    evening.table(msg.overall || [], { limit: 6 }),
  );
}
