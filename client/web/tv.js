// The table display (/tv, /tv?table=ID): one table's public view full-screen, for a TV or a spare
// laptop across the room. It only ever watches: it says hello without a token (net.js
// `remember: false`), so it holds no seat and gets nothing but the spectator's messages. Each
// move is drawn in turn long enough for its animation to play; the display follows the table
// into its rematches and watches again by itself after the server restarts.

import { Connection } from "./net.js";
import { h, button } from "./dom.js";
import { BOT_LEVELS, PLAYERS, seatName, shownName } from "./players.js";
import { _, browserLanguage, setLanguage, number, loadRulesWords } from "./i18n.js";
import * as generic from "./games/generic.js";
import * as talk from "./talk.js";
import { scoreTable } from "./scores.js";
import * as tvroom from "./tvroom.js";
import * as evening from "./room.js";

// A move stays on screen at least this long (its animation takes 250–400 ms, docs VISUAL.md).
const SHOW_MS = 450;
// More moves waiting than this (a fast bot, a reconnect): skip ahead to the latest.
const BACKLOG = 3;
const LOG_LINES = 7;
const CLOCK_TICK_MS = 250;
// A game's view is `games/<game id>.js`; a game without one yet is shown by generic.js.
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

const tv = {
  connected: false,
  welcome: null,
  tables: new Map(),
  wanted: null, // the table asked for (?table=ID or a pick), watched once the server answers
  password: null, // a locked table's password, kept in memory to watch again after a restart
  table: null, // the table shown
  next: null, // its rematch: the table that comes after it, and the latest news of it
  rematch: null,
  stream: null, // the sync/update drawn now
  queue: [], // updates waiting to be drawn
  log: [],
  caption: null,
  problem: null, // why the asked table is not shown (a sentence)
  errors: [], // a game view that failed to draw (the tests read it)
  rules: null, // the open rules sheet: {game, data}
  // What the display shows while it shows no table: "overview" (every table, tvroom.js) or
  // "standings" (?standings); `cycle`: seconds per stop when it cycles (?cycle), else null.
  page: "overview",
  cycle: null,
  stop: 0, // the cycle's stop shown now
};
window.jeweltv = tv; // for the browser tests
const arrived = new WeakMap(); // message -> performance.now() when it came
const views = new Map(); // game id -> its view module (generic.js until its own is there)
const root = document.getElementById("tv");
const connection = new Connection(receive, (up) => {
  tv.connected = up;
  render();
}, { remember: false });
tv.connection = connection;
tv.receive = (msg) => receive(msg); // the tests hand it messages a server may send

// ------------------------------------------------------------------ game views
/** Load the view of `game` once; draws again when it is there. */
function loadView(game) {
  if (views.has(game) || !GAME_ID.test(game)) return;
  views.set(game, null);
  import(`./games/${game}.js`)
    .then((module) => (typeof module.board === "function" ? module : generic))
    .catch(() => generic)
    .then((module) => {
      views.set(game, module);
      // A sync that came first: its history is told in this game's words after all.
      if (tv.stream && tv.stream.t === "sync" && tv.stream.view.game === game) logHistory(tv.stream);
      render();
    });
}

function viewOf(game) {
  return views.get(game) || (GAME_ID.test(game) ? null : generic);
}

// ------------------------------------------------------------------ messages
function receive(msg) {
  if (msg.t === "pong") return;
  if (roomNews(msg)) return;
  arrived.set(msg, performance.now());
  const handler = HANDLERS[msg.t];
  // A handler returns false when nothing on screen changed (an update waiting its turn): a
  // redraw then would cut short the animation of the move on screen.
  if (!handler || handler(msg) !== false) render();
}

