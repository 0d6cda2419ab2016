"""What Die Kette von Saba's table writes besides the table's talk: money and the lines of the
players' panels. Card names, why the game ended, the results, the log's sentences, the moment,
the moves and the rules are the talk's (shared/talk/kette_von_saba/), said here through
`i18n.say`. English stands here; German and French come from the catalogs."""

from __future__ import annotations

from client.tables.base import View
from client.words import i18n
from shared.talk.kette_von_saba.words import END_REASONS


def money(amount: int) -> str:
    """An amount of marks with the language's thousands separator."""
    return i18n.number(amount)


def marks(amount: int) -> str:
    """An amount of marks in words: "20,000 marks", "20.000 Mark"."""
    return i18n.pgettext("kette-von-saba", "{amount} marks", amount=money(amount))


def end_text(reason: str) -> str:
    """Why the game ended, in a sentence (the talk's)."""
    return i18n.say(END_REASONS[reason])


def status(view: View) -> str | None:
    """The stage being played, for the top bar."""
    if not view or view.get("end") is not None:
        return None
    return i18n.pgettext("kette-von-saba", "Stage {n}", n=view["stage"])


def panel_lines(view: View, seat: int) -> list[str]:
    """A seat's marks and cards in hand, for its panel."""
    if not view:
        return []
    return [
        marks(view["cash"][seat]),
        i18n.pgettext("kette-von-saba", "Cards in hand: {n}", n=view["hand_counts"][seat]),
    ]
