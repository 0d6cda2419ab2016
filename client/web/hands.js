// A hand on idle seats (docs/protocol.md, "A hand on idle seats"): the table's creator (or a
// host) nudges a seat, hands it to a bot, removes its person, pauses and resumes the table; the
// person at the seat hears the nudge, sees that a bot plays their seat and takes it back. The
// server decides every step and refuses with an `error` (app.js shows its reason).

import { h, button } from "./dom.js";
import { _ } from "./i18n.js";
import { seatName } from "./players.js";

const BUZZ_MS = [120, 80, 120];
const NOTICE_MS = 6000;

// The refusals of these steps in the page's language (client/words/i18n.py's ERRORS, the same English).
export const ERRORS = {
  seat_active: "That person is here and has not kept the table waiting: nudge them first.",
  already_handed: "A bot already plays that seat.",
  not_handed: "No bot plays that seat.",
  already_paused: "The table is already paused.",
  not_paused: "The table is not paused.",
  paused: "The table is paused.",
  no_person: "Nobody holds that seat.",
  removed: "You were removed from this table's game.",
};

const state = {
  host: false, // the server made this connection's identity a host (`host` answer)
  nudge: null, // {table, by, until}: the latest nudge of this page's seat, shown for a while
  handed: new Map(), // table → the `handed` message while a bot plays this page's seat there
  removed: null, // {table, by}
};

let app = null;
let send = null;
let redraw = () => {};
let toast = () => {};

export function init(theApp, connection, render, showToast) {
  app = theApp;
  send = (msg) => connection.send(msg);
  redraw = render;
  toast = showToast;
  app.hands = state; // for the tests
}

/** Takes the messages of this part; true when one was handled (nothing else needs it). */
export function receive(msg) {
  if (msg.t === "host") {
    state.host = Boolean(msg.host);
    return false; // the evening's part may want it too
  }
  if (msg.t === "joined" && app.creating) {
    const ids = createdHere().filter((id) => id !== msg.table);
    localStorage.setItem(CREATED, JSON.stringify([...ids, msg.table].slice(-CREATED_KEPT)));
    return false;
  }
  if (msg.t === "nudge") {
    const notice = { table: msg.table, seat: msg.seat, by: msg.by, until: performance.now() + NOTICE_MS };
    state.nudge = notice;
    buzz();
    setTimeout(() => {
      if (state.nudge === notice) {
        state.nudge = null;
        redraw();
      }
    }, NOTICE_MS);
    return true;
  }
  if (msg.t === "nudged") {
    const name = seatName(app.tables.get(msg.table), msg.seat);
    toast(msg.reached ? _("{name} was nudged.", { name }) : _("{name} is not connected.", { name }));
    return true;
  }
  if (msg.t === "paused") {
    const summary = app.tables.get(msg.table);
    if (summary) app.tables.set(msg.table, { ...summary, paused: msg.paused });
    if (msg.by) toast(msg.paused ? _("{name} paused the table.", { name: msg.by }) : _("{name} resumed the table.", { name: msg.by }));
    return true;
  }
  if (msg.t === "handed") {
    state.handed.set(msg.table, msg);
    return true;
  }
  if (msg.t === "removed") {
    state.removed = { table: msg.table, by: msg.by };
    state.handed.delete(msg.table);
    return true;
  }
  if (msg.t === "table") {
    // The summary tells when the page's seat is played by itself again (reclaimed, restart).
    const handed = state.handed.get(msg.table.id);
    if (handed && !(msg.table.seats[handed.seat] || {}).handed) state.handed.delete(msg.table.id);
  }
  return false;
}

/** A short buzz where the phone can, and a sound where the page may play one. */
function buzz() {
  if (typeof navigator.vibrate === "function") navigator.vibrate(BUZZ_MS);
  try {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    const audio = new Audio();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    tone.onended = () => audio.close();
  } catch (error) {
    console.warn(error);
  }
}

// The tables this browser made (kept across a reload): the server knows the creator by the
// connection's token, and names alone do not tell two guests apart.
const CREATED = "jeweltable.created";
const CREATED_KEPT = 20;