const HANDLERS = {
  welcome(msg) {
    tv.welcome = msg;
    connection.send({ t: "room" }); // every table's moment, for the overview (tvroom.js)
    tv.tables = new Map(msg.tables.map((t) => [t.id, t]));
    for (const t of msg.tables) loadView(t.game);
    // A new connection (the first, or after a drop or a restart): watch again.
    const again = tv.table ?? tv.wanted;
    tv.queue = [];
    if (again !== null) watch(again, tv.password);
  },
  tables(msg) {
    tv.tables = new Map(msg.tables.map((t) => [t.id, t]));
  },
  table(msg) {
    tv.tables.set(msg.table.id, msg.table);
    loadView(msg.table.game);
  },
  table_removed(msg) {
    tv.tables.delete(msg.table);
    if (msg.table === tv.table && tv.next === null) {
      tv.problem = _("The table was closed.");
      showPicker();
    }
  },
  joined(msg) {
    tv.tables.set(msg.table, msg.summary);
    loadView(msg.summary.game);
    // Watching a table whose players play again: the server seats its spectators at the next.
    if (msg.table !== tv.table && msg.table !== tv.wanted && tv.table !== null) tv.next = msg.table;
    if (msg.table === tv.wanted) {
      tv.table = msg.table;
      tv.wanted = null;
      tv.problem = null;
      remember(msg.table);
    }
  },
  sync(msg) {
    if (msg.seat !== null) return; // a spectator's messages only (the display holds no seat)
    if (msg.table !== tv.table) {
      if (msg.table !== tv.next) return;
      follow(msg.table);
    }
    tv.queue = [];
    // A game with a voice names its pieces (a gem's name on its card): asked for once, with its
    // rules.
    if (msg.talk && talk.wants(msg.view.game)) connection.send({ t: "rules", game: msg.view.game });
    logHistory(msg);
    show(msg, []);
  },
  update(msg) {
    if (msg.seat !== null || msg.table !== tv.table) return false;
    const last = tv.queue.length ? tv.queue[tv.queue.length - 1] : tv.stream;
    if (last && msg.seq > last.seq + 1) connection.send({ t: "sync", table: tv.table });
    tv.queue.push(msg);
    if (!tv.playing) play();
    return false;
  },
  rules(msg) {
    talk.learn(msg); // the pieces' names: drawn on the board from now on
    if (tv.rules && tv.rules.game === msg.game) tv.rules.data = msg;
  },
  paused(msg) {
    // The host stopped (or resumed) the game: the turn line says so until it goes on.
    const summary = tv.tables.get(msg.table);
    if (summary) tv.tables.set(msg.table, { ...summary, paused: msg.paused });
  },
  rematch(msg) {
    if (msg.table !== tv.table && msg.next !== tv.table) return;
    if (msg.table === tv.table) tv.next = msg.next;
    tv.rematch = msg;
  },
  error(msg) {
    if (tv.wanted === null || !["no_table", "not_at_table", "password", "rate_limited"].includes(msg.code)) return;
    const asked = tv.wanted;
    tv.problem =
      msg.code === "password"
        ? _("Wrong password for this table.")
        : msg.code === "rate_limited"
          ? msg.reason
          : _("There is no table #{id} here; pick another.", { id: asked });
    showPicker();
  },
};

function watch(table, password) {
  tv.wanted = table;
  const msg = { t: "watch", table };
  if (password) msg.password = password;
  connection.send(msg);
}

/** The rematch's game started: show it, and stop watching the old table. */
function follow(table) {
  const old = tv.table;
  tv.table = table;
  tv.next = null;
  tv.rematch = null;
  tv.stream = null;
  tv.queue = [];
  tv.log = [];
  tv.caption = null;
  remember(table);
  if (old !== null) connection.send({ t: "leave", table: old });
}

/** The address says which table is shown, so a reload watches it again. */
function remember(table) {
  if (tv.cycle !== null || tv.page === "standings") return; // the address names the mode
  const address = table === null ? location.pathname : `${location.pathname}?table=${table}`;
  history.replaceState(null, "", address);
}

function showPicker() {
  if (tv.table !== null) connection.send({ t: "leave", table: tv.table });
  tv.table = null;
  tv.wanted = null;
  tv.password = null;
  tv.next = null;
  tv.rematch = null;
  tv.stream = null;
  tv.queue = [];
  tv.log = [];
  remember(null);
}

