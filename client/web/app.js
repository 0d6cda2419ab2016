// The page: the lobby and the table, drawn from what the server sent. A tap becomes a message;
// nothing here decides what is legal (the server lists the moves).

import { Connection } from "./net.js";
import { h, button, lastTap, afterPaint } from "./dom.js";
import { BOT_LEVELS, PLAYERS, seatName, shownName } from "./players.js";
import { _, pgettext, browserLanguage, setLanguage, number, loadRulesWords, loadLessonWords } from "./i18n.js";
import * as bijoux from "./games/magie-des-bijoux.js";
import * as kollier from "./games/das-kollier.js";
import * as palast from "./games/saba-palast.js";
import * as kette from "./games/kette-von-saba.js";
import * as generic from "./games/generic.js";
import { scoreTable } from "./scores.js";
import * as social from "./social.js";
import * as talk from "./talk.js";
import * as evening from "./room.js";
import * as hands from "./hands.js";
import * as passplay from "./passplay.js";
import * as announcer from "./announce.js";
import * as prefs from "./prefs.js";

evening.evening.closable = true; // a phone's person closes the winner's reveal

const GAMES = {
  "magie-des-bijoux": bijoux,
  "das-kollier": kollier,
  "kette-von-saba": kette,
  "saba-palast": palast,
};
const PLAYABLE = Object.keys(GAMES);
const NAME = "jeweltable.name";
const VIBRATE = "jeweltable.vibrate"; // "off": no buzz when the turn comes
// A table's status as the lobby says it (the pygame lobby's words).
const STATUS_WORDS = { waiting: "waiting", playing: "playing", finished: "finished" };
const LOG_LINES = 40;
// Refusals said in the player's language: client/words/i18n.py's ERRORS, the same English and so the
// same catalog entries; any other code shows the server's own sentence.
const ERRORS = {
  stale: "The table moved on before your move arrived; look again and play.",
  not_your_turn: "It is not your turn.",
  game_over: "The game is over.",
  password: "Wrong password for this table.",
  seat_taken: "Someone took that seat first.",
  no_seat: "This table has no free seat.",
  not_ready: "Every seat must be taken before the start.",
  not_creator: "Only the table's host can do that.",
  rate_limited: "Too many tries in a short time: wait a little, then try again.",
  storage_full: "The server cannot save moves: its disk is full. Try again later.",
  cannot_undo: "That move cannot be taken back now.",
  muted: "The table's host has muted you here.",
  no_table: "That table is not here any more.",
  not_playing: "That game is not being played.",
};

const app = {
  connected: false,
  welcome: null,
  tables: new Map(),
  table: null, // the id of the table this page is at
  seats: [],
  spectator: false,
  stream: null, // the latest sync/update of the seat shown (or the spectator's)
  timerSince: 0,
  clockSince: 0, // when the latest turn clock arrived (the running seats count down from it)
  log: [],
  toast: null,
  ui: {}, // what a game view keeps between renders (a payment being put together)
  newTable: null, // the New table form (newtable.js)
  plan: null, // the table being made: its seats ("me", "open" or a bot level) and "me" names
  startWhenFull: null, // the table this page made to start at once when its seats are taken
  ended: null, // why the connection ended for good (bye replaced / in_use)
  tapTimes: [], // ms from a tap to the painted answer (bench/web.py reads them)
  uiVersion: 0, // raised when a game view's own state (a payment being chosen) changes
  rules: null, // the open rules sheet: {game, data} (data null while it is being fetched)
  hint: null, // the server's latest `hint` answer (shown while its position is on screen)
  lessonRefused: null, // a lesson's step refused a move: {seq, line} (said until the table moves)
};
const root = document.getElementById("app");
const connection = new Connection(receive, (up) => {
  app.connected = up;
  render();
});
window.jeweltable = app; // for the browser tests and the benchmark
app.passPlay = passplay.passPlay; // the seats this page holds, and the curtain (for the tests)
app.mySeat = () => mySeat(); // the seat shown, which chat and emotes speak for (social.js)
app.render = () => render();
app.announced = () => announcer.announced(); // what the live regions said (for the tests)
app.connection = connection;
social.initSocial(app, connection, () => render(), (msg) => HANDLERS[msg.t](msg));
hands.init(app, connection, () => render(), showToast);

// ------------------------------------------------------------------ what the table shows
/**
 * What the table's screen shows of the talk, read back from the elements on it (talk.js marks
 * them), for the tests: the moment, the facts, and for each listed move (by its index in
 * `legal_moves`) the talk's entry of a control that plays it — on the screen now, or behind
 * taps on the page's own choosers (`data-step`: a hand card, "Sell to the bank…", ±, a choice
 * that opens more buttons), with `via` the keys tapped. Those are tapped here, on a copy of
 * what the page keeps between renders, until every listed move is found or `limit` screens
 * were seen; nothing is sent meanwhile (`sent` lists what a tap tried to send: a chooser
 * sends nothing).
 */
