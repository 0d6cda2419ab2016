"""La Magie des Bijoux's words: the panels' and results' lines (the moment, the moves, the log's
sentences and the rules are the table's talk: shared/talk/magie_des_bijoux.py)."""

from __future__ import annotations

from client import i18n
from client.tables.base import TableContext, View
from client.tables.magie_des_bijoux.layout import Grid


def extra_move_banner() -> str:
    """The words on the banner that pops up for an extra move (and on the top bar)."""
    return i18n.pgettext("magie-des-bijoux", "Extra move!")


class MagieWords:
    """The view's sentences: what the top bar, the panels and the results say.

    Part of `MagieDesBijouxView`; reads its `view`, `ctx` and `grid`, and its talk.
    """

    view: View
    ctx: TableContext
    grid: Grid

    def status(self) -> str | None:
        # The moment as the table's talk says it (the same words as the page's).
        said = self.talk()
        if not self.view or self.view.get("end") is not None or said is None:
            return None
        return self.say(said["headline"])

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