// ------------------------------------------------------------------ moves, one after another
function play() {
  if (!tv.queue.length) {
    tv.playing = false;
    return;
  }
  tv.playing = true;
  if (tv.queue.length > BACKLOG) {
    // Too far behind to animate everything: every event goes to the log, the latest is drawn.
    for (const skipped of tv.queue.splice(0, tv.queue.length - 1)) addLog(skipped);
  }
  const msg = tv.queue.shift();
  if (msg.table === tv.table) {
    addLog(msg);
    show(msg, msg.events || []);
  }
  setTimeout(play, SHOW_MS);
}

function logHistory(sync) {
  tv.log = (sync.history || []).map((e, i) => eventLine(sync, i, e)).filter(Boolean);
}

function addLog(msg) {
  for (const [i, event] of (msg.events || []).entries()) {
    const line = eventLine(msg, i, event);
    if (line) {
      tv.log.push(line);
      tv.caption = { text: line, seq: msg.seq };
    }
  }
  tv.log = tv.log.slice(-LOG_LINES * 4);
}

function show(msg, fresh) {
  tv.stream = msg;
  tv.fresh = fresh;
  render();
}

// The log's sentence for the `index`th event of a message: the table's talk tells it where the
// game's voice does, else the game's view.
function eventLine(msg, index, event) {
  const told = msg.talk && msg.talk.log;
  if (told) return told[index] ? talk.line(told[index], context()) : null;
  const view = msg.view;
  const game = view && viewOf(view.game);
  if (!game) return null;
  try {
    return game.eventText(event, context(), view);
  } catch (error) {
    tv.errors.push(`${view.game} eventText: ${error}`);
    return generic.eventText(event, context(), view);
  }
}

// ------------------------------------------------------------------ what a game view gets
function context() {
  const summary = tv.tables.get(tv.table);
  return {
    seat: null,
    // Drawn for the room's TV: every piece named, the board as large as the screen lets it be.
    tv: true,
    name: (seat) => seatName(summary, seat),
    player: (seat) => PLAYERS[seat % PLAYERS.length],
    legal: [],
    // The spectators' talk of the update shown (shared/talk): the moment, the facts.
    talk: talk.talkOf(tv.stream),
    seq: tv.stream ? tv.stream.seq : null,
    move: () => {},
    ui: {},
    rerender: render,
    // A move's events are animated once, on the first drawing after it came.
    fresh: tv.stream !== tv.drawn ? tv.fresh || [] : [],
  };
}

// ------------------------------------------------------------------ screens
function render() {
  const screen = tv.table === null ? roomScreen() : tableScreen();
  keepPlayers(root.querySelector(".tv-players"), screen.querySelector(".tv-players"));
  const offline = tv.connected ? [] : [h("div", { class: "offline" }, _("Reconnecting…"))];
  const sheet =
    tv.rules && tv.rules.data && tv.rules.words && tv.table !== null
      ? [
          talk.rulesSheet(tv.rules.data, tv.stream && tv.stream.talk ? tv.stream.talk.topic : null, context(), () => {
            tv.rules = null;
            render();
          }),
        ]
      : [];
  root.replaceChildren(screen, ...offline, ...sheet);
  if (tvroom.fit(root)) render(); // fewer tables a page: this screen is small for them
  fitSide(root.querySelector(".tv-side"));
  tickClocks();
}

/** The seats' lines stay the same elements from move to move, so that the turn passing from
 * one to the next is a CSS transition (tv.css), not a jump. */
function keepPlayers(before, after) {
  if (!before || !after || before.children.length !== after.children.length) return;
  [...after.children].forEach((line, i) => {
    const kept = before.children[i];
    kept.className = line.className;
    kept.replaceChildren(...line.childNodes);
  });
  after.replaceWith(before);
}

/** The side column shows only whole lines: the log's oldest lines go first, then the facts from
 * the last, until what is left is inside the column (nothing cut off at its foot). Each round
 * measures once and takes as many lines as the overflow needs (a layout a round, not a line). */
