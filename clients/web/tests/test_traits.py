"""The page tells the daemon its colour scheme and safe area in `hello` (PROTOCOL.md sections 3
and 14), and says `hello` again when the scheme changes: Chromium's emulated dark scheme gets the
app drawn dark, and turning it back light gets it drawn light, without reloading. The colours the
page paints of its own (the placeholder, the caret, the keyboard's area, the switch's and the
slider's tracks) follow the appearance its last accepted `hello` said."""

from __future__ import annotations

from typing import Iterator

import pytest
from helpers import WebDaemon, load, page_state, send, stage_picture, wait_for, wait_settled
from PIL import Image
from selenium import webdriver
from test_look import boxes

# A point of the login screen's background, away from its fields, button and bar.
BACKGROUND = (200, 500)


def emulate_scheme(browser: webdriver.Chrome, scheme: str | None) -> None:
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


@pytest.fixture
def dark_browser(browser: webdriver.Chrome) -> Iterator[webdriver.Chrome]:
    emulate_scheme(browser, "dark")
    try:
        yield browser
    finally:
        emulate_scheme(browser, None)


def sent_hellos(browser: webdriver.Chrome) -> list[str]:
    return [line[2:] for line in browser.execute_script("return window.viewwire.log()")
            if line.startswith("> hello")]


def window_colour(browser: webdriver.Chrome, view_id: str = "1") -> str:
    return browser.execute_script(
        "return window.viewwire.mirror.views.get(arguments[0])?.props.get('bg')?.value ?? null", view_id)


def test_a_dark_browser_says_so_and_gets_the_app_drawn_dark_then_light_again(
        daemon: WebDaemon, dark_browser: webdriver.Chrome) -> None:
    browser = dark_browser
    load(browser, f"{daemon.url}#/login")
    wait_settled(browser)
    (hello,) = sent_hellos(browser)
    assert "appearance=dark" in hello.split()
    assert "safe-area=0,0,0,0" in hello.split(), "a desktop Chromium has no chrome over the page"
    assert window_colour(browser) == "#000000ff"
    assert stage_picture(browser).getpixel(BACKGROUND) == (0, 0, 0)
    assert page_state(browser)["mismatches"] == 0

    emulate_scheme(browser, "light")
    wait_for(lambda: window_colour(browser) == "#ffffffff", "the page to say hello appearance=light")
    assert sent_hellos(browser)[1:] == ["hello appearance=light"], "only what changed is said again"
    wait_for(lambda: stage_picture(browser).getpixel(BACKGROUND) == (255, 255, 255), "the login screen drawn white")
    assert page_state(browser)["mismatches"] == 0


# Section 14, "Appearance, safe area and text size": the colours the page paints of its own
# follow the appearance its last `hello` said, and are read back from the page's pixels.
OWN = {
    "light": {"placeholder": (0x3c, 0x3c, 0x43, 0x4d), "tint": (0x00, 0x7a, 0xff), "keyboard": (0xd1, 0xd4, 0xd9),
              "line": (0x00, 0x00, 0x00), "switch_off": (0xe9, 0xe9, 0xea), "max_track": (0xe5, 0xe5, 0xea)},
    "dark": {"placeholder": (0xeb, 0xeb, 0xf5, 0x4d), "tint": (0x0a, 0x84, 0xff), "keyboard": (0x2c, 0x2c, 0x2c),
             "line": (0xff, 0xff, 0xff), "switch_off": (0x39, 0x39, 0x3d), "max_track": (0x2c, 0x2c, 0x2e)},
}


def box_of(browser: webdriver.Chrome, selector: str) -> list[float]:
    """The window rectangle (x, y, w, h) of the one element `selector` finds, in the stage's coordinates."""
    (box,) = boxes(browser, selector)
    return box


