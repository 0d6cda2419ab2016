// Any other game, watched (Kette von Saba, Saba – Palast until their own views come): the public
// view's plain facts as a list. Nothing here is secret: it shows what the server sent this page.

import { h } from "../dom.js";
import { number } from "../i18n.js";

function plain(value) {
  if (typeof value === "number") return number(value);
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null))
    return value.map((v) => (v === null ? "–" : plain(v))).join(" · ");
  return null;
}

export function board(view) {
  const rows = Object.entries(view)
    .map(([key, value]) => [key.replaceAll("_", " "), plain(value)])
    .filter(([, text]) => text !== null && text !== "");
  return h(
    "dl",
    { class: "generic" },
    rows.map(([key, text]) => [h("dt", {}, key), h("dd", {}, text)]),
  );
}

export function facts() {
  return null;
}

export function controls() {
  return null;
}

export function eventText(event, ctx) {
  const who = event.seat === undefined ? "" : `${ctx.name(event.seat)}: `;
  return `${who}${String(event.type || "").replaceAll("_", " ")}`;
}
