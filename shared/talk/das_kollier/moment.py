"""Das Kollier's talk of a moment: its headline and one line of explanation (the phase, whose
turn, what is being decided), and the rules section that matters now."""

from __future__ import annotations

from shared.games.das_kollier.tables import COMPENSATION, PENALTY, STEP
from shared.talk import Line, Moment, say, seat
from shared.talk.das_kollier.terms import PHASE_NAMES, gem_count, money

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


def topic(moment: Moment) -> str | None:
    """The rules section that matters now: the phase's, or the default's for a buyer who
    cannot pay."""
    phase = moment.view.get("phase", "")
    if phase == "pay" and any(m.get("type") == "default" for m in moment.legal):
        return "default"
    return TOPICS.get(phase)


def moment_lines(moment: Moment) -> tuple[Line, Line]:
    """The moment's headline, and one line of explanation."""
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
            return head, say("das-kollier.talk", "Your cash is below the base value: it must fall.")
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
        head = say("das-kollier.talk", "{name} pays {price}", name=seat(buyer), price=money(price))
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
