"""Saba – Palast der Königin's moves in words: each legal move's label, what it does or costs, and
a warning where it may hurt the mover."""

from __future__ import annotations

from typing import Any

from shared.games.saba_palast.data import (
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    QUARTER_MATERIAL,
    STOCK_LIMIT,
)
from shared.games.saba_palast.scoring import serail_preferred
from shared.talk import Line, move, say, say_n, seat
from shared.talk.saba_palast.terms import (
    MATERIAL_NAMES,
    QUARTER_DOES,
    QUARTER_PLACES,
    TURNS_TO,
    amount,
    card_name,
    card_object,
    cost,
)


def move_talk(view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict[str, Any]:
    """The talk of one legal move: its label, what it does or costs, and a warning."""
    kind = m["type"]
    if kind == "harbour":
        return harbour_talk(view, me, m)
    if kind == "build":
        return build_talk(view, me, m)
    if kind == "fulfil":
        return fulfil_talk(view, me, m)
    if kind == "pass":
        return pass_talk(view, me)
    if kind == "place_figure":
        q = m["quarter"]
        price = sum(f.count(me) for f in view["quarters"].values()) + 1
        warn = None
        if view["vizier"] == q:
            warn = say(
                "saba-palast.talk",
                "The vizier stands there: the quarter works only once he moves on.",
            )
        return move(
            say("saba-palast.talk", "Figure into the {quarter}", quarter=QUARTER_PLACES[q]),
            say(
                "saba-palast.talk",
                "Pay {gold} gold; from your next turn: {does}.",
                gold=price,
                does=QUARTER_DOES[q],
            ),
            warn,
        )
    if kind == "draw":
        if view["action_deck_count"] or view["discard_count"]:
            does = say(
                "saba-palast.talk",
                "Take the top action card into your hand; then end your turn.",
            )
        else:
            does = say("saba-palast.talk", "No action card is left; go on to the turn's end.")
        return move(say("saba-palast.button", "Draw a card"), does)
    if kind == "end_turn":
        return end_turn_talk(view, me)
    if kind == "return_material":
        return return_talk(view, me, m["material"])
    if kind == "discard_card":
        return move(
            say(
                "saba-palast.talk",
                "Discard the {material} card",
                material=MATERIAL_NAMES[m["card"]],
            ),
            say("saba-palast.talk", "The action card goes onto the discard pile."),
        )
    if kind == "play_card":
        return play_talk(view, me, m["card"])
    if kind == "use_quarter":
        return use_talk(view, me, m)
    if kind == "move_figure":
        src, dst = m["from"], m["to"]
        return move(
            say(
                "saba-palast.talk",
                "Move a figure from the {src} to the {dst}",
                src=QUARTER_PLACES[src],
                dst=QUARTER_PLACES[dst],
            ),
            say(
                "saba-palast.talk",
                "Once a turn; there it gives: {does}.",
                does=QUARTER_DOES[dst],
            ),
        )
    if kind == "send_figure":
        q = m["quarter"]
        pending = view.get("pending") or {}
        does = (
            say("saba-palast.talk", "This figure leaves for the treasury: a point for good.")
            if pending.get("for") == "treasury"
            else say("saba-palast.talk", "This figure leaves for the serail: a point there.")
        )
        return move(
            say("saba-palast.talk", "From the {quarter}", quarter=QUARTER_PLACES[q]),
            does,
            losing_quarter(view, me, q, pending.get("quarters") or []),
        )
    return move(say("saba-palast.talk", "Another move"))


def over_limit(view: dict[str, Any], me: int | None, gain: int) -> Line | None:
    """The warning for a move that brings the seat over 7 materials."""
    if me is None:
        return None
    after = sum(view["stocks"][me].values()) + gain
    if gain <= 0 or after <= STOCK_LIMIT:
        return None
    return say(
        "saba-palast.talk",
        "You would hold {n} materials: what is over 7 goes back at the end of your turn"
        " unless you spend it.",
        n=after,
    )


def harbour_talk(view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
    """A harbour move in words."""
    field = m["field"]
    slot = view["harbour"][field - 1]
    took = amount(slot["count"], slot["material"])
    turned = TURNS_TO[field]
    warn = over_limit(view, me, slot["count"])
    if field == 1:
        return move(
            say("saba-palast.talk", "Harbour field 1: {took}", took=took),
            say(
                "saba-palast.talk",
                "Also draw an action card; this harbour card then shows field {next}.",
                next=turned,
            ),
            warn,
        )
    if field == 4:
        return move(
            say("saba-palast.talk", "Harbour field 4: {took}", took=took),
            say(
                "saba-palast.talk",
                "Just the materials; this harbour card then shows field {next}.",
                next=turned,
            ),
            warn,
        )
    if field == 2:
        card = m.get("remove")
        if card is None:
            return move(
                say("saba-palast.talk", "Harbour field 2: {took}", took=took),
                say(
                    "saba-palast.talk",
                    "No palace card is on the building fields to remove; this harbour card"
                    " then shows field {next}.",
                    next=turned,
                ),
                warn,
            )
        return move(
            say(
                "saba-palast.talk",
                "Harbour field 2: {took}, remove {card}",
                took=took,
                card=card_object(card),
            ),
            say(
                "saba-palast.talk",
                "{card} leaves the game; this harbour card then shows field {next}.",
                card=card_name(card),
                next=turned,
            ),
            warn,
        )
    # Field 3: the vizier moves to `q`, whose action follows at once.
    q = m["vizier"]
    old = view["vizier"]
    label_args = {"took": took, "quarter": QUARTER_PLACES[q]}
    gain = slot["count"]
    if m.get("decline"):
        label = say(
            "saba-palast.talk",
            "Harbour field 3: {took}, vizier to the {quarter}, decline its action",
            **label_args,
        )
        does = say(
            "saba-palast.talk",
            "The vizier blocks the {quarter} and frees the {old}; you take nothing there.",
            quarter=QUARTER_PLACES[q],
            old=QUARTER_PLACES[old],
        )
        if q in QUARTER_MATERIAL and warn is None:
            warn = say(
                "saba-palast.talk",
                "You give up 1 {material} from the {quarter}.",
                material=MATERIAL_NAMES[QUARTER_MATERIAL[q]],
                quarter=QUARTER_PLACES[q],
            )
    elif "give" in m:
        label = say(
            "saba-palast.talk",
            "Harbour field 3: {took}, vizier to the {quarter}, swap {give} for {take}",
            give=MATERIAL_NAMES[m["give"]],
            take=MATERIAL_NAMES[m["take"]],
            **label_args,
        )
        does = say(
            "saba-palast.talk",
            "The vizier blocks the {quarter} and frees the {old}; you swap 1 {give} for"
            " 1 {take} at once.",
            quarter=QUARTER_PLACES[q],
            old=QUARTER_PLACES[old],
            give=MATERIAL_NAMES[m["give"]],
            take=MATERIAL_NAMES[m["take"]],
        )
    elif q in QUARTER_MATERIAL:
        gain += 1
        warn = over_limit(view, me, gain)
        label = say(
            "saba-palast.talk", "Harbour field 3: {took}, vizier to the {quarter}", **label_args
        )
        does = say(
            "saba-palast.talk",
            "The vizier blocks the {quarter} and frees the {old}; you take 1 {material}"
            " there at once, if the supply has one.",
            quarter=QUARTER_PLACES[q],
            old=QUARTER_PLACES[old],
            material=MATERIAL_NAMES[QUARTER_MATERIAL[q]],
        )
    else:
        label = say(
            "saba-palast.talk", "Harbour field 3: {took}, vizier to the {quarter}", **label_args
        )
        does = say(
            "saba-palast.talk",
            "The vizier blocks the {quarter} and frees the {old}; no swap is possible there now.",
            quarter=QUARTER_PLACES[q],
            old=QUARTER_PLACES[old],
        )
    if warn is None:
        freed = [s for s in dict.fromkeys(view["quarters"][old]) if s != me]
        if freed:
            warn = say(
                "saba-palast.talk",
                "This frees the {quarter} for the figures of {names}.",
                quarter=QUARTER_PLACES[old],
                names=[seat(s) for s in freed],
            )
    return move(label, does, warn)


def build_talk(view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
    """A build in words."""
    card = m["card"]
    slot = view["display"].index(card) if card in view["display"] else 0
    price = cost(view["display_costs"][slot] or {})
    field = CARDS[card]["field"]
    there = view["garden"][field - 1]["figure"]
    label = say("saba-palast.button", "Build {card}", card=card_object(card))
    source = m.get("from_quarter")
    warn = None
    if m.get("no_figure"):
        does = say(
            "saba-palast.talk",
            "Pay {cost}; no figure of yours goes onto balcony {field}, which stays as it is.",
            cost=price,
            field=field,
        )
        label = say("saba-palast.talk", "Build {card} without a figure", card=card_object(card))
        warn = say("saba-palast.talk", "You gain no point for this part.")
    elif source is None and there != me and me is not None and view["figures"][me] == 0:
        does = say(
            "saba-palast.talk",
            "Pay {cost}; you have no figure left to put onto balcony {field}, which stays as"
            " it is.",
            cost=price,
            field=field,
        )
    elif there is not None and there == me:
        does = say(
            "saba-palast.talk",
            "Pay {cost}; your figure on balcony {field} stays, and you lay a serail marker.",
            cost=price,
            field=field,
        )
    elif there is not None:
        does = say(
            "saba-palast.talk",
            "Pay {cost}; {name}'s figure on balcony {field} goes home ({name} lays a serail"
            " marker) and yours goes up: +1 ★.",
            cost=price,
            field=field,
            name=seat(there),
        )
    else:
        does = say(
            "saba-palast.talk",
            "Pay {cost}; your figure goes onto balcony {field}: +1 ★.",
            cost=price,
            field=field,
        )
    if source is not None:
        label = say(
            "saba-palast.talk",
            "Build {card}, figure from the {quarter}",
            card=card_object(card),
            quarter=QUARTER_PLACES[source],
        )
        warn = say(
            "saba-palast.talk",
            "Your figure leaves the {quarter}: you lose its action there.",
            quarter=QUARTER_PLACES[source],
        )
    if m.get("leave"):
        label = say(
            "saba-palast.talk",
            "{build}, leave 1 {material}",
            build=label,
            material=MATERIAL_NAMES[m["leave"]],
        )
        if warn is None:
            warn = say(
                "saba-palast.talk",
                "You give up 1 {material}; the next builder there must add one too.",
                material=MATERIAL_NAMES[m["leave"]],
            )
    return move(label, does, warn)


def fulfil_talk(view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
    """Fulfilling a treasury or end card in words."""
    card = m["card"]
    slot = view["display"].index(card) if card in view["display"] else 0
    price = cost(view["display_costs"][slot] or {})
    label = say("saba-palast.button", "Fulfil {card}", card=card_object(card))
    points = view["points"]
    best = max(points)
    top = [s for s, p in enumerate(points) if p == best]
    leaders = serail_preferred(view["serail"], top)
    if card == "end":
        winners = [seat(s) for s in leaders]
        does = say_n(
            "saba-palast.talk",
            "Pay {cost}: the game ends at once; {names} wins with {points} points.",
            "Pay {cost}: the game ends at once; {names} win with {points} points.",
            len(leaders),
            cost=price,
            names=winners,
            points=best,
        )
        warn = None
        if me is not None and me not in leaders:
            warn = say(
                "saba-palast.talk",
                "You would lose: you have {mine} points, the best {best}.",
                mine=points[me],
                best=best,
            )
        return move(label, does, warn)
    leader = leaders[0] if len(leaders) == 1 else None
    has_figure = leader is not None and (
        view["figures"][leader] > 0 or any(leader in q for q in view["quarters"].values())
    )
    if leader is None or not has_figure:
        does = say(
            "saba-palast.talk",
            "Pay {cost}: treasury scoring — nobody leads alone, so nobody enters the treasury.",
            cost=price,
        )
        return move(label, does)
    does = say(
        "saba-palast.talk",
        "Pay {cost}: treasury scoring — {name} leads with {points} points and puts a figure"
        " into the treasury for good.",
        cost=price,
        name=seat(leader),
        points=best,
    )
    warn = None
    if me is not None and leader != me:
        warn = say(
            "saba-palast.talk",
            "This helps {name}: a point that stays for good.",
            name=seat(leader),
        )
    return move(label, does, warn)


def pass_talk(view: dict[str, Any], me: int | None) -> dict:
    """Passing the build or quarter step in words."""
    if view["phase"] == "build":
        step = view["step"]
        if step["built"]:
            return move(
                say("saba-palast.button", "Build nothing"),
                say("saba-palast.talk", "Go on without fulfilling a card."),
            )
        return move(
            say("saba-palast.button", "Build nothing"),
            say(
                "saba-palast.talk",
                "Build nothing this turn; without a palace part no figure goes into a quarter"
                " either.",
            ),
            could_build(view, me),
        )
    return move(
        say("saba-palast.button", "No figure"),
        say("saba-palast.talk", "Keep your gold and go on to drawing a card."),
    )


def could_build(view: dict[str, Any], me: int | None) -> Line | None:
    """The warning for building nothing while the seat could pay for a palace part."""
    if me is None:
        return None
    stock = view["stocks"][me]
    for slot, card in enumerate(view["display"]):
        info = CARDS.get(card) if card else None
        if info is None or info["kind"] != "palace":
            continue
        levels = view["garden"][info["field"] - 1]["levels"]
        if levels and levels[-1] >= info["level"]:
            continue
        price = view["display_costs"][slot] or {}
        if all(stock.get(k, 0) >= n for k, n in price.items()):
            return say(
                "saba-palast.talk",
                "You could build {card}: building nothing gives up a balcony this turn.",
                card=card_object(card),
            )
    return None


def end_turn_talk(view: dict[str, Any], me: int | None) -> dict:
    """Ending the turn in words."""
    label = say("saba-palast.button", "End turn")
    does = say(
        "saba-palast.talk",
        "{name} plays next.",
        name=seat((view["turn"] + 1) % view["players"]),
    )
    if me is None:
        return move(label, does)
    held = sum(view["stocks"][me].values())
    hand = len(view.get("hand") or [])
    limit = HAND_LIMIT_PROFI if view["options"].get("profi") else HAND_LIMIT
    extra, cards = max(0, held - STOCK_LIMIT), max(0, hand - limit)
    if not extra and not cards:
        return move(label, does)
    return move(
        label,
        does,
        say(
            "saba-palast.talk",
            "Over the limits: first you give back {materials} materials and {cards} action"
            " cards of your choice.",
            materials=extra,
            cards=cards,
        ),
    )


def return_talk(view: dict[str, Any], me: int | None, material: str) -> dict:
    """Giving back a material in words."""
    label = say("saba-palast.talk", "Give back 1 {material}", material=MATERIAL_NAMES[material])
    held = sum(view["stocks"][me].values()) if me is not None else 0
    does = say_n(
        "saba-palast.talk",
        "It goes back to the supply; then {n} material is still over the limit.",
        "It goes back to the supply; then {n} materials are still over the limit.",
        max(0, held - 1 - STOCK_LIMIT),
    )
    warn = None
    if me is not None:
        stock = view["stocks"][me]
        for slot, card in enumerate(view["display"]):
            price = view["display_costs"][slot] if card else None
            if not price or price.get(material, 0) != stock[material]:
                continue
            if all(stock.get(k, 0) >= n for k, n in price.items()):
                warn = say(
                    "saba-palast.talk",
                    "Without it you can no longer pay for {card}.",
                    card=card_object(card),
                )
                break
    return move(label, does, warn)


def play_talk(view: dict[str, Any], me: int | None, card: str) -> dict:
    """Playing an action card in words."""
    label = say("saba-palast.talk", "Play the {material} card", material=MATERIAL_NAMES[card])
    if view["supply"][card] > 0:
        return move(
            label,
            say(
                "saba-palast.talk",
                "Take 1 {material} from the supply; the card is discarded.",
                material=MATERIAL_NAMES[card],
            ),
            over_limit(view, me, 1),
        )
    return move(
        label,
        say(
            "saba-palast.talk",
            "The supply has no {material} left: the card is discarded for nothing.",
            material=MATERIAL_NAMES[card],
        ),
        say("saba-palast.talk", "You lose the card and get nothing."),
    )


def use_talk(view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
    """A quarter's action in words."""
    q = m["quarter"]
    if "give" in m:
        give, take = MATERIAL_NAMES[m["give"]], MATERIAL_NAMES[m["take"]]
        return move(
            say("saba-palast.talk", "Swap 1 {give} for 1 {take}", give=give, take=take),
            say(
                "saba-palast.talk",
                "At the {quarter}: 1 {give} goes to the supply, 1 {take} comes to you.",
                quarter=QUARTER_PLACES[q],
                give=give,
                take=take,
            ),
        )
    material = MATERIAL_NAMES[QUARTER_MATERIAL[q]]
    return move(
        say("saba-palast.talk", "Use the {quarter}", quarter=QUARTER_PLACES[q]),
        say(
            "saba-palast.talk",
            "Take 1 {material} from the supply (once a turn per figure there).",
            material=material,
        ),
        over_limit(view, me, 1),
    )


def losing_quarter(view: dict[str, Any], me: int | None, q: str, choices: list[str]) -> Line | None:
    """The warning for a figure leaving a working quarter while one of the choices is the
    vizier's, whose figure is idle there anyway."""
    vizier = view["vizier"]
    if me is None or q == vizier or vizier not in choices:
        return None
    return say(
        "saba-palast.talk",
        "Your figure in the {vizier} is idle under the vizier: this one leaves the {quarter}"
        " and you lose its action.",
        vizier=QUARTER_PLACES[vizier],
        quarter=QUARTER_PLACES[q],
    )