function fitSide(side) {
  if (!side) return;
  const over = () => side.scrollHeight - side.clientHeight;
  // Every height is read before anything is taken away, so the round costs one layout.
  const trim = (lines, height, drop) => {
    let excess = over();
    const sizes = lines.map(height);
    let k = 0;
    while (excess > 1 && k < lines.length) excess -= sizes[k++];
    lines.splice(0, k).forEach(drop);
  };
  const log = [...side.querySelectorAll(".tv-log li")];
  const gap = log.length > 1 ? log[1].getBoundingClientRect().top - log[0].getBoundingClientRect().bottom : 0;
  while (log.length && over() > 1) trim(log, (li) => li.getBoundingClientRect().height + gap, (li) => li.remove());
  const facts = side.querySelector(".facts");
  if (!facts || over() <= 1) return;
  // A fact's height is its taller half's (the label and the value stand side by side).
  const pairs = [...facts.querySelectorAll("dt")].reverse();
  const height = (dt) => Math.max(dt.getBoundingClientRect().height, dt.nextElementSibling.getBoundingClientRect().height);
  while (pairs.length && over() > 1) {
    trim(pairs, height, (dt) => {
      dt.nextElementSibling.remove();
      dt.remove();
    });
  }
  if (!facts.querySelector("dt")) facts.remove();
}

// ------------------------------------------------------------------ the room (tvroom.js)
/** A `room` or `standings` message: taken here; whether it was one. While a table is shown
 * the room's news changes nothing on screen (a redraw would cut a move's animation short). */
function roomNews(msg) {
  if (tvroom.receive(msg)) {
    for (const entry of msg.tables || []) loadView(entry.summary.game);
    if (tv.table === null) render();
    return true;
  }
  if (evening.receive(msg)) {
    render();
    return true;
  }
  return false;
}

const roomTools = {
  get problem() {
    return tv.problem;
  },
  viewOf: (game) => views.get(game) || null,
  pick: (table) => pick(table),
  titleOf: (id) => {
    const game = tv.welcome && tv.welcome.games.find((g) => g.id === id);
    return game ? game.title : id;
  },
  links: () => modeLinks(),
};

function roomScreen() {
  return tv.page === "standings" ? tvroom.standingsPage(roomTools) : tvroom.overview(roomTools);
}

/** The display's modes, as addresses: a TV's browser is set to one of them once. */
function modeLinks() {
  const here = location.pathname;
  const mode = tv.cycle !== null ? "cycle" : tv.page;
  const link = (name, search, label) =>
    h("a", { href: here + search, class: mode === name ? "mode current" : "mode", "data-mode": name }, label);
  return h(
    "nav",
    { class: "tv-modes" },
    link("overview", "", _("All tables")),
    link("cycle", "?cycle", _("Cycle through the tables")),
    link("standings", "?standings", _("Standings")),
  );
}

// The cycle: the overview, each table in play in turn, then the standings (when there is an
// evening), CYCLE_SECONDS each unless the address says (?cycle=30).
const CYCLE_SECONDS = 20;

function cycleNext() {
  const standings = evening.evening.standings;
  const stops = ["overview", ...tvroom.playing(), ...(standings && standings.evening ? ["standings"] : [])];
  tv.stop = (tv.stop + 1) % stops.length;
  const stop = stops[tv.stop];
  if (tv.table !== null || tv.wanted !== null) showPicker();
  tv.problem = null;
  if (typeof stop === "number") {
    watch(stop, null);
  } else {
    tv.page = stop;
  }
  render();
}

function pick(table) {
  let password = null;
  if (table.locked) {
    password = prompt(_("Password"));
    if (!password) return;
  }
  tv.problem = null;
  tv.password = password;
  watch(table.id, password);
  render();
}

function tableScreen() {
  const summary = tv.tables.get(tv.table);
  const stream = tv.stream;
  const header = h(
    "header",
    { class: "tv-top" },
    h("strong", { class: "title" }, summary ? summary.title : ""),
    h("span", { class: "table-no" }, [_("Table #{id}", { id: tv.table }), summary && summary.name].filter(Boolean).join(" · ")),
    stream ? turnLine(stream) : h("span", { class: "turn" }, summary ? _(summary.status) : ""),
    summary
      ? button("?", () => openRules(summary.game), { class: "icon", "aria-label": _("Rules"), id: "rules" })
      : null,
  );
  if (!stream || !viewOf(stream.view.game)) {
    const before = stream ? h("p", {}, "…") : waiting(summary);
    return h("main", { class: "tv" }, header, h("section", { class: "tv-board waiting" }, before));
  }
  const view = stream.view;
  const game = viewOf(view.game);
  const first = stream !== tv.drawn;
  const drawn = board(game, view);
  tv.drawn = stream;
  return h(
    "main",
    { class: `tv game-${view.game}`, "data-seq": stream.seq, "data-table": tv.table, "data-status": stream.status },
    header,
    h("section", { class: "tv-board board" }, drawn),
    h(
      "aside",
      { class: "tv-side" },
      talk.moment(context()),
      players(summary, stream, game),
      talk.facts(context()),
      h("ol", { class: "tv-log" }, tv.log.slice(-LOG_LINES).map((line) => h("li", {}, line))),
    ),
    caption(first),
    stream.status === "finished" ? results(stream, game, first) : null,
  );
}

