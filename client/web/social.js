// At the table together (docs/protocol.md "At the table together"): the chat panel, emote
// bubbles at the seats, and Play again (rematch) — the browser's side of client/scenes/chat.py
// and client/scenes/results.py. app.js hands every message here first (`receive`) and puts the
// panel, the bubbles and the rematch part where they belong.

import { h, button } from "./dom.js";
import { _, pgettext, ngettext } from "./i18n.js";

// The emotes' words, in the order of their buttons (shared/protocol.py EMOTES).
const EMOTES = {
  well_played: () => pgettext("emote", "Well played!"),
  good_luck: () => pgettext("emote", "Good luck!"),
  thanks: () => pgettext("emote", "Thanks!"),
  oops: () => pgettext("emote", "Oops!"),
  hmm: () => pgettext("emote", "Hmm…"),
  hurry_up: () => pgettext("emote", "Hurry up!"),
};
const CHAT_LEN = 300;
const CHAT_LINES = 50;
const BUBBLE_LIFE = 3000; // ms an emote bubble shows at its seat
// Refusals after which what was written comes back into the field (nothing typed is lost).
const GIVE_BACK = new Set(["rate_limited", "muted", "out_of_range"]);

let app = null;
let connection = null;
let render = () => {};
let apply = () => {};

const social = {
  table: null, // the table the lines are of
  lines: [], // chat and emote messages as received, and notices {notice: text}
  revision: 0,
  muted: new Set(),
  bubbles: new Map(), // seat → {emote, at}
  rematch: null, // the latest `rematch` about this table or the one it leads to
  deadline: 0, // when the rematch's minute runs out (performance.now())
  asked: false, // this page sent `rematch`
  next: null, // the `joined` of the next game, followed once it starts
  sent: null, // the text last sent, given back if it is refused
  panel: null,
};

/** Wire the module to the page: its state, its connection, its redraw, its own handlers. */
export function initSocial(state, conn, redraw, handle) {
  app = state;
  connection = conn;
  render = redraw;
  apply = handle;
  state.social = social; // for the browser tests
}

function reset(table) {
  social.table = table;
  social.lines = [];
  social.revision += 1;
  social.muted = new Set();
  social.bubbles = new Map();
  social.panel = null;
  if (!social.rematch || (social.rematch.table !== table && social.rematch.next !== table)) {
    social.rematch = null;
    social.asked = false;
  }
}

/** Take a message before the page does; true when it is this module's alone. */
export function receive(msg) {
  switch (msg.t) {
    case "joined":
      return joined(msg);
    case "left":
      if (social.next && msg.table === social.next.table && !msg.seats.length && !msg.spectator)
        social.next = null;
      if (social.next && msg.table === app.table && !msg.seats.length && !msg.spectator) {
        // Back to the lobby before the next game began: that says no to it.
        connection.send({ t: "leave", table: social.next.table });
        social.next = null;
      }
      return social.next !== null && msg.table === social.next.table;
    case "chat_log":
      if (msg.table !== app.table) return true;
      social.lines = msg.lines.slice(-CHAT_LINES);
      social.revision += 1;
      return true;
    case "chat":
    case "emote":
      if (msg.table !== app.table) return true;
      said(msg);
      return true;
    case "muted":
      if (msg.table !== app.table) return true;
      if (msg.muted) social.muted.add(msg.who);
      else social.muted.delete(msg.who);
      said({
        notice: msg.muted
          ? _("{name} was muted by the table's host.", { name: msg.name })
          : _("{name} may chat again.", { name: msg.name }),
      });
      return true;
    case "rematch":
      rematch(msg);
      return true;
    case "error":
      if (GIVE_BACK.has(msg.code) && social.sent !== null) {
        const field = social.panel && social.panel.querySelector("input");
        if (field && !field.value) field.value = social.sent;
        social.sent = null;
      }
      return false;
    default:
      return false;
  }
}

function joined(msg) {
  const stream = app.stream;
  // A table this page did not ask for, while its game is over: the next game of a rematch.
  // The page stays on the results until that game starts (as the pygame client does).
  const atEnd = app.table !== null && msg.table !== app.table && stream && stream.status === "finished";
  if (atEnd && !app.creating && !social.following) {
    social.next = msg;
    app.tables.set(msg.table, msg.summary);
    follow();
    return true;
  }
  if (msg.table !== social.table) reset(msg.table);
  // What was said before this page came (again): asked after every joined.
  connection.send({ t: "chat_log", table: msg.table });
  return false;
}