app.shown = (limit = 200) => {
  const home = app.ui;
  const moves = {};
  const seen = new Set();
  const read = (path) => {
    for (const el of root.querySelectorAll("[data-tap]")) {
      if (el.talkMove && !(el.talkMove.index in moves)) moves[el.talkMove.index] = { ...el.talkMove.entry, via: path };
    }
    return [...root.querySelectorAll("[data-step]")].map((el) => [...path, el.dataset.tap]);
  };
  const moment = root.querySelector("[data-talk='moment']");
  const facts = [...root.querySelectorAll("[data-talk-facts]")].flatMap((el) => el.talkFacts || []);
  const queue = read([]);
  const sent = [];
  const legal = app.stream ? (app.stream.legal_moves || []).length : 0;
  const all = () => Object.keys(moves).length >= legal;
  if (!queue.length || all()) return { moment: moment && moment.talkMoment, facts, moves, sent, screens: 1 };
  // The choosers: each path of taps from the screen as it is, on a copy of the page's state.
  const send = connection.send;
  connection.send = (msg) => sent.push(msg);
  seen.add(JSON.stringify(home));
  try {
    while (queue.length && seen.size < limit && !all()) {
      const path = queue.shift();
      app.ui = structuredClone(home);
      app.uiVersion += 1;
      render();
      const found = path.every((key) => {
        const step = [...root.querySelectorAll("[data-step]")].find((el) => el.dataset.tap === key);
        if (step) step.tapAction(new Event("tap"));
        return Boolean(step);
      });
      if (!found || seen.has(JSON.stringify(app.ui))) continue;
      seen.add(JSON.stringify(app.ui));
      queue.push(...read(path));
    }
  } finally {
    app.ui = home;
    app.uiVersion += 1;
    connection.send = send;
    render();
  }
  return { moment: moment && moment.talkMoment, facts, moves, sent, screens: seen.size };
};

// ------------------------------------------------------------------ messages
function receive(msg) {
  if (msg.t === "pong") return; // the connection's own probe: nothing to draw
  if (evening.receive(msg)) return render(); // the evening's standings (room.js)
  if (hands.receive(msg)) return render(); // nudges, handed seats, pauses (hands.js)
  const handler = social.receive(msg) ? null : HANDLERS[msg.t];
  if (handler) handler(msg);
  // News of another table changes nothing on the screen of a table: the lobby is drawn anew when
  // the page comes back to it. (At a LAN party every move at every table is such news.)
  if (msg.t === "table" && app.table !== null && msg.table.id !== app.table && !app.ended) return;
  render();
  // Live: the first frame with a table's stream drawn (bench/web.py's `interactive_ms`).
  if (app.stream && app.liveAt === undefined) {
    requestAnimationFrame(() => {
      if (app.liveAt === undefined) app.liveAt = performance.now();
    });
  }
  if (msg.t === "update" && msg.ack !== undefined && app.tapped !== undefined) {
    // Tap → server → screen: measured when the next frame with the answer is painted.
    const tapped = app.tapped;
    app.tapped = undefined;
    requestAnimationFrame(() => app.tapTimes.push(performance.now() - tapped));
  }
}

const HANDLERS = {
  welcome(msg) {
    app.welcome = msg;
    app.ended = null;
    app.tables = new Map(msg.tables.map((t) => [t.id, t]));
    if (app.table !== null && !msg.resumed.includes(app.table)) leaveTable();
    if (!msg.resumed.length) followLink();
  },
  tables(msg) {
    app.tables = new Map(msg.tables.map((t) => [t.id, t]));
  },
  table(msg) {
    app.tables.set(msg.table.id, msg.table);
  },
  table_removed(msg) {
    app.tables.delete(msg.table);
    if (msg.table === app.table) {
      leaveTable();
      showToast(_("The table was closed."));
    }
  },
  joined(msg) {
    if (app.table !== msg.table) {
      app.log = [];
      app.stream = null;
      app.ui = {};
      passplay.reset(msg.table);
    }
    if (app.creating) {
      app.created = msg.table;
      if (app.startWhenFull === "next") app.startWhenFull = msg.table;
      for (const fill of newtable.seatMessages(msg.table, app.plan, myName())) connection.send(fill);
    }
    app.creating = false;
    app.table = msg.table;
    app.seats = msg.seats;
    app.spectator = msg.spectator;
    app.tables.set(msg.table, msg.summary);
  },
  left(msg) {
    if (msg.table !== app.table) return;
    app.seats = msg.seats;
    app.spectator = msg.spectator;
    passplay.keepOnly(msg.seats);
    if (!msg.seats.length && !msg.spectator) leaveTable();
  },
  sync(msg) {
    if (!held(msg)) return;
    // A lesson's words come apart from the page's (server/web_i18n.py): said once they are in.
    if (msg.lesson) loadLessonWords().then(() => render());
    // A game with a voice names its pieces: asked for once, with its rules.
    if (msg.talk && talk.wants(msg.view.game) && msg.seat === (app.seats.length ? app.seats[0] : null)) {
      connection.send({ t: "rules", game: msg.view.game });
    }
    const lines = (msg.history || []).map((e, i) => eventLine(msg, i, e)).filter(Boolean);
    const before = app.stream;
    passplay.keep(msg, app.seats, lines, LOG_LINES);
    if (showSeat(before)) app.timerSince = app.clockSince = performance.now();
    // Sat down or back: whose turn it is, said once (the history is in the log, not said).
    if (!before && msg.seat === mySeat()) announceChange(null, msg, []);
  },
  update(msg) {
    if (!held(msg)) return;
    const last = passplay.passPlay.streams.get(msg.seat);
    if (last && msg.seq > last.seq + 1) connection.send({ t: "sync", table: app.table });
    const lines = (msg.events || []).map((e, i) => eventLine(msg, i, e)).filter(Boolean);
    const before = app.stream;
    const seat = passplay.seatShown(app.seats);
    passplay.keep(msg, app.seats, lines, LOG_LINES);
    if (!showSeat(before)) return; // another seat's, kept for its turn
    if (msg.seat === seat) announceChange(last, msg, lines);
    const moved = !before || app.stream.seq !== before.seq || app.stream.seat !== seat;
    app.clockSince = performance.now();
    if (moved || app.stream.timer) app.timerSince = performance.now();
    if (app.stream.ack !== undefined || app.stream.seat !== seat) app.ui = {};
  },
  rules(msg) {
    if (talk.learn(msg)) app.uiVersion += 1;
    if (app.rules && app.rules.game === msg.game) app.rules.data = msg;
  },
  hint(msg) {
    if (msg.table === app.table) app.hint = msg;
  },
  error(msg) {
    if (msg.code === "lesson_step" && msg.lesson && msg.table === app.table && app.stream) {
      // Not this step's move: its line of why, above the same step again (lessonPanel).
      app.lessonRefused = { seq: app.stream.seq, line: msg.lesson.refused };
      return;
    }
    if (msg.code === "unknown_game" && app.rules) app.rules = null;
    const known = ERRORS[msg.code] || hands.ERRORS[msg.code];
    showToast(known ? _(known) : msg.reason);
  },
  bye(msg) {
    if (msg.code === "replaced" || msg.code === "in_use") app.ended = msg.code;
    else if (msg.code !== "shutdown") showToast(msg.reason);
  },
};

