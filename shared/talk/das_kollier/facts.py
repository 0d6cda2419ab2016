"""The facts a Das Kollier player weighs: the lot and its base value, the round (cash only or
not), the seat's own cash, gems, best necklace and sale to the bank, and the bank."""

from __future__ import annotations

from typing import Any

from shared.games.das_kollier.tables import CASH_ONLY_ROUNDS, SALE_CAP, THRESHOLD
from shared.talk import Moment, fact, say
from shared.talk.das_kollier.moves import sale_payout
from shared.talk.das_kollier.terms import BEST_NECKLACE, NO_NECKLACE, gem_card, gem_list, money


def facts_of(moment: Moment) -> list[dict[str, Any]]:
    """The facts of the moment, as label and value lines."""
    view, me = moment.view, moment.seat
    facts = []
    lot = view.get("lot") or []
    if lot and view.get("phase") != "over":
        facts.append(fact(say("das-kollier.talk", "Lot"), [gem_card(g) for g in lot]))
        facts.append(
            fact(
                say("das-kollier.talk", "Base value"),
                say(
                    "das-kollier.talk",
                    "{value} (lots reach {threshold})",
                    value=money(view.get("lot_value", 0)),
                    threshold=money(THRESHOLD.get(view.get("players", 3), 0)),
                ),
            )
        )
    rnd = view.get("round", 1)
    facts.append(
        fact(
            say("das-kollier.talk", "Round"),
            say(
                "das-kollier.talk",
                "{n}: cash only until round {last}",
                n=rnd,
                last=CASH_ONLY_ROUNDS,
            )
            if view.get("cash_only", True)
            else say(
                "das-kollier.talk",
                "{n}: open auctions may be paid with gems and necklaces",
                n=rnd,
            ),
        )
    )
    if me is not None and "cash" in view:
        facts.append(fact(say("das-kollier.talk", "Your cash"), money(view["cash"])))
        gems = view.get("gems") or []
        facts.append(
            fact(
                say("das-kollier.talk", "Your gems"),
                # Each gem of the hand in its order, by name and value (the page's payment
                # composer reads the values from here: it keeps no table of its own).
                [gem_card(g) for g in gems] if gems else say("das-kollier.talk", "none yet"),
            )
        )
        best = view.get("best_necklace") or {}
        facts.append(
            fact(
                BEST_NECKLACE,
                say(
                    "das-kollier.talk",
                    "{gems} = {value}",
                    gems=gem_list(best.get("gems", [])),
                    value=money(best["value"]),
                )
                if best.get("value")
                else NO_NECKLACE,
            )
        )
        sold = view.get("sold") or []
        if me < len(sold) and not sold[me]:
            spare = sale_payout(view, SALE_CAP)[0]
            facts.append(
                fact(
                    say("das-kollier.talk", "Sale to the bank"),
                    say(
                        "das-kollier.talk",
                        "once a game, at most {cap}; the bank can pay {spare} now",
                        cap=money(SALE_CAP),
                        spare=money(spare),
                    ),
                )
            )
    facts.append(fact(say("das-kollier.talk", "Bank"), money(view.get("bank", 0))))
    return facts
