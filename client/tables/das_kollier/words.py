"""What Das Kollier's table says beyond the table's talk: amounts, gems and counts as the board
draws them. The game's terms (gem names, phases, money), the log's
sentences and the rules are the voice's (shared/talk/das_kollier.py), said here through
`client.i18n.say`; English stands in the code, the catalogs hold German and French (see
client/i18n.py)."""

from __future__ import annotations

from client import i18n
from shared.talk import das_kollier as voice

number = i18n.number


def money(amount: int) -> str:
    """An amount of dollars as the language writes it: $15,000 · 15.000 $ · 15 000 $."""
    sign = "−" if amount < 0 else ""
    return sign + i18n.say(voice.money(abs(amount)))


def gem_name(gem: str) -> str:
    """A gem's name."""
    return i18n.say(voice.gem_name(gem))


def gem_title(gem: str) -> str:
    """A gem's name as a card's title (capitalised)."""
    name = gem_name(gem)
    return name[:1].upper() + name[1:]


def gem_list(gems: list[str]) -> str:
    """Gems in words, most valuable first: "ruby, 2 topazes, 4 agates"."""
    return i18n.say(voice.gem_list(gems))


def gem_count(n: int) -> str:
    """ "1 gem", "3 gems"."""
    return i18n.npgettext("das-kollier", "{n} gem", "{n} gems", n)


def card_count(n: int) -> str:
    """ "1 card", "3 cards"."""
    return i18n.npgettext("das-kollier", "{n} card", "{n} cards", n)