// The rules sheet: asked of the server when opened.
function openRules(game) {
  tv.rules = { game, data: null, words: false };
  connection.send({ t: "rules", game });
  // The rules' long texts come apart from the page's words (server/web_i18n.py).
  loadRulesWords().then(() => {
    if (tv.rules && tv.rules.game === game) {
      tv.rules.words = true;
      render();
    }
  });
}

function board(game, view) {
  try {
    return game.board(view, context());
  } catch (error) {
    tv.errors.push(`${view.game} board: ${error}`);
    return generic.board(view, context());
  }
}

function waiting(summary) {
  if (!summary) return h("p", {}, "…");
  return [
    h("p", {}, _("Waiting for the host to start")),
    h("ul", { class: "tv-players" }, summary.seats.map((seat, i) => seatLine(i, shownName(seat, i) || _("open seat")))),
  ];
}

function seatLine(seat, name, ...more) {
  const player = PLAYERS[seat % PLAYERS.length];
  return h(
    "li",
    { "data-seat": seat },
    h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
    h("span", { class: "who" }, name),
    more,
  );
}

function turnLine(stream) {
  if (stream.status !== "playing") return h("span", { class: "turn" }, _(stream.status));
  const summary = tv.tables.get(tv.table);
  if (summary && summary.paused) return h("span", { class: "turn paused" }, _("Paused"));
  const ctx = context();
  const acting = stream.to_act || [];
  const text =
    acting.length === 1
      ? _("{name}'s turn", { name: ctx.name(acting[0]) })
      : _("Waiting for {names}", { names: acting.map(ctx.name).join(", ") });
  return h("span", { class: "turn" }, text, timer(stream));
}

/** The server's quiet time (Das Kollier's knock-down): a bar drained by CSS and the seconds. */
function timer(stream) {
  if (!stream.timer) return null;
  const elapsed = (performance.now() - (arrived.get(stream) ?? performance.now())) / 1000;
  const left = Math.max(0, stream.timer.seconds - elapsed);
  return h(
    "span",
    { class: "tv-timer", role: "timer", "data-until": performance.now() + left * 1000 },
    h("span", { class: "seconds" }, number(Math.ceil(left))),
    h(
      "span",
      { class: "timer" },
      h("span", {
        class: "fill",
        style: { animationDuration: `${stream.timer.seconds}s`, animationDelay: `${-elapsed}s` },
      }),
    ),
  );
}

function players(summary, stream, game) {
  if (!summary) return null;
  const ctx = context();
  const acting = stream.status === "playing" ? stream.to_act || [] : [];
  return h(
    "ul",
    { class: "tv-players" },
    summary.seats.map((seat, i) => {
      let fact = "";
      try {
        fact = game.seatFact ? game.seatFact(stream.view, i, ctx) : "";
      } catch (error) {
        tv.errors.push(`${stream.view.game} seatFact: ${error}`);
      }
      const line = seatLine(
        i,
        seatName(summary, i),
        seat.stand_in
          ? h("small", {}, _("a bot plays"))
          : seat.kind === "bot" && !BOT_LEVELS.includes(seat.level) // else its name says "bot"
            ? h("small", {}, _("bot"))
            : null,
        clock(stream, i),
        fact ? h("span", { class: "fact" }, fact) : null,
      );
      if (acting.includes(i)) line.classList.add("acting");
      if (!seat.connected) line.classList.add("away");
      return line;
    }),
  );
}

