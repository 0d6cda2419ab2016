"""Each legal move of Die Kette von Saba in words: its label, what it does or pays, and a
warning where it may cost the mover (a bid above what the card pays, a risky price, a better
space, a double reward given up)."""

from __future__ import annotations

from typing import Any

from shared.games.kette_von_saba.bank import BUYER_REWARD, DRAW_PRICE
from shared.games.kette_von_saba.necklace import JOKER
from shared.talk import Line, Moment, move, say, seat
from shared.talk.kette_von_saba.rewards import Rewards
from shared.talk.kette_von_saba.words import card_name, marks


def move_entry(moment: Moment, m: dict[str, Any], rewards: Rewards) -> dict[str, Any]:
    """The talk's entry of the legal move `m`: its label, what it does, and its warning."""
    view = moment.view
    kind = m["type"]
    auction = view.get("auction") or {}
    lot = view.get("lot")
    if kind == "offer":
        return move(
            say("kette-von-saba.button", "Sell {card}", card=card_name(m["card"])),
            say(
                "kette-von-saba.talk",
                "Put it up for auction: the others bid, the money goes to you.",
            ),
        )
    if kind == "pass":
        return move(
            say("kette-von-saba.button", "Pass"),
            say(
                "kette-von-saba.talk",
                "Bid nothing now; you may bid again when your turn comes round.",
            ),
        )
    if kind == "bid":
        return move(
            say("kette-von-saba.button", "Bid {amount}", amount=m["amount"]),
            say("kette-von-saba.talk", "The highest bid when the bidding ends buys the card."),
            _overpay(view, m["amount"], rewards),
        )
    if kind == "sell":
        bidder = auction.get("bidder")
        return move(
            say("kette-von-saba.button", "Sell for {amount}", amount=auction.get("bid") or 0),
            say(
                "kette-von-saba.talk",
                "{name} pays you {amount} and gets the card.",
                name=seat(bidder) if bidder is not None else "",
                amount=marks(auction.get("bid") or 0),
            ),
        )
    if kind == "reserve":
        return move(
            say("kette-von-saba.button", "Ask {amount}", amount=m["price"]),
            say(
                "kette-von-saba.talk",
                "Once per card: the others may pay {amount} and the bidding goes on.",
                amount=marks(m["price"]),
            ),
            say(
                "kette-von-saba.talk",
                "Risky: if nobody pays it, the sale fails: you lose the bid of {amount}, get "
                "no money and must lay the card yourself without reward.",
                amount=marks(auction.get("bid") or 0),
            ),
        )
    if kind == "accept":
        price = auction.get("reserve") or 0
        return move(
            say("kette-von-saba.button", "Pay {amount}", amount=price),
            say(
                "kette-von-saba.talk",
                "Your offer becomes the highest bid; the bidding goes on.",
            ),
            _overpay(view, price, rewards),
        )
    if kind == "decline":
        return move(
            say("kette-von-saba.button", "Decline"),
            say("kette-von-saba.talk", "If nobody pays the price, the card is not sold."),
        )
    if kind == "keep":
        double = rewards.best(view.get("lot_spaces")) * BUYER_REWARD
        return move(
            say("kette-von-saba.button", "Keep it"),
            say(
                "kette-von-saba.talk",
                "Into your hand: lay it in stage 2 (single reward) or sell it again.",
            ),
            say(
                "kette-von-saba.talk",
                "Laid now it would pay {amount} (double reward); kept, that is given up.",
                amount=marks(double),
            )
            if double
            else None,
        )
    if kind == "draw":
        return move(
            say("kette-von-saba.button", "Buy a card ({amount})", amount=DRAW_PRICE),
            say(
                "kette-von-saba.talk",
                "Pay {amount} to the bank for the deck's top card, into your hand.",
                amount=marks(DRAW_PRICE),
            ),
        )
    if kind == "end_turn":
        return move(
            say("kette-von-saba.button", "End turn"),
            say("kette-von-saba.talk", "Buy nothing; the next player becomes the auctioneer."),
        )
    if kind == "discard":
        return move(
            say("kette-von-saba.button", "Forgery: {card}", card=card_name(m["card"])),
            say(
                "kette-von-saba.talk",
                "It fits nowhere: set it aside, without reward (you wait a turn).",
            ),
        )
    # "place": the card on sale (stage 1) or a card from the hand (stage 2).
    card = m.get("card", lot)
    space = m["space"]
    earned = rewards.at(space)
    if view["phase"] == "buyer":
        earned *= BUYER_REWARD
    elif view["phase"] == "lay":
        earned = 0
    label = say(
        "kette-von-saba.talk",
        "Lay {card} at column {column}, row {row}",
        card=card_name(card),
        column=space[0],
        row=space[1] + 1,
    )
    if not earned:
        return move(label, say("kette-von-saba.talk", "Laid without reward: nobody bought it."))
    does = say("kette-von-saba.talk", "Pays you {amount}.", amount=marks(earned))
    if view["phase"] == "reconstruction":
        spaces = [p["space"] for p in moment.legal if p["type"] == "place" and p["card"] == card]
    else:
        spaces = view.get("lot_spaces") or []
    best = rewards.best(spaces) * (BUYER_REWARD if view["phase"] == "buyer" else 1)
    warn = (
        say(
            "kette-von-saba.talk",
            "Another space pays more for this card: {amount}.",
            amount=marks(best),
        )
        if best > earned
        else None
    )
    return move(label, does, warn)


def _overpay(view: dict[str, Any], price: int, rewards: Rewards) -> Line | None:
    """A warning when `price` is more than the card on sale is worth to its buyer laid at
    once (double reward), or when it fits nowhere."""
    lot = view.get("lot")
    spaces = view.get("lot_spaces")
    if lot is None:
        return None
    if not spaces:
        if lot == JOKER:
            return say(
                "kette-von-saba.talk",
                "This lion head fits nowhere yet: it pays only later, if at all.",
            )
        return say(
            "kette-von-saba.talk", "This card fits nowhere: it is a forgery and worth nothing."
        )
    worth = rewards.best(spaces) * BUYER_REWARD
    if price > worth:
        return say(
            "kette-von-saba.talk",
            "More than the card pays laid at once ({amount}): you lose unless it earns "
            "more later or sells again for more.",
            amount=marks(worth),
        )
    return None
