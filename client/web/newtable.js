// The page's New table: what pygame's dialog offers (client/scenes/lobby.py, CreateTableDialog)
// — each seat me / open for a person / a bot of a level, the game's options as the server
// describes them, stand-in bots, undo, open chat, a turn clock, a password, the table's name —
// sent as the same `create` message (docs/protocol.md), then the seats filled as the pygame
// client fills them. Several "me" seats, each with its player's name, are pass and play: this
// device is handed round the table (passplay.js).

import { h, button } from "./dom.js";
import { PLAYERS } from "./players.js";
import { _, number } from "./i18n.js";

const BOT_LEVELS = ["basic", "strong", "random"];
const KINDS = ["me", "open", ...BOT_LEVELS];
const KIND_WORDS = {
  me: () => _("me"),
  open: () => _("open for a person"),
  basic: () => _("bot (basic)"),
  strong: () => _("bot (strong)"),
  random: () => _("bot (random)"),
};
// The turn clocks a table may have: pygame's CLOCK_CHOICES, the same words.
const CLOCKS = [
  [null, () => _("none")],
  [{ kind: "move", seconds: 30 }, () => _("30 s a move")],
  [{ kind: "move", seconds: 60 }, () => _("1 min a move")],
  [{ kind: "move", seconds: 120 }, () => _("2 min a move")],
  [{ kind: "chess", seconds: 600, increment: 10 }, () => _("10 min each + 10 s a move")],
];
// The games' options by the names pygame gives them; another shows its id's words.
const OPTION_NAMES = {
  first_seat: () => _("Who starts"),
  grid: () => _("Grid"),
  quiet_time: () => _("Knock-down after quiet seconds"),
  sealed_first_auctioneer: () => _("Sealed bids for the first auction"),
  "no-jokers": () => _("Without jokers"),
  "joker-symmetry": () => _("Jokers in mirrored pairs"),
  profi: () => _("Professional rules"),
};
// A table's name at most (shared/protocol.py TABLE_NAME_LEN), and a seat's person's (NAME_LEN).
const TABLE_NAME_LEN = 32;
const NAME_LEN = 32;
// Options for one player only (La Magie des Bijoux's grid follows the player count otherwise).
const SOLITAIRE_OPTIONS = ["grid"];
// An integer option's values offered at most (pygame offers as many).
const MOST_VALUES = 30;

// After how long a person's seat to act goes to a stand-in bot (create's `idle_takeover`).
const IDLE = [
  [null, () => _("off")],
  [60, () => _("a bot after 1 min")],
  [180, () => _("a bot after 3 min")],
  [600, () => _("a bot after 10 min")],
];

/** Hints as the table will have them: as chosen, else the server's default (off with a clock). */
function hintsShown(form) {
  return form.hints !== null ? form.hints : !CLOCKS[form.clock][0];
}

/** What the form holds for `game` when it is chosen: this page's person at seat 1, basic bots
 *  at the others — "Play against bots" as one tap. */
export function freshForm(game) {
  const n = Math.max(game.min_players, Math.min(3, game.max_players));
  return {
    game: game.id,
    kinds: ["me", ...Array(n - 1).fill("basic")],
    options: {},
    takeover: null,
    undo: true,
    openChat: false,
    clock: 0,
    hints: null, // null: the server's default (on, but off with a clock or at a counted table)
    idle: 0, // an index into IDLE
    names: {}, // by seat: who plays a "me" seat when there are several (pass and play)
    more: false, // the settings below the seats shown
    version: 0,
  };
}

// The password and table name fields are one element each for the page's life, as the
// person's name's: the lobby redraws on every piece of news, and a new field would drop what
// was typed.
let passwordField = null;
let tableNameField = null;

function tableNameInput() {
  if (!tableNameField) {
    tableNameField = h("input", {
      id: "new-table-name",
      type: "text",
      maxlength: TABLE_NAME_LEN,
      autocomplete: "off",
    });
  }
  return tableNameField;
}

function passwordInput() {
  if (!passwordField) {
    passwordField = h("input", {
      id: "new-password",
      type: "password",
      maxlength: 64,
      autocomplete: "off",
      placeholder: _("Password (optional)"),
    });
  }
  return passwordField;
}

/** The New table section of the lobby. `page`: {games, form, setForm, create, name}: `name`,
 *  this page's person's. */