def over(colour: tuple[int, ...], background: tuple[int, int, int]) -> tuple[int, int, int]:
    """`colour` (with its alpha, 255 when it has none) composited over an opaque `background`."""
    alpha = colour[3] / 255 if len(colour) == 4 else 1
    return tuple(round(c * alpha + b * (1 - alpha)) for c, b in zip(colour[:3], background))  # type: ignore


def close_to(pixel: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], expected[:3]))


def strongest_ink(picture: Image.Image, box: list[float], background: tuple[int, int, int]) -> tuple[int, ...]:
    """The pixel of `box` that differs most from `background`: the core of a glyph drawn there."""
    x, y, w, h = (round(v) for v in box)
    pixels = [picture.getpixel((i, j)) for i in range(x, x + w) for j in range(y, y + h)]
    return max(pixels, key=lambda p: sum(abs(a - b) for a, b in zip(p, background)))


def login_colours(browser: webdriver.Chrome, appearance: str) -> bool:
    """True once the phone's login screen shows the placeholder, its field's frame and, with the
    username focused, the caret and the keyboard's area in `appearance`'s own colours."""
    own = OWN[appearance]
    window = (0, 0, 0) if appearance == "dark" else (255, 255, 255)
    picture = stage_picture(browser)
    field = box_of(browser, '[data-ident="username"]')
    x, y, w, h = box_of(browser, '[data-ident="username"] > .vw-face .vw-line')
    # The placeholder right of the caret, which covers its first 2 points.
    placeholder = strongest_ink(picture, [x + 3, y, w - 3, h], window)
    return (close_to(placeholder, over(own["placeholder"], window), 4)
            and picture.getpixel((round(field[0]), round(field[1]) + 15)) == own["line"]
            and picture.getpixel((28, 66)) == own["tint"]
            and picture.getpixel((195, 700)) == own["keyboard"])


def test_a_dark_page_draws_its_own_colours_dark_and_light_again(daemon: WebDaemon,
                                                                 dark_browser: webdriver.Chrome) -> None:
    browser = dark_browser
    load(browser, f"{daemon.url}?idiom=phone#/login")
    wait_settled(browser)
    assert browser.execute_script("return window.viewwire.appearance") == "dark"
    assert send(browser, "tap @username")["ok"]
    wait_for(lambda: boxes(browser, ".vw-keyboard"), "the keyboard's area")
    # The section's worked example: a white frame, a light placeholder, the dark tint and keyboard.
    wait_for(lambda: login_colours(browser, "dark"), "the login screen in the dark own colours")
    picture = stage_picture(browser)
    assert picture.getpixel((28, 66)) == (0x0a, 0x84, 0xff), "the caret in dark systemBlue"
    assert picture.getpixel((195, 700)) == (0x2c, 0x2c, 0x2c), "the dark keyboard's area"
    assert picture.getpixel(BACKGROUND) == (0, 0, 0), "the window, as the server sent it"

    # Turned light, the page says so and draws its own colours light again, without reloading.
    emulate_scheme(browser, "light")
    wait_for(lambda: browser.execute_script("return window.viewwire.appearance") == "light", "hello appearance=light")
    wait_for(lambda: login_colours(browser, "light"), "the login screen in the light own colours")
    assert page_state(browser)["mismatches"] == 0


def test_a_hello_the_server_refuses_changes_no_colour(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}?idiom=phone#/login")
    wait_settled(browser)
    assert send(browser, "hello appearance=dark")["ok"]
    wait_for(lambda: browser.execute_script("return window.viewwire.appearance") == "dark", "the dark appearance")
    reply = send(browser, "hello appearance=dark safe-area=1")
    assert not reply["ok"] and "bad-argument" in reply["line"]
    assert browser.execute_script("return window.viewwire.appearance") == "dark"
    assert send(browser, "hello appearance=light")["ok"]
    wait_for(lambda: browser.execute_script("return window.viewwire.appearance") == "light", "the light appearance")