/** Say what an update of the seat shown changed (`last`: that seat's message before): its moves
 *  (the log's lines, the table's talk), the turn when it passed on, the end. Not behind the pass
 *  and play curtain, where nothing of a seat may show. */
function announceChange(last, msg, lines) {
  if (passplay.curtainUp()) return;
  const ctx = context();
  const said = [...lines];
  const acting = msg.status === "playing" ? msg.to_act || [] : [];
  const turned = !last || JSON.stringify(last.to_act || []) !== JSON.stringify(acting);
  const mine = ctx.seat !== null && acting.includes(ctx.seat);
  if (turned && acting.length && !mine) {
    said.push(
      acting.length === 1
        ? _("{name}'s turn", { name: ctx.name(acting[0]) })
        : _("Waiting for {names}", { names: acting.map(ctx.name).join(", ") }),
    );
  }
  if (msg.status === "finished" && (!last || last.status !== "finished")) {
    said.push(pgettext("table.over", "Game over"));
    const outcome = (msg.view && msg.view.outcome) || msg.outcome;
    const winners = (outcome && outcome.winners) || [];
    said.push(winners.length ? _("{names} wins!", { names: winners.map(ctx.name).join(", ") }) : _("Nobody wins"));
  }
  announcer.announce(said, { moves: lines.length });
  if (turned && mine) {
    const yours = app.seats.length > 1 ? _("{name}, your turn", { name: ctx.name(ctx.seat) }) : _("Your turn");
    announcer.announce([yours], { assertive: true });
  }
}

/** Whether a sync/update is one of this page's streams (a seat it holds, or the spectator's
 *  when it holds none). */
function held(msg) {
  if (msg.table !== app.table) return false;
  return app.seats.length ? app.seats.includes(msg.seat) : msg.seat === null;
}

/** The stream and the log of the seat shown (passplay.js chooses it); whether they changed. */
function showSeat(before) {
  app.stream = passplay.shownStream(app.seats);
  app.log = passplay.shownLog(app.seats);
  return app.stream !== before;
}

/** The seat this page shows and plays now (null: it watches). */
function mySeat() {
  return passplay.seatShown(app.seats);
}

function leaveTable() {
  passplay.reset();
  app.table = null;
  app.seats = [];
  app.spectator = false;
  app.stream = null;
  app.log = [];
  app.ui = {};
  app.hint = null;
  app.lessonRefused = null;
}

function showToast(text) {
  const toast = { text };
  app.toast = toast;
  setTimeout(() => {
    if (app.toast === toast) {
      app.toast = null;
      render();
    }
  }, 3500);
}

// The log's sentence for the `index`th event of a sync's history or an update's events: the
// table's talk tells it where the game's voice does, else the game's view.
function eventLine(msg, index, event) {
  if (event.type === "taken_back") {
    return _("{name} took back a move", { name: context().name(event.seat) });
  }
  const told = msg.talk && msg.talk.log;
  if (told) return told[index] ? talk.line(told[index], context()) : null;
  const game = GAMES[msg.view && msg.view.game];
  return game && game.eventText ? game.eventText(event, context(), msg.view) : null;
}

/** The hint asked for the position shown (`hint` answer), or null when none or stale. */
function currentHintAnswer(stream) {
  const hint = app.hint;
  if (!hint || !stream || app.seats.length === 0) return null;
  return hint.seat === mySeat() && hint.seq === stream.seq ? hint : null;
}

/** The lesson's step shown with the position (a lesson table's learner only), or null. */
function currentLesson(stream) {
  return stream && stream.lesson ? stream.lesson : null;
}

function currentHint(stream) {
  const hint = currentHintAnswer(stream);
  return hint ? hint.index : null;
}

// ------------------------------------------------------------------ what a game view gets
function context() {
  const summary = app.tables.get(app.table);
  const stream = app.stream;
  return {
    seat: mySeat(),
    name: (seat) => seatName(summary, seat),
    player: (seat) => PLAYERS[seat % PLAYERS.length],
    legal: stream ? stream.legal_moves || [] : [],
    // The table's talk of the message shown (shared/talk), said by client/web/talk.js.
    talk: talk.talkOf(stream),
    // The index in `legal` of the move the server's hint names, for this very position.
    hint: currentHint(stream),
    // A lesson's step: the indexes in `legal` of the moves it teaches (lit like a hint's move,
    // the other moves quiet), and the parts of the table it lights.
    lit: lessonLit(stream),
    light: currentLesson(stream) ? currentLesson(stream).light : null,
    seq: stream ? stream.seq : null,
    move: sendMove,
    ui: app.ui,
    rerender: () => {
      app.uiVersion += 1;
      render();
    },
  };
}

function lessonLit(stream) {
  const lesson = currentLesson(stream);
  return lesson && !lesson.watch && !lesson.done ? lesson.lit : null;
}

function sendMove(move) {
  const stream = app.stream;
  if (!stream) return;
  // From the moment the finger lifted (or now, for a key or a click).
  const now = performance.now();
  app.tapped = now - lastTap() < 500 ? lastTap() : now;
  connection.send({ t: "move", table: app.table, seat: stream.seat, move, seq: stream.seq });
}