export function newTableSection(page) {
  const games = page.games;
  let form = page.form;
  const game = games.find((g) => g.id === (form && form.game)) || games[0];
  if (!game) return null;
  if (!form || form.game !== game.id) form = page.setForm(freshForm(game));
  const change = (edit) => {
    edit(form);
    form.version += 1;
    page.setForm(form);
  };
  const n = form.kinds.length;
  const bots = form.kinds.filter((k) => BOT_LEVELS.includes(k)).length;
  const quick = !form.kinds.includes("open") && form.kinds[0] === "me" && bots > 0;
  return h(
    "section",
    { class: "new", id: "new-table" },
    h("h2", {}, _("New table")),
    h(
      "div",
      { class: "choices" },
      games.map((g) =>
        button(g.title, () => page.setForm(freshForm(g)), {
          class: g.id === game.id ? "chosen" : "",
          "data-game": g.id,
        }),
      ),
    ),
    h(
      "div",
      { class: "choices" },
      h("span", {}, _("Players")),
      counts(game).map((count) =>
        button(number(count), () => change((f) => resize(f, game, count)), {
          class: count === n ? "chosen" : "",
          "data-players": count,
        }),
      ),
    ),
    h("ul", { class: "seat-kinds" }, form.kinds.map((kind, seat) => seatRow(form, seat, change, page.name))),
    several(form) ? h("p", { class: "hint" }, _("Pass and play: this device goes round, each “me” seat in turn.")) : null,
    h("label", { class: "setting table-name" }, h("span", {}, _("Table name (optional)")), tableNameInput()),
    // The game's own variants in sight; the table's settings folded below them.
    h("div", { class: "settings options" }, optionRows(game, form, change)),
    h(
      "details",
      {
        class: "settings",
        id: "table-settings",
        open: form.more,
        // Opened or closed by its person: kept so, without building the form again.
        ontoggle: (event) => (form.more = event.target.open),
      },
      h("summary", {}, _("Clock, stand-in bots, undo, chat, password")),
      picker(
        "takeover",
        _("Bots stand in for absent players"),
        [null, ...BOT_LEVELS].map((level) => [level, level ? KIND_WORDS[level]() : _("off")]),
        form.takeover,
        (value) => change((f) => (f.takeover = value)),
      ),
      picker(
        "clock",
        _("Turn clock"),
        CLOCKS.map(([, word], i) => [i, word()]),
        form.clock,
        (value) => change((f) => (f.clock = value)),
      ),
      toggle("undo", _("Undo"), form.undo, () => change((f) => (f.undo = !f.undo))),
      toggle("hints", _("Hints"), hintsShown(form), () => change((f) => (f.hints = !hintsShown(f)))),
      picker(
        "idle",
        _("Idle seats"),
        IDLE.map(([, word], i) => [i, word()]),
        form.idle,
        (value) => change((f) => (f.idle = value)),
      ),
      toggle("open-chat", _("Spectators chat with the players"), form.openChat, () =>
        change((f) => (f.openChat = !f.openChat)),
      ),
      h("label", { class: "setting" }, h("span", {}, _("Password")), passwordInput()),
    ),
    button(quick ? _("Play against bots") : _("Create table"), () => page.create(createMessage(game, form, page.name)), {
      class: "primary",
      id: "create",
    }),
  );
}

function counts(game) {
  const out = [];
  for (let n = game.min_players; n <= game.max_players; n++) out.push(n);
  return out;
}

function resize(form, game, n) {
  n = Math.max(game.min_players, Math.min(game.max_players, n));
  form.kinds = [...form.kinds, ...Array(n).fill("basic")].slice(0, n);
  if (form.options.first_seat !== undefined && form.options.first_seat >= n) delete form.options.first_seat;
  if (n > 1) for (const key of SOLITAIRE_OPTIONS) delete form.options[key];
}

/** Whether several seats are "me": pass and play, each with its person's name. */
function several(form) {
  return form.kinds.filter((k) => k === "me").length > 1;
}

function seatRow(form, seat, change, name) {
  const player = PLAYERS[seat % PLAYERS.length];
  const me = form.kinds[seat] === "me";
  return h(
    "li",
    {},
    h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
    select(
      `seat-${seat}`,
      _("Seat {n}", { n: seat + 1 }),
      KINDS.map((kind) => [kind, KIND_WORDS[kind]()]),
      form.kinds[seat],
      (kind) => change((f) => (f.kinds[seat] = kind)),
      { "data-seat-kind": seat },
    ),
    // Who plays it, when this device holds several seats (the first is this page's person).
    me && several(form)
      ? h("input", {
          type: "text",
          maxlength: NAME_LEN,
          autocomplete: "off",
          "data-seat-name": seat,
          "aria-label": _("Who plays seat {n}?", { n: seat + 1 }),
          placeholder: seatPlaceholder(form, seat, name),
          value: form.names[seat] || "",
          // Kept as typed, without building the form again (the field keeps its focus).
          oninput: (event) => (form.names[seat] = event.target.value),
        })
      : null,
  );
}

