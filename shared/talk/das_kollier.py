"""Das Kollier's voice: what a moment of an auction for gems means, for every client.

Made only from a `Moment` (the seat's view, its legal moves, the seats to act): the lot with each
gem's name and value, the seat's cash and best necklace, what each listed move does or costs and
a warning where it may hurt the mover (a bid, start price, acceptance or pre-emption beyond what
the seat can pay — decision 10 of the rules notes —, an overpayment with gems, a sale to the bank
below the gems' worth), the game log's sentence for each event as the seat sees it
(`event_line`), and the rules by topic. The game's terms (gem names, phases, money) keep
the catalog contexts they had in the pygame view ("das-kollier.gem", "das-kollier.phase",
"das-kollier"); the talk's own lines are under "das-kollier.talk", the log's under
"das-kollier.log".

Cheap by design: a talk is made per seat per move on the server, so it reads the view as it is
(no copies) and uses only the engine's remembered hand arithmetic (`best_necklace`, `can_pay`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from shared.games.das_kollier.gems import (
    CARDS,
    KINDS,
    RANK,
    VALUE,
    best_necklace,
    necklace_value,
)
from shared.games.das_kollier.hands import can_pay
from shared.games.das_kollier.tables import (
    CASH_ONLY_ROUNDS,
    COMPENSATION,
    FALLING_MIN_COMMISSION,
    MARKER,
    PENALTY,
    SALE_CAP,
    SECOND_DECK_GIFT,
    STEP,
    THRESHOLD,
    half_up,
)
from shared.talk import Line, Moment, Section, Talk, fact, move, piece, say, say_n, seat
from shared.talk.scores import Row, part_rows, row

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

# The rules section that matters in each phase (the rules sheet opens there).
TOPICS = {
    "sealed": "sealed",
    "choose": "lot",
    "open": "open",
    "falling": "falling",
    "preempt": "falling",
    "pay": "paying",
    "commission": "commission",
    "over": "end",
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


def _by_seat(amounts: list[int]) -> list[Line]:
    """An amount for each seat, in seat order: "Ada $3,000, Ben $0" (said joined by commas)."""
    return [
        say("das-kollier.log", "{name} {amount}", name=seat(i), amount=money(amount))
        for i, amount in enumerate(amounts)
    ]


def cannot_pay() -> Line:
    """Decision 10's warning: an offer beyond what the seat can pay is legal, and costs this."""
    return say(
        "das-kollier.talk",
        "You cannot pay this: you would pay {penalty} or a gem as a penalty",
        penalty=money(PENALTY),
    )


def offer_warning(view: dict[str, Any], price: int, mixed: bool) -> Line | None:
    """The warning for an offer (a bid, a start price, an acceptance, a pre-emption) at `price`,
    when the seat's cash (and from round 7 in an open auction its gems) cannot pay it; for
    clients that build an amount of their own (a typed bid) as for the listed ones."""
    if can_pay(view.get("cash", 0), view.get("gems", []), price, mixed):
        return None
    return cannot_pay()


def sale_payout(view: dict[str, Any], value: int) -> tuple[int, int]:
    """What the bank pays now for a sale worth `value`, and what it then owes (it pays at most
    SALE_CAP, only from what it holds, nothing while older debts wait, and during the commission
    choice keeps the cash commission the auctioneer may still take)."""
    credit = min(value, SALE_CAP)
    if view.get("debts"):
        return 0, credit
    kept = 0
    auction = view.get("auction") or {}
    if view.get("phase") == "commission":
        kept = half_up(auction.get("paid_cash", 0))
    spare = max(0, view.get("bank", 0) - kept)
    paid = min(credit, spare)
    return paid, credit - paid


