"""The words of Die Kette von Saba that every part of its talk uses: its cards by name
("3 rubies", "a lion head"), its money ("20,000 marks") and why a game ended.

Card names keep the context the pygame table gave them ("kette-von-saba.card"), amounts of money
"kette-von-saba" (see the voice's module for the contexts of the talk).
"""

from __future__ import annotations

from collections.abc import Callable

from shared.games.kette_von_saba.necklace import JOKER
from shared.talk import Line, say, say_n

# A card of each stone type by its number of stones ("3 rubies"): the pygame table's terms.
STONES: dict[str, Callable[[int], Line]] = {
    "rubin": lambda n: say_n("kette-von-saba.card", "{n} ruby", "{n} rubies", n),
    "smaragd": lambda n: say_n("kette-von-saba.card", "{n} emerald", "{n} emeralds", n),
    "saphir": lambda n: say_n("kette-von-saba.card", "{n} sapphire", "{n} sapphires", n),
    "perle": lambda n: say_n("kette-von-saba.card", "{n} pearl", "{n} pearls", n),
    "amethyst": lambda n: say_n("kette-von-saba.card", "{n} amethyst", "{n} amethysts", n),
}

# Why the game ended.
END_REASONS: dict[str, Line] = {
    "necklace_full": say("kette-von-saba.talk", "The necklace is complete: the game is over."),
    "no_card_fits": say(
        "kette-von-saba.talk", "No card held fits the necklace any more: the game is over."
    ),
    "no_cards": say("kette-von-saba.talk", "Every card has been played: the game is over."),
}


def card_name(card: str) -> Line:
    """A card in words: "3 rubies", "a lion head"."""
    if card == JOKER:
        return say("kette-von-saba.card", "a lion head")
    stone, count = card.rsplit("-", 1)
    return STONES[stone](int(count))


def marks(amount: int) -> Line:
    """An amount of money: "20,000 marks"."""
    return say("kette-von-saba", "{amount} marks", amount=amount)


def laid_name(card: str, piece: str) -> Line:
    """A laid card in words; a lion head says which piece it stands for."""
    if card == JOKER:
        return say("kette-von-saba.card", "a lion head (as {piece})", piece=card_name(piece))
    return card_name(card)
