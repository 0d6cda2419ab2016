"""The table's sounds, made from a few numbers each (in the manner of sfxr), in pure Python.

Each sound is a handful of voices: a wave (sine, triangle, square or noise) with a pitch that may
slide, an envelope (attack, hold, decay), a loudness and a start time; noise is softened by a
one-pole low-pass filter. Soft waves, short tails and low levels keep them in the calm tone of
docs/client.md's table (../shared/VISUAL.md): a velvet table, not an arcade.

    python -m client.audio.synth          # renders client/assets/sounds/<name>.wav

The rendered files ship with the client (package data); `render` is deterministic, so the tests
check that the shipped files are what these numbers make.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from dataclasses import dataclass
from pathlib import Path

RATE = 22050
SOUND_DIR = Path(__file__).parent.parent / "assets" / "sounds"
# The loudest sample of any sound, as a share of full scale: headroom for several at once.
PEAK = 0.5


@dataclass(frozen=True)
class Voice:
    """One voice of a sound: `wave` at `freq` Hz sliding by `slide` (a factor per second),
    shaped by `attack`, `hold` and `decay` (seconds; the decay is exponential), at `level`,
    starting `at` seconds in. `cutoff` (0–1) softens noise: lower is duller."""

    wave: str
    freq: float
    decay: float
    level: float = 1.0
    attack: float = 0.004
    hold: float = 0.0
    slide: float = 1.0
    at: float = 0.0
    cutoff: float = 1.0

    @property
    def length(self) -> float:
        return self.at + self.attack + self.hold + self.decay * 5


def _sample(kind: str, phase: float, rng: random.Random) -> float:
    if kind == "sine":
        return math.sin(2 * math.pi * phase)
    if kind == "triangle":
        return 4 * abs((phase % 1.0) - 0.5) - 1
    if kind == "square":
        return 1.0 if (phase % 1.0) < 0.5 else -1.0
    if kind == "noise":
        return rng.uniform(-1.0, 1.0)
    raise ValueError(f"unknown wave {kind!r}")


def _envelope(voice: Voice, t: float) -> float:
    if t < voice.attack:
        return t / voice.attack
    t -= voice.attack
    if t < voice.hold:
        return 1.0
    return math.exp(-(t - voice.hold) / voice.decay)


def render(voices: tuple[Voice, ...], gain: float = 1.0, seed: int = 1) -> list[int]:
    """The sound as 16-bit samples at RATE, its peak at `gain` × PEAK, with a short fade at
    the end."""
    rng = random.Random(seed)
    n = round(max(v.length for v in voices) * RATE)
    mix = [0.0] * n
    for voice in voices:
        start = round(voice.at * RATE)
        phase, freq, low = 0.0, voice.freq, 0.0
        step = voice.slide ** (1 / RATE)
        for i in range(start, n):
            t = (i - start) / RATE
            raw = _sample(voice.wave, phase, rng)
            low += voice.cutoff * (raw - low)
            mix[i] += low * _envelope(voice, t) * voice.level
            phase += freq / RATE
            freq *= step
    loudest = max(abs(x) for x in mix) or 1.0
    fade = min(n, round(0.01 * RATE))
    samples = []
    for i, x in enumerate(mix):
        tail = min(1.0, (n - i) / fade)
        samples.append(round(x / loudest * PEAK * gain * tail * 32767))
    return samples


# What each sound is made of. Names are the sounds the client plays (client/audio/sound.py).
SOUNDS: dict[str, tuple[Voice, ...]] = {
    # A card slid off the deck: a soft, dull brush of noise.
    "deal": (Voice("noise", 0, 0.03, attack=0.015, cutoff=0.08),),
    # A card turned: a light snap with a faint click in it.
    "flip": (
        Voice("noise", 0, 0.012, attack=0.002, cutoff=0.25),
        Voice("sine", 1400, 0.01, level=0.3, at=0.01),
    ),
    # A gem set in its place: a small glassy clink (a tone and its bright partial).
    "gem": (
        Voice("sine", 1568, 0.07, level=1.0),
        Voice("sine", 2352, 0.04, level=0.35),
        Voice("sine", 3136, 0.02, level=0.15),
    ),
    # A bid: a soft wooden tap, falling a little.
    "bid": (Voice("triangle", 520, 0.035, slide=0.4), Voice("noise", 0, 0.006, 0.3, cutoff=0.2)),
    # The hammer of a knock-down: a low, round knock.
    "hammer": (
        Voice("sine", 150, 0.05, slide=0.5),
        Voice("noise", 0, 0.008, level=0.5, cutoff=0.15),
        Voice("triangle", 300, 0.025, level=0.3, slide=0.6),
    ),
    # Coins paid: three small metallic tinkles.
    "coins": tuple(
        Voice("sine", f, 0.035, level=lv, at=at)
        for f, lv, at in ((2093, 0.8, 0.0), (2637, 0.6, 0.06), (2349, 0.7, 0.12))
    ),
    # A small move (a pass, a figure set down): a quiet tap.
    "tap": (Voice("sine", 660, 0.02, slide=0.7), Voice("noise", 0, 0.004, 0.2, cutoff=0.3)),
    # Your turn: two rising notes, gently.
    "turn": (
        Voice("sine", 659, 0.08, level=0.8),
        Voice("sine", 880, 0.12, level=0.8, at=0.11),
    ),
    # Your turn while the window is elsewhere: a soft, longer bell.
    "chime": (
        Voice("sine", 880, 0.22, level=0.7, attack=0.01),
        Voice("sine", 1320, 0.12, level=0.25, attack=0.01),
        Voice("sine", 1760, 0.06, level=0.1, attack=0.01),
    ),
    # The game's end: a calm rising triad.
    "end": tuple(
        Voice("sine", f, 0.16, level=0.8, at=at, attack=0.01)
        for f, at in ((523.25, 0.0), (659.25, 0.14), (783.99, 0.28))
    ),
    # A chat message: a short soft blip.
    "chat": (Voice("sine", 988, 0.025, level=0.6),),
    # An emote: a little upward pop.
    "emote": (Voice("sine", 420, 0.04, slide=6.0, level=0.7),),
}


# Small and background sounds stay below the others' peak: the chime for a window that is
# elsewhere should call, not startle.
GAIN = {"chime": 0.6, "chat": 0.6, "tap": 0.7, "deal": 0.8, "flip": 0.8}


def rendered(name: str) -> list[int]:
    """The samples of the sound called `name`."""
    return render(SOUNDS[name], GAIN.get(name, 1.0))


def write(name: str, samples: list[int], folder: Path = SOUND_DIR) -> Path:
    """Write one sound as a mono 16-bit WAV file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return path


def main(argv: list[str] | None = None) -> int:
    folder = Path(argv[0]) if argv else SOUND_DIR
    for name in SOUNDS:
        path = write(name, rendered(name), folder)
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
