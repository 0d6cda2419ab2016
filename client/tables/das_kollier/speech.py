"""What Das Kollier's view says to the table scene: the status line, the lines on the players'
panels and the results. The log's sentences and the rules sheet are the base class's, said by
the game's voice (shared/talk/das_kollier.py)."""

from __future__ import annotations

from typing import Any

from client import i18n
from client.tables.base import TableView
from client.tables.das_kollier.words import gem_count, gem_list, money
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
        # Which tie-break decided an equal necklace, as the voice says it.
        return lines + super().result_lines(outcome)
