"""What Das Kollier's table says beyond the table's talk: amounts, gems and counts as the board
draws them. The game's terms (gem names, phases, money), the log's
sentences and the rules are the voice's (shared/talk/das_kollier/), said here through
`client.words.i18n.say`; English stands in the code, the catalogs hold German and French (see
client/words/i18n.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from client.words import i18n
from shared.talk.das_kollier import terms

number = i18n.number


def money(amount: int) -> str:
    """An amount of dollars as the language writes it: $15,000 · 15.000 $ · 15 000 $."""
    sign = "−" if amount < 0 else ""
    return sign + i18n.say(terms.money(abs(amount)))


def gem_name(gem: str) -> str:
    """A gem's name."""
    return i18n.say(terms.gem_name(gem))


def gem_title(gem: str) -> str:
    """A gem's name as a card's title (capitalised)."""
    name = gem_name(gem)
    return name[:1].upper() + name[1:]


def gem_list(gems: list[str]) -> str:
    """Gems in words, most valuable first: "ruby, 2 topazes, 4 agates"."""
    return i18n.say(terms.gem_list(gems))


def gem_count(n: int) -> str:
    """ "1 gem", "3 gems"."""
    return i18n.npgettext("das-kollier", "{n} gem", "{n} gems", n)


def card_count(n: int) -> str:
    """ "1 card", "3 cards"."""
    return i18n.npgettext("das-kollier", "{n} card", "{n} cards", n)


def status(view: Mapping[str, Any], name: Callable[[int | None], str]) -> str | None:
    """The top bar's line: the round and the phase."""
    if not view:
        return None
    phase = terms.PHASE_NAMES.get(view.get("phase", ""))
    rnd = i18n.pgettext("das-kollier", "round {n}", n=view.get("round", 1))
    if phase is None:
        return rnd
    return f"{rnd} · {i18n.say(phase, name)}"


def panel_lines(view: Mapping[str, Any], seat: int, shown: int | None) -> list[str]:
    """Two lines for every seat (a steady panel height): its gem count and marker, then its
    own cash (the seat `shown` only) and whether it runs the auction."""
    if not view:
        return ["", ""]
    first = [gem_count(view["gem_counts"][seat])]
    if view["markers"][seat] or view["sold"][seat]:
        first.append(
            i18n.pgettext("das-kollier", "marker {amount}", amount=money(view["markers"][seat]))
        )
    second = []
    if seat == shown and "cash" in view:
        second.append(i18n.pgettext("das-kollier", "cash {amount}", amount=money(view["cash"])))
    if seat == view.get("auctioneer") and view.get("phase") != "over":
        second.append(i18n.pgettext("das-kollier", "auctioneer"))
    return [" · ".join(first), " · ".join(second)]


def result_lines(outcome: Mapping[str, Any], name: Callable[[int | None], str]) -> list[str]:
    """Each seat's necklace and its worth beneath the results' scores."""
    lines = []
    for seat, necklace in enumerate(outcome.get("necklaces", [])):
        if necklace:
            lines.append(
                i18n.pgettext(
                    "das-kollier",
                    "{name}: {gems} — {value}",
                    name=name(seat),
                    gems=gem_list(necklace),
                    value=money(outcome["scores"][seat]),
                )
            )
        else:
            lines.append(i18n.pgettext("das-kollier", "{name}: no necklace", name=name(seat)))
    return lines
