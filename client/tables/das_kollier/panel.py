"""The seat's panel on Das Kollier's table: the controls for what it may do now (controls.py
builds them, buttons.py draws them) and the taps and keys that use them, with the choices they
put together (choices.py).

A move with a warning (the table's talk: a bid beyond the seat's means, a sale below the gems'
worth…) takes a first tap that only shows the warning and a second that plays it. Buttons never
change under the finger: a control that takes the place of a different one waits SETTLE
seconds before it takes a tap (greyed meanwhile), and a row holding a move that cannot be taken
back (IRREVERSIBLE) moves to the foot of the lot cloth when it would sit where a button of the
seat's previous step was.

The panel tells the regions that show the choice (the block, the cloth, the corner) what it is
through the notice `desk` of the view's motion (a `choices.Desk`), and publishes
`board_changed` when what it draws on the board changed.
"""

from __future__ import annotations

import copy
from typing import Any

import pygame

from client.tables.base import Camera, Move, TableContext
from client.tables.das_kollier import buttons, facts
from client.tables.das_kollier.choices import Choices, Desk
from client.tables.das_kollier.controls import Control, build, lot_foot
from client.tables.das_kollier.facts import STEP, TYPED_DIGITS
from client.tables.das_kollier.layout import BLOCK, BUTTON_H, rail_column
from client.tables.das_kollier.words import money, number
from client.tables.regions import Answer, Choice, Frame, Motion, Region, Snapshot
from client.ui import theme
from client.ui.anim import pulse
from client.ui.input import Intent
from client.words import i18n
from shared.talk.das_kollier.moves import offer_warning, sale_entry

# Seconds a control that took the place of another one waits before it takes a tap.
SETTLE = 0.6


