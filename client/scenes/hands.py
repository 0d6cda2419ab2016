"""A hand on idle seats at the table (docs/protocol.md, "A hand on idle seats").

The table's creator nudges a seat, hands an absent or idle person's seat to a bot, removes a
person (the seat to a bot or open, after a question) and pauses or resumes the table, from a
dialog behind the bar's "Seats" button. The person at a seat hears a nudge (the sound system's
turn cue) and reads who waits for them; a seat handed to a bot shows "Take my seat back"
(`reclaim`); a paused table says so on everyone's screen and offers no moves. The server
decides every step; its refusals (`error`, answering our own requests) are shown as toasts.

`Hands` follows the session's messages as a listener: the scene only asks it what to show.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.scenes.dialogs import ConfirmDialog, Dialog
from client.ui import theme
from client.ui.widgets import Button
from client.words import i18n
from client.words.i18n import N_

# The table scene it serves (client/scenes/table.py, which imports this module).
TableScene = Any

# The refusals of these steps for people (the page's hands.js has the same English).
ERRORS: dict[str, str] = {
    "seat_active": N_("That person is here and has not kept the table waiting: nudge them first."),
    "already_handed": N_("A bot already plays that seat."),
    "not_handed": N_("No bot plays that seat."),
    "already_paused": N_("The table is already paused."),
    "not_paused": N_("The table is not paused."),
    "paused": N_("The table is paused."),
    "no_person": N_("Nobody holds that seat."),
    "removed": N_("You were removed from this table's game."),
}

NUDGE_LIFE = 6.0  # seconds the nudge's notice stays


def error_text(code: str, reason: str) -> str:
    return i18n._(ERRORS[code]) if code in ERRORS else i18n.error_text(code, reason)


class Hands:
    """What a table scene knows of the hand on its seats, from the session's messages."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.app = scene.app
        self.session = scene.app.session
        self.table = scene.model.table_id
        # A table paused before the scene opened says so in its sync (the session keeps it).
        self.paused = scene.model.paused
        self.handed: dict[int, dict[str, Any]] = {}  # seat of ours → its `handed` message
        self.summary: dict[str, Any] | None = None  # the latest raw TABLE summary
        self.nudged_by: str | None = None  # the latest nudge of one of our seats, shown a while
        self.removed = False
        self.asked: set[int] = set()  # refs of our own requests (their refusals are ours)
        self.revision = 0
        if self.session is not None:
            self.session.listeners.append(self.receive)

    # ------------------------------------------------------------------ messages
    def close(self) -> None:
        if self.session is not None and self.receive in self.session.listeners:
            self.session.listeners.remove(self.receive)

    def receive(self, msg: dict[str, Any]) -> None:
        if self.scene not in self.app.stack.scenes:
            # The scene left the stack (back in the lobby): it follows nothing any more.
            self.close()
            return
        t = msg.get("t")
        if t == "error" and msg.get("ref") in self.asked:
            self.asked.discard(msg["ref"])
            # The session listed it for the lobby too: it is told here instead.
            text = error_text(msg.get("code", ""), msg.get("reason", ""))
            notices = self.session.notices if self.session is not None else []
            if notices and notices[-1] == i18n.error_text(
                msg.get("code", ""), msg.get("reason", "")
            ):
                notices.pop()
            self.app.toasts.show(i18n._("Refused: {reason}", reason=text), life=4.0)
            return
        table = msg.get("table")
        if isinstance(table, dict):
            if table.get("id") == self.table:
                self._summary(table)
            return
        if table != self.table:
            return
        if t in ("sync", "update") and "paused" in msg:
            self._set_paused(bool(msg["paused"]))
        elif t == "paused":
            self._set_paused(bool(msg["paused"]))
            by = msg.get("by")
            if by:
                text = (
                    i18n._("{name} paused the table.", name=by)
                    if msg["paused"]
                    else i18n._("{name} resumed the table.", name=by)
                )
                self.app.toasts.show(text)
        elif t == "nudge":
            self.nudged_by = msg.get("by") or i18n._("The host")
            self.app.sounds.play("turn")
            self.app.toasts.show(
                i18n._("{name} is waiting for you", name=self.nudged_by), life=NUDGE_LIFE
            )
            self._changed()
        elif t == "nudged":
            name = self.scene.model.names[msg["seat"]]
            self.app.toasts.show(
                i18n._("{name} was nudged.", name=name)
                if msg.get("reached")
                else i18n._("{name} is not connected.", name=name)
            )
        elif t == "handed":
            self.handed[msg["seat"]] = msg
            by = msg.get("by")
            self.app.toasts.show(
                i18n._("{name} handed your seat to a bot.", name=by)
                if by
                else i18n._("A bot plays your seat while you were away."),
                life=NUDGE_LIFE,
            )
            self._changed()
        elif t == "removed":
            self.removed = True
            self.handed.clear()
            self.app.toasts.show(i18n._("You were removed from this table's game."), life=6.0)
            self._changed()

    def _summary(self, summary: dict[str, Any]) -> None:
        self.summary = summary
        self._set_paused(bool(summary.get("paused")))
        seats = summary.get("seats", [])
        for seat in list(self.handed):
            if seat >= len(seats) or not seats[seat].get("handed"):
                del self.handed[seat]
        self._changed()

    def _set_paused(self, paused: bool) -> None:
        if paused != self.paused:
            self.paused = paused
            self._changed()

    def _changed(self) -> None:
        self.revision += 1
        self.scene.hands_changed()

    def send(self, msg: dict[str, Any]) -> None:
        if self.session is None:
            return
        ref = self.session.send(msg)
        if ref is not None:
            self.asked.add(ref)

    # ------------------------------------------------------------------ what the scene asks
    def may_handle(self) -> bool:
        """Whether this client made the table (the server checks it, and a host may too)."""
        if self.session is None or self.scene.display_mode:
            return False
        info = next((t for t in self.session.lobby.tables if t.id == self.table), None)
        return info is not None and self.session.is_creator(info)

    def my_handed_seat(self) -> int | None:
        mine = self.scene.model.mine
        seats = (self.summary or {}).get("seats", [])
        for seat in mine:
            if seat in self.handed or (seat < len(seats) and seats[seat].get("handed")):
                return seat
        return None

    def blocked(self) -> bool:
        """No moves offered: the table is paused, or a bot plays the seat shown."""
        return self.paused or self.my_handed_seat() is not None

    def notice(self) -> str | None:
        """The line the scene shows above the board, or None."""
        if self.paused:
            return i18n._("The table is paused.")
        if self.my_handed_seat() is not None:
            return i18n._("A bot plays your seat.")
        return None

    def bar_buttons(self) -> list[Button]:
        buttons = []
        if self.scene.model.status != "playing":
            return buttons
        if self.my_handed_seat() is not None:
            buttons.append(Button(i18n._("Take my seat back"), self.reclaim, primary=True))
        if self.may_handle():
            buttons.append(Button(i18n._("Seats"), self.open_dialog))
        return buttons

    # ------------------------------------------------------------------ the steps
    def reclaim(self) -> None:
        seat = self.my_handed_seat()
        if seat is not None:
            self.send({"t": "reclaim", "table": self.table, "seat": seat})

    def nudge(self, seat: int) -> None:
        self.send({"t": "nudge", "table": self.table, "seat": seat})

    def hand_to_bot(self, seat: int) -> None:
        self.send({"t": "hand_to_bot", "table": self.table, "seat": seat})

    def remove(self, seat: int, to: str) -> None:
        self.send({"t": "remove", "table": self.table, "seat": seat, "to": to})

    def pause(self, paused: bool) -> None:
        self.send({"t": "pause", "table": self.table, "paused": paused})

    def people(self) -> list[int]:
        """The seats other people hold (the ones a hand reaches)."""
        seats = (self.summary or {}).get("seats")
        if seats is None:
            seats = [{"kind": s.kind} for s in self.scene.model.seats]
        mine = self.scene.model.mine
        return [i for i, s in enumerate(seats) if s.get("kind") == "human" and i not in mine]

    def open_dialog(self) -> None:
        self.app.stack.push(HandsDialog(self.app, self))


