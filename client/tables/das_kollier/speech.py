"""What Das Kollier's view says to the table scene: the status line, the lines on the players'
panels, the log's sentences and the results. The rules sheet is the base class's, read from the
game's voice (shared/talk/das_kollier.py)."""

from __future__ import annotations

from typing import Any

from client import i18n
from client.tables.base import Event, TableView
from client.tables.das_kollier.words import (
    EVENT_TEXT,
    TIE_BREAKS,
    card_count,
    gem_count,
    gem_list,
    money,
)
from shared.talk import das_kollier as voice


class Speech(TableView):
    """The view's words for the scene (a part of DasKollierView)."""

    def status(self) -> str | None:
        if not self.view:
            return None
        phase = voice.PHASE_NAMES.get(self.view.get("phase", ""))
        rnd = i18n.pgettext("das-kollier", "round {n}", n=self.view.get("round", 1))
        if phase is None:
            return rnd
        return f"{rnd} · {self.say(phase)}"

    def panel_lines(self, seat: int) -> list[str]:
        """Two lines for every seat (a steady panel height): its gem count and marker, then its
        own cash (the seat shown only) and whether it runs the auction."""
        if not self.view:
            return ["", ""]
        view = self.view
        first = [gem_count(view["gem_counts"][seat])]
        if view["markers"][seat] or view["sold"][seat]:
            first.append(
                i18n.pgettext("das-kollier", "marker {amount}", amount=money(view["markers"][seat]))
            )
        second = []
        if seat == self.seat and "cash" in view:
            second.append(i18n.pgettext("das-kollier", "cash {amount}", amount=money(view["cash"])))
        if seat == view.get("auctioneer") and view.get("phase") != "over":
            second.append(i18n.pgettext("das-kollier", "auctioneer"))
        return [" · ".join(first), " · ".join(second)]

    def event_text(self, event: Event) -> str | None:
        kind = event.get("type")
        if kind == "game_over":
            return i18n._("The game is over.")
        name = self.ctx.name
        key = kind
        fields: dict[str, Any] = {"name": name(event.get("seat"))}
        if kind == "sealed_bid" and "amount" in event:
            key, fields["amount"] = "sealed_bid_own", money(event["amount"])
        elif kind == "first_auctioneer":
            fields["bids"] = ", ".join(
                f"{name(s)} {money(b)}" for s, b in enumerate(event.get("bids", []))
            )
            fields["paid"] = money(event.get("paid", 0))
        elif kind in ("auction_opened",):
            fields["price"] = money(event.get("start_price", 0))
        elif kind == "falling_auction":
            fields.update(price=money(event.get("price", 0)), asked=name(event.get("asked")))
        elif kind == "bid":
            fields["amount"] = money(event.get("amount", 0))
        elif kind == "knocked_down":
            fields.update(name=name(event.get("buyer")), price=money(event.get("price", 0)))
        elif kind in ("accepted", "declined", "price_fell"):
            fields["price"] = money(event.get("price", 0))
        elif kind == "preempted":
            fields.update(price=money(event.get("price", 0)), accepter=name(event.get("accepter")))
        elif kind == "waived":
            fields.update(buyer=name(event.get("buyer")), price=money(event.get("price", 0)))
        elif kind == "paid":
            fields.update(price=money(event.get("price", 0)), cash=money(event.get("cash", 0)))
            gems = list(event.get("gems", [])) + [g for n in event.get("necklaces", []) for g in n]
            if gems:
                fields["gems"] = gem_list(gems)
            elif event.get("gem_count"):
                fields["gems"] = gem_count(event["gem_count"])
            else:
                key = "paid_cash"
        elif kind == "commission":
            if event.get("cash"):
                fields["cash"] = money(event["cash"])
            elif "gem" in event:
                key, fields["gem"] = "commission_gem_seen", gem_list([event["gem"]])
            else:
                key = "commission_gem"
        elif kind == "compensation":
            fields["amount"] = money(event.get("amount", 0))
        elif kind == "default":
            fields["price"] = money(event.get("price", 0))
            if not event.get("penalty_gem"):
                key, fields["cash"] = "default_cash", money(event.get("penalty_cash", 0))
            elif "gem" in event:
                key, fields["gem"] = "default_gem_seen", gem_list([event["gem"]])
            else:
                key = "default_gem"
        elif kind == "sold_to_bank":
            if "gems" in event:
                key = "sold_to_bank_seen"
                fields.update(
                    gems=gem_list(event["gems"]),
                    value=money(event.get("value", 0)),
                    paid=money(event.get("paid", 0)),
                    owed=money(event.get("owed", 0)),
                )
            else:
                fields["gems"] = gem_count(event.get("gem_count", 0))
        elif kind == "debt_paid":
            fields["amount"] = money(event.get("amount", 0))
            if event.get("into") == "marker":
                key = "debt_paid_marker"
        elif kind in ("lot_won", "lot_revealed"):
            fields["gems"] = gem_list(event.get("gems", []))
            fields["value"] = money(event.get("value", 0))
        elif kind == "second_deck":
            gifts = event.get("gifts", [])
            fields["gifts"] = ", ".join(f"{name(s)} {money(g)}" for s, g in enumerate(gifts))
            fields["cards"] = card_count(event.get("cards", 0))
        if key not in EVENT_TEXT:
            return None
        return i18n._(EVENT_TEXT[key], **fields)

    def score_text(self, score: int) -> str:
        # A final score is the value of the player's best necklace, in dollars.
        return money(score)

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        lines = []
        for seat, necklace in enumerate(outcome.get("necklaces", [])):
            if necklace:
                lines.append(
                    i18n.pgettext(
                        "das-kollier",
                        "{name}: {gems} — {value}",
                        name=self.ctx.name(seat),
                        gems=gem_list(necklace),
                        value=money(outcome["scores"][seat]),
                    )
                )
            else:
                lines.append(
                    i18n.pgettext("das-kollier", "{name}: no necklace", name=self.ctx.name(seat))
                )
        tie = self._tie_break(outcome)
        if tie:
            lines.append(tie)
        return lines

    def _tie_break(self, outcome: dict[str, Any]) -> str | None:
        """Which of the rules' tie-breaks decided the game (the engine names it), in words."""
        decided = outcome.get("decided_by")
        if decided is None:
            return None
        if decided == "gems":
            return i18n._("Tie on the necklace: fewer gems in it wins.")
        lead = outcome["winners"][0]
        value = outcome["best_outside" if decided == "outside" else "money"][lead]
        return i18n._(TIE_BREAKS[decided], name=self.ctx.name(lead), value=money(value))
