// Pass and play: one tablet passed round the table, holding several seats of one game (a
// connection may hold several seats, each with its own stream: docs/protocol.md, `join`). Every
// held seat's latest sync/update is kept here; the page shows one seat, the viewer: the seat to
// act, or — when several of this page's seats may act at once (an open auction's bidders) — the
// next of them round the table after the one shown, so the device goes to each in turn. In a
// game with secrets, a curtain comes up between two seats ("Pass the device to Bea", a tap
// reveals), as pygame's hot-seat does (client/scenes/table.py, `curtain_for`); behind it the
// page draws nothing of any seat — no board, no hand, no log — so no secret is on screen or
// anywhere in the page's DOM. A page with one seat (or a spectator) never sees a curtain.

import { h, button, tappable } from "./dom.js";
import { _ } from "./i18n.js";
import { PLAYERS } from "./players.js";

// Games in which every seat sees all there is (pygame's views with `has_secrets` False): the
// view passes from seat to seat without a curtain.
const OPEN_GAMES = new Set(["magie-des-bijoux"]);

export const passPlay = {
  table: null,
  streams: new Map(), // seat (null: the spectator) → its latest sync or update
  logs: new Map(), // seat → the lines of its game log (what that seat was told)
  viewer: null, // the seat shown
  curtain: null, // the seat the device is being passed to, until its person taps
  revealed: null, // the seat last revealed behind a curtain
};

/** Forget everything: the page left its table, or sat at another. */
export function reset(table = null) {
  passPlay.table = table;
  passPlay.streams = new Map();
  passPlay.logs = new Map();
  passPlay.viewer = null;
  passPlay.curtain = null;
  passPlay.revealed = null;
}

/** The streams of seats no longer held are dropped (a seat given up); the viewer too. */
export function keepOnly(seats) {
  const held = seats.length ? seats : [null];
  for (const seat of [...passPlay.streams.keys()]) {
    if (!held.includes(seat)) {
      passPlay.streams.delete(seat);
      passPlay.logs.delete(seat);
    }
  }
  if (!held.includes(passPlay.viewer)) passPlay.viewer = null;
  if (!held.includes(passPlay.curtain)) passPlay.curtain = null;
}

/** Keep a held seat's `sync` (its log `lines` then replace the seat's log) or `update` (its
 *  lines are added). `seats`: the seats this page holds (none: it watches). The viewer is
 *  chosen again once every held seat's stream has come to this position: the server sends each
 *  seat's message for a position one after the other, and the seat chosen is shown with its
 *  own message for it. */
export function keep(msg, seats, lines, most) {
  const held = seats.length ? seats : [null];
  passPlay.streams.set(msg.seat, msg);
  const log = msg.t === "sync" ? lines : [...(passPlay.logs.get(msg.seat) || []), ...lines];
  passPlay.logs.set(msg.seat, log.slice(-most));
  if (held.every((seat) => passPlay.streams.has(seat) && passPlay.streams.get(seat).seq === msg.seq)) {
    choose(msg, held);
  }
}

function choose(msg, held) {
  const acting = msg.status === "playing" ? msg.to_act || [] : [];
  const mine = held.filter((seat) => seat !== null && acting.includes(seat));
  let next = held.includes(passPlay.viewer) ? passPlay.viewer : null;
  if (next === null || !mine.includes(next)) {
    if (mine.length) {
      // The next of this page's seats that may act, round the table from the one shown.
      const after = next === null ? [] : mine.filter((seat) => seat > next);
      next = (after.length ? after : mine)[0];
    } else if (next === null) {
      next = held[0];
    }
  }
  if (next === passPlay.viewer) return;
  passPlay.viewer = next;
  const secrets = !OPEN_GAMES.has(msg.view && msg.view.game);
  if (held.length > 1 && secrets && passPlay.revealed !== next) passPlay.curtain = next;
}

/** The seat shown: the viewer, or the first held seat before any stream came. */
export function seatShown(seats) {
  if (!seats.length) return null;
  return seats.includes(passPlay.viewer) ? passPlay.viewer : seats[0];
}

/** The stream and the log of the seat shown (null and [] before it has any). */
export function shownStream(seats) {
  return passPlay.streams.get(seatShown(seats)) || null;
}

export function shownLog(seats) {
  return passPlay.logs.get(seatShown(seats)) || [];
}

/** Whether the curtain is up: nothing of any seat may be drawn. */
export function curtainUp() {
  return passPlay.curtain !== null;
}

/** The curtain: whose turn it is and a tap to reveal their seat. `name`: the seat's name;
 *  `reveal`: called once the curtain is down (the page draws the seat then). */
export function curtainScreen(name, reveal) {
  const seat = passPlay.curtain;
  const player = PLAYERS[seat % PLAYERS.length];
  const lift = () => {
    passPlay.revealed = seat;
    passPlay.curtain = null;
    reveal();
  };
  // A tap anywhere on it lifts it, as on pygame's; its button says so.
  const curtain = h(
    "section",
    { class: "curtain", id: "curtain", "data-seat": seat },
    h("span", { class: "symbol", style: { color: player.colour } }, player.symbol),
    h("h2", {}, _("Pass the device to {name}", { name })),
    button(_("{name}: tap when only you can see the screen", { name }), lift, {
      class: "primary",
      id: "reveal",
    }),
  );
  return tappable(curtain, "curtain", lift);
}