// ------------------------------------------------------------------ screens
// While a screen is built, the text fields kept across redraws (the name's, the chat's) move
// into it and out of the page, which blurs them: `redrawing` tells their handlers that this
// blur is not the player's, and a render asked for meanwhile waits for this one to end.
let redrawing = false;
let renderAgain = false;

function render() {
  if (redrawing) {
    renderAgain = true;
    return;
  }
  // Where the side (or the lobby) was scrolled, as its scroll events said: reading scrollTop
  // here, or writing it back when it was at the top, would make the browser lay the page out
  // once more before the frame that shows the answer.
  const scroll = root.querySelector(".scroll");
  const keep = (scroll && scroll.scrolledTo) || 0;
  const focused = focusOf(document.activeElement);
  redrawing = true;
  try {
    // The focus and the chat's scrolling are taken note of before the screen is built, and
    // given back after.
    social.holdPlace(root, () => {
      const parts = [
        app.ended ? endedScreen() : app.table === null ? lobbyScreen() : tableScreen(),
        app.toast ? h("div", { class: "toast", role: "status" }, app.toast.text) : null,
        app.rules && app.rules.data && app.rules.words && app.table !== null && !passplay.curtainUp()
          ? rulesScreen()
          : null,
        app.connected || app.ended ? null : h("div", { class: "offline" }, _("Reconnecting…")),
      ];
      root.replaceChildren(...parts.filter(Boolean));
    });
  } finally {
    redrawing = false;
  }
  const again = root.querySelector(".scroll");
  if (again && keep) again.scrollTop = again.scrolledTo = keep;
  // The keys' place comes back at once; a finger's (a control focused by a tap) after the frame
  // is painted, as focusing makes the browser work out the new page's styles first.
  if (focused && focused.keys) refocus(focused);
  else if (focused) afterPaintOnce("refocus", () => refocus(focused));
  afterPaintOnce("tray", trayBelow);
  atTable();
  resultsInSight();
  if (renderAgain) {
    renderAgain = false;
    render();
  }
}

// Work that can wait for the frame with the answer to be painted: of each kind only the last
// asked for before it runs.
const pending = new Map();
function afterPaintOnce(kind, work) {
  const waiting = pending.has(kind);
  pending.set(kind, work);
  if (waiting) return;
  afterPaint(() => {
    const last = pending.get(kind);
    pending.delete(kind);
    last();
  });
}

// The keys' place across a redraw, which builds the screen anew: the control with the same key,
// else the board cell (a plaque just played is no control any more, but still the same cell).
function focusOf(el) {
  if (!(el instanceof Element) || !root.contains(el)) return null;
  return { tap: el.dataset.tap || null, cell: el.dataset.cell || null, landed: el.matches(LANDINGS), keys: byKeys(el) };
}

/** Whether `el` has the focus from the keys (not from a finger); true in a browser without
 *  `:focus-visible`, which then gives the focus back at once, as it always did. */
function byKeys(el) {
  try {
    return el.matches(":focus-visible");
  } catch {
    return true;
  }
}

function refocus(focused) {
  if (!focused || (document.activeElement && document.activeElement !== document.body)) return;
  const pick = (attr, value) => (value ? root.querySelector(`[${attr}="${CSS.escape(value)}"]`) : null);
  const lost = focused.tap || focused.landed;
  const el = pick("data-tap", focused.tap) || pick("data-cell", focused.cell) || (lost ? landing() : null);
  if (el) el.focus({ preventScroll: true });
}

// Where the keys land when the control they were on is gone (a move played, a choice made): the
// seat's controls, else the side beside the board, so that the next Tab reaches the next choice
// rather than the top of the page.
const LANDINGS = "main .controls, main .side";

