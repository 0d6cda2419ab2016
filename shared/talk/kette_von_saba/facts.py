"""The facts a player of Die Kette von Saba weighs, as label and value lines: the money, what
the card on sale would pay, the bids and the price asked, the best reward now, how a space pays,
the deck, the forgeries and what counts at the end."""

from __future__ import annotations

from typing import Any

from shared.games.kette_von_saba.bank import BUYER_REWARD, START_CASH
from shared.talk import Moment, fact, say, say_n, seat
from shared.talk.kette_von_saba.rewards import Rewards
from shared.talk.kette_von_saba.words import card_name, marks


def facts_of(moment: Moment, rewards: Rewards) -> list[dict[str, Any]]:
    """The facts of the moment for its seat, in the order the clients show them."""
    view = moment.view
    facts = []
    if moment.seat is not None:
        facts.append(
            fact(say("kette-von-saba.talk", "Your money"), marks(view["cash"][moment.seat]))
        )
    lot = view.get("lot")
    auction = view.get("auction") or {}
    if lot is not None:
        spaces = view.get("lot_spaces") or []
        if spaces:
            value = say_n(
                "kette-von-saba.talk",
                "fits {n} space; laid by its buyer at once it pays up to {amount} (double)",
                "fits {n} spaces; laid by its buyer at once it pays up to {amount} (double)",
                len(spaces),
                amount=marks(rewards.best(spaces) * BUYER_REWARD),
            )
        else:
            value = say(
                "kette-von-saba.talk", "fits nowhere now: worth nothing unless that changes"
            )
        facts.append(
            fact(say("kette-von-saba.talk", "On sale: {card}", card=card_name(lot)), value)
        )
    if auction and view["phase"] in ("bidding", "reserve", "reserve_offer"):
        if auction.get("bidder") is None:
            facts.append(
                fact(say("kette-von-saba", "Highest bid"), say("kette-von-saba.talk", "none yet"))
            )
        else:
            facts.append(
                fact(
                    say("kette-von-saba", "Highest bid"),
                    say(
                        "kette-von-saba.talk",
                        "{amount} by {name}",
                        amount=marks(auction["bid"]),
                        name=seat(auction["bidder"]),
                    ),
                )
            )
        if auction.get("reserve"):
            facts.append(fact(say("kette-von-saba.talk", "Price asked"), marks(auction["reserve"])))
    if view["phase"] == "reconstruction" and moment.my_turn:
        best, best_card = 0, None
        for m in moment.legal:
            if m["type"] == "place":
                earned = rewards.at(m["space"])
                if earned > best:
                    best, best_card = earned, m["card"]
        if best_card is not None:
            facts.append(
                fact(
                    say("kette-von-saba.talk", "Best reward now"),
                    say(
                        "kette-von-saba.talk",
                        "{card}: {amount}",
                        card=card_name(best_card),
                        amount=marks(best),
                    ),
                )
            )
    facts.append(
        fact(
            say("kette-von-saba.talk", "A space pays"),
            say(
                "kette-von-saba.talk",
                "1,000 per card in each unbroken line touching it, plus 1,000 per line; "
                "alone 1,000",
            ),
        )
    )
    if view["stage"] == 1:
        facts.append(
            fact(
                say("kette-von-saba.talk", "Deck"),
                say_n(
                    "kette-von-saba.talk",
                    "{n} card; stage 1 ends when it is empty",
                    "{n} cards; stage 1 ends when it is empty",
                    view["deck_count"],
                ),
            )
        )
    facts.append(
        fact(
            say("kette-von-saba.talk", "Forgeries: {n}", n=len(view["forgeries"])),
            say(
                "kette-von-saba.talk",
                "cards that fit nowhere on the necklace: set aside, worth nothing",
            ),
        )
    )
    facts.append(
        fact(
            say("kette-von-saba.talk", "At the end"),
            say(
                "kette-von-saba.talk",
                "only money counts (all start with {amount}); cards left in hand score nothing",
                amount=marks(START_CASH),
            ),
        )
    )
    return facts
