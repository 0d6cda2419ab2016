"""La Magie des Bijoux's words: the plaques' names, log sentences, the panels' and results'
lines, and the rules help."""

from __future__ import annotations

from typing import Any

from client import i18n
from client.i18n import C_, N_
from client.tables.base import Event, TableContext, View
from client.tables.magie_des_bijoux.layout import Grid
from shared.games.magie_des_bijoux import PLAQUE_KINDS

# The plaques by the engine's names for them (PLAQUE_KINDS: by number of settings).
KIND_NAMES: dict[str, i18n.Term] = {
    "ring": C_("magie-des-bijoux.plaque", "ring"),
    "ear clip": C_("magie-des-bijoux.plaque", "pair of ear clips"),
    "brooch": C_("magie-des-bijoux.plaque", "brooch"),
    "bangle": C_("magie-des-bijoux.plaque", "bangle"),
    "diadem": C_("magie-des-bijoux.plaque", "diadem"),
    "crown": C_("magie-des-bijoux.plaque", "crown"),
}

# Why the game ended (the game_over event's reason).
GAME_OVER: dict[str, str] = {
    "blocked": N_("The pawn has nowhere to go: the game is over."),
    "no_stones": N_("{name} has no stones left: the game is over."),
}

# The rules, in the client's own words.
HELP = N_(
    "La Magie des Bijoux — jewellers set stones for the royal wedding.\n"
    "The board is a grid of jewel plaques; each has 1 to 6 settings and is worth that many "
    "points. Everyone shares one pawn.\n"
    "Start: the first player puts the pawn on any plaque, without a stone.\n"
    "Your turn: move the pawn like a rook — along its row or column, as far as you like, "
    "jumping over anything — to a plaque that still has a free setting. It may not go back "
    "to the plaque it stood on just before (marked with a faint pawn). Then set one of your "
    "stones there. Drag the pawn, or tap a glowing plaque.\n"
    "Filling a plaque's last setting gives you one extra move at once, but an extra move "
    "never earns another.\n"
    "End: when the player to move has no plaque to go to, or no stone left.\n"
    "Scoring: you win a plaque with strictly more stones on it than every other player and "
    "than its empty settings (they count as one more player). Most points wins; ties share.\n"
    "Solitaire: one player with all four colours; the fewer settings stay empty, the better — "
    "none left empty is a win."
)


def extra_move_banner() -> str:
    """The words on the banner that pops up for an extra move (and on the top bar)."""
    return i18n.pgettext("magie-des-bijoux", "Extra move!")


class MagieWords:
    """The view's sentences: what the log, the top bar, the panels and the results say.

    Part of `MagieDesBijouxView`; reads its `view`, `ctx` and `grid`.
    """

    view: View
    ctx: TableContext
    grid: Grid

    def _kind(self, rc: list[int]) -> str:
        settings = self.view["settings"][self.grid.cell(rc)]
        return i18n._(KIND_NAMES[PLAQUE_KINDS[settings]])

    def event_text(self, event: Event) -> str | None:
        kind = event.get("type")
        name = self.ctx.name(event.get("seat"))
        if kind == "pawn_placed":
            plaque = self._kind(event["plaque"])
            return i18n._("{name} puts the pawn on a {kind}.", name=name, kind=plaque)
        if kind == "stone_placed":
            return i18n._(
                "{name} sets a stone in the {kind} ({filled} of {settings}).",
                name=name,
                kind=self._kind(event["plaque"]),
                filled=event["filled"],
                settings=event["settings"],
            )
        if kind == "plaque_filled":
            return i18n._("The {kind} is complete.", kind=self._kind(event["plaque"]))
        if kind == "extra_move":
            return i18n._("{name} earns an extra move!", name=name)
        if kind == "game_over":
            return i18n._(GAME_OVER[event.get("reason", "blocked")], name=name)
        return None

    def help_text(self) -> str:
        return i18n._(HELP)

    def status(self) -> str | None:
        if not self.view or self.view.get("end") is not None:
            return None
        if self.view["pawn"] is None:
            return i18n._("Place the pawn on any plaque")
        if self.view["extra"]:
            return extra_move_banner()
        return None

    def panel_lines(self, seat: int) -> list[str]:
        if not self.view:
            return []
        stones = self.view["supply"][seat]
        lines = [i18n.pgettext("magie-des-bijoux", "Stones left: {n}", n=stones)]
        if self.view["players"] == 1:
            empty = sum(
                s - sum(st)
                for s, st in zip(self.view["settings"], self.view["stones"], strict=True)
            )
            lines.append(i18n.pgettext("magie-des-bijoux", "Empty settings: {n}", n=empty))
        else:
            points = sum(
                s
                for s, o in zip(self.view["settings"], self.view["owners"], strict=True)
                if o == seat
            )
            if self.view.get("end") is None:
                lines.append(i18n.pgettext("magie-des-bijoux", "Points so far: {n}", n=points))
            else:
                lines.append(i18n.pgettext("magie-des-bijoux", "Points: {n}", n=points))
        return lines

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        if outcome.get("solitaire"):
            empty = outcome.get("empty_settings", 0)
            if empty == 0:
                return [i18n._("Every setting is filled: a perfect solitaire!")]
            return [
                i18n.ngettext(
                    "{n} setting stayed empty (0 wins the solitaire).",
                    "{n} settings stayed empty (0 wins the solitaire).",
                    empty,
                )
            ]
        neutral = outcome.get("neutral_points", 0)
        return [
            i18n.ngettext(
                "Plaques won by nobody: {n} point.", "Plaques won by nobody: {n} points.", neutral
            )
        ]