function createdHere() {
  try {
    const ids = JSON.parse(localStorage.getItem(CREATED) || "[]");
    return Array.isArray(ids) ? ids : [];
  } catch {
    return [];
  }
}

/** Whether this page may take these steps at the table `summary` (its creator, or a host). */
export function mayHandle(summary) {
  if (!summary) return false;
  return state.host || app.created === summary.id || createdHere().includes(summary.id);
}

/** Whether the table is paused now (its summary says so, or the latest sync/update). */
export function paused(summary, stream) {
  return Boolean((summary && summary.paused) || (stream && stream.paused));
}

/** The `handed` of this page's seat at `summary` while a bot plays it (the message, or after a
 *  reload the summary's `handed`), else null. */
function handedSeat(summary) {
  const told = state.handed.get(summary.id);
  if (told && app.seats.includes(told.seat)) return told;
  const seat = app.seats.find((i) => (summary.seats[i] || {}).handed);
  return seat === undefined ? null : { table: summary.id, seat, by: null };
}

/** Whether this page's moves are not offered now: the table is paused, or a bot plays its seat. */
export function blocked(summary, stream) {
  return paused(summary, stream) || Boolean(summary && handedSeat(summary));
}

/** The notices for this page's person at the table: paused, nudged, handed, removed. */
export function notices(summary, stream) {
  if (!summary) return null;
  const table = summary.id;
  const parts = [];
  if (paused(summary, stream)) {
    parts.push(h("p", { class: "notice paused", role: "status" }, _("The table is paused.")));
  }
  const nudge = state.nudge;
  if (nudge && nudge.table === table) {
    const by = nudge.by || _("The host");
    parts.push(h("p", { class: "notice nudge", role: "alert" }, _("{name} is waiting for you", { name: by })));
  }
  const handed = handedSeat(summary);
  if (handed) {
    parts.push(
      h(
        "div",
        { class: "notice handed", role: "status" },
        h("p", {}, handed.by ? _("{name} handed your seat to a bot.", { name: handed.by }) : _("A bot plays your seat while you were away.")),
        button(_("Take my seat back"), () => send({ t: "reclaim", table, seat: handed.seat }), {
          class: "primary",
          id: "reclaim",
        }),
      ),
    );
  }
  if (state.removed && state.removed.table === table) {
    parts.push(h("p", { class: "notice removed", role: "status" }, _("You were removed from this table's game.")));
  }
  return parts.length ? h("div", { class: "notices" }, parts) : null;
}

/** The creator's (or host's) hand on a running table: a row per person's seat, and pause. */
export function panel(summary, stream) {
  if (!summary || !stream || stream.status !== "playing" || !mayHandle(summary)) return null;
  const table = summary.id;
  const rows = summary.seats.map((seat, i) => {
    if (seat.kind !== "human" || app.seats.includes(i)) return null;
    const name = seatName(summary, i);
    return h(
      "li",
      { "data-hand-seat": i },
      h("span", { class: "who" }, name, seat.handed ? h("small", {}, " ", _("a bot plays")) : null),
      h(
        "div",
        { class: "row" },
        button(_("Nudge"), () => send({ t: "nudge", table, seat: i }), { "data-tap": `nudge:${i}`, class: "nudge" }),
        seat.handed
          ? null
          : button(_("Hand to a bot"), () => send({ t: "hand_to_bot", table, seat: i }), {
              "data-tap": `hand:${i}`,
              class: "hand",
            }),
        button(
          _("Remove"),
          () => {
            const question = _("Remove {name} from this game?", { name });
            if (!confirm(question)) return;
            const open = confirm(_("Leave the seat open for anyone? (Cancel: a bot plays it)"));
            send({ t: "remove", table, seat: i, to: open ? "open" : "bot" });
          },
          { "data-tap": `remove:${i}`, class: "remove" },
        ),
      ),
    );
  });
  const isPaused = paused(summary, stream);
  return h(
    "section",
    { class: "hands" },
    h("h2", {}, _("Your hand on the table")),
    h("ul", { class: "players" }, rows),
    button(isPaused ? _("Resume") : _("Pause"), () => send({ t: "pause", table, paused: !isPaused }), {
      id: "pause",
    }),
  );
}