function said(msg) {
  social.lines.push(msg);
  social.lines = social.lines.slice(-CHAT_LINES);
  social.revision += 1;
  if (msg.t === "chat" && own(msg)) social.sent = null;
  if (msg.t === "emote" && msg.seat !== null && msg.seat !== undefined) {
    social.bubbles.set(msg.seat, { emote: msg.emote, at: performance.now() });
    setTimeout(render, BUBBLE_LIFE + 50);
  }
}

function rematch(msg) {
  if (msg.table !== app.table && msg.next !== app.table && !(social.next && msg.next === social.next.table))
    return;
  social.rematch = msg;
  social.deadline = performance.now() + (msg.seconds || 0) * 1000;
  follow();
}

// Once the next game started (or is settled, waiting for its creator), the page moves there.
function follow() {
  const offer = social.rematch;
  const next = social.next;
  if (!next || !offer || offer.next !== next.table || !offer.done) return;
  const old = app.table;
  social.next = null;
  social.following = true;
  apply(next);
  social.following = false;
  reset(next.table);
  connection.send({ t: "chat_log", table: next.table });
  connection.send({ t: "sync", table: next.table });
  if (old !== null && old !== next.table) connection.send({ t: "leave", table: old });
}

// A running rematch minute counts down.
setInterval(() => {
  const offer = social.rematch;
  if (offer && !offer.done && app && app.table !== null) render();
}, 1000);

function own(msg) {
  if (msg.seat !== null && msg.seat !== undefined) return app.seats.includes(msg.seat);
  return app.spectator && app.welcome && msg.from === app.welcome.name;
}

function emoteText(name) {
  return EMOTES[name] ? EMOTES[name]() : name;
}

function creator() {
  const summary = app.tables.get(app.table);
  return Boolean(summary && app.welcome && summary.creator === app.welcome.name);
}

// ------------------------------------------------------------------ the chat panel
function lineOf(msg) {
  if (msg.notice) return h("li", { class: "notice" }, msg.notice);
  const name =
    msg.seat === null || msg.seat === undefined
      ? _("{name} (watching)", { name: msg.from })
      : msg.from;
  const muted = social.muted.has(msg.who);
  const classes = [msg.t === "emote" ? "emote" : "", muted ? "muted" : "", msg.seat === null ? "spectator" : ""];
  const line = h(
    "li",
    { class: classes.filter(Boolean).join(" ") },
    h("b", {}, _("{name}:", { name })),
    " ",
    msg.t === "emote" ? emoteText(msg.emote) : msg.text,
  );
  if (creator() && msg.who > 0 && !own(msg)) {
    // The table's host taps someone's line to mute them (or let them chat again).
    return h("li", {}, button(line.childNodes.length ? [...line.childNodes] : "", () => ask(msg), {
      class: `line ${line.className}`,
      "data-tap": `mute:${msg.who}:${social.lines.indexOf(msg)}`,
    }));
  }
  return line;
}

function ask(msg) {
  const muted = social.muted.has(msg.who);
  const question = muted
    ? _("Let {name} chat again?", { name: msg.from })
    : _("Mute {name}?", { name: msg.from });
  if (confirm(question)) connection.send({ t: "mute", table: app.table, who: msg.who, muted: !muted });
}

function send(field) {
  const text = field.value.trim();
  if (!text || app.table === null) return;
  const msg = { t: "chat", table: app.table, text };
  if (app.seats.length) msg.seat = app.mySeat(); // the seat shown (pass and play: its person's)
  connection.send(msg);
  social.sent = field.value;
  field.value = "";
}

function emote(name) {
  if (app.table === null) return;
  const msg = { t: "emote", table: app.table, emote: name };
  if (app.seats.length) msg.seat = app.mySeat();
  connection.send(msg);
}

/** The chat panel: kept as one element while the table is the same, so typing is never lost. */
export function chatPanel() {
  if (!social.panel) {
    const field = h("input", {
      type: "text",
      id: "chat-text",
      maxlength: CHAT_LEN,
      enterkeyhint: "send",
      autocomplete: "off",
      placeholder: _("Say something…"),
      "aria-label": _("Chat"),
      onkeydown: (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          send(field);
        }
      },
    });
    social.panel = h(
      "section",
      { class: "chat" },
      h("h2", {}, _("Chat"), h("small", { class: "hint" })),
      h("ol", { class: "lines", "aria-live": "polite", onscroll: keepScroll }),
      h(
        "div",
        { class: "emotes", onscroll: keepScroll },
        Object.keys(EMOTES).map((name) =>
          button(emoteText(name), () => emote(name), { "data-emote": name }),
        ),
      ),
      h("div", { class: "say" }, field, button(_("Send"), () => send(field), { id: "chat-send" })),
    );
    social.drawn = -1;
  }
  const panel = social.panel;
  const spectatorOnly = app.spectator && !app.seats.length && !openChat();
  panel.querySelector("h2 small").textContent = spectatorOnly
    ? ` · ${_("read by spectators only")}`
    : "";
  if (social.drawn !== social.revision) {
    social.drawn = social.revision;
    const list = panel.querySelector(".lines");
    list.replaceChildren(
      ...(social.lines.length
        ? social.lines.map(lineOf)
        : [h("li", { class: "notice" }, _("Nothing said yet."))]),
    );
    requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
  }
  return panel;
}