class Panel(Region):
    """The controls, the choices and the input on them."""

    def __init__(self, motion: Motion, ctx: TableContext) -> None:
        super().__init__(motion)
        self.ctx = ctx
        self.choices = Choices()
        self.controls: list[Control] = []
        self.hover: str | None = None
        # The control and move tapped once whose warning (the table's talk) shows until it is
        # tapped again; forgotten with the next update.
        self.armed: tuple[str, Move] | None = None
        # The step (phase, round, auctioneer, reruns) the controls belong to, the places of its
        # buttons so far, and those of the last earlier step that had any (the sale button
        # aside).
        self.step: tuple = ()
        self.step_rects: list[pygame.FRect] = []
        self.previous_rects: list[pygame.FRect] = []
        # Rows (by height) this step has moved to the lot cloth: they stay there for the step.
        self.moved_rows: set[float] = set()
        # Places of controls shown lately: (rect, identity, until when it counts).
        self.recent: list[tuple[pygame.FRect, tuple[str, str], float]] = []
        self.settling = {"t": 0.0}
        self.telling = True

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.armed = None
        self.choices.keep(snap, fresh)
        self.build()

    # ------------------------------------------------------------------ the controls
    def build(self) -> None:
        """The controls for what the seat may do now; then kept from changing under the
        finger."""
        before, self.controls = self.controls, build(self.snap, self.choices)
        for control in self.controls:
            if self._is_armed(control):
                control.label = i18n._("{move} — tap again", move=control.label or "…")
        self._place()
        self._settle(before)
        self._tell()

    def _tell(self) -> None:
        """The regions showing the choice learn it; the board is drawn again."""
        if not self.telling:
            return
        hovered = next((c for c in self.controls if c.key == self.hover), None)
        desk = Desk(
            self.choices.frozen(),
            self._armed_warning(),
            hovered.action if hovered and isinstance(hovered.action, dict) else None,
            tuple(c.rect.y for c in self.controls if BLOCK.contains(c.rect)),
        )
        self.motion.publish("desk", desk)
        self.motion.publish("board_changed")

    def drawn_from(self) -> str:
        """What the panel's drawing (and the choice others show) depends on, as text."""
        choices = self.choices
        return repr(
            (
                choices.amount,
                choices.typed,
                sorted(choices.pick.items()),
                choices.pick_necklaces,
                choices.selling,
                self.hover,
                [(c.key, c.label, c.action is None, tuple(c.rect)) for c in self.controls],
            )
        )

    def move_places(self, move: Move) -> list[pygame.FRect]:
        """The controls that play `move`: its button, and for a payment or a sale put together
        by hand the gems it takes and the buttons that open, allow or send it."""
        keys = set()
        if move.get("type") in ("pay", "sell"):
            keys = {f"gem-{gem}" for gem in move.get("gems") or []}
            keys |= {"sell", "sale"} if move["type"] == "sell" else {"pay", "overpay"}
        return [c.rect for c in self.controls if c.action == move or c.key in keys]

    def reachable(self) -> list[Move]:
        """The moves of the controls shown, and those the choosers reach: every amount the
        field takes (bids, a start price, a sealed bid), every sale and payment put together
        from the hand (one of gems worth more than the price after the tap that warns of it).
        Each is set as a person would set it, and its button read; then everything is as it
        was, and nobody is told."""
        moves = [c.action for c in self.controls if isinstance(c.action, dict)]
        may_sell = any(c.key == "sell" for c in self.controls)
        kept = [
            (part, {k: _copied(v) for k, v in vars(part).items()}) for part in (self, self.choices)
        ]
        self.telling = False
        choices = self.choices
        try:
            for move in self.snap.legal:
                kind = move["type"]
                if kind in ("bid", "open_auction", "sealed_bid"):
                    choices.amount = move.get("amount", move.get("start_price", 0))
                    choices.typed = None
                    button = "submit"
                elif kind == "sell" and may_sell:
                    choices.open_sale()
                    choices.load_sale(move)
                    button = "sale"
                elif kind == "pay":
                    choices.load_payment(move)
                    button = "pay"
                else:
                    continue
                self.build()
                for control in [c for c in self.controls if c.key == "overpay"]:
                    control.action()  # gems worth more than the price: the first tap warns
                    self.build()
                moves += [c.action for c in self.controls if c.key == button]
                choices.selling = False
        finally:
            for part, values in kept:
                vars(part).update(values)
        return [m for m in moves if isinstance(m, dict)]

    # ------------------------------------------------------------------ the talk of a move
    def _warning(self, move: Move) -> str | None:
        """The talk's warning of a move (listed, or built here: a bid or start price of any
        amount, a sale of gems chosen by hand), or None."""
        snap = self.snap
        entry = snap.move_talk(move)
        kind = move.get("type")
        line = None
        if entry is not None:
            line = entry["warn"]
        elif kind in ("bid", "open_auction"):
            amount = move.get("amount", move.get("start_price", 0))
            line = offer_warning(snap.view, amount, not snap.view.get("cash_only", True))
        elif kind == "sell" and (move.get("gems") or move.get("necklace")):
            line = sale_entry(snap.view, move)["warn"]
        return snap.say(line) if line else None

    def _is_armed(self, control: Control) -> bool:
        return (
            self.armed is not None
            and isinstance(control.action, dict)
            and self.armed == (control.key, control.action)
        )

    def _armed_warning(self) -> str | None:
        """The warning of the move tapped once, shown until it is tapped again."""
        if self.armed is None:
            return None
        return self._warning(self.armed[1])

    def _play(self, key: str, move: Move) -> Move | bool:
        """A move to send — unless it carries a warning not yet shown: then the first tap shows
        it (the button asks for a second tap) and sends nothing."""
        overpay_ok = self.choices.overpay_ok
        confirmed = self.armed == (key, move) or (overpay_ok is not None and overpay_ok == move)
        if not confirmed and self._warning(move):
            self.armed = (key, dict(move))
            self.build()
            return True
        self.armed = None
        self.choices.typed = None
        return dict(move)

    # ------------------------------------------------------------------ kept under the finger
    def _place(self) -> None:
        """Move a block row with an irreversible move to the foot of the lot cloth when it would
        sit where a button of the seat's previous step was (and the foot is free of them)."""
        view = self.snap.view
        step = (
            view.get("phase"),
            view.get("round"),
            view.get("auctioneer"),
            len(view.get("defaulters", [])),
        )
        if step != self.step:
            if self.step_rects:
                self.previous_rects = self.step_rects
            self.step, self.step_rects, self.moved_rows = step, [], set()
        rows: dict[float, list[Control]] = {}
        for control in self.controls:
            if control.rect.h == BUTTON_H and BLOCK.contains(control.rect):
                rows.setdefault(control.rect.y, []).append(control)
        before = self.previous_rects
        for y, row in rows.items():
            moved = [lot_foot(c.rect) for c in row]
            if y not in self.moved_rows:
                if not any(c.irreversible and c.rect.collidelist(before) >= 0 for c in row):
                    continue
                if any(r.collidelist(before) >= 0 for r in moved):
                    continue
                self.moved_rows.add(y)
            for control, rect in zip(row, moved, strict=True):
                control.rect = rect
        self.step_rects += [c.rect for c in self.controls if c.key != "sell"]

    def _settle(self, before: list[Control]) -> None:
        """A control in a place where a different one was shown within SETTLE seconds takes
        no tap until SETTLE seconds from now; one that stays as it was keeps its time."""
        now = self.ctx.now
        self.recent = [r for r in self.recent if r[2] > now]
        self.recent += [(c.rect, c.identity, now + SETTLE) for c in before if c.action is not None]
        waiting = False
        for control in self.controls:
            if control.action is None:
                continue
            same = next(
                (b for b in before if b.identity == control.identity and b.rect == control.rect),
                None,
            )
            if same is not None:
                control.ready = same.ready
            elif any(
                ident != control.identity and rect.colliderect(control.rect)
                for rect, ident, _ in self.recent
            ):
                control.ready = now + SETTLE
            waiting = waiting or control.ready > now
        if waiting:
            # Frames keep coming while a control waits, so its grey lifts on time.
            self.settling["t"] = 0.0
            self.motion.animator.animate(self.settling, SETTLE, "linear", t=1.0)

    def settled(self, control: Control) -> bool:
        """Whether `control` takes a tap now."""
        return control.action is not None and self.ctx.now >= control.ready

    # ------------------------------------------------------------------ input
    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap at the world `point`: the move of the control there, or a `Choice` of its key
        when the tap only changed a choice (or showed a warning); None off the controls."""
        key = self._control_at(point)
        said = self._tap(key)
        if said is False:
            return None
        return Choice(key) if said is True else said

    def _tap(self, key: str | None) -> Move | bool:
        control = next((c for c in self.controls if c.key == key), None)
        if self.choices.typed is not None and key != "field":
            self.choices.typed = None
            self._tell()
        if control is None or control.action is None:
            return False
        if not self.settled(control):
            return True  # it just took another's place: this tap was meant for that one
        if isinstance(control.action, dict):
            return self._play(control.key, control.action)
        self.armed = None
        control.action()
        self.build()
        return True

    def handle(self, intent: Intent, cam: Camera) -> Move | bool:
        """Taps and keys on the controls: a move to send, True when the intent was used."""
        kind = intent.kind
        inside = cam.area.collidepoint(intent.pos)
        if kind == "hover":
            hover = self._control_at(cam.to_world(*intent.pos)) if inside else None
            if hover != self.hover:
                self.hover = hover
                self._tell()  # the block says what the control under the pointer does
            return False
        if kind == "tap":
            return self._tap(self._control_at(cam.to_world(*intent.pos)) if inside else None)
        choices = self.choices
        if kind == "confirm":
            move = choices.field_move() if self._has("field") else None
            if move is not None:
                return self._play("submit", move)
            return False
        if choices.typed is None:
            if kind == "back" and choices.selling:
                choices.close_sale()
                self.build()
                return True
            return False
        return self._typing(intent)

    def _typing(self, intent: Intent) -> bool:
        """Keys while the amount field has focus: digits are thousands; Esc leaves the field."""
        kind = intent.kind
        choices = self.choices
        assert choices.typed is not None
        if kind == "text":
            digits = "".join(ch for ch in intent.text if ch.isdigit())
            choices.typed = (choices.typed + digits)[:TYPED_DIGITS]
        elif kind == "key" and intent.key == "backspace":
            choices.typed = choices.typed[:-1]
        elif kind == "key" and intent.key in ("up", "down"):
            choices.step_amount(STEP if intent.key == "up" else -STEP)
            choices.focus()
        elif kind == "back":
            choices.typed = None
        elif kind != "key":
            return False
        if choices.typed:
            choices.amount = int(choices.typed) * STEP
        self.build()
        return True

    def typed_label(self) -> str:
        """What the focused field shows: the thousands typed so far, then the zeros."""
        typed = self.choices.typed
        if not typed:
            return "…"
        return number(int(typed) * STEP)

    def _has(self, key: str) -> bool:
        return any(c.key == key for c in self.controls)

    def tap_spots(self) -> list[tuple[str, pygame.FRect]]:
        """The controls that do something when tapped (bids, chips, the field), for the keys."""
        return [(c.key, c.rect) for c in self.controls if c.action is not None]

    def _control_at(self, point: tuple[float, float]) -> str | None:
        for control in reversed(self.controls):
            if control.rect.collidepoint(point):
                return control.key
        return None

    # ------------------------------------------------------------------ drawing
    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The controls at rest (part of the cached board), those the clip reaches."""
        bounds = surface.get_clip()
        focused = self.choices.typed is not None
        field = self.typed_label() if focused else money(self.choices.amount)
        for control in self.controls:
            if cam.rect_to_screen(control.rect).colliderect(bounds):
                buttons.draw_control(surface, cam, control, field, focused)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The glow of what may be tapped, and the ring round the seat a falling auction
        asks."""
        cam, glow = frame.cam, pulse(frame.now)
        caret = self.typed_label() if self.choices.typed is not None else None
        chosen = self.choices.frozen().counts()
        buttons.draw_glows(
            surface, cam, self.controls, glow, self.hover, chosen, self.settled, caret, frame.now
        )
        if self.snap.view.get("phase") == "falling":
            self._ring_seat(surface, cam, facts.auction(self.snap.view).get("asked"), glow)

    def _ring_seat(
        self, surface: pygame.Surface, cam: Camera, seat: int | None, glow: float
    ) -> None:
        order = facts.order(self.snap)
        if seat not in order:
            return
        col = cam.rect_to_screen(rail_column(order.index(seat), len(order)).inflate(-6, -4))
        colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, glow)
        pygame.draw.rect(
            surface,
            colour,
            col,
            max(2, round(3 * cam.scale)),
            border_radius=max(3, round(10 * cam.scale)),
        )


def _copied(value: Any) -> Any:
    """A list, dict or set copied (to be put back as it was); anything else itself."""
    return copy.copy(value) if isinstance(value, (list, dict, set)) else value
