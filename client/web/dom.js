// A tiny element builder: h("div", {class: "x", onclick: f}, child, ...) for HTML, s(...) for
// SVG. Children may be strings, numbers, elements, arrays of them, null or false (left out).

const SVG = "http://www.w3.org/2000/svg";

function build(element, props, kids) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(element.style, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    element.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return element;
}

export function h(tag, props, ...kids) {
  return build(document.createElement(tag), props, kids);
}

export function s(tag, props, ...kids) {
  return build(document.createElementNS(SVG, tag), props, kids);
}

// Taps. A tap acts when the finger lifts (pointerup), a frame before the browser's click, and
// it still counts when an update redrew the page under the finger meanwhile: the control under
// the finger with the same key as the one pressed is the one tapped. A click without a pointer
// before it (keyboard, assistive tools) acts too; the click that follows a press on a control
// does not, whether the lift acted or not (a different control drawn under the finger is no
// tap).
const SLOP = 12; // px a finger may move and still tap
let pressed = null;
let tappedAt = -Infinity;
let lifted = null; // {id, at}: the pointer whose lift was judged, and when

function control(target) {
  return target instanceof Element ? target.closest("[data-tap]") : null;
}

addEventListener(
  "pointerdown",
  (event) => {
    const el = control(event.target);
    pressed = el && event.isPrimary ? { key: el.dataset.tap, x: event.clientX, y: event.clientY } : null;
  },
  { capture: true, passive: true },
);
addEventListener("pointercancel", () => (pressed = null), { capture: true, passive: true });
addEventListener(
  "pointerup",
  (event) => {
    const was = pressed;
    pressed = null;
    if (!was) return;
    lifted = { id: event.pointerId, at: event.timeStamp };
    if (Math.hypot(event.clientX - was.x, event.clientY - was.y) > SLOP) return;
    const el = control(document.elementFromPoint(event.clientX, event.clientY));
    if (!el || el.dataset.tap !== was.key || el.disabled) return;
    tappedAt = event.timeStamp;
    el.tapAction(event);
  },
  { capture: true },
);
addEventListener(
  "click",
  (event) => {
    const el = control(event.target);
    if (!el) return;
    event.preventDefault();
    if (event.timeStamp - tappedAt < 700 || el.disabled) return;
    // The click of a press already judged at its lift (browsers that give a click its
    // pointer's id; the others are held off by the 700 ms above when the lift acted).
    if (lifted && event.pointerId === lifted.id && event.timeStamp - lifted.at < 700) return;
    el.tapAction(event);
  },
  { capture: true },
);

/** When the last tap acted (the event's time stamp, on performance.now()'s clock). */
export function lastTap() {
  return tappedAt;
}

// Keys. A control that is no button of its own (a plaque, a place on the necklace, a piece that
// explains itself) is reached with Tab and used with Enter or Space like a button; on a board
// drawn as a grid (cells carrying `data-cell="row,col"`) the arrows move between its cells.
const NATIVE = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "A", "SUMMARY"]);
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** The cell an arrow (`step`: [rows, cols]) leads to from `from`: the next cell of a full
 *  grid, else on a board whose places are scattered (a necklace's marked places, a palace's
 *  tiles by where they are drawn) the nearest one that way, the same row or column first. */
function neighbour(from, [dr, dc]) {
  const grid = from.closest("[data-grid]") || document;
  const [row, col] = from.dataset.cell.split(",").map(Number);
  const next = grid.querySelector(`[data-cell="${row + dr},${col + dc}"]`);
  if (next) return next;
  let best = null;
  let bestScore = Infinity;
  for (const el of grid.querySelectorAll("[data-cell]")) {
    const [r, c] = el.dataset.cell.split(",").map(Number);
    const ahead = dr ? (r - row) * dr : (c - col) * dc;
    const aside = dr ? Math.abs(c - col) : Math.abs(r - row);
    if (ahead <= 0) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) [best, bestScore] = [el, score];
  }
  return best;
}

addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const step = ARROWS[event.key];
  if (step && target.dataset.cell) {
    const next = neighbour(target, step);
    if (next) {
      event.preventDefault();
      next.focus();
    }
    return;
  }
  if ((event.key === "Enter" || event.key === " ") && target.dataset.tap && !NATIVE.has(target.tagName)) {
    event.preventDefault();
    if (target.getAttribute("aria-disabled") !== "true") target.tapAction(event);
  }
});

/** Make `el` a control: `action` runs on a tap (or Enter or Space on it); `key` names it across
 *  redraws. */
export function tappable(el, key, action) {
  el.dataset.tap = key;
  el.tapAction = action;
  if (!NATIVE.has(el.tagName)) {
    el.setAttribute("tabindex", "0");
    if (!el.getAttribute("role") || el.getAttribute("role") === "img") el.setAttribute("role", "button");
  }
  return el;
}

/** Make `el` a cell of a board drawn as a grid: the arrows reach it (a cell that is no control
 *  is reached by the arrows only, not by Tab). */
export function cell(el, row, col) {
  el.dataset.cell = `${row},${col}`;
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  return el;
}

/** A button that reacts to a tap, a click or its keys. */
export function button(label, onTap, props = {}) {
  const el = h("button", { type: "button", ...props }, label);
  return tappable(el, props.id || props["data-tap"] || `${props["data-move"] || ""}:${el.textContent}`, onTap);
}

/** Run `work` once the next frame is painted: what can wait for the screen to show its answer. */
export function afterPaint(work) {
  requestAnimationFrame(() => setTimeout(work));
}