function openChat() {
  const summary = app.tables.get(app.table);
  return Boolean(summary && summary.open_chat);
}

/** The bubble of a fresh emote at `seat`, or null. */
export function bubble(seat) {
  const fresh = social.bubbles.get(seat);
  if (!fresh) return null;
  const age = performance.now() - fresh.at;
  if (age >= BUBBLE_LIFE) {
    social.bubbles.delete(seat);
    return null;
  }
  return h(
    "span",
    { class: "bubble", "data-seat": seat, style: { animationDelay: `${-age}ms` } },
    emoteText(fresh.emote),
  );
}

/** A scroll event of the chat's lists: where it now stands, for `holdPlace`. */
function keepScroll(event) {
  const el = event.currentTarget;
  el.kept = el.scrollTop || el.scrollLeft ? [el.scrollTop, el.scrollLeft] : null;
}

/** Keep what outlives a redraw that moves it as it was: a text field (the chat's, the name's)
 *  focused with its caret, and the chat panel's own scrolling (the lines read back, the emotes
 *  swiped along) — an element moved in the page starts again at its top and left. */
export function holdPlace(root, work) {
  const active = document.activeElement;
  const typing = active && active.tagName === "INPUT" && active.type === "text" && root.contains(active);
  const caret = typing ? [active.selectionStart, active.selectionEnd] : null;
  // Where the panel's lists were scrolled, as their scroll events last said: reading scrollTop
  // here would make the browser lay the page out before every redraw.
  const scrolled = social.panel
    ? [...social.panel.querySelectorAll(".lines, .emotes")]
        .filter((el) => el.kept)
        .map((el) => [el, el.kept[0], el.kept[1]])
    : [];
  work();
  if (typing && active.isConnected && document.activeElement !== active) {
    active.focus({ preventScroll: true });
    active.setSelectionRange(...caret);
  }
  for (const [el, top, left] of scrolled) {
    if (el.isConnected && (el.scrollTop !== top || el.scrollLeft !== left)) {
      el.scrollTop = top;
      el.scrollLeft = left;
    }
  }
}

// ------------------------------------------------------------------ play again
/** Play again, and how the next game stands, on the results (a spectator sees the state). */
export function rematchPart(ctx) {
  const offer = social.rematch && social.rematch.table === app.table ? social.rematch : null;
  const mine = app.seats;
  const awaited = offer ? offer.waiting.filter((s) => mine.includes(s)).length > 0 : false;
  const canAsk = mine.length > 0 && (offer ? !offer.done && awaited : !social.asked);
  const again = mine.length
    ? button(_("Play again"), () => {
        social.asked = true;
        connection.send({ t: "rematch", table: app.table });
        render();
      }, { id: "rematch", class: "primary", disabled: !canAsk })
    : null;
  const note = rematchLine(offer, awaited, ctx);
  return h(
    "div",
    { class: "rematch" },
    again,
    note ? h("p", { class: "rematch-note", role: "status" }, note) : null,
  );
}

function rematchLine(offer, awaited, ctx) {
  if (!offer) return social.asked ? _("Asking the others…") : null;
  if (offer.started) return _("The next game begins…");
  if (offer.done)
    return _("The next game waits at table #{id} for its empty seats.", { id: offer.next });
  const left = Math.max(0, Math.round((social.deadline - performance.now()) / 1000));
  if (awaited)
    return ngettext(
      "{name} asks to play again: {n} second left to say yes.",
      "{name} asks to play again: {n} seconds left to say yes.",
      left,
      { name: offer.by },
    );
  const names = offer.waiting.map(ctx.name).join(", ");
  if (!names) return _("Waiting for the empty seats to fill…");
  return ngettext("Waiting for {names} ({n} second)…", "Waiting for {names} ({n} seconds)…", left, {
    names,
  });
}
