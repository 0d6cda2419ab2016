"""The input layer: mouse, touch and keys become the same few intents."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from client.ui.input import InputLayer  # noqa: E402


def kinds(intents):
    return [i.kind for i in intents]


def feed(layer, *events):
    out = []
    for event in events:
        out += layer.feed(event)
    return out


def mouse(kind, pos, **extra):
    if kind == "motion":
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), **extra
        )
    etype = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
    return pygame.event.Event(etype, pos=pos, button=1, **extra)


def finger(kind, fid, x, y):
    etype = {"down": pygame.FINGERDOWN, "up": pygame.FINGERUP, "motion": pygame.FINGERMOTION}[kind]
    return pygame.event.Event(etype, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0, touch_id=1)


def test_a_click_without_moving_is_a_tap():
    layer = InputLayer((800, 600))
    intents = feed(layer, mouse("down", (100, 100)), mouse("up", (102, 101)))
    assert kinds(intents) == ["tap"]
    assert intents[0].pos == (102.0, 101.0)


def test_a_press_that_moves_beyond_the_slop_is_a_drag_ending_in_a_drop():
    layer = InputLayer((800, 600))
    intents = feed(
        layer,
        mouse("down", (100, 100)),
        mouse("motion", (130, 100)),
        mouse("motion", (160, 120)),
        mouse("up", (160, 120)),
    )
    assert kinds(intents) == ["drag_start", "drag", "drag", "drop"]
    assert intents[0].pos == (100.0, 100.0)
    assert intents[2].rel == (30.0, 20.0)


def test_moving_without_a_button_is_hover():
    layer = InputLayer((800, 600))
    assert kinds(feed(layer, mouse("motion", (5, 5)))) == ["hover"]


def test_a_finger_tap_is_a_tap_at_the_touched_pixel_and_synthetic_mouse_events_are_ignored():
    layer = InputLayer((800, 600))
    intents = feed(
        layer,
        finger("down", 1, 0.5, 0.5),
        mouse("down", (400, 300), touch=True),
        finger("up", 1, 0.5, 0.5),
        mouse("up", (400, 300), touch=True),
    )
    assert kinds(intents) == ["tap"]
    assert intents[0].pos == (400.0, 300.0)


def test_two_fingers_spreading_zoom_in_around_their_centre():
    layer = InputLayer((1000, 1000))
    intents = feed(
        layer,
        finger("down", 1, 0.4, 0.5),
        finger("down", 2, 0.6, 0.5),
        finger("motion", 2, 0.8, 0.5),
    )
    zooms = [i for i in intents if i.kind == "zoom"]
    assert len(zooms) == 1
    assert abs(zooms[0].factor - 2.0) < 1e-6
    assert zooms[0].pos == (600.0, 500.0)
    assert "tap" not in kinds(feed(layer, finger("up", 2, 0.8, 0.5)))


def test_the_wheel_zooms_on_the_table_and_scrolls_lists():
    layer = InputLayer((800, 600))
    intents = layer.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert kinds(intents) == ["zoom", "scroll"]
    assert intents[0].factor > 1 and intents[1].amount == 1.0


def test_keys_become_intents():
    layer = InputLayer((800, 600))

    def key(k, mod=0):
        return layer.feed(
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
        )

    assert kinds(key(pygame.K_F11)) == ["fullscreen"]
    assert kinds(key(pygame.K_ESCAPE)) == ["back"]
    assert kinds(key(pygame.K_RETURN)) == ["confirm"]
    assert key(pygame.K_BACKSPACE)[0].key == "backspace"
    assert key(pygame.K_PLUS)[0].key == "zoom_in"
    text = layer.feed(pygame.event.Event(pygame.TEXTINPUT, text="ß"))
    assert text[0].kind == "text" and text[0].text == "ß"
