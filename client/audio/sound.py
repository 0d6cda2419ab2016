"""Sounds for the moments that matter: a card dealt or turned, a gem set, a bid, the hammer,
coins paid, your turn, the game's end, chat and emotes.

The sounds are rendered by client/audio/synth.py into assets/sounds/. Which game event makes which
sound is data (`EVENT_SOUNDS`, per game); one update plays at most one sound, the one that
matters most (`PRIORITY`). Volume and mute come from the settings at each play, so the settings
dialog takes effect at once. Without an audio device the client is simply silent.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

import pygame

from client.audio.synth import SOUND_DIR, SOUNDS

log = logging.getLogger(__name__)

# When one update brings several events, the sound of the one that matters most plays.
PRIORITY = ("end", "hammer", "coins", "bid", "gem", "flip", "deal", "tap")

# Game event type → sound name (None: a quiet event, bookkeeping that makes no sound of its own).
EVENT_SOUNDS: dict[str, dict[str, str | None]] = {
    "magie-des-bijoux": {
        "pawn_placed": "tap",
        "pawn_moved": "tap",
        "stone_placed": "gem",
        "plaque_filled": "gem",
        "extra_move": None,
        "game_over": "end",
    },
    "das-kollier": {
        "first_auctioneer": None,
        "lot_revealed": "flip",
        "second_deck": "deal",
        "rerun": "flip",
        "auction_opened": "tap",
        "falling_auction": "tap",
        "price_fell": "tap",
        "bid": "bid",
        "passed": "tap",
        "no_bid": "tap",
        "knocked_down": "hammer",
        "accepted": "hammer",
        "declined": "tap",
        "preempted": "hammer",
        "waived": "tap",
        "taken_for_nothing": "hammer",
        "lot_won": None,
        "paid": "coins",
        "default": "tap",
        "debt_paid": "coins",
        "commission": "coins",
        "compensation": "coins",
        "sold_to_bank": "coins",
        "game_over": "end",
    },
    "kette-von-saba": {
        "card_offered": "flip",
        "deck_card_offered": "flip",
        "drew": "deal",
        "card_discarded": "tap",
        "reserve_named": "bid",
        "reserve_accepted": "tap",
        "reserve_declined": "tap",
        "reserve_refused": "tap",
        "bid": "bid",
        "passed": "tap",
        "bidding_closed": "hammer",
        "sold": "coins",
        "kept": "tap",
        "forgery": "flip",
        "placed": "gem",
        "joker_returned": "tap",
        "reconstruction_begins": "deal",
        "game_over": "end",
    },
    "saba-palast": {
        "turn_started": None,
        "card_drawn": "deal",
        "action_deck_reshuffled": "deal",
        "card_played": "flip",
        "card_revealed": "flip",
        "card_left": None,
        "card_discarded": "tap",
        "no_action_card": None,
        "quarter_action": "tap",
        "vizier_moved": "tap",
        "figure_placed": "tap",
        "figure_moved": "tap",
        "figure_returned": "tap",
        "serail_figure": "tap",
        "serail_figure_returned": None,
        "serail_marker": "tap",
        "serail_marker_returned": None,
        "harbour_taken": "tap",
        "harbour_refilled": None,
        "material_returned": None,
        "material_left": None,
        "over_limits": None,
        "built": "gem",
        "balcony": "gem",
        "fulfilled": "coins",
        "treasury_scored": "coins",
        "passed": "tap",
        "game_over": "end",
    },
}


def sound_for(game: str, events: Iterable[dict[str, Any]]) -> str | None:
    """The one sound an update with these events plays (None: silence)."""
    table = EVENT_SOUNDS.get(game, {})
    names = {table.get(event.get("type", "")) for event in events}
    return next((name for name in PRIORITY if name in names), None)


class Tuned(Protocol):
    """What the player set (client.ui.settings.Settings is one)."""

    volume: float
    muted: bool


class Sounds:
    """Plays the sounds at the settings' volume; silent without an audio device."""

    def __init__(self, settings: Tuned, folder: Path = SOUND_DIR) -> None:
        self.settings = settings
        self.folder = folder
        self.loaded: dict[str, pygame.mixer.Sound] = {}
        self.ready: bool | None = None  # None: the mixer has not been tried yet
        self.played: list[str] = []  # what was played, newest last (the tests listen here)

    def _open(self) -> bool:
        if self.ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                self.ready = True
            except pygame.error as exc:
                log.info("no sound: %s", exc)
                self.ready = False
        return self.ready

    def load(self, name: str) -> pygame.mixer.Sound | None:
        """The sound called `name` (one of client.audio.synth.SOUNDS), loaded once."""
        if name not in SOUNDS:
            raise KeyError(f"no sound called {name!r}")
        if name not in self.loaded:
            if not self._open():
                return None
            self.loaded[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
        return self.loaded[name]

    def play(self, name: str | None) -> None:
        """Play a sound (None: nothing) unless muted."""
        if name is None or self.settings.muted or self.settings.volume <= 0:
            return
        self.played = [*self.played[-19:], name]
        sound = self.load(name)
        if sound is not None:
            sound.set_volume(max(0.0, min(1.0, self.settings.volume)))
            sound.play()

    def events(self, game: str, events: Iterable[dict[str, Any]]) -> None:
        """Play the sound of one update's events."""
        self.play(sound_for(game, events))
