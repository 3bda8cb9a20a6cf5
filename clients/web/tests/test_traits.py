"""The page tells the daemon its colour scheme and safe area in `hello` (PROTOCOL.md sections 3
and 14), and says `hello` again when the scheme changes: Chromium's emulated dark scheme gets the
app drawn dark, and turning it back light gets it drawn light, without reloading."""

from __future__ import annotations

from typing import Iterator

import pytest
from helpers import WebDaemon, load, page_state, stage_picture, wait_for, wait_settled
from selenium import webdriver

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