class HandsDialog(Dialog):
    """The creator's hand: per person's seat Nudge, Hand to a bot, Remove; and Pause/Resume."""

    width = 0.7
    height = 0.7

    def __init__(self, app: Any, hands: Hands) -> None:
        self.hands = hands
        self.rows: list[tuple[str, list[Button]]] = []
        super().__init__(app, i18n._("Your hand on the table"))
        self.build()

    def build(self) -> None:
        hands = self.hands
        names = hands.scene.model.names
        self.rows = []
        for seat in hands.people():
            handed = seat in self._handed_seats()
            row = [Button(i18n._("Nudge"), lambda s=seat: self._do(hands.nudge, s))]
            if not handed:
                row.append(
                    Button(i18n._("Hand to a bot"), lambda s=seat: self._do(hands.hand_to_bot, s))
                )
            row.append(Button(i18n._("Remove"), lambda s=seat: self.ask_remove(s)))
            self.rows.append((names[seat], row))
        pause = (
            Button(i18n._("Resume"), lambda: self._do(hands.pause, False))
            if hands.paused
            else Button(i18n._("Pause"), lambda: self._do(hands.pause, True))
        )
        self.buttons = [pause, Button(i18n._("Close"), self.close, primary=True)]
        self.resize(self.layout)

    def _handed_seats(self) -> set[int]:
        seats = (self.hands.summary or {}).get("seats", [])
        return {i for i, s in enumerate(seats) if s.get("handed")}

    def _do(self, step: Any, *args: Any) -> None:
        step(*args)
        self.close()

    def ask_remove(self, seat: int) -> None:
        name = self.hands.scene.model.names[seat]
        self.close()
        self.app.stack.push(
            RemoveDialog(
                self.app,
                i18n._("Remove {name} from this game?", name=name),
                lambda to: self.hands.remove(seat, to),
            )
        )

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        lay = self.layout
        y = self.body.y
        for _name, row in getattr(self, "rows", []):
            x = self.body.x + round(self.body.w * 0.3)
            for button in row:
                w = theme.font(lay.body, True).size(button.label)[0] + lay.body * 2
                button.rect = pygame.Rect(x, y, w, lay.button_h)
                x += w + lay.margin // 2
            y += lay.button_h + lay.margin // 2

    def all_buttons(self) -> list[Button]:
        return [b for _name, row in self.rows for b in row] + self.buttons

    def handle(self, intent: Any) -> bool:
        for _name, row in self.rows:
            for button in row:
                if button.handle(intent):
                    return True
        return super().handle(intent)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for name, row in self.rows:
            if not row:
                continue
            theme.blit_text(
                surface, name, lay.body, (self.body.x, row[0].rect.y + lay.body // 3), theme.IVORY
            )
            for button in row:
                button.draw(surface, lay.body)


class RemoveDialog(ConfirmDialog):
    """Remove a person: their seat goes to a bot, or opens for anyone."""

    def __init__(self, app: Any, question: str, then: Any) -> None:
        body = i18n._("They cannot take this seat back for this game.")
        super().__init__(app, question, body, i18n._("A bot plays it"), lambda: then("bot"))
        self.buttons.insert(
            1, Button(i18n._("Leave it open"), lambda: (self.close(), then("open")))
        )
        self.layout_buttons()
