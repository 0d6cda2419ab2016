// The page's own settings for how it is seen, kept on the device: less motion (also when the
// system asks for it, `prefers-reduced-motion`) and a text size of 100–200%. Both are told to
// the CSS on the root element (the `reduce-motion` class, the `--ts` scale of every text size),
// and script that animates asks `reducedMotion()`.

const MOTION = "jeweltable.motion"; // "reduce": the person asked for less motion
const TEXT = "jeweltable.text"; // the text size in percent
export const TEXT_SIZES = [100, 125, 150, 175, 200];
const system = matchMedia("(prefers-reduced-motion: reduce)");

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // no storage (a private window): the defaults
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // No storage: the setting holds until the page is closed.
  }
}

/** Whether the person asked this page for less motion (the setting, not the system's). */
export function motionSetting() {
  return stored(MOTION) === "reduce";
}

/** Whether the page moves as little as it can: the setting, or the system's wish. */
export function reducedMotion() {
  return motionSetting() || system.matches;
}

/** The text size in percent (100 when none or an unknown one was kept). */
export function textSize() {
  const size = Number.parseInt(stored(TEXT), 10);
  return TEXT_SIZES.includes(size) ? size : 100;
}

/** Turn the page's "Reduce motion" setting on or off. */
export function setMotion(reduce) {
  store(MOTION, reduce ? "reduce" : null);
  apply();
}

/** Set the text size (one of TEXT_SIZES). */
export function setTextSize(size) {
  if (!TEXT_SIZES.includes(size)) throw new Error(`text size ${size} is not one of ${TEXT_SIZES}`);
  store(TEXT, size === 100 ? null : String(size));
  apply();
}

/** Tell the CSS what the settings are. */
export function apply() {
  const root = document.documentElement;
  root.classList.toggle("reduce-motion", reducedMotion());
  root.style.setProperty("--ts", String(textSize() / 100));
  root.classList.toggle("large-text", textSize() >= 150); // the table scrolls as one page
}

system.addEventListener("change", apply);
apply();
