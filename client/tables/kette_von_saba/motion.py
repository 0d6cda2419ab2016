"""Die Kette von Saba's choreography: what each update's events set in motion, step by step on
the view's one timeline — cards offered, flown to a setting, a hand, a purse or the forgeries
(flipping on the way), coins flying between purses that count, bids popping, rewards rising, a
banner for a new stage. It holds no picture of its own: it tells the regions through the notices
of the view's motion (client/tables/regions.py), and each region moves what is its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.tables.base import Event, View
from client.tables.kette_von_saba import words
from client.tables.kette_von_saba.layout import (
    CENTRES,
    DECK_RECT,
    FORGERY_CARD,
    HAND_CARD,
    JOKER,
    LOT_RECT,
    SPACE_OF,
    TILE_R,
    forgery_centres,
    purse_centre,
)
from client.tables.regions import Motion, Snapshot
from client.ui import theme
from client.ui.anim import MOVE, STAGGER
from client.words import i18n

MAX_STEPS = 4  # the Timeline skips ahead when more steps wait

Action = Callable[[float], float]


class Choreography:
    """Turns an update's events into timeline steps that tell the regions what to move."""

    def __init__(self, motion: Motion) -> None:
        self.motion = motion
        self.players = 0

    def play(
        self,
        snap: Snapshot,
        old: View,
        left: dict[str, list[tuple[float, float]]],
        arrived: list[tuple[str, int]],
        lot_from: tuple[float, float],
    ) -> None:
        """Queue the animations of the update's events, coming from the view `old`: `left` are
        where the hand's cards that left were last seen, `arrived` the hand's new cards and
        `lot_from` where the card on sale was (at most MAX_STEPS steps, so none is skipped)."""
        view, me, events = snap.view, snap.seat, snap.events
        self.players = view["players"]
        cash = list(view["cash"])
        for event in events:
            for seat, delta in _money_moves(event):
                cash[seat] -= delta
        stage = old.get("stage", view["stage"])
        actions: list[tuple[bool, Action]] = []
        forgeries = len(old.get("forgeries", []))
        waiting = list(arrived)

        def source(seat: int, card: str, lot: bool) -> tuple[tuple[float, float], float, bool]:
            """Where a card leaving `seat` starts: the block, the hand shown, or a purse."""
            if lot:
                return lot_from, LOT_RECT.w, False
            if seat == me and left.get(card):
                return left[card].pop(), HAND_CARD, False
            return self._purse(seat), 40.0, True

        def arrive(seat: int, card: str, src, w: float, flip: bool) -> Action:
            """A card joins the hand of `seat`: a waiting hand sprite, or a purse."""
            key = next((k for k in waiting if k[0] == card), None)
            if seat == me and key is not None:
                waiting.remove(key)
                return lambda delay: self._into_hand(key, src, w, flip, delay)
            dst = self._purse(seat)
            face = card or None
            return lambda delay: self._fly(face, src, dst, w, 30.0, flip, delay)

        for event in events:
            kind = event.get("type")
            seat = event.get("seat")
            if kind in ("card_offered", "deck_card_offered"):
                if kind == "deck_card_offered":
                    src, w, flip = DECK_RECT.center, DECK_RECT.w, True
                else:
                    src, w, flip = source(seat, event["card"], False)
                self.motion.publish("lot_away")
                actions.append((True, self._offer_action(event["card"], src, w, flip)))
            elif kind in ("bid", "reserve_accepted"):
                amount = event.get("amount", event.get("price", 0))
                actions.append((False, self._bid_action(amount)))
            elif kind in ("passed", "reserve_declined"):
                actions.append((False, lambda delay, s=seat: self._tell(0.0, "passed", s)))
            elif kind == "reserve_named":
                actions.append((False, self._reserve_action()))
            elif kind == "sold":
                seller, buyer, price = event["seller"], event["buyer"], event["price"]
                cash[buyer] -= price
                cash[seller] += price
                actions.append(
                    (True, self._sale_action(buyer, seller, price, cash[buyer], cash[seller]))
                )
            elif kind in ("kept", "joker_returned"):
                card = event.get("card", JOKER)
                actions.append((True, arrive(seat, card, lot_from, LOT_RECT.w, False)))
            elif kind == "drew":
                cash[seat] -= event["price"]
                move_card = arrive(seat, event.get("card", ""), DECK_RECT.center, DECK_RECT.w, True)
                actions.append(
                    (True, self._draw_action(seat, event["price"], cash[seat], move_card))
                )
            elif kind == "placed":
                index = SPACE_OF[tuple(event["space"])]
                src, w, flip = source(seat, event["card"], stage == 1)
                cash[seat] += event["reward"]
                self.motion.publish("space_awaited", index)
                actions.append((True, self._place_action(event, index, src, w, flip, cash[seat])))
            elif kind == "forgery":
                src, w, flip = source(seat, event["card"], stage == 1)
                slot = forgery_centres(forgeries + 1)[-1]
                forgeries += 1
                actions.append((True, self._forgery_action(event["card"], src, w, flip, slot)))
            elif kind == "reconstruction_begins":
                stage = 2
                text = i18n.pgettext("kette-von-saba", "Stage 2 · reconstruction")
                actions.append((True, lambda delay, t=text: self._tell(0.3, "banner", t)))
            elif kind == "game_over":
                text = i18n.pgettext("kette-von-saba", "Game over")
                actions.append((True, lambda delay, t=text: self._tell(0.3, "banner", t)))
        for key in waiting:
            actions.append(
                (
                    True,
                    lambda delay, k=key: self._into_hand(
                        k, DECK_RECT.center, DECK_RECT.w, True, delay
                    ),
                )
            )
        for step in _pack(actions):
            self.motion.timeline.add(step)

    # ------------------------------------------------------------------ told to the regions
    def _tell(self, lasts: float, notice: str, *args: Any) -> float:
        """Publish a notice to the regions; the step lasts `lasts` seconds."""
        self.motion.publish(notice, *args)
        return lasts

    def _purse(self, seat: int) -> tuple[float, float]:
        return purse_centre(self.players, seat)

    def _fly(
        self, card, src, dst, w0: float, w1: float, flip: bool, delay: float = 0.0, landed=None
    ):
        self.motion.publish("fly", card, src, dst, w0, w1, flip, delay, landed)
        return MOVE

    def _into_hand(self, key, src, w: float, flip: bool, delay: float) -> float:
        self.motion.publish("into_hand", key, src, w, flip, delay)
        return MOVE

    def _pay(self, src, dst, amount: int, delay: float) -> None:
        self.motion.publish("pay", src, dst, amount, delay)

    def _roll(self, seat: int, value: float, delay: float) -> None:
        self.motion.publish("roll", seat, value, delay)

    def _offer_action(self, card: str, src, w: float, flip: bool) -> Action:
        def run(delay: float) -> float:
            self.motion.publish("passes_cleared")
            self.motion.publish("bid_reset")

            def landed() -> None:
                self.motion.publish("lot_back")

            return self._fly(card, src, LOT_RECT.center, w, LOT_RECT.w, flip, delay, landed)

        return run

    def _bid_action(self, amount: int) -> Action:
        def run(delay: float) -> float:
            # Passes count from the latest bid on, as the bidding's end does.
            self.motion.publish("passes_cleared")
            self.motion.publish("bid", amount)
            return 0.15

        return run

    def _reserve_action(self) -> Action:
        def run(delay: float) -> float:
            self.motion.publish("passes_cleared")
            self.motion.publish("reserve_named")
            return 0.15

        return run

    def _sale_action(self, buyer: int, seller: int, price: int, to_buyer: int, to_seller: int):
        def run(delay: float) -> float:
            self._pay(self._purse(buyer), self._purse(seller), price, delay)
            self._roll(buyer, to_buyer, delay)
            self._roll(seller, to_seller, delay + MOVE)
            return MOVE

        return run

    def _draw_action(self, seat: int, price: int, to_cash: int, move_card: Action) -> Action:
        def run(delay: float) -> float:
            self._pay(self._purse(seat), DECK_RECT.center, price, delay)
            self._roll(seat, to_cash, delay)
            return move_card(delay + STAGGER)

        return run

    def _place_action(self, event: Event, index: int, src, w: float, flip: bool, to_cash: int):
        seat, reward = event["seat"], event["reward"]
        centre = CENTRES[index]

        def landed() -> None:
            self.motion.publish("space_landed", index)
            if reward:
                self.motion.publish("float", f"+{words.money(reward)}", centre, theme.GOLD_LIGHT)
                self._pay(centre, self._purse(seat), reward, 0.1)
                self._roll(seat, to_cash, 0.1 + MOVE)

        def run(delay: float) -> float:
            return self._fly(event["card"], src, centre, w, TILE_R * 2, flip, delay, landed)

        return run

    def _forgery_action(self, card: str, src, w: float, flip: bool, slot) -> Action:
        def landed() -> None:
            self.motion.publish("forgery_landed")

        def run(delay: float) -> float:
            return self._fly(card, src, slot, w, FORGERY_CARD, flip, delay, landed)

        return run


def _money_moves(event: Event) -> list[tuple[int, int]]:
    """(seat, change of cash) an event brings."""
    kind = event.get("type")
    if kind == "sold":
        return [(event["buyer"], -event["price"]), (event["seller"], event["price"])]
    if kind == "placed":
        return [(event["seat"], event["reward"])]
    if kind == "drew":
        return [(event["seat"], -event["price"])]
    return []


def _pack(actions: list[tuple[bool, Action]]) -> list[Callable[[], float]]:
    """Group actions into timeline steps: small ones join the next card or coin movement, and
    everything past the first MAX_STEPS − 1 steps plays together, staggered."""
    groups: list[list[Action]] = []
    current: list[Action] = []
    for major, action in actions:
        current.append(action)
        if major:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    if len(groups) > MAX_STEPS:
        groups[MAX_STEPS - 1 :] = [[a for g in groups[MAX_STEPS - 1 :] for a in g]]

    def step(group: list[Action]) -> Callable[[], float]:
        return lambda: max([a(k * STAGGER) + k * STAGGER for k, a in enumerate(group)] or [0.0])

    return [step(g) for g in groups]
