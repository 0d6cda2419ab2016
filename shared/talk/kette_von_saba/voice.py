"""The voice of Die Kette von Saba: what a moment of the auction or the reconstruction means to
one seat (or a spectator), each legal move's label, what it does and what it may cost, the facts
a player weighs (what the card on sale would pay where, the bids, the money, the forgeries), and
the rules by topic.

Made only from the `Moment` (the seat's view, its legal moves, the seats to act): the hands of
others and the deck stay unknown here as they are in the view. Cheap by design: a few lookups
and, per card considered, the rewards of the spaces its legal moves name (`reward_at`).

Card names keep the context the pygame table gave them ("kette-von-saba.card"), the move labels
theirs ("kette-von-saba.button") and amounts of money "kette-von-saba"; the talk's own lines are
under "kette-von-saba.talk".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.games.kette_von_saba.bank import BUYER_REWARD, DRAW_PRICE, START_CASH
from shared.games.kette_von_saba.board import SPACE_INDEX, reward_at
from shared.games.kette_von_saba.necklace import JOKER, PIECES
from shared.talk import Line, Moment, Section, Talk, fact, move, piece, say, say_n, seat
from shared.talk.scores import Row, part_rows, row

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

# The rules section that matters in each phase.
TOPICS: dict[str, str] = {
    "offer": "auction",
    "bidding": "auction",
    "reserve": "price",
    "reserve_offer": "price",
    "buyer": "sale",
    "lay": "sale",
    "draw": "sale",
    "reconstruction": "reconstruction",
    "over": "end",
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


def _pieces() -> dict[str, dict[str, Any]]:
    """Every card by name (what a card is, the entry "card" says once), a lion head laid for
    each piece by the piece it stands for, and the table's other symbols."""
    pieces: dict[str, dict[str, Any]] = {
        "card": piece(
            say("kette-von-saba.talk", "a card"),
            say(
                "kette-von-saba.talk",
                "A piece of the necklace. Each column holds one kind of stone, one stone more"
                " going down, the halves mirrored: a card goes only where it fits that. Laid, it"
                " pays a reward.",
            ),
        ),
        "lion": piece(
            card_name(JOKER),
            say(
                "kette-von-saba.talk",
                "A lion head stands in for a piece: it may go only where the piece is already"
                " certain, and pays like it. Left over when the necklace is full, it is a"
                " forgery.",
            ),
        ),
    }
    for card in PIECES:
        pieces[f"card:{card}"] = piece(card_name(card))
        pieces[f"lion:{card}"] = piece(laid_name(JOKER, card))
    pieces["ghost"] = piece(
        say("kette-von-saba.talk", "a faint piece"),
        say("kette-von-saba.talk", "Only this piece can still go on this space."),
    )
    pieces["could"] = piece(
        say("kette-von-saba.talk", "a dotted space"),
        say("kette-von-saba.talk", "The card on sale could go here."),
    )
    pieces["forgeries"] = piece(
        say("kette-von-saba.talk", "Forgeries"),
        say(
            "kette-von-saba.talk",
            "cards that fit nowhere on the necklace: set aside, worth nothing",
        ),
    )
    pieces["deck"] = piece(
        say("kette-von-saba.talk", "Deck"),
        say(
            "kette-von-saba.talk",
            "Stage 1 ends when it is empty. After each sale the auctioneer may buy its top card"
            " for {amount}.",
            amount=marks(DRAW_PRICE),
        ),
    )
    return pieces


# Why the deck's top card goes up for auction (the log's sentence; {name}: the auctioneer).
DECK_OFFERED: dict[str, Callable[[Line, Line], Line]] = {
    "round_without_draw": lambda name, card: say(
        "kette-von-saba.talk",
        "A whole round without a card from the deck: {name} auctions its top card, {card}.",
        name=name,
        card=card,
    ),
    "empty_hand": lambda name, card: say(
        "kette-von-saba.talk",
        "{name} has no cards and auctions the top card of the deck, {card}.",
        name=name,
        card=card,
    ),
}


