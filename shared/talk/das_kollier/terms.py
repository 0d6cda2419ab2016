"""Das Kollier's terms, one definition for every client: the gems' names (counted too), the
phases, money, a gem as its card says it, the gems as pieces of the table, and the few lines
the views show as they are."""

from __future__ import annotations

from collections import Counter
from typing import Any

from shared.games.das_kollier.gems import CARDS, KINDS, RANK, VALUE
from shared.talk import Line, piece, say, say_n

# Each gem's name, and its name counted ("2 rubies"): the game's terms, one definition for
# every client (pygame's words and the page say them through the talk).
GEM_NAMES: dict[str, Line] = {
    "diamant": say("das-kollier.gem", "diamond"),
    "rubin": say("das-kollier.gem", "ruby"),
    "topas": say("das-kollier.gem", "topaz"),
    "smaragd": say("das-kollier.gem", "emerald"),
    "granat": say("das-kollier.gem", "garnet"),
    "turmalin": say("das-kollier.gem", "tourmaline"),
    "amethyst": say("das-kollier.gem", "amethyst"),
    "opal": say("das-kollier.gem", "opal"),
    "tuerkis": say("das-kollier.gem", "turquoise"),
    "achat": say("das-kollier.gem", "agate"),
}


def gems_counted(gem: str, n: int) -> Line:
    """ "2 rubies": a gem's name counted, by the language's plural rule."""
    if gem == "diamant":
        return say_n("das-kollier.gem", "{n} diamond", "{n} diamonds", n)
    if gem == "rubin":
        return say_n("das-kollier.gem", "{n} ruby", "{n} rubies", n)
    if gem == "topas":
        return say_n("das-kollier.gem", "{n} topaz", "{n} topazes", n)
    if gem == "smaragd":
        return say_n("das-kollier.gem", "{n} emerald", "{n} emeralds", n)
    if gem == "granat":
        return say_n("das-kollier.gem", "{n} garnet", "{n} garnets", n)
    if gem == "turmalin":
        return say_n("das-kollier.gem", "{n} tourmaline", "{n} tourmalines", n)
    if gem == "amethyst":
        return say_n("das-kollier.gem", "{n} amethyst", "{n} amethysts", n)
    if gem == "opal":
        return say_n("das-kollier.gem", "{n} opal", "{n} opals", n)
    if gem == "tuerkis":
        return say_n("das-kollier.gem", "{n} turquoise", "{n} turquoises", n)
    return say_n("das-kollier.gem", "{n} agate", "{n} agates", n)


# The phases, as a status line names them.
PHASE_NAMES: dict[str, Line] = {
    "sealed": say("das-kollier.phase", "sealed bids"),
    "choose": say("das-kollier.phase", "choice of auction"),
    "open": say("das-kollier.phase", "open auction"),
    "falling": say("das-kollier.phase", "falling auction"),
    "preempt": say("das-kollier.phase", "first refusal"),
    "pay": say("das-kollier.phase", "payment"),
    "commission": say("das-kollier.phase", "commission"),
    "over": say("das-kollier.phase", "game over"),
}


def money(amount: int) -> Line:
    """An amount of dollars as the language writes it: $15,000 · 15.000 $ · 15 000 $."""
    return say("das-kollier", "${n}", n=amount)


def gem_name(gem: str) -> Line:
    return GEM_NAMES[gem]


def gem_list(gems: list[str]) -> list[Line]:
    """Gems in words, most valuable first: ruby, 2 topazes, 4 agates (said joined by commas)."""
    counts = Counter(gems)
    return [
        GEM_NAMES[g] if counts[g] == 1 else gems_counted(g, counts[g])
        for g in sorted(counts, key=RANK.__getitem__)
    ]


def gem_card(gem: str) -> Line:
    """A gem as its card says it: its name and its base value ("tourmaline 5,000")."""
    return say("das-kollier.talk", "{gem} {value}", gem=GEM_NAMES[gem], value=VALUE[gem])


# Each gem as a piece of the table: its name, and what a tap on it says (its base value, how many
# of its cards the game has).
GEM_PIECES: dict[str, dict[str, Any]] = {
    gem: piece(
        GEM_NAMES[gem],
        say_n(
            "das-kollier.talk",
            "Base value {value}. {n} card of the game's {total}: the rarer a gem, the more it is"
            " worth.",
            "Base value {value}. {n} cards of the game's {total}: the rarer a gem, the more it is"
            " worth.",
            CARDS[gem],
            value=money(VALUE[gem]),
            total=sum(CARDS.values()),
        ),
    )
    for gem in KINDS
}


# Said in the rules and where a spectator's corner of the table would show a seat's own gems.
SECRET = say(
    "das-kollier.talk",
    "Cash and gems are secret; everyone sees only how many gems each player holds.",
)
# The seat's best necklace, and what it says before there is one.
BEST_NECKLACE = say("das-kollier.talk", "Your best necklace")
NO_NECKLACE = say("das-kollier.talk", "none yet: a centre gem and a pair of a cheaper kind")


def gem_count(n: int) -> Line:
    """ "1 gem", "3 gems": how many gems, where the log may not say which."""
    return say_n("das-kollier.talk", "{n} gem", "{n} gems", n)