class Voice:
    """Das Kollier's voice (see the module doc)."""

    goal = say(
        "das-kollier.talk",
        "Das Kollier: buy gems at auction and string the most valuable necklace.",
    )
    end = say(
        "das-kollier.talk",
        "The game ends when the second deck has been auctioned; the best necklace wins (ties:"
        " fewer gems in it, then the best gem outside it, then money).",
    )

    @property
    def rules(self) -> list[Section]:
        return RULES

    pieces = {f"gem:{gem}": found for gem, found in GEM_PIECES.items()}

    # ------------------------------------------------------------------ the moment
    def talk(self, moment: Moment) -> Talk:
        view = moment.view
        phase = view.get("phase", "")
        said = self._moment(moment)
        entries = [self._move(moment, m) for m in moment.legal]
        topic = TOPICS.get(phase)
        if phase == "pay" and any(m.get("type") == "default" for m in moment.legal):
            topic = "default"
        return {
            "headline": said[0],
            "explain": said[1],
            "moves": entries,
            "facts": self._facts(moment),
            "topic": topic,
        }

    # ------------------------------------------------------------------ the log
    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> Line | None:
        """The game log's sentence for one event as the seat sees it (None: it says nothing).
        A hidden part (a sealed bid's amount, the gems of a payment, a commission, a penalty or
        a sale) is only in the event for seats that may see it: the sentence says it where it is
        there, and only that it happened where it is not. `taken_back` is the clients' own."""
        kind = event.get("type")
        who = seat(event["seat"]) if "seat" in event else None
        if kind == "sealed_bid":
            if "amount" in event:
                return say(
                    "das-kollier.log",
                    "{name} puts {amount} face down.",
                    name=who,
                    amount=money(event["amount"]),
                )
            return say("das-kollier.log", "{name} puts a sealed bid face down.", name=who)
        if kind == "first_auctioneer":
            return say(
                "das-kollier.log",
                "The sealed bids are opened: {bids}. {name} pays {paid} and runs the first"
                " auction.",
                bids=_by_seat(event["bids"]),
                name=who,
                paid=money(event["paid"]),
            )
        if kind == "auction_opened":
            return say(
                "das-kollier.log",
                "{name} opens the bidding at {price}.",
                name=who,
                price=money(event["start_price"]),
            )
        if kind == "falling_auction":
            return say(
                "das-kollier.log",
                "{name} offers the lot in turn at {price}, starting with {asked}.",
                name=who,
                price=money(event["price"]),
                asked=seat(event["asked"]),
            )
        if kind == "bid":
            return say(
                "das-kollier.log", "{name} bids {amount}.", name=who, amount=money(event["amount"])
            )
        if kind == "passed":
            return say("das-kollier.log", "{name} passes.", name=who)
        if kind == "knocked_down":
            return say(
                "das-kollier.log",
                "Going, going, gone: sold to {name} for {price}.",
                name=seat(event["buyer"]),
                price=money(event["price"]),
            )
        if kind == "accepted":
            return say(
                "das-kollier.log",
                "{name} takes it at {price}.",
                name=who,
                price=money(event["price"]),
            )
        if kind == "declined":
            return say(
                "das-kollier.log",
                "{name} declines at {price}.",
                name=who,
                price=money(event["price"]),
            )
        if kind == "price_fell":
            return say(
                "das-kollier.log",
                "Nobody bought: the price drops to {price}.",
                price=money(event["price"]),
            )
        if kind == "taken_for_nothing":
            return say(
                "das-kollier.log",
                "Nobody wanted it even for nothing: {name} keeps the lot for free.",
                name=who,
            )
        if kind == "preempted":
            return say(
                "das-kollier.log",
                "{name} uses the right of first refusal and buys at {price} instead of {accepter}.",
                name=who,
                price=money(event["price"]),
                accepter=seat(event["accepter"]),
            )
        if kind == "waived":
            return say(
                "das-kollier.log",
                "{name} lets {buyer} have it at {price}.",
                name=who,
                buyer=seat(event["buyer"]),
                price=money(event["price"]),
            )
        if kind == "paid":
            return self._paid_line(event, who)
        if kind == "compensation":
            return say(
                "das-kollier.log",
                "{name} gets {amount} from the bank for the lost purchase.",
                name=who,
                amount=money(event["amount"]),
            )
        if kind == "commission":
            if event.get("cash"):
                return say(
                    "das-kollier.log",
                    "{name} earns {cash} commission.",
                    name=who,
                    cash=money(event["cash"]),
                )
            if "gem" in event:
                return say(
                    "das-kollier.log",
                    "{name} takes as commission: {gem}.",
                    name=who,
                    gem=GEM_NAMES[event["gem"]],
                )
            return say("das-kollier.log", "{name} takes a gem as commission.", name=who)
        if kind == "default":
            return self._default_line(event, who)
        if kind == "rerun":
            return say(
                "das-kollier.log", "The same lot goes up again; {name} runs the auction.", name=who
            )
        if kind == "sold_to_bank":
            if "gems" in event:
                return say(
                    "das-kollier.log",
                    "{name} sells {gems} to the bank (worth {value}): {paid} now, {owed} owed.",
                    name=who,
                    gems=gem_list(event["gems"]),
                    value=money(event["value"]),
                    paid=money(event["paid"]),
                    owed=money(event["owed"]),
                )
            return say(
                "das-kollier.log",
                "{name} sells {gems} to the bank and lays down the marker.",
                name=who,
                gems=gem_count(event["gem_count"]),
            )
        if kind == "debt_paid":
            if event.get("into") == "marker":
                return say(
                    "das-kollier.log",
                    "The bank pays {name} {amount} of the marker it owed.",
                    name=who,
                    amount=money(event["amount"]),
                )
            return say(
                "das-kollier.log",
                "The bank pays {name} {amount} it owed.",
                name=who,
                amount=money(event["amount"]),
            )
        if kind == "lot_won":
            return say(
                "das-kollier.log",
                "{name} takes the lot: {gems}.",
                name=who,
                gems=gem_list(event["gems"]),
            )
        if kind == "lot_revealed":
            return say(
                "das-kollier.log",
                "New lot for {name} to auction: {gems} (base value {value}).",
                name=who,
                gems=gem_list(event["gems"]),
                value=money(event["value"]),
            )
        if kind == "second_deck":
            return say(
                "das-kollier.log",
                "The first deck is used up: the bank hands out {gifts}, and a second deck of"
                " {cards} is shuffled.",
                gifts=_by_seat(event["gifts"]),
                cards=say_n("das-kollier", "{n} card", "{n} cards", event["cards"]),
            )
        if kind == "game_over":
            return say("das-kollier.log", "The game is over.")
        return None

    def result_lines(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
        """Which of the rules' tie-breaks decided an equal necklace (the engine names it)."""
        decided = outcome.get("decided_by")
        if decided == "gems":
            return [say("das-kollier.talk", "Tie on the necklace: fewer gems in it wins.")]
        winners = outcome.get("winners") or []
        values = outcome.get("best_outside" if decided == "outside" else "money")
        if decided not in ("outside", "money") or not winners or not isinstance(values, list):
            return []
        lead = winners[0]
        if decided == "outside":
            return [
                say(
                    "das-kollier.talk",
                    "Tie on the necklace: the best gem outside it wins ({name}: {value}).",
                    name=seat(lead),
                    value=money(values[lead]),
                )
            ]
        return [
            say(
                "das-kollier.talk",
                "Tie on the necklace and the gems: the most money wins ({name}: {value}).",
                name=seat(lead),
                value=money(values[lead]),
            )
        ]

    def score_rows(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
        """Where the necklace's value came from: its gems' base values, and the same again for
        every kind beyond the first (the value is the sum times the kinds); beside it, the gems
        left outside and the money, which break a tie."""
        labels = {
            "gems": say("das-kollier.talk", "Gems in the necklace"),
            "kinds": say("das-kollier.talk", "Times the kinds"),
        }

        def cell(part: dict[str, Any]) -> Line:
            if part["id"] == "gems":
                return say(
                    "das-kollier.talk",
                    "{value} ({gems})",
                    value=money(part["points"]),
                    gems=gem_count(part["count"]),
                )
            return say(
                "das-kollier.talk",
                "+{value} (×{n})",
                value=money(part["points"]),
                n=part["count"],
            )

        n = len(outcome["scores"])
        # The tie-breaks: the best gem left outside (the engine gives its base value), then money.
        outside = outcome.get("best_outside") or []
        by_value = {VALUE[gem]: gem for gem in KINDS}
        best = [
            gem_name(by_value[value]) if value in by_value else None
            for value in (outside if len(outside) == n else [0] * n)
        ]
        wealth = outcome.get("money") or []
        return [
            *part_rows(outcome, labels.__getitem__, cell),
            row(
                say("das-kollier.talk", "Necklace"), [money(v) for v in outcome["scores"]], "total"
            ),
            row(say("das-kollier.talk", "Best gem outside (breaks a tie)"), best, "aside"),
            row(
                say("das-kollier.talk", "Money (breaks a tie)"),
                [money(a) for a in wealth] if len(wealth) == n else [None] * n,
                "aside",
            ),
        ]

    def _paid_line(self, event: dict[str, Any], who: Line | None) -> Line:
        """A payment: its gems by name for the payer and the auctioneer, else how many."""
        gems = [*event.get("gems", []), *(g for n in event.get("necklaces", []) for g in n)]
        if not gems and not event.get("gem_count"):
            return say(
                "das-kollier.log",
                "{name} pays {price} in cash.",
                name=who,
                price=money(event["price"]),
            )
        return say(
            "das-kollier.log",
            "{name} pays {price}: {cash} in cash and {gems}.",
            name=who,
            price=money(event["price"]),
            cash=money(event["cash"]),
            gems=gem_list(gems) if gems else gem_count(event["gem_count"]),
        )

    def _default_line(self, event: dict[str, Any], who: Line | None) -> Line:
        """A buyer who cannot pay: the penalty in cash, or a gem (named only for the buyer)."""
        price = money(event["price"])
        if not event.get("penalty_gem"):
            return say(
                "das-kollier.log",
                "{name} cannot pay {price} and pays a penalty of {cash}.",
                name=who,
                price=price,
                cash=money(event["penalty_cash"]),
            )
        if "gem" in event:
            return say(
                "das-kollier.log",
                "{name} cannot pay {price} and gives up as a penalty: {gem}.",
                name=who,
                price=price,
                gem=GEM_NAMES[event["gem"]],
            )
        return say(
            "das-kollier.log",
            "{name} cannot pay {price} and gives up a gem as a penalty.",
            name=who,
            price=price,
        )

    def _moment(self, moment: Moment) -> tuple[Line, Line]:
        view, me = moment.view, moment.seat
        phase = view.get("phase")
        auction = view.get("auction") or {}
        auctioneer = view.get("auctioneer", 0)
        mine = me is not None and me in moment.to_act
        if phase == "sealed":
            made = sum(1 for made in view.get("sealed_bids_made", []) if made)
            count = say(
                "das-kollier.talk",
                "{n} of {of} bids are down; the highest pays and runs the first auction",
                n=made,
                of=view.get("players", 0),
            )
            head = say("das-kollier.talk", "Sealed bids for the first auction")
            if mine:
                return head, say(
                    "das-kollier.talk", "Put down any cash, even nothing: {count}", count=count
                )
            return head, count
        if phase == "choose":
            head = say(
                "das-kollier.talk",
                "Round {n}: a lot worth {value} for {name} to auction",
                n=view.get("round", 1),
                value=money(view.get("lot_value", 0)),
                name=seat(auctioneer),
            )
            if not mine:
                return head, say(
                    "das-kollier.talk",
                    "{name} chooses an open or a falling auction",
                    name=seat(auctioneer),
                )
            short = view.get("cash_only", True) and view.get("cash", 0) < view.get("lot_value", 0)
            if short and not any(m.get("type") == "open_auction" for m in moment.legal):
                return head, say(
                    "das-kollier.talk", "Your cash is below the base value: it must fall."
                )
            return head, say(
                "das-kollier.talk",
                "Your lot: open (you set a start price; the others bid) or falling (offered in"
                " turn, cheaper each round)",
            )
        if phase == "open":
            bidder = auction.get("bidder")
            if bidder is None:
                head = say(
                    "das-kollier.talk",
                    "Open auction: no bid yet, start price {price}",
                    price=money(auction.get("start_price", 0)),
                )
            else:
                head = say(
                    "das-kollier.talk",
                    "Open auction: {name} bids {amount}",
                    name=seat(bidder),
                    amount=money(auction.get("bid", 0)),
                )
            if me is not None and me == auctioneer:
                if any(m.get("type") == "knock_down" for m in moment.legal):
                    return head, say("das-kollier.talk", "Everyone else has passed: knock it down")
                return head, say(
                    "das-kollier.talk",
                    "You knock it down once everyone else has passed; else the clock does",
                )
            if me is not None and me == bidder:
                return head, say(
                    "das-kollier.talk", "You hold the highest bid; the clock knocks it down"
                )
            if me is not None and me in auction.get("passed", []):
                return head, say("das-kollier.talk", "You passed; bid again after a new bid")
            if mine and not any(m.get("type") == "bid" for m in moment.legal):
                least = auction.get("start_price", 0) if bidder is None else auction["bid"] + STEP
                return head, say(
                    "das-kollier.talk",
                    "The next bid, {amount}, is beyond your means: if you won, you would pay"
                    " {penalty} or a gem as a penalty",
                    amount=money(least),
                    penalty=money(PENALTY),
                )
            return head, say(
                "das-kollier.talk",
                "Bid in thousands or pass; {name} knocks it down once all others have passed,"
                " or the clock does",
                name=seat(auctioneer),
            )
        if phase == "falling":
            asked = auction.get("asked")
            head = say(
                "das-kollier.talk",
                "Falling auction at {price}",
                price=money(auction.get("price", 0)),
            )
            turn = say(
                "das-kollier.talk",
                "In turn from the auctioneer's left; when all decline, 1,000 less",
            )
            if me is not None and me == asked:
                return head, say("das-kollier.talk", "Buy the lot at this price? {turn}", turn=turn)
            return head, say(
                "das-kollier.talk", "{name} may buy or decline. {turn}", name=seat(asked), turn=turn
            )
        if phase == "preempt":
            accepter = auction.get("accepter")
            head = say(
                "das-kollier.talk",
                "First refusal: {name} would buy at {price}",
                name=seat(accepter),
                price=money(auction.get("price", 0)),
            )
            if mine:
                return head, say(
                    "das-kollier.talk",
                    "Take it yourself ({name} gets {amount} from the bank) or let it go",
                    name=seat(accepter),
                    amount=money(COMPENSATION),
                )
            return head, say(
                "das-kollier.talk",
                "{name} may take it at that price, below the base value",
                name=seat(auctioneer),
            )
        if phase == "pay":
            buyer, price = auction.get("buyer"), auction.get("price", 0)
            mixed = auction.get("kind") == "open" and not view.get("cash_only", True)
            head = say(
                "das-kollier.talk", "{name} pays {price}", name=seat(buyer), price=money(price)
            )
            if mine and any(m.get("type") == "default" for m in moment.legal):
                return head, say(
                    "das-kollier.talk",
                    "You cannot pay {price}: pay the penalty or give up a gem; then the same lot"
                    " goes up again",
                    price=money(price),
                )
            if mixed:
                return head, say(
                    "das-kollier.talk",
                    "Cash, single gems at base value or whole necklaces; gems get no change",
                )
            return head, say("das-kollier.talk", "This lot is paid in cash")
        if phase == "commission":
            head = say("das-kollier.talk", "Commission for {name}", name=seat(auctioneer))
            paid = say(
                "das-kollier.talk",
                "{name} paid {cash} and {gems}",
                name=seat(auction.get("buyer", 0)),
                cash=money(auction.get("paid_cash", 0)),
                gems=gem_count(auction.get("paid_gem_count", 0)),
            )
            if mine:
                return head, say(
                    "das-kollier.talk", "Half the cash, or one of the gems: {paid}", paid=paid
                )
            return head, say(
                "das-kollier.talk",
                "{name} chooses the commission: {paid}",
                name=seat(auctioneer),
                paid=paid,
            )
        if phase == "over":
            outcome = view.get("outcome") or moment.outcome or {}
            winners = outcome.get("winners", [])
            head = say("das-kollier.talk", "The game is over")
            if winners and outcome["scores"][winners[0]]:
                return head, say(
                    "das-kollier.talk",
                    "Best necklace: {names} · {value}",
                    names=[seat(s) for s in winners],
                    value=money(outcome["scores"][winners[0]]),
                )
            return head, say("das-kollier.talk", "Nobody strung a necklace")
        return say("das-kollier.talk", "Das Kollier"), PHASE_NAMES.get(
            phase or "", say("das-kollier.talk", "waiting")
        )

    # ------------------------------------------------------------------ each legal move
    def _move(self, moment: Moment, listed: dict[str, Any]) -> dict[str, Any]:
        view = moment.view
        kind = listed.get("type")
        auction = view.get("auction") or {}
        open_mixed = not view.get("cash_only", True)  # an open auction from round 7
        if kind == "sell":
            return self._sale(view, listed)
        if kind == "bid":
            amount = listed["amount"]
            return move(
                say("das-kollier.talk", "Bid {amount}", amount=money(amount)),
                say(
                    "das-kollier.talk",
                    "You buy the lot at {amount} if nobody bids more",
                    amount=money(amount),
                ),
                offer_warning(view, amount, open_mixed),
            )
        if kind == "pass":
            return move(
                say("das-kollier.talk", "Pass"),
                say("das-kollier.talk", "You may bid again once someone else bids"),
            )
        if kind == "open_auction":
            price = listed["start_price"]
            return move(
                say("das-kollier.talk", "Open at {price}", price=money(price)),
                say(
                    "das-kollier.talk",
                    "The others bid from {price} up; if nobody bids, you buy it yourself at"
                    " {price}",
                    price=money(price),
                ),
                offer_warning(view, price, open_mixed),
            )
        if kind == "falling_auction":
            value = view.get("lot_value", 0)
            return move(
                say("das-kollier.talk", "Falling from {price}", price=money(value)),
                say(
                    "das-kollier.talk",
                    "Offered in turn from your left; when all decline, 1,000 less. You earn half"
                    " the price, at least {least}",
                    least=money(FALLING_MIN_COMMISSION),
                ),
            )
        if kind == "knock_down":
            bidder, bid = auction.get("bidder"), auction.get("bid")
            if bidder is None:
                price = auction.get("start_price", 0)
                return move(
                    say("das-kollier.talk", "Knock down"),
                    say(
                        "das-kollier.talk",
                        "Nobody bid: you buy it yourself at {price}",
                        price=money(price),
                    ),
                    offer_warning(view, price, open_mixed),
                )
            return move(
                say("das-kollier.talk", "Knock down"),
                say(
                    "das-kollier.talk",
                    "Sold to {name} for {price}; you earn the commission",
                    name=seat(bidder),
                    price=money(bid or 0),
                ),
            )
        if kind == "accept":
            price = auction.get("price", 0)
            below = price < view.get("lot_value", 0)
            does = (
                say(
                    "das-kollier.talk",
                    "You buy it at {price} in cash; below the base value the auctioneer may take"
                    " it instead",
                    price=money(price),
                )
                if below
                else say("das-kollier.talk", "You buy it at {price} in cash", price=money(price))
            )
            return move(
                say("das-kollier.talk", "Buy at {price}", price=money(price)),
                does,
                offer_warning(view, price, False),
            )
        if kind == "decline":
            return move(
                say("das-kollier.talk", "Decline"),
                say(
                    "das-kollier.talk",
                    "The next player is asked; when all decline, the price falls 1,000",
                ),
            )
        if kind == "preempt":
            price = auction.get("price", 0)
            return move(
                say("das-kollier.talk", "Take it at {price}", price=money(price)),
                say(
                    "das-kollier.talk",
                    "You buy it in cash; {name} gets {amount} from the bank",
                    name=seat(auction.get("accepter", 0)),
                    amount=money(COMPENSATION),
                ),
                offer_warning(view, price, False),
            )
        if kind == "waive":
            price = auction.get("price", 0)
            return move(
                say("das-kollier.talk", "Let it go"),
                say(
                    "das-kollier.talk",
                    "{name} buys it at {price}; you earn the commission",
                    name=seat(auction.get("accepter", 0)),
                    price=money(price),
                ),
            )
        if kind == "pay":
            return self._payment(view, listed)
        if kind == "default":
            price = auction.get("price", 0)
            again = say(
                "das-kollier.talk",
                "You cannot pay {price}: the same lot goes up again, run by {name}",
                price=money(price),
                name=seat(view.get("auctioneer", 0)),
            )
            gem = listed.get("gem")
            if gem is None:
                return move(
                    say("das-kollier.talk", "Pay the {amount} penalty", amount=money(PENALTY)),
                    again,
                )
            return move(
                say("das-kollier.talk", "Give up {gem} as the penalty", gem=gem_card(gem)),
                again,
                say("das-kollier.talk", "You lose a gem worth {value}", value=money(VALUE[gem]))
                if VALUE[gem] > PENALTY
                else None,
            )
        if kind == "commission":
            take = listed.get("take")
            if take == "cash":
                half = half_up(auction.get("paid_cash", 0))
                return move(
                    say("das-kollier.talk", "Cash: {amount}", amount=money(half)),
                    say("das-kollier.talk", "Half the cash paid, rounded up to 1,000"),
                )
            return move(
                say("das-kollier.talk", "Take {gem}", gem=gem_card(take)),
                say("das-kollier.talk", "One of the gems paid goes into your hand"),
            )
        if kind == "sealed_bid":
            amount = listed["amount"]
            return move(
                say("das-kollier.talk", "Put down {amount}", amount=money(amount)),
                say("das-kollier.talk", "The highest sealed bid pays and runs the first auction"),
            )
        return move(say("das-kollier.talk", "Play {kind}", kind=str(kind)))

    def _payment(self, view: dict[str, Any], listed: dict[str, Any]) -> dict[str, Any]:
        auction = view.get("auction") or {}
        price = auction.get("price", 0)
        cash = listed.get("cash", 0)
        gems = list(listed.get("gems", []))
        necklaces = [list(n) for n in listed.get("necklaces", [])]
        if not gems and not necklaces:
            return move(
                say("das-kollier.talk", "Pay {price} in cash", price=money(price)),
                say(
                    "das-kollier.talk",
                    "Your cash after it: {amount}",
                    amount=money(view.get("cash", 0) - cash),
                ),
            )
        worth = sum(VALUE[g] for g in gems) + sum(necklace_value(n) for n in necklaces)
        pieces = gem_list(gems)
        for necklace in necklaces:
            pieces.append(
                say("das-kollier.talk", "the necklace of {gems}", gems=gem_list(necklace))
            )
        label = (
            say("das-kollier.talk", "Pay {gems} and {cash}", gems=pieces, cash=money(cash))
            if cash
            else say("das-kollier.talk", "Pay {gems}", gems=pieces)
        )
        hand = list(view.get("gems", []))
        for gem in gems + [g for n in necklaces for g in n]:
            if gem in hand:
                hand.remove(gem)
        before = (view.get("best_necklace") or {}).get("value", 0)
        after = best_necklace(hand)[0]
        does = say(
            "das-kollier.talk",
            "The gems count {worth}; your best necklace is then worth {after}",
            worth=money(worth),
            after=money(after),
        )
        warn = None
        if worth > price:
            warn = say(
                "das-kollier.talk",
                "Gems worth {worth}: {amount} more than the price, and no change is given",
                worth=money(worth),
                amount=money(worth - price),
            )
        elif after < before:
            warn = say(
                "das-kollier.talk",
                "Your best necklace falls from {before} to {after}",
                before=money(before),
                after=money(after),
            )
        return move(label, does, warn)

    def _sale(self, view: dict[str, Any], listed: dict[str, Any]) -> dict[str, Any]:
        necklace = "necklace" in listed
        gems = list(listed["necklace"] if necklace else listed.get("gems", []))
        value = necklace_value(gems) if necklace else sum(VALUE[g] for g in gems)
        paid, owed = sale_payout(view, value)
        label = (
            say("das-kollier.talk", "Sell the necklace of {gems}", gems=gem_list(gems))
            if necklace
            else say("das-kollier.talk", "Sell {gems}", gems=gem_list(gems))
        )
        does = (
            say(
                "das-kollier.talk",
                "Worth {value}: the bank pays {paid} now and owes you {owed}; you lay down the"
                " {marker} marker (once a game)",
                value=money(value),
                paid=money(paid),
                owed=money(owed),
                marker=money(MARKER),
            )
            if owed
            else say(
                "das-kollier.talk",
                "Worth {value}: the bank pays {paid} now; you lay down the {marker} marker (once"
                " a game)",
                value=money(value),
                paid=money(paid),
                marker=money(MARKER),
            )
        )
        hand = list(view.get("gems", []))
        for gem in gems:
            if gem in hand:
                hand.remove(gem)
        before = (view.get("best_necklace") or {}).get("value", 0)
        after = best_necklace(hand)[0]
        warns = []
        if value > SALE_CAP:
            warns.append(
                say(
                    "das-kollier.talk",
                    "The bank pays at most {cap}: {lost} of their worth is lost",
                    cap=money(SALE_CAP),
                    lost=money(value - SALE_CAP),
                )
            )
        if after < before:
            warns.append(
                say(
                    "das-kollier.talk",
                    "Your best necklace falls from {before} to {after}",
                    before=money(before),
                    after=money(after),
                )
            )
        warn = None
        if len(warns) == 2:
            warn = say("das-kollier.talk", "{first}. {second}", first=warns[0], second=warns[1])
        elif warns:
            warn = warns[0]
        return move(label, does, warn)

    # ------------------------------------------------------------------ the facts
    def _facts(self, moment: Moment) -> list[dict[str, Any]]:
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


def _rules() -> list[Section]:
    """The rules by topic (rules notes §2 and the decisions of the rules audit and of turn 3)."""
    values = say(
        "das-kollier.talk",
        "Gems, most valuable first: {gems}. Each kind has its own colour and cut.",
        gems=[gem_card(g) for g in KINDS],
    )
    return [
        Section(
            "gems",
            say("das-kollier.talk", "Gems and necklaces"),
            [
                values,
                say(
                    "das-kollier.talk",
                    "A necklace is one centre gem of a kind dearer than every other kind in it,"
                    " and at least one pair of cheaper gems, each kind in pairs. Its value is the"
                    " sum of its gems times the number of kinds: a ruby, 2 topazes and 4 agates"
                    " make 29,000 × 3 = 87,000. The table always shows your best one.",
                ),
                SECRET,
            ],
        ),
        Section(
            "lot",
            say("das-kollier.talk", "The lot"),
            [
                say(
                    "das-kollier.talk",
                    "The auctioneer turns cards until they are worth at least 6,000 (5,000 with 5"
                    " players, 4,000 with 6) and then chooses an open or a falling auction. The"
                    " buyer of a lot runs the next auction.",
                ),
                say(
                    "das-kollier.talk",
                    "In rounds 1–6 an auctioneer with less cash than the lot's base value must let"
                    " it fall.",
                ),
            ],
        ),
        Section(
            "open",
            say("das-kollier.talk", "Open auction"),
            [
                say(
                    "das-kollier.talk",
                    "The auctioneer names a start price of at least the base value; everyone else"
                    " bids at any time, in thousands, or passes. Once everyone else has passed,"
                    " the auctioneer knocks it down — or the clock does after a quiet spell. No"
                    " bid: the auctioneer buys it at the start price.",
                ),
                say(
                    "das-kollier.talk",
                    "You may bid beyond what you can pay: if you win and cannot pay, you pay the"
                    " penalty and the lot goes up again.",
                ),
            ],
        ),
        Section(
            "falling",
            say("das-kollier.talk", "Falling auction"),
            [
                say(
                    "das-kollier.talk",
                    "The lot is offered at its base value to each player in turn from the"
                    " auctioneer's left; when all decline, the price drops by 1,000. If all"
                    " decline even at 0, the auctioneer keeps the lot for nothing.",
                ),
                say(
                    "das-kollier.talk",
                    "If someone buys below the base value, the auctioneer may take it at that"
                    " price instead, and the other buyer gets {amount} from the bank.",
                    amount=money(COMPENSATION),
                ),
            ],
        ),
        Section(
            "paying",
            say("das-kollier.talk", "Paying"),
            [
                say(
                    "das-kollier.talk",
                    "In rounds 1–6, and always in a falling auction, you pay in cash. From round"
                    " 7, an open auction may be paid with cash, single gems (base value) and whole"
                    " necklaces (necklace value); gems worth more than the price get no change,"
                    " and cash never pays more than the rest.",
                ),
            ],
        ),
        Section(
            "commission",
            say("das-kollier.talk", "Commission"),
            [
                say(
                    "das-kollier.talk",
                    "The auctioneer earns half the cash paid, rounded up to 1,000, or — if gems"
                    " were paid — one of them. A falling auction always pays him at least"
                    " {least}, as far as the bank holds money.",
                    least=money(FALLING_MIN_COMMISSION),
                ),
            ],
        ),
        Section(
            "default",
            say("das-kollier.talk", "Cannot pay?"),
            [
                say(
                    "das-kollier.talk",
                    "Whoever cannot pay gives the bank {penalty} or a gem of his choice (all his"
                    " cash if he has neither); the same lot goes up again, and he may offer only"
                    " what he can pay for it.",
                    penalty=money(PENALTY),
                ),
            ],
        ),
        Section(
            "sale",
            say("das-kollier.talk", "Sale to the bank"),
            [
                say(
                    "das-kollier.talk",
                    "Once a game, at any moment — also when it is not your turn — you may sell"
                    " gems (base value) or one necklace to the bank for at most {cap}; what it"
                    " lacks it owes you and pays first. You lay down a {marker} marker, which"
                    " counts as money at the end.",
                    cap=money(SALE_CAP),
                    marker=money(MARKER),
                ),
            ],
        ),
        Section(
            "sealed",
            say("das-kollier.talk", "Sealed bids (advanced)"),
            [
                say(
                    "das-kollier.talk",
                    "With the advanced rule, everyone first puts down a sealed cash bid; the"
                    " highest pays it and runs the first auction.",
                ),
            ],
        ),
        Section(
            "end",
            say("das-kollier.talk", "The end"),
            [
                say(
                    "das-kollier.talk",
                    "When the first deck runs out, everyone gets {gift} from the bank (as far as"
                    " it holds money), and the bank's gems with the diamond, rubies and topazes"
                    " set aside form a second deck. When it has been auctioned, the best necklace"
                    " wins; ties go to fewer gems in it, then the best gem outside, then money"
                    " (cash and marker).",
                    gift=money(SECOND_DECK_GIFT),
                ),
            ],
        ),
    ]


RULES = _rules()
VOICE = Voice()


def payment_entry(view: dict[str, Any], payment: dict[str, Any]) -> dict[str, Any]:
    """The talk's entry (label, what it does, a warning) for a payment that a client put together
    itself (gems and necklaces chosen by hand), said as for the listed ones."""
    return VOICE._payment(view, payment)


def sale_entry(view: dict[str, Any], sale: dict[str, Any]) -> dict[str, Any]:
    """The talk's entry (label, what it does, a warning) for a sale to the bank that a client put
    together itself (gems chosen by hand), said as for the listed ones."""
    return VOICE._sale(view, sale)
