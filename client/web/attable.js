// The phone at the table: the screen kept awake while its person sits at a running game, "Your
// turn" in the tab's title, and a short buzz when the turn comes (a setting, kept by app.js).
// Fetched when the page first holds a seat.
//
// Awake: the Wake Lock API where the browser has it (a secure context: https://, or the
// loopback); on a plain http:// LAN address it has not, and the vendored NoSleep.js plays a
// tiny silent video in a loop instead — which a browser allows only from a tap, so the first
// tap after sitting down starts it. NoSleep.js (17 kB) is fetched only when it is needed.

import { afterPaint } from "./dom.js";
import { _ } from "./i18n.js";

const BUZZ_MS = 200;

const state = {
  wanted: false,
  how: "off", // "wake-lock", "video", "waiting-for-tap" (the fallback, until a tap), or "off"
  lock: null,
  video: null, // the NoSleep instance, made once
  mine: false, // whether the last drawing was this seat's turn
};

/** How the screen is kept awake now (for the page's tests). */
export function awakeState() {
  return state.how;
}

/** Keep the screen awake (`on`) or let it sleep again; called after every drawing. */
export function keepAwake(on) {
  if (on === state.wanted) return;
  state.wanted = on;
  if (on) acquire();
  else release();
}

async function acquire() {
  if (!state.wanted || state.how === "wake-lock" || state.how === "video") return;
  if (navigator.wakeLock && document.visibilityState === "visible") {
    try {
      const lock = await navigator.wakeLock.request("screen");
      if (!state.wanted) {
        lock.release();
        return;
      }
      state.lock = lock;
      state.how = "wake-lock";
      // The browser lets the lock go when the page is hidden; it is asked again when it shows.
      lock.addEventListener("release", () => {
        if (state.lock === lock) {
          state.lock = null;
          state.how = "off";
        }
      });
      return;
    } catch (error) {
      console.info("no wake lock:", error.message);
    }
  }
  state.how = "waiting-for-tap";
  loadNoSleep();
}

function loadNoSleep() {
  if (globalThis.NoSleep || document.getElementById("nosleep")) return;
  document.head.append(Object.assign(document.createElement("script"), { id: "nosleep", src: "vendor/NoSleep.min.js" }));
}

function release() {
  if (state.lock) state.lock.release();
  state.lock = null;
  if (state.video) state.video.disable();
  state.how = "off";
}

// The fallback starts from a tap, the only moment a browser lets a page play a video.
addEventListener(
  "pointerup",
  () => {
    if (!state.wanted || state.how !== "waiting-for-tap" || !globalThis.NoSleep) return;
    state.video = state.video || new globalThis.NoSleep();
    state.how = "video";
    Promise.resolve(state.video.enable()).catch((error) => {
      // Refused, or cut short by leaving the table meanwhile (its pause ends the play).
      console.info("no awake video:", error.message);
      if (state.wanted && state.how === "video") state.how = "waiting-for-tap";
    });
  },
  { capture: true, passive: true },
);

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && state.wanted && state.how === "off") acquire();
});

/** The tab's title and the buzz: called after every drawing with whether it is this seat's
 *  turn now, and whether to buzz; the buzz comes once, when the turn comes. Both are done once
 *  the frame with the drawing is painted (setting the title costs the page a trip to the
 *  browser, and the answer to a tap should not wait for it). */
export function turnCue(mine, buzz) {
  const title = mine ? `● ${_("Your turn")} · ${_("Jewel Table")}` : _("Jewel Table");
  const buzzNow = mine && !state.mine && buzz && typeof navigator.vibrate === "function";
  state.mine = mine;
  if (buzzNow) afterPaint(() => navigator.vibrate(BUZZ_MS));
  afterPaint(() => {
    if (document.title !== title) document.title = title;
  });
}