function landing() {
  const el = root.querySelector("main .controls") || root.querySelector("main .side");
  if (el && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  return el;
}

// A game's button to its own tray (Saba – Palast's "My tray", fixed in the screen's corner) is
// for reaching the tray from the board above it: it shows only while the seat's own part of the
// page — its controls, then the tray — is below the screen, so that it covers none of their
// buttons (held sideways, the tray sits right beside it; upright, the harbour's buttons come just
// above it) nor the chat's after them. Told by a class on the body, which outlives the redraws;
// worked out again after each, and as anything scrolls.
function trayBelow() {
  const tray = document.getElementById("tray");
  const start = tray && (document.querySelector("main .controls") || tray);
  const below = start !== null && start.getBoundingClientRect().top >= innerHeight - 24;
  document.body.classList.toggle("tray-below", below);
}
document.addEventListener(
  "scroll",
  (event) => {
    const el = event.target;
    if (el instanceof Element && el.classList.contains("scroll")) el.scrolledTo = el.scrollTop;
    trayBelow();
  },
  { capture: true, passive: true },
);
addEventListener("resize", trayBelow);

// The results, when a game ends, scrolled into sight once (the side panel may have been
// scrolled down to the controls, which left their heading above the screen's edge).
function resultsInSight() {
  const results = root.querySelector(".results");
  if (!results || app.resultsShown === app.table) return;
  app.resultsShown = app.table;
  results.scrollIntoView({ block: "nearest" });
}

// Seated at a running game: the screen stays awake, and the title and a buzz tell the turn
// (attable.js, fetched when the page first holds a seat at a running game).
let attable = null;
let attableAsked = false;

function atTable() {
  const stream = app.stream;
  const playing = app.table !== null && app.seats.length > 0 && stream && stream.status === "playing";
  if (!attable) {
    if (playing && !attableAsked) {
      attableAsked = true;
      import("./attable.js").then((module) => {
        attable = module;
        render();
      });
    }
    return;
  }
  attable.keepAwake(Boolean(playing));
  attable.turnCue(Boolean(playing && (stream.to_act || []).includes(mySeat())), vibrateOn());
}
// How the screen is kept awake now (for the tests).
Object.defineProperty(app, "awake", { get: () => (attable ? attable.awakeState() : "off") });

/** Whether the phone buzzes when the turn comes (on unless its person turned it off). */
function vibrateOn() {
  return localStorage.getItem(VIBRATE) !== "off";
}

function endedScreen() {
  return h(
    "main",
    { class: "lobby" },
    h("h1", {}, _("Jewel Table")),
    h(
      "p",
      {},
      app.ended === "replaced"
        ? _("Your seats moved to another window")
        : _("Your seats are open in another window"),
    ),
    button(_("Take them back here"), () => {
      app.ended = null;
      connection.open(myName(), { takeOver: true });
    }),
  );
}

function myName() {
  return localStorage.getItem(NAME) || "";
}

// The name field is one element for the page's life, like the chat's: the lobby redraws on
// every piece of news (a table made, a seat taken), and a new field would drop the letters
// typed so far.
let nameField = null;

function nameInput() {
  if (!nameField) {
    nameField = h("input", {
      id: "name",
      type: "text",
      maxlength: 32,
      autocomplete: "nickname",
      placeholder: _("Your name"),
      // Taken when the player is done with it: a pause in the typing, Enter, OK, or leaving
      // the field (not when a redraw moves it), and only when it says something new.
      oninput: nameTyped,
      onchange: nameDone,
      onblur: nameDone,
      onkeydown: (event) => {
        if (event.key === "Enter") nameDone();
      },
    });
  }
  if (document.activeElement !== nameField) nameField.value = myName();
  return nameField;
}

function lobbyScreen() {
  const named = myName() !== "";
  const field = nameInput();
  // A lesson table is its learner's alone: never listed (the server lists it to nobody else).
  const tables = [...app.tables.values()].filter((t) => !t.lesson).sort((a, b) => b.id - a.id);
  return h(
    "main",
    { class: "lobby scroll" },
    h("h1", {}, _("Jewel Table"), app.welcome ? h("small", {}, ` · ${app.welcome.server}`) : null),
    // The name is taken as typed, with Enter, on leaving the field, or with OK.
    h(
      "div",
      { class: "name-row" },
      h("label", { class: "name" }, h("span", {}, _("Your name")), field),
      button(_("OK"), nameDone, { id: "name-ok" }),
    ),
    evening.standingBlock(myName()),
    lessonsSection(),
    typeof navigator.vibrate === "function" ? vibrateToggle() : null,
    seeingSettings(),
    named ? newTable() : h("p", { class: "hint" }, _("Type your name to sit at a table.")),
    h("h2", {}, _("Tables")),
    tables.length
      ? h("ul", { class: "tables" }, tables.map((t) => tableCard(t, named)))
      : h("p", { class: "hint" }, _("No tables yet.")),
  );
}

// "Learn to play": a guided first game of each title that has one (`welcome`'s `lessons`).
function lessonsSection() {
  const games = ((app.welcome && app.welcome.lessons) || []).filter((id) => PLAYABLE.includes(id));
  if (!games.length) return null;
  const titles = new Map(app.welcome.games.map((g) => [g.id, g.title]));
  return h(
    "section",
    { class: "lessons" },
    h("h2", {}, _("Learn to play")),
    h("p", { class: "hint" }, _("A short guided game: you make every move, and each rule is told when it first matters.")),
    games.map((id) =>
      button(titles.get(id) || id, () => learn(id), { "data-learn": id }),
    ),
  );
}

function learn(game) {
  loadLessonWords(); // its words, while the table is made
  connection.send({ t: "learn", game, ...(myName() ? { name: myName() } : {}) });
}

/** After a lesson: a real game of that title against basic bots, as "Play against bots" makes
 *  it (newtable.js), the lesson table left behind. */
function playRealGame(gameId) {
  const game = (app.welcome ? app.welcome.games : []).find((g) => g.id === gameId);
  connection.send({ t: "leave", table: app.table });
  if (!game) return;
  import("./newtable.js").then((module) => {
    newtable = module;
    create(module.createMessage(game, module.freshForm(game)));
  });
}

// Typing stopped this long (ms): the name so far is taken.
const NAME_PAUSE = 1200;
let namePause = null;

function nameTyped() {
  clearTimeout(namePause);
  namePause = setTimeout(nameDone, NAME_PAUSE);
}

function vibrateToggle() {
  const on = vibrateOn();
  return button(`${_("Vibrate on my turn")}: ${on ? _("on") : _("off")}`, () => {
    localStorage.setItem(VIBRATE, on ? "off" : "on");
    render();
  }, { id: "vibrate", class: on ? "toggle chosen" : "toggle", "aria-pressed": on ? "true" : "false" });
}

// How the page is seen (prefs.js): less motion, and the text size.
function seeingSettings() {
  const reduce = prefs.motionSetting();
  const size = h(
    "select",
    {
      id: "text-size",
      onchange: (event) => {
        prefs.setTextSize(Number(event.target.value));
        render();
      },
    },
    prefs.TEXT_SIZES.map((n) => h("option", { value: n, selected: n === prefs.textSize() }, `${n} %`)),
  );
  return h(
    "div",
    { class: "a11y-settings" },
    button(`${_("Reduce motion")}: ${reduce ? _("on") : _("off")}`, () => {
      prefs.setMotion(!reduce);
      render();
    }, { id: "reduce-motion", class: reduce ? "toggle chosen" : "toggle", "aria-pressed": reduce ? "true" : "false" }),
    h("label", { class: "setting" }, h("span", {}, _("Text size")), size),
  );
}

function nameDone() {
  clearTimeout(namePause);
  if (redrawing) return;
  const name = nameField.value.trim().slice(0, 32);
  if (name && name !== myName()) rename(name);
}

function rename(value) {
  const name = value.trim().slice(0, 32);
  if (!name) return;
  // Seats carry the name given with create and join, so no new hello is needed.
  localStorage.setItem(NAME, name);
  followLink();
  render();
}

// A join link (the host's "open for a phone" QR code): ?table=3&seat=1 sits there once the
// page knows a name; ?table=3 alone watches. The link is used once, then dropped from the URL.
const link = new URLSearchParams(location.search);

function followLink() {
  const table = Number.parseInt(link.get("table"), 10);
  if (Number.isNaN(table) || app.table !== null || !app.welcome) return;
  const seat = Number.parseInt(link.get("seat"), 10);
  if (!Number.isNaN(seat) && !myName()) return; // asks for the name first
  link.delete("table");
  link.delete("seat");
  history.replaceState(null, "", location.pathname);
  if (Number.isNaN(seat)) connection.send({ t: "watch", table, ...(myName() ? { name: myName() } : {}) });
  else connection.send({ t: "join", table, seat, name: myName() });
}

// The New table form's module, fetched once the page knows a name (a phone coming back to its
// seat never needs it).
let newtable = null;
let newtableAsked = false;

function newTable() {
  if (!newtable) {
    if (!newtableAsked) {
      newtableAsked = true;
      import("./newtable.js").then((module) => {
        newtable = module;
        render();
      });
    }
    return h("p", { class: "hint" }, "…");
  }
  const games = (app.welcome ? app.welcome.games : []).filter((g) => PLAYABLE.includes(g.id));
  const form = app.newTable;
  // Built again only when the form or the games change: lobby news leaves a menu open as it is.
  return kept("new-table", [app.welcome, form, form && form.version, myName()], () =>
    newtable.newTableSection({
      games,
      form,
      name: myName(),
      setForm: (next) => {
        app.newTable = next;
        render();
        return next;
      },
      create,
    }),
  );
}

function create({ msg, kinds, names }) {
  app.plan = { kinds, names };
  app.creating = true;
  // With no seat left open for a person ("Play against bots"), the game starts once the bots sit.
  app.startWhenFull = kinds.includes("open") ? null : "next";
  connection.send({ name: myName(), ...msg });
}

// Each table's seats and its Watch have tap keys of their own: news redraws the lobby, and a
// card made or gone meanwhile moves the others, so the control under a lifting finger may be
// another table's "Sit here" (dom.js acts on a control only with the key of the one pressed).
function tableCard(table, named) {
  const seats = table.seats.map((seat, i) => {
    const player = PLAYERS[i % PLAYERS.length];
    if (seat.kind === "empty") {
      return h(
        "li",
        {},
        h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
        // Games without a view of their own here are watched from a browser, played at a computer.
        named && PLAYABLE.includes(table.game)
          ? button(_("Sit here"), () => join(table, i), { "data-seat": i, "data-tap": `sit:${table.id}:${i}` })
          : h("span", { class: "hint" }, _("open seat")),
      );
    }
    return h(
      "li",
      { class: seat.connected ? "" : "away" },
      h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
      h("span", {}, shownName(seat, i)),
      // A bot of a known level is named as one ("basic bot 2"); another is tagged.
      seat.kind === "bot" && !BOT_LEVELS.includes(seat.level) ? h("small", {}, " · ", _("bot")) : null,
    );
  });
  return h(
    "li",
    { class: "table", "data-table": table.id },
    h(
      "div",
      { class: "row" },
      h("strong", {}, tableLabel(table)),
      h(
        "span",
        { class: "status" },
        _(STATUS_WORDS[table.status] || table.status),
        table.locked ? ` · ${_("password")}` : "",
      ),
    ),
    h("ul", { class: "seats" }, seats),
    h("div", { class: "row" }, button(_("Watch"), () => watch(table), { class: "watch", "data-tap": `watch:${table.id}` })),
  );
}

function password(table) {
  if (!table.locked) return {};
  const word = prompt(_("Password"));
  return word ? { password: word } : null;
}

function join(table, seat) {
  const extra = password(table);
  if (extra === null) return;
  connection.send({ t: "join", table: table.id, seat, name: myName(), ...extra });
}

function watch(table) {
  const extra = password(table);
  if (extra === null) return;
  const name = myName();
  connection.send({ t: "watch", table: table.id, ...(name ? { name } : {}), ...extra });
}

function leave() {
  const stream = app.stream;
  const summary = app.tables.get(app.table);
  // A lesson ends when its learner leaves: nothing to keep, nothing to ask.
  if (stream && stream.status === "playing" && app.seats.length && !(summary && summary.lesson)) {
    if (!confirm(`${_("Leave the game?")}\n${leaveText(app.tables.get(app.table))}`)) return;
  }
  connection.send({ t: "leave", table: app.table });
}

/** What the server does with a seat given up during play (server/tables.py `leave`): it is
 *  empty, anyone may take it from the lobby; the table's stand-in bot plays it meanwhile, else
 *  the game waits for it (with a turn clock, a bot moves for it when its time is out). */
function leaveText(summary) {
  if (summary && summary.takeover) {
    return _("A bot plays your seat until someone sits there. You can take it back from the lobby.");
  }
  if (summary && summary.clock) {
    return _(
      "Your seat stays empty: when its time runs out a bot moves for it. You can take it back from the lobby.",
    );
  }
  return _("Your seat stays empty and the game waits for it. You can take it back from the lobby.");
}

function tableScreen() {
  const summary = app.tables.get(app.table);
  const stream = app.stream;
  const title = summary ? summary.title : "";
  const watching = app.spectator && !app.seats.length;
  // A hint on the seat's own turn, where the table allows hints (in the top bar, so that
  // asking takes no room from the board).
  const curtain = passplay.curtainUp();
  const hintable = Boolean(
    stream &&
      !curtain &&
      summary &&
      summary.hints &&
      stream.status === "playing" &&
      app.seats.length &&
      (stream.to_act || []).includes(mySeat()),
  );
  const top = kept("top", [title, watching, app.table, hintable], () =>
    h(
      "header",
      { class: "top" },
      button("←", leave, { class: "icon", "aria-label": _("Leave"), id: "leave" }),
      h("strong", {}, title, " ", h("span", { class: "table-no" }, `#${app.table}`)),
      watching ? h("span", { class: "badge" }, _("Watching")) : null,
      hintable
        ? button(_("Hint"), () => connection.send({ t: "hint", table: app.table, seat: mySeat() }), {
            class: "hint-ask",
            id: "hint",
          })
        : null,
      summary ? button("?", () => openRules(summary.game), { class: "icon", "aria-label": _("Rules"), id: "rules" }) : null,
    ),
  );
  if (curtain) {
    // Pass and play: nothing of any seat behind the curtain (passplay.js), not even a refusal
    // told to the seat before (its reason may say what the seat holds), nor the live regions'
    // last words.
    app.toast = null;
    announcer.silence();
    const lifted = () => {
      app.ui = {};
      render();
    };
    return h("main", { class: "table" }, top, passplay.curtainScreen(seatName(summary, passplay.passPlay.curtain), lifted));
  }
  if (!stream) return h("main", { class: "table" }, top, waitingRoom(summary), social.chatPanel());
  const view = stream.view;
  const game = GAMES[view.game] || generic;
  const ctx = context();
  // The events of an update are animated once, on the first drawing after it came.
  // With less motion asked for, nothing is animated: every piece is drawn where it is.
  ctx.fresh = stream !== app.drawnStream && !prefs.reducedMotion() ? stream.events || [] : [];
  app.drawnStream = stream;
  return h(
    "main",
    { class: `table game-${view.game}`, "data-seq": stream.seq },
    top,
    turnLine(stream, ctx),
    lessonPanel(stream, ctx),
    hands.notices(summary, stream),
    h(
      "div",
      { class: "play" },
      kept("board", [stream, summary, app.uiVersion, ctx.hint], () =>
        h("div", { class: "board" }, game.board(view, ctx)),
      ),
      h(
        "div",
        { class: "side scroll" },
        stream.status === "finished" ? results(stream, game, ctx) : null,
        ctx.seat === null || stream.status !== "playing" || hands.blocked(summary, stream)
          ? null
          : game.controls(stream, ctx),
        hands.panel(summary, stream),
        ctx.seat === null ? (game.spectatorFacts ? game.spectatorFacts(view, ctx) : null) : game.facts(view, ctx),
        players(summary, view, game, ctx),
        // Not live itself: announce.js says each move once (a redrawn live list said it again).
        h("ol", { class: "log" }, app.log.slice(-8).map((l) => h("li", {}, l))),
        social.chatPanel(),
      ),
    ),
  );
}

// A lesson's step, above the board and the controls: its number, a refused move's line of why,
// what to look at and what to do; at the end the scoring on the learner's result and "Play a
// real game".
function lessonPanel(stream, ctx) {
  const lesson = currentLesson(stream);
  if (!lesson) return null;
  const refused = app.lessonRefused && app.lessonRefused.seq === stream.seq ? app.lessonRefused.line : null;
  const classes = ["lesson", lesson.watch ? "watch" : "", lesson.done ? "done" : "", lesson.fast ? "fast" : ""];
  // During a fast-forward the table plays on by itself: its line heads the panel, no step does.
  const head = lesson.done
    ? _("Lesson done")
    : lesson.fast
      ? null
      : _("Step {n} of {count}", { n: lesson.step, count: lesson.steps });
  const state = lesson.done ? "done" : lesson.fast ? "fast" : lesson.step;
  return h(
    "section",
    { class: classes.join(" ").trim(), "data-lesson": state, "aria-live": "polite" },
    head ? h("p", { class: "step-no" }, head) : null,
    refused ? h("p", { class: "refused", role: "alert" }, talk.line(refused, ctx)) : null,
    lesson.words.map((line) => h("p", {}, talk.line(line, ctx))),
    lesson.done
      ? button(_("Play a real game"), () => playRealGame(lesson.game), { class: "primary", id: "real-game" })
      : null,
  );
}

// Parts of the screen kept as they are while what they show is unchanged (the same objects):
// a message that changes nothing there redraws nothing there, and a finger on it stays on it.
const keptParts = new Map();

function kept(slot, inputs, build) {
  const last = keptParts.get(slot);
  if (last && last.inputs.every((input, i) => input === inputs[i])) return last.element;
  const element = build();
  keptParts.set(slot, { inputs, element });
  return element;
}

// The rules sheet: asked of the server when opened (the page carries no rules itself).
function openRules(game) {
  app.rules = { game, data: null, words: false };
  connection.send({ t: "rules", game });
  // The rules' long texts come apart from the page's words (server/web_i18n.py).
  loadRulesWords().then(() => {
    if (app.rules && app.rules.game === game) {
      app.rules.words = true;
      render();
    }
  });
}

function rulesScreen() {
  const said = app.stream && app.stream.talk;
  return talk.rulesSheet(app.rules.data, said ? said.topic : null, context(), () => {
    app.rules = null;
    render();
  });
}

function turnLine(stream, ctx) {
  // What the moment means, at the top beside whose turn it is (never below the board).
  app.shownTalk = ctx.talk; // what the page shows, for the tests
  const said = talk.moment(ctx);
  if (stream.status !== "playing") {
    const over = stream.status === "finished" ? pgettext("table.over", "Game over") : _(STATUS_WORDS[stream.status] || stream.status);
    return h("div", { class: "turn" }, h("span", {}, over), said);
  }
  const acting = stream.to_act || [];
  const mine = ctx.seat !== null && acting.includes(ctx.seat);
  const text = mine
    ? app.seats.length > 1
      ? _("{name}, your turn", { name: ctx.name(ctx.seat) }) // one device, several people
      : _("Your turn")
    : acting.length === 1
      ? _("{name}'s turn", { name: ctx.name(acting[0]) })
      : _("Waiting for {names}", { names: acting.map(ctx.name).join(", ") });
  let timer = null;
  if (stream.timer) {
    // The server's quiet time, drained by CSS from the moment the update came in.
    const elapsed = (performance.now() - app.timerSince) / 1000;
    timer = h(
      "div",
      { class: "timer", role: "timer" },
      h("div", {
        class: "fill",
        style: {
          animationDuration: `${stream.timer.seconds}s`,
          animationDelay: `${-elapsed}s`,
        },
      }),
    );
  }
  const clock = clockText(stream, ctx);
  const undo =
    ctx.seat !== null && stream.can_undo
      ? button(_("Undo"), () => connection.send({ t: "undo", table: app.table, seat: ctx.seat }))
      : null;
  // The server's hint for this position (asked in the top bar): the move lit, and why.
  const answer = currentHintAnswer(stream);
  return h(
    "div",
    { class: mine ? "turn mine" : "turn" },
    h("span", {}, clock ? `${text} · ${clock}` : text),
    said,
    timer,
    undo,
    answer ? talk.hintLine(ctx, answer.why) : null,
  );
}

// The turn clock of the seat shown (else of the first seat whose time runs), as m:ss.
function clockText(stream, ctx) {
  const clock = stream.clock;
  if (!clock || !clock.running.length) return null;
  const seat = clock.running.includes(ctx.seat) ? ctx.seat : clock.running[0];
  const spent = (performance.now() - app.clockSince) / 1000;
  const left = Math.max(0, Math.ceil(clock.remaining[seat] - spent));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// A running turn clock ticks once a second.
setInterval(() => {
  const clock = app.stream && app.stream.status === "playing" && app.stream.clock;
  if (clock && clock.running.length) render();
}, 1000);

function players(summary, view, game, ctx) {
  if (!summary) return null;
  const acting = view.to_act || [];
  return h(
    "ul",
    { class: "players" },
    summary.seats.map((seat, i) => {
      const player = PLAYERS[i % PLAYERS.length];
      const classes = [acting.includes(i) ? "acting" : "", seat.connected ? "" : "away"];
      if (i === ctx.seat) classes.push("me");
      return h(
        "li",
        { class: classes.join(" ") },
        h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
        h("span", { class: "who" }, seatName(summary, i)),
        seat.stand_in ? h("small", {}, _("a bot plays")) : null,
        h("span", { class: "fact" }, game.seatFact ? game.seatFact(view, i, ctx) : ""),
        social.bubble(i),
      );
    }),
  );
}

function results(stream, game, ctx) {
  const summary = app.tables.get(app.table);
  const outcome = stream.view.outcome || stream.outcome;
  if (!outcome) return null;
  const winners = outcome.winners || [];
  return h(
    "section",
    { class: "results" },
    h("h2", {}, _("Results")),
    h(
      "p",
      { class: "winners" },
      winners.length
        ? _("{names} wins!", { names: winners.map(ctx.name).join(", ") })
        : _("Nobody wins"),
    ),
    h(
      "ol",
      {},
      (outcome.scores || []).map((score, i) =>
        h("li", {}, `${ctx.name(i)}: `, game.score ? game.score(score, ctx, i, outcome) : number(score)),
      ),
    ),
    scoreTable(ctx, outcome),
    (game.resultLines ? game.resultLines(outcome, ctx, stream.view) : []).map((line) => h("p", {}, line)),
    summary && summary.lesson ? null : social.rematchPart(ctx),
    button(_("Back to the lobby"), () => connection.send({ t: "leave", table: app.table }), {
      class: "primary",
      id: "to-lobby",
    }),
  );
}

function waitingRoom(summary) {
  if (!summary) return h("p", {}, "…");
  // The creator: this page made the table, or (after a reload) the server names us so.
  const creator = app.created === summary.id || (app.welcome && summary.creator === app.welcome.name);
  const empty = summary.seats.filter((s) => s.kind === "empty").length;
  if (creator && !empty && app.startWhenFull === summary.id) {
    app.startWhenFull = null;
    connection.send({ t: "start", table: summary.id });
  }
  return h(
    "section",
    { class: "waiting" },
    h("p", {}, creator ? _("Your table waits for its players") : _("Waiting for the host to start")),
    h("p", { class: "table-no" }, tableLabel(summary)),
    h(
      "ul",
      { class: "players" },
      summary.seats.map((seat, i) =>
        h(
          "li",
          {},
          h("span", { class: "symbol", style: { color: PLAYERS[i].colour } }, PLAYERS[i].symbol),
          h("span", { class: "who" }, shownName(seat, i) || _("open seat")),
        ),
      ),
    ),
    creator ? hostControls(summary, empty) : null,
  );
}

// The creator's hand on a waiting table: fill the open seats with bots, start, close.
function hostControls(summary, empty) {
  return h(
    "div",
    { class: "row host" },
    empty
      ? button(_("Fill the empty seats with bots"), () => {
          summary.seats.forEach((seat, i) => {
            if (seat.kind === "empty") connection.send({ t: "bot", table: summary.id, seat: i });
          });
        }, { id: "fill-bots" })
      : button(_("Start"), () => connection.send({ t: "start", table: summary.id }), {
          class: "primary",
          id: "start",
        }),
    button(_("Close table"), () => {
      if (confirm(_("Close this table?") + "\n" + _("Everyone at the table goes back to the lobby.")))
        connection.send({ t: "close", table: summary.id });
    }, { id: "close-table" }),
  );
}

/** A table's number as the room says it ("Table #3"), its own name when it has one, and its
 *  game. */
function tableLabel(summary) {
  return [_("Table #{id}", { id: summary.id }), summary.name, summary.title].filter(Boolean).join(" · ");
}

// ------------------------------------------------------------------ start
async function start() {
  try {
    await setLanguage(browserLanguage());
  } catch (error) {
    console.warn(error);
  }
  render();
  connection.open(myName() || _("Guest"));
}

start();