/** The name a "me" seat gets when its field is left empty: this page's person's for the first,
 *  "Player n" for the others (pygame's SeatNamesDialog). */
function seatPlaceholder(form, seat, name) {
  const first = form.kinds.indexOf("me") === seat;
  return first && name ? name : _("Player {n}", { n: seat + 1 });
}

function optionRows(game, form, change) {
  const n = form.kinds.length;
  return Object.entries(game.options || {})
    .filter(([key]) => !(SOLITAIRE_OPTIONS.includes(key) && n > 1))
    .map(([key, option]) => {
      const title = OPTION_NAMES[key] ? OPTION_NAMES[key]() : key.replace(/[_-]/g, " ");
      const value = key in form.options ? form.options[key] : option.default;
      const set = (v) =>
        change((f) => {
          if (v === option.default) delete f.options[key];
          else f.options[key] = v;
        });
      if (option.type === "bool") {
        return toggle(`option-${key}`, title, Boolean(value), () => set(!value), { "data-option": key });
      }
      return picker(`option-${key}`, title, optionValues(key, option, n), value, set);
    });
}

/** An option's values with their words: its choices, a seat, or a range of whole numbers. */
function optionValues(key, option, n) {
  if (option.choices) return option.choices.map((c) => [c, c === "auto" ? _("auto") : c]);
  if (key === "first_seat") {
    return [[null, _("random")], ...Array.from({ length: n }, (_x, i) => [i, _("Seat {n}", { n: i + 1 })])];
  }
  const lo = option.min ?? 0;
  const hi = Math.min(option.max ?? (option.default || 0) + 10, lo + MOST_VALUES);
  const values = [];
  for (let v = lo; v <= hi; v++) values.push([v, number(v)]);
  return values;
}

// A labelled menu of `choices` ([value, words]); values of any kind, kept by their index.
function picker(id, label, choices, value, pick) {
  return h("label", { class: "setting" }, h("span", {}, label), select(id, label, choices, value, pick));
}

function select(id, label, choices, value, pick, props = {}) {
  const index = Math.max(0, choices.findIndex(([v]) => v === value));
  return h(
    "select",
    {
      id,
      "aria-label": label,
      onchange: (event) => pick(choices[Number(event.target.value)][0]),
      ...props,
    },
    choices.map(([, words], i) => h("option", { value: i, selected: i === index }, words)),
  );
}

function toggle(id, label, on, flip, props = {}) {
  return button(`${label}: ${on ? _("on") : _("off")}`, flip, {
    ...props,
    id,
    class: on ? "toggle chosen" : "toggle",
    "aria-pressed": on ? "true" : "false",
  });
}

/** The `create` message of the form, and the plan for its seats after it (`kinds`, and the
 *  `names` of its "me" seats when there are several). `name`: this page's person's. */
export function createMessage(game, form, name) {
  const msg = { t: "create", game: game.id, seats: form.kinds.length, sit: form.kinds[0] === "me" };
  const names = {};
  if (several(form)) {
    form.kinds.forEach((kind, seat) => {
      if (kind === "me") names[seat] = (form.names[seat] || "").trim().slice(0, NAME_LEN) || seatPlaceholder(form, seat, name);
    });
    if (msg.sit) msg.name = names[0];
  }
  const tableName = tableNameInput().value.trim();
  if (tableName) msg.table_name = tableName;
  if (Object.keys(form.options).length) msg.options = { ...form.options };
  const password = passwordInput().value;
  if (password) msg.password = password;
  if (form.takeover) msg.takeover = form.takeover;
  if (!form.undo) msg.undo = false;
  if (form.openChat) msg.open_chat = true;
  if (CLOCKS[form.clock][0]) msg.clock = CLOCKS[form.clock][0];
  if (form.hints !== null) msg.hints = form.hints;
  if (IDLE[form.idle][0]) msg.idle_takeover = IDLE[form.idle][0];
  passwordInput().value = "";
  tableNameInput().value = "";
  return { msg, kinds: [...form.kinds], names };
}

/** The messages that fill a table just made as `plan` says ({kinds, names}): this page's seats
 *  but the first (the creator needs no password), each with its person's name, and the bots
 *  (pygame's Session._carry_out). `name`: this page's person's. */
export function seatMessages(table, plan, name) {
  const out = [];
  plan.kinds.forEach((kind, seat) => {
    if (kind === "me" && seat > 0) out.push({ t: "join", table, seat, name: plan.names[seat] || name });
    else if (BOT_LEVELS.includes(kind)) out.push({ t: "bot", table, seat, level: kind });
  });
  return out;
}