class Rewards:
    """The reward of laying a card on a space of the moment's board, each space worked out once."""

    def __init__(self, board: list[Any]) -> None:
        self.board = board
        self.known: dict[int, int] = {}

    def at(self, space: list[int]) -> int:
        index = SPACE_INDEX[(space[0], space[1])]
        found = self.known.get(index)
        if found is None:
            found = self.known[index] = reward_at(self.board, index)
        return found

    def best(self, spaces: list[list[int]] | None) -> int:
        return max((self.at(space) for space in spaces or ()), default=0)


class KetteVonSabaVoice:
    pieces = _pieces()
    goal = say(
        "kette-von-saba.talk",
        "Be the richest player at the end: buy and sell the necklace's pieces at auction, then "
        "earn rewards by laying them back into the necklace.",
    )
    end = say(
        "kette-von-saba.talk",
        "Stage 1 ends when the deck is empty; the game ends when no card held can be laid any "
        "more (the necklace is complete). Only money counts: the most marks win.",
    )
    rules = [
        Section(
            "cards",
            say("kette-von-saba.talk", "The cards"),
            [
                say(
                    "kette-von-saba.talk",
                    "Five kinds of stone (ruby, emerald, sapphire, pearl, amethyst), each as "
                    "pieces of 1 to 4 stones, two of every piece, and four lion heads that "
                    "stand in for a piece. Everyone starts with 20,000 marks; money is public, "
                    "hands are secret.",
                ),
            ],
        ),
        Section(
            "auction",
            say("kette-von-saba.talk", "Stage 1: the auction"),
            [
                say(
                    "kette-von-saba.talk",
                    "In turn each player is the auctioneer and puts one card from hand up for "
                    "sale (with an empty hand, or after a whole round without a card bought from "
                    "the deck, the deck's top card instead).",
                ),
                say(
                    "kette-von-saba.talk",
                    "The others bid in turn from the auctioneer's left, in steps of 1,000 and "
                    "never more than their own money, or pass; a player who passed may bid again "
                    "when the turn comes round. The bidding ends when everyone else has passed "
                    "after the highest bid.",
                ),
                say(
                    "kette-von-saba.talk",
                    "Nobody bids: the auctioneer lays the card on the necklace himself, without "
                    "reward.",
                ),
            ],
        ),
        Section(
            "price",
            say("kette-von-saba.talk", "Selling or asking a higher price"),
            [
                say(
                    "kette-von-saba.talk",
                    "After the bidding the auctioneer sells to the highest bidder, or, once per "
                    "card, asks a higher price. The others in turn may pay it (it becomes the "
                    "highest bid and the bidding goes on) or decline.",
                ),
                say(
                    "kette-von-saba.talk",
                    "If nobody pays the price asked, there is no sale: the auctioneer gets no "
                    "money and must lay the card himself, without reward.",
                ),
            ],
        ),
        Section(
            "sale",
            say("kette-von-saba.talk", "After the sale"),
            [
                say(
                    "kette-von-saba.talk",
                    "The buyer pays the auctioneer and either keeps the card in hand (to lay it "
                    "in stage 2 or to sell it again) or lays it on the necklace at once for a "
                    "double reward.",
                ),
                say(
                    "kette-von-saba.talk",
                    "Whatever happened, the auctioneer may then buy the deck's top card for "
                    "2,000 marks paid to the bank. Stage 1 ends when the deck is empty.",
                ),
            ],
        ),
        Section(
            "placing",
            say("kette-von-saba.talk", "Where a card may go"),
            [
                say(
                    "kette-von-saba.talk",
                    "Each column holds one kind of stone; going down a column each card has one "
                    "stone more than the one above; the left and right halves mirror each other. "
                    "Only the centre column holds a piece once.",
                ),
                say(
                    "kette-von-saba.talk",
                    "A lion head may go only where the piece is already certain; it stands for "
                    "that piece. A card that fits nowhere is a forgery: it is set aside and is "
                    "worth nothing.",
                ),
            ],
        ),
        Section(
            "reward",
            say("kette-von-saba.talk", "Rewards"),
            [
                say(
                    "kette-von-saba.talk",
                    "Laying a card pays, in each of the six directions, the length of the unbroken "
                    "line of cards touching it plus one (the new card counts), all in thousands; "
                    "a card touching none pays 1,000. Laid by its buyer right after the sale it "
                    "pays double; laid by the auctioneer after a failed sale it pays nothing.",
                ),
            ],
        ),
        Section(
            "reconstruction",
            say("kette-von-saba.talk", "Stage 2: the reconstruction"),
            [
                say(
                    "kette-von-saba.talk",
                    "The richest player begins. In turn each player lays one card from hand on "
                    "the necklace and takes its reward, or sets one forgery aside instead (a way "
                    "to wait). Players without a card that can be played are skipped.",
                ),
            ],
        ),
        Section(
            "end",
            say("kette-von-saba.talk", "The end"),
            [
                say(
                    "kette-von-saba.talk",
                    "The game ends when no player can lay or set aside a card; lion heads left "
                    "when the necklace is full are forgeries. The richest player wins; tied "
                    "players share the win.",
                ),
            ],
        ),
    ]

    # ------------------------------------------------------------------ the moment
    def talk(self, moment: Moment) -> Talk:
        view = moment.view
        rewards = Rewards(view["board"])
        headline, explain = self._moment(moment, rewards)
        return {
            "headline": headline,
            "explain": explain,
            "moves": [self._move(moment, m, rewards) for m in moment.legal],
            "facts": self._facts(moment, rewards),
            "topic": TOPICS.get(view["phase"], "auction"),
        }

    def _moment(self, moment: Moment, rewards: Rewards) -> tuple[Line, Line | None]:
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
            left = say_n(
                "kette-von-saba.talk", "{n} card left", "{n} cards left", view["deck_count"]
            )
            if mine:
                return say("kette-von-saba.talk", "Buy a card from the deck?"), say(
                    "kette-von-saba.talk",
                    "The top card costs {amount}; {left} in the deck. Stage 1 ends when it is "
                    "empty.",
                    amount=marks(DRAW_PRICE),
                    left=left,
                )
            return say(
                "kette-von-saba.talk", "{name} may buy a card from the deck", name=seller
            ), say(
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

    # ------------------------------------------------------------------ the moves
    def _move(self, moment: Moment, m: dict[str, Any], rewards: Rewards) -> dict[str, Any]:
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
                self._overpay(view, m["amount"], rewards),
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
                self._overpay(view, price, rewards),
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
            spaces = [
                p["space"] for p in moment.legal if p["type"] == "place" and p["card"] == card
            ]
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

    def _overpay(self, view: dict[str, Any], price: int, rewards: Rewards) -> Line | None:
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

    # ------------------------------------------------------------------ the facts
    def _facts(self, moment: Moment, rewards: Rewards) -> list[dict[str, Any]]:
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
                    fact(
                        say("kette-von-saba", "Highest bid"), say("kette-von-saba.talk", "none yet")
                    )
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
                facts.append(
                    fact(say("kette-von-saba.talk", "Price asked"), marks(auction["reserve"]))
                )
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

    def result_lines(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
        """The forgeries set aside and the bank's dealings of the whole game."""
        return [
            say("kette-von-saba.talk", "Forgeries set aside: {n}", n=len(view["forgeries"])),
            say(
                "kette-von-saba.talk",
                "The bank paid {paid} in rewards and took {fees} for cards from the deck.",
                paid=view["rewards_paid"],
                fees=view["fees_paid"],
            ),
        ]

    def score_rows(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
        """Where each seat's money came from and went: the starting money, cards sold, rewards
        for cards laid at once by their buyer (double) and in the reconstruction, cards bought
        at auction and from the deck; they add up to the money that decides the game."""
        labels = {
            "start": say("kette-von-saba.talk", "Starting money"),
            "sales": say("kette-von-saba.talk", "Cards sold"),
            "double_rewards": say("kette-von-saba.talk", "Rewards, laid at once (double)"),
            "rewards": say("kette-von-saba.talk", "Rewards, reconstruction"),
            "purchases": say("kette-von-saba.talk", "Cards bought"),
            "deck": say("kette-von-saba.talk", "Cards from the deck"),
        }

        def cell(part: dict[str, Any]) -> Line:
            # A bare amount beside its cards (the total says the marks), so cells stay narrow.
            amount = part["points"]
            if part["id"] == "start":
                return marks(amount)
            if amount < 0:
                return say_n(
                    "kette-von-saba.talk",
                    "−{amount} ({n} card)",
                    "−{amount} ({n} cards)",
                    part["count"],
                    amount=-amount,
                )
            return say_n(
                "kette-von-saba.talk",
                "+{amount} ({n} card)",
                "+{amount} ({n} cards)",
                part["count"],
                amount=amount,
            )

        return [
            *part_rows(outcome, labels.__getitem__, cell),
            row(
                say("kette-von-saba.talk", "Money"),
                [marks(cash) for cash in outcome["scores"]],
                "total",
            ),
        ]

    # ------------------------------------------------------------------ the log
    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> Line | None:
        """The game log's sentence for one event as the seat sees it (None: it says nothing;
        `taken_back` is said by the clients). A card drawn from the deck is named only in the
        event of the seat that may see it."""
        kind = event.get("type")
        name = seat(event["seat"]) if "seat" in event else None
        card = card_name(event["card"]) if "card" in event else None
        if kind == "card_offered":
            return say(
                "kette-von-saba.talk", "{name} puts {card} up for auction.", name=name, card=card
            )
        if kind == "deck_card_offered":
            tell = DECK_OFFERED.get(event.get("reason"), DECK_OFFERED["empty_hand"])
            return tell(name, card)
        if kind == "bid":
            return say(
                "kette-von-saba.talk", "{name} bids {amount}.", name=name, amount=event["amount"]
            )
        if kind == "reserve_named":
            return say(
                "kette-von-saba.talk",
                "{name} will not sell below {amount}.",
                name=name,
                amount=event["price"],
            )
        if kind == "reserve_accepted":
            return say(
                "kette-von-saba.talk",
                "{name} accepts the price of {amount}.",
                name=name,
                amount=event["price"],
            )
        if kind == "passed":
            if event.get("forced"):
                return say("kette-von-saba.talk", "{name} cannot raise and passes.", name=name)
            return say("kette-von-saba.talk", "{name} passes.", name=name)
        if kind == "reserve_declined":
            if event.get("forced"):
                return say("kette-von-saba.talk", "{name} cannot pay that much.", name=name)
            return say("kette-von-saba.talk", "{name} declines.", name=name)
        if kind == "no_bid":
            return say("kette-von-saba.talk", "Nobody bids.")
        if kind == "reserve_refused":
            return say("kette-von-saba.talk", "Nobody pays the price: the card stays unsold.")
        if kind == "bidding_closed":
            return say(
                "kette-von-saba.talk",
                "The bidding closes at {amount} ({name}).",
                amount=event["bid"],
                name=seat(event["bidder"]),
            )
        if kind == "sold":
            return say(
                "kette-von-saba.talk",
                "{seller} sells {card} to {buyer} for {amount}.",
                seller=seat(event["seller"]),
                buyer=seat(event["buyer"]),
                amount=event["price"],
                card=card,
            )
        if kind == "kept":
            return say(
                "kette-von-saba.talk", "{name} takes {card} into hand.", name=name, card=card
            )
        if kind == "joker_returned":
            return say(
                "kette-von-saba.talk",
                "The lion head fits nowhere yet and goes back to {name}.",
                name=name,
            )
        if kind == "forgery":
            return say(
                "kette-von-saba.talk", "{name} sets a forgery aside: {card}.", name=name, card=card
            )
        if kind == "reconstruction_begins":
            return say(
                "kette-von-saba.talk",
                "The deck is empty. Stage 2: {name}, the richest, begins to rebuild the necklace.",
                name=name,
            )
        if kind == "placed":
            laid = laid_name(event["card"], event["piece"])
            if event["reward"]:
                return say(
                    "kette-von-saba.talk",
                    "{name} lays {card} on the necklace and earns {amount}.",
                    name=name,
                    card=laid,
                    amount=event["reward"],
                )
            return say(
                "kette-von-saba.talk",
                "{name} lays {card} on the necklace, without reward.",
                name=name,
                card=laid,
            )
        if kind == "drew":
            if card is not None:
                return say(
                    "kette-von-saba.talk",
                    "{name} buys the top card of the deck for {amount}: {card}.",
                    name=name,
                    amount=event["price"],
                    card=card,
                )
            return say(
                "kette-von-saba.talk",
                "{name} buys the top card of the deck for {amount}.",
                name=name,
                amount=event["price"],
            )
        if kind == "game_over":
            return END_REASONS.get(event.get("reason"), END_REASONS["no_cards"])
        return None
