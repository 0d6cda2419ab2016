"""La Magie des Bijoux's words: the panels' and the top bar's lines (the moment, the moves, the
log's sentences and the rules are the table's talk: shared/talk/magie_des_bijoux.py)."""

from __future__ import annotations

from client.tables.regions import Snapshot
from client.words import i18n


def extra_move_banner() -> str:
    """The words on the banner that pops up for an extra move (and on the top bar)."""
    return i18n.pgettext("magie-des-bijoux", "Extra move!")


def status(snap: Snapshot) -> str | None:
    """The moment as the table's talk says it (the same words as the page's), while the game
    runs."""
    said = snap.talk
    if not snap or snap.view.get("end") is not None or said is None:
        return None
    return snap.say(said["headline"])


def panel_lines(snap: Snapshot, seat: int) -> list[str]:
    """A seat's stones left and its points so far (in solitaire: the settings still empty)."""
    view = snap.view
    if not view:
        return []
    stones = view["supply"][seat]
    lines = [i18n.pgettext("magie-des-bijoux", "Stones left: {n}", n=stones)]
    if view["players"] == 1:
        empty = sum(s - sum(st) for s, st in zip(view["settings"], view["stones"], strict=True))
        lines.append(i18n.pgettext("magie-des-bijoux", "Empty settings: {n}", n=empty))
    else:
        points = sum(s for s, o in zip(view["settings"], view["owners"], strict=True) if o == seat)
        if view.get("end") is None:
            lines.append(i18n.pgettext("magie-des-bijoux", "Points so far: {n}", n=points))
        else:
            lines.append(i18n.pgettext("magie-des-bijoux", "Points: {n}", n=points))
    return lines