/** A seat's turn clock, when the table has one: counted down here between messages. */
function clock(stream, seat) {
  const clocks = stream.clock;
  if (!clocks || !Array.isArray(clocks.remaining)) return null;
  const running = (clocks.running || []).includes(seat);
  const from = arrived.get(stream) ?? performance.now();
  return h("span", {
    class: running ? "clock running" : "clock",
    "data-left": clocks.remaining[seat],
    "data-from": from,
  });
}

function tickClocks() {
  const now = performance.now();
  for (const el of root.querySelectorAll(".clock")) {
    const spent = el.classList.contains("running") ? (now - Number(el.dataset.from)) / 1000 : 0;
    const left = Math.max(0, Number(el.dataset.left) - spent);
    const whole = Math.ceil(left);
    el.textContent = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
    el.classList.toggle("low", el.classList.contains("running") && left < 10);
  }
  tvroom.tick(root);
  for (const el of root.querySelectorAll(".tv-timer")) {
    const left = Math.max(0, (Number(el.dataset.until) - now) / 1000);
    el.firstChild.textContent = number(Math.ceil(left));
  }
}
setInterval(tickClocks, CLOCK_TICK_MS);
// The overview fits its cards to the screen (tvroom.js), the table its side column: a new size
// fits them again.
addEventListener("resize", () => render());

function caption(first) {
  if (!tv.caption) return h("footer", { class: "tv-caption" });
  // The latest move's sentence slides in, once per move.
  const fresh = first && tv.caption.seq === tv.stream.seq && (tv.fresh || []).length;
  return h("footer", { class: fresh ? "tv-caption new" : "tv-caption" }, tv.caption.text);
}

function results(stream, game, first) {
  const outcome = stream.view.outcome || stream.outcome;
  if (!outcome) return null;
  const ctx = context();
  const winners = outcome.winners || [];
  const score = (value, i) => {
    try {
      return game.score ? game.score(value, ctx, i, outcome) : number(value);
    } catch (error) {
      tv.errors.push(`${stream.view.game} score: ${error}`);
      return String(value);
    }
  };
  let lines = [];
  try {
    lines = game.resultLines ? game.resultLines(outcome, ctx) : [];
  } catch (error) {
    tv.errors.push(`${stream.view.game} resultLines: ${error}`);
  }
  return h(
    "section",
    { class: first ? "tv-results results new" : "tv-results results" },
    h("h2", {}, _("Results")),
    h(
      "p",
      { class: "winners" },
      winners.length ? _("{names} wins!", { names: winners.map(ctx.name).join(", ") }) : _("Nobody wins"),
    ),
    h(
      "ol",
      {},
      (outcome.scores || []).map((value, i) => seatLine(i, `${ctx.name(i)}: `, h("span", {}, score(value, i)))),
    ),
    scoreTable(ctx, outcome),
    lines.map((line) => h("p", {}, line)),
    rematchLine(),
    tvroom.betweenGames(),
  );
}

function rematchLine() {
  const news = tv.rematch;
  if (!news || news.next !== tv.next) return null;
  const summary = tv.tables.get(news.next);
  const names = (news.waiting || []).map((seat) => seatName(summary, seat));
  return h(
    "p",
    { class: "rematch" },
    names.length
      ? _("Next game: waiting for {names}", { names: names.join(", ") })
      : _("Waiting for the host to start"),
  );
}

// ------------------------------------------------------------------ start
async function start() {
  try {
    await setLanguage(browserLanguage());
  } catch (error) {
    console.warn(error);
  }
  const query = new URLSearchParams(location.search);
  const asked = Number.parseInt(query.get("table"), 10);
  tv.wanted = Number.isNaN(asked) ? null : asked;
  if (query.has("standings")) tv.page = "standings";
  if (query.has("cycle")) {
    const seconds = Number.parseInt(query.get("cycle"), 10);
    tv.cycle = Number.isNaN(seconds) ? CYCLE_SECONDS : Math.min(600, Math.max(5, seconds));
    setInterval(cycleNext, tv.cycle * 1000);
  }
  tvroom.turnPages(render);
  render();
  connection.open(_("Table display"));
}

start();
