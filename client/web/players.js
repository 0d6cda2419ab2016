// Player colours with a symbol each, never colour alone (docs: VISUAL.md); the phone page
// (app.js) and the table display (tv.js) share them.

import { _ } from "./i18n.js";
export const PLAYERS = [
  { colour: "#C0143C", symbol: "●" },
  { colour: "#1F4FB8", symbol: "■" },
  { colour: "#F2A900", symbol: "▲" },
  { colour: "#0F8A5F", symbol: "◆" },
  { colour: "#8E44AD", symbol: "★" },
  { colour: "#E8702A", symbol: "⬟" },
  { colour: "#F2EFE8", symbol: "✚" },
];

/** The bot levels `shownName` names in the page's language ("basic bot 2"). */
export const BOT_LEVELS = ["basic", "strong", "random"];

/** The name to show for a seat's entry (as the server lists it): a bot's in the page's
 *  language (the server names bots in English), anyone else's as they typed it. */
export function shownName(entry, seat) {
  if (!entry) return "";
  if (entry.kind === "bot") {
    const n = seat + 1;
    if (entry.level === "basic") return _("basic bot {n}", { n });
    if (entry.level === "strong") return _("strong bot {n}", { n });
    if (entry.level === "random") return _("random bot {n}", { n });
  }
  return entry.name || "";
}

/** The name of seat number `seat` at a table `summary`, or "Seat N" while nobody holds it. */
export function seatName(summary, seat) {
  if (seat === null || seat === undefined) return "";
  const entry = summary && summary.seats[seat];
  return shownName(entry, seat) || _("Seat {n}", { n: seat + 1 });
}
