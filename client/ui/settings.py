"""The player's settings, kept in a small JSON file in the user's config folder."""

from __future__ import annotations

import getpass
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from client.words import i18n

RECENT_NAMES = 8
# The text sizes offered, in percent of the theme's own sizes.
TEXT_SIZES = (100, 115, 130, 150)


def config_dir() -> Path:
    """$JEWELTABLE_CONFIG, else $XDG_CONFIG_HOME/jeweltable, else ~/.config/jeweltable."""
    if os.environ.get("JEWELTABLE_CONFIG"):
        return Path(os.environ["JEWELTABLE_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "jeweltable"


def _default_name() -> str:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    return (name or "Player").capitalize()[:32]


@dataclass
class Settings:
    name: str = ""
    language: str = ""
    table_display: bool = False
    fullscreen: bool = False
    # Tokens that let this client take its seats back after a restart, by server address.
    tokens: dict[str, str] | None = None
    # The people who shared this device lately (hot-seat), newest first.
    recent_names: list[str] | None = None
    # Sound: loudness from 0 to 1, and whether it is off altogether.
    volume: float = 0.7
    muted: bool = False
    # Moves jump to their place with a short fade: nothing flies, shakes, bounces or zooms.
    reduce_motion: bool = False
    # Text size in percent (one of TEXT_SIZES): scales every font and reflows the scenes.
    text_size: int = 100

    def __post_init__(self) -> None:
        self.name = self.name or _default_name()
        self.language = self.language if self.language in i18n.LANGUAGES else i18n.system_language()
        self.tokens = dict(self.tokens or {})
        volume = self.volume if isinstance(self.volume, (int, float)) else 0.7
        self.volume = round(max(0.0, min(1.0, float(volume))), 2)
        self.muted = self.muted is True
        self.reduce_motion = self.reduce_motion is True
        if self.text_size not in TEXT_SIZES or isinstance(self.text_size, bool):
            self.text_size = TEXT_SIZES[0]
        self.recent_names = [n for n in self.recent_names or [] if isinstance(n, str) and n][
            :RECENT_NAMES
        ]

    def remember_names(self, names: list[str]) -> None:
        """Put `names` first among the recent ones (no repeats, at most RECENT_NAMES)."""
        kept = [n for n in self.recent_names or [] if n not in names]
        self.recent_names = (list(dict.fromkeys(names)) + kept)[:RECENT_NAMES]

    @classmethod
    def load(cls) -> Settings:
        path = config_dir() / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name for f in fields(cls)}
        return (
            cls(**{k: v for k, v in data.items() if k in known})
            if isinstance(data, dict)
            else cls()
        )

    def save(self) -> None:
        path = config_dir() / "settings.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        except OSError:
            # Settings are a comfort: a read-only home must not stop the game.
            pass
