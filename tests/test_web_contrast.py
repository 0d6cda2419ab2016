"""The page's colours meet WCAG 2.2 AA (issue 33): text at least 4.5:1 against what it stands on,
and the outlines of controls, pieces, the places pieces go and the highlights at least 3:1 (non-text
contrast), worked out from the colours the page uses — client/web/style.css's rules and
variables and the seats' colours of client/web/players.js — so that a colour changed there keeps
above the line. No browser: the ratios are computed here, as WCAG defines them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "client" / "web"
CSS = (WEB / "style.css").read_text(encoding="utf-8")
TEXT, NON_TEXT = 4.5, 3.0


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def blend(colour: str, under: str, alpha: float) -> str:
    """`colour` drawn at `alpha` over `under`."""
    mixed = [
        round(int(colour[i : i + 2], 16) * alpha + int(under[i : i + 2], 16) * (1 - alpha))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def hex6(value: str) -> str:
    value = value.strip().lower()
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    assert re.fullmatch(r"#[0-9a-f]{6}", value), f"not a colour: {value!r}"
    return value


VARIABLES = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", CSS.split("}", 1)[0]))


def resolve(value: str) -> str:
    """A colour of the style sheet, its variables looked up (`var(--x, fallback)` too)."""
    found = re.fullmatch(r"var\((--[\w-]+)(?:,\s*([^)]+))?\)", value.strip())
    if found:
        return resolve(VARIABLES.get(found[1], found[2] or ""))
    return hex6(value)


def rules() -> dict[str, dict[str, str]]:
    """The style sheet's declarations by selector (each selector of a list apart; a rule
    inside @media or @keyframes as if outside: the innermost braces)."""
    found: dict[str, dict[str, str]] = {}
    text = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        declared = dict(re.findall(r"([\w-]+)\s*:\s*([^;]+?)\s*(?:;|$)", body))
        for selector in selectors.split(","):
            found.setdefault(" ".join(selector.split()), {}).update(declared)
    return found


RULES = rules()


def css(selector: str, prop: str) -> str:
    """The colour the style sheet gives `prop` of `selector` (a border's colour for `border`)."""
    value = RULES[selector][prop]
    if prop in ("border", "outline"):  # a shorthand: its colour
        value = re.search(r"(#[0-9a-fA-F]{3,6}\b|var\([^)]*\))", value)[0]
    return resolve(value)


def pulse(keyframes: str) -> float:
    """The lowest opacity of a highlight's pulse (@keyframes `keyframes`): the pulses fade the
    whole shape (`opacity`, which the compositor animates), once they faded its stroke."""
    body = re.search(rf"@keyframes {keyframes} \{{(.*?)\}}\s*\}}", CSS, re.S)[1]
    return min(float(v) for v in re.findall(r"(?:stroke-)?opacity:\s*([\d.]+)", body))


# The velvet: every colour of the body's gradient, from its lightest to its darkest edge.
VELVET = [hex6(c) for c in re.findall(r"#[0-9a-fA-F]{6}", RULES["body"]["background"])]
VELVET += [resolve(v) for v in re.findall(r"var\(--[\w-]+\)", RULES["body"]["background"])]
TILE = css("svg.palast-board .tile", "fill")
GOLD, IVORY = resolve("var(--gold)"), resolve("var(--ivory)")
SEATS = re.findall(r'colour: "(#[0-9A-Fa-f]{6})"', (WEB / "players.js").read_text())


def non_text() -> list[tuple[str, str, list[str]]]:
    """(what, its colour, the colours it stands on) for every outline that tells a control, a
    piece, a place for one or a highlight."""
    return [
        ("a button's border", css("button", "border"), VELVET),
        ("a list's border", css("select", "border"), VELVET),
        ("a field's border", css("input", "border"), VELVET),
        ("Palast's tiles", css("svg.palast-board .tile", "stroke"), [*VELVET, TILE]),
        ("Palast's empty card places", css("svg.palast-board .slot", "stroke"), VELVET),
        ("Palast's garden levels", css("svg.palast-board .level", "stroke"), [TILE]),
        ("Palast's serail spaces", css("svg.palast-board .space", "stroke"), VELVET),
        ("Palast's cards", css("svg.palast-board .card", "stroke"), VELVET),
        ("Palast's figures", css("svg.palast-board .figure > circle", "stroke"), [*VELVET, TILE]),
        ("Palast's held tile", css("svg.palast-board .held > rect:first-child", "stroke"), [TILE]),
        (
            # The tile fades whole over the velvet: its outline against its own faded face.
            "Palast's legal tile, at its faintest",
            blend(
                css("svg.palast-board .legal > rect:first-child", "stroke"),
                VELVET[0],
                pulse("beckon"),
            ),
            [blend(TILE, VELVET[0], pulse("beckon"))],
        ),
        ("Bijoux's sockets", css("svg.bijoux .socket", "stroke"), VELVET),
        ("Bijoux's stones", css("svg.bijoux .stone", "stroke"), [resolve("var(--velvet-light)")]),
        (
            "Bijoux's legal plaque, at its faintest",
            blend(css("svg.bijoux .legal .face", "stroke"), VELVET[0], pulse("glow")),
            VELVET,
        ),
        ("Kette's sockets", css("svg.necklace .socket", "stroke"), VELVET),
        ("Kette's empty lot", css(".kette .slot", "border"), VELVET),
        ("Kette's places", css("svg.necklace .place .glow", "stroke"), VELVET),
        ("Kette's chosen place", css("svg.necklace .place.chosen .glow", "stroke"), VELVET),
        ("Kette's possible places", css("svg.necklace .could", "stroke"), VELVET),
        ("Kollier's lot cards", css("svg.lot .card", "stroke"), VELVET),
        ("a picked gem", css(".hand button.picked", "outline"), VELVET),
        ("a warned move", css("button.warned", "border-color"), VELVET),
        ("an armed move", css("button.armed", "border-color"), VELVET),
        ("a gold button", css("button.primary", "border-color"), VELVET),
        ("the results' frame", css(".results", "border"), VELVET),
    ]


OUTLINES = non_text()


@pytest.mark.parametrize("what, colour, grounds", OUTLINES, ids=[w for w, _c, _g in OUTLINES])
def test_outlines_of_controls_pieces_and_highlights_are_at_least_3_to_1(what, colour, grounds):
    worst = min(ratio(colour, ground) for ground in grounds)
    assert worst >= NON_TEXT, f"{what}: {colour} only {worst:.2f}:1 on {grounds}"


def test_the_focus_ring_is_seen_on_everything_it_can_sit_on():
    """The ring's two colours (an outline and a shadow around it): one of them at least 3:1
    against the velvet, the gold buttons, the ivory cards and chips, and a tile."""
    ring = RULES[":focus-visible"]
    outline = css(":focus-visible", "outline")
    shadow = hex6(re.search(r"#[0-9a-fA-F]{6}", ring["box-shadow"])[0])
    for ground in [*VELVET, GOLD, IVORY, TILE]:
        assert max(ratio(outline, ground), ratio(shadow, ground)) >= NON_TEXT, ground


@pytest.mark.parametrize("seat_colour", SEATS)
def test_every_seat_s_piece_stands_out_of_the_tiles_by_its_ring(seat_colour):
    """A seat's colour may be as dark as the tiles (the blue, the red): its piece's light ring
    stands out of them, and the colour itself stands out of the ring or of the tile."""
    ring = css("svg.palast-board .figure > circle", "stroke")
    assert ratio(ring, TILE) >= NON_TEXT
    assert max(ratio(seat_colour, ring), ratio(seat_colour, TILE)) >= NON_TEXT


def text_pairs() -> list[tuple[str, str, list[str]]]:
    """(what, the text's colour, what it stands on) for the page's text."""
    return [
        ("the page's text", resolve("var(--text)"), VELVET),
        ("muted text", resolve("var(--muted)"), [*VELVET, TILE]),
        ("a button's words", css("button", "color"), [css("button", "background")]),
        ("a gold button's words", css("button.primary", "color"), [GOLD]),
        ("an armed move's words", css("button", "color"), [css("button.armed", "background")]),
        ("gold headings and prices", GOLD, VELVET),
        ("a field's words", css("input", "color"), [css("input", "background")]),
        ("Palast's labels", css("svg.palast-board .label", "fill"), VELVET),
        ("Palast's small words on a tile", css("svg.palast-board .small", "fill"), [TILE]),
        ("Palast's counts", css("svg.palast-board .count", "fill"), [TILE, *VELVET]),
        ("Palast's card titles", css("svg.palast-board .card-title", "fill"), [IVORY]),
        ("Kollier's gem names on a lot card", css("svg.lot .card-name", "fill"), [IVORY]),
        ("a chip's words", css(".chip", "color"), [css(".chip", "background")]),
    ]


TEXTS = text_pairs()


@pytest.mark.parametrize("what, colour, grounds", TEXTS, ids=[w for w, _c, _g in TEXTS])
def test_text_is_at_least_4_5_to_1(what, colour, grounds):
    worst = min(ratio(colour, ground) for ground in grounds)
    assert worst >= TEXT, f"{what}: {colour} only {worst:.2f}:1 on {grounds}"


def test_the_check_finds_what_is_below_the_line():
    """The old strokes of Palast's tiles and Kette's sockets were below 3:1 on the velvet."""
    assert ratio("#3b6f69", VELVET[0]) < NON_TEXT
    assert ratio("#8c6e1e", VELVET[0]) < NON_TEXT
    assert round(ratio("#000000", "#ffffff"), 2) == 21.0
