"""The moment of Die Kette von Saba in a headline and one explaining line, for one seat (or a
spectator): whose auction, the bid to beat, the price asked, the buyer's choice, the deck's
card, the reconstruction, the end."""

from __future__ import annotations

from shared.games.kette_von_saba.bank import BUYER_REWARD, DRAW_PRICE
from shared.talk import Line, Moment, say, say_n, seat
from shared.talk.kette_von_saba.rewards import Rewards
from shared.talk.kette_von_saba.words import END_REASONS, card_name, marks


def moment_lines(moment: Moment, rewards: Rewards) -> tuple[Line, Line | None]:
    """The headline of the moment and its explaining line (None where the headline says all)."""
    view, mine = moment.view, moment.my_turn
    phase, turn = view["phase"], view["turn"]
    auction = view.get("auction") or {}
    lot = view.get("lot")
    who = seat(turn)
    seller = seat(view["auctioneer"])
    if view.get("end") is not None or phase == "over":
        winners = (moment.outcome or view.get("outcome") or {}).get("winners") or []
        reason = END_REASONS.get(view.get("end") or "", END_REASONS["no_cards"])
        if not winners:
            return reason, None
        best = view["cash"][winners[0]]
        return reason, say(
            "kette-von-saba.talk",
            "Most money: {names} with {amount}.",
            names=[seat(s) for s in winners],
            amount=marks(best),
        )
    if phase == "offer":
        if mine:
            return say("kette-von-saba.talk", "Your auction: choose a card to sell"), say(
                "kette-von-saba.talk", "The others bid for it in turn; the money goes to you."
            )
        return say("kette-von-saba.talk", "{name} chooses a card to sell", name=seller), say(
            "kette-von-saba.talk",
            "Then the others bid for it in turn, from {name}'s left.",
            name=seller,
        )
    card = card_name(lot) if lot is not None else None
    if phase == "bidding":
        headline = say("kette-von-saba.talk", "{name} auctions {card}", name=seller, card=card)
        if auction.get("bidder") is None:
            high = say("kette-von-saba.talk", "No bid yet.")
        else:
            high = say(
                "kette-von-saba.talk",
                "Highest bid: {amount} by {name}.",
                amount=marks(auction["bid"]),
                name=seat(auction["bidder"]),
            )
        if mine:
            return headline, say(
                "kette-von-saba.talk", "{bid} Your turn: bid more or pass.", bid=high
            )
        return headline, say(
            "kette-von-saba.talk", "{bid} {name} bids or passes.", bid=high, name=who
        )
    if phase == "reserve":
        headline = say(
            "kette-von-saba.talk",
            "Bidding closed at {amount} ({name})",
            name=seat(auction["bidder"]),
            amount=marks(auction["bid"]),
        )
        if mine:
            return headline, say(
                "kette-von-saba.talk",
                "Sell {card} for this, or ask a higher price once.",
                card=card,
            )
        return headline, say(
            "kette-von-saba.talk", "{name} sells, or asks a higher price once.", name=seller
        )
    if phase == "reserve_offer":
        headline = say(
            "kette-von-saba.talk",
            "{name} asks {amount} for {card}",
            name=seller,
            amount=marks(auction["reserve"]),
            card=card,
        )
        if mine:
            return headline, say(
                "kette-von-saba.talk",
                "Pay the price (the bidding goes on from there) or decline.",
            )
        return headline, say(
            "kette-von-saba.talk",
            "{name} pays it or declines; if nobody pays, the card is not sold.",
            name=who,
        )
    if phase == "buyer":
        headline = say(
            "kette-von-saba.talk",
            "{buyer} bought {card} for {amount}",
            buyer=who,
            card=card,
            amount=marks(auction.get("bid") or 0),
        )
        double = rewards.best(view.get("lot_spaces")) * BUYER_REWARD
        if mine:
            return headline, say(
                "kette-von-saba.talk",
                "Lay it now for a double reward (up to {amount}) or keep it in hand.",
                amount=marks(double),
            )
        return headline, say(
            "kette-von-saba.talk",
            "{name} keeps it, or lays it now for a double reward.",
            name=who,
        )
    if phase == "lay":
        headline = say("kette-von-saba.talk", "{card} is not sold", card=card)
        if mine:
            return headline, say(
                "kette-von-saba.talk", "Lay it on the necklace: it pays you nothing."
            )
        return headline, say(
            "kette-von-saba.talk", "{name} lays it on the necklace, without reward.", name=who
        )
    if phase == "draw":
        left = say_n("kette-von-saba.talk", "{n} card left", "{n} cards left", view["deck_count"])
        if mine:
            return say("kette-von-saba.talk", "Buy a card from the deck?"), say(
                "kette-von-saba.talk",
                "The top card costs {amount}; {left} in the deck. Stage 1 ends when it is empty.",
                amount=marks(DRAW_PRICE),
                left=left,
            )
        return say("kette-von-saba.talk", "{name} may buy a card from the deck", name=seller), say(
            "kette-von-saba.talk",
            "The top card costs {amount}; {left} in the deck.",
            amount=marks(DRAW_PRICE),
            left=left,
        )
    # Stage 2.
    if mine:
        return say("kette-von-saba.talk", "Stage 2: your turn to lay a card"), say(
            "kette-von-saba.talk",
            "Lay a card from your hand for its reward, or set a forgery aside.",
        )
    return say("kette-von-saba.talk", "Stage 2: {name} lays a card", name=who), say(
        "kette-von-saba.talk",
        "Each lays a card for its reward in turn; the richest at the end wins.",
    )