def switch_and_slider(browser: webdriver.Chrome, appearance: str) -> bool:
    """True once the gallery's switch (off) and its slider's maximum track show `appearance`'s colours."""
    own = OWN[appearance]
    picture = stage_picture(browser)
    x, y, _, _ = box_of(browser, '[data-ident="switch"]')
    sx, sy, sw, sh = box_of(browser, '[data-ident="slider"]')
    # A point of the off track right of the knob (which covers x 2 to 29), and one of the maximum
    # track near the slider's right end, right of its thumb at the middle (value 0.5).
    return (picture.getpixel((round(x) + 45, round(y) + 15)) == own["switch_off"]
            and picture.getpixel((round(sx + sw) - 6, int(sy + sh / 2))) == own["max_track"])


def test_in_dark_the_switch_track_and_the_sliders_maximum_track_are_dark(daemon: WebDaemon,
                                                                         dark_browser: webdriver.Chrome) -> None:
    browser = dark_browser
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    assert browser.execute_script(
        "return window.viewwire.mirror.views.get(document.querySelector('[data-ident=\"switch\"]').dataset.id)"
        ".props.get('on')?.value") == "false"
    wait_for(lambda: switch_and_slider(browser, "dark"), "the switch's off track and the maximum track dark")
    emulate_scheme(browser, "light")
    wait_for(lambda: switch_and_slider(browser, "light"), "the switch's off track and the maximum track light")
    assert page_state(browser)["mismatches"] == 0


NEWER = {
    # The segmented control's track (over the grid's white) and selected thumb, the stepper's
    # plus (in `label`: its value 0 is below the maximum), the progress view's empty track.
    "light": {"track": over((0x76, 0x76, 0x80, 0x1f), (255, 255, 255)), "thumb": (0xff, 0xff, 0xff),
              "plus": (0x00, 0x00, 0x00), "progress": (0xe5, 0xe5, 0xea)},
    "dark": {"track": over((0x76, 0x76, 0x80, 0x3d), (255, 255, 255)), "thumb": (0x63, 0x63, 0x66),
             "plus": (0xff, 0xff, 0xff), "progress": (0x2c, 0x2c, 0x2e)},
}


def newer_controls(browser: webdriver.Chrome, appearance: str) -> bool:
    """True once the grid app's segmented control, stepper and progress view show `appearance`'s colours."""
    own = NEWER[appearance]
    picture = stage_picture(browser)
    sx, sy, sw, _ = box_of(browser, '[data-ident="size"]')
    tx, ty, _, _ = box_of(browser, '[data-ident="count"]')
    px, py, pw, _ = box_of(browser, '[data-ident="progress"]')
    segment = sw / 3
    return (close_to(picture.getpixel((round(sx) + 4, round(sy) + 16)), own["track"], 2)
            and picture.getpixel((round(sx + segment + segment / 2), round(sy) + 4)) == own["thumb"]
            and picture.getpixel((round(tx) + 70, round(ty) + 15)) == own["plus"]
            and picture.getpixel((round(px + pw) - 10, round(py) + 2)) == own["progress"])


def test_in_dark_the_newer_controls_draw_their_lists_dark(daemon: WebDaemon, dark_browser: webdriver.Chrome) -> None:
    browser = dark_browser
    load(browser, f"{daemon.url}#/grid")
    wait_settled(browser)
    wait_for(lambda: newer_controls(browser, "dark"), "the segmented control, stepper and progress view dark")
    lists = browser.execute_script("return [...document.querySelectorAll('.vw-face[data-commands]')]"
                                   ".map((face) => face.dataset.commands).join('\\n')")
    for light in ("#7676801f", "#3c3c4349", "#000000ff", "#e5e5eaff", "#007affff"):
        assert light not in lists, f"a light colour {light} in a dark command list"
    emulate_scheme(browser, "light")
    wait_for(lambda: newer_controls(browser, "light"), "the segmented control, stepper and progress view light")
    assert page_state(browser)["mismatches"] == 0
