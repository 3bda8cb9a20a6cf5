"""Section 14's worked example, the login screen on a phone, read off the page: every line box,
the caret and the keyboard's area where the spec puts them, in the colours it names."""

from __future__ import annotations

from typing import List

import pytest
from helpers import WebDaemon, load, send, stage_picture, wait_for, wait_settled
from selenium import webdriver
from test_apps import check_mirror


def near(expected):
    """Element rectangles equal the spec's numbers up to the browser's sub-pixel rounding."""
    return pytest.approx(expected, abs=0.05)


def boxes(driver: webdriver.Chrome, selector: str) -> List[List[float]]:
    """The window rectangles (x, y, w, h) of the elements `selector` finds, in the stage's coordinates."""
    return driver.execute_script(
        "const s = document.getElementById('stage').getBoundingClientRect();"
        "return [...document.querySelectorAll(arguments[0])].map((e) => { const r = e.getBoundingClientRect();"
        " return [r.left - s.left, r.top - s.top, r.width, r.height].map((v) => Math.round(v * 100) / 100); });",
        selector)


def line(driver: webdriver.Chrome, ident: str) -> List[float]:
    (box,) = boxes(driver, f'[data-ident="{ident}"] > .vw-face .vw-line')
    return box


@pytest.fixture
def phone_login(daemon: WebDaemon, browser: webdriver.Chrome) -> webdriver.Chrome:
    load(browser, f"{daemon.url}?idiom=phone#/login")
    wait_settled(browser)
    return browser


def test_the_login_screens_text_sits_in_the_line_boxes_of_the_worked_example(phone_login: webdriver.Chrome) -> None:
    hello = next(line for line in phone_login.execute_script("return viewwire.log()") if line.startswith("> hello"))
    assert "idiom=phone" in hello and "keyboard=300" in hello
    assert line(phone_login, "username") == near([28, 56.5, 68, 21])
    assert line(phone_login, "password") == near([28, 96.5, 68, 21])
    assert line(phone_login, "login") == near([176.25, 153, 37.5, 18])
    assert line(phone_login, "navigation-title") == near([173.75, 11.5, 42.5, 21])
    assert not boxes(phone_login, '[data-ident="result"] .vw-line'), "a label without text draws nothing"
    assert not boxes(phone_login, ".vw-keyboard"), "no keyboard without focus"
    colour = phone_login.execute_script(
        "return getComputedStyle(document.querySelector('[data-ident=\"username\"] .vw-line')).color")
    assert colour == "rgba(60, 60, 67, 0.3)"  # the placeholder's #3c3c434d


def test_focus_shows_the_caret_and_the_keyboards_area(phone_login: webdriver.Chrome) -> None:
    assert send(phone_login, "tap @username")["ok"]
    wait_for(lambda: boxes(phone_login, ".vw-caret"), "the caret")
    assert boxes(phone_login, ".vw-caret") == [near([28, 56.5, 2, 21])]
    assert boxes(phone_login, ".vw-keyboard") == [near([0, 544, 390, 300])]
    picture = stage_picture(phone_login)
    assert picture.getpixel((195, 700)) == (0xd1, 0xd4, 0xd9)
    assert picture.getpixel((28, 66)) == (0x00, 0x7a, 0xff)
    assert send(phone_login, 'text "bob"')["ok"]
    wait_for(lambda: boxes(phone_login, ".vw-caret") == [near([53.5, 56.5, 2, 21])], "the caret after bob")
    assert line(phone_login, "username") == near([28, 56.5, 25.5, 21])
    assert phone_login.execute_script(
        "return getComputedStyle(document.querySelector('[data-ident=\"username\"] .vw-line')).color") == \
        "rgb(0, 0, 0)"
    check_mirror(phone_login)


def test_a_focused_field_too_narrow_for_its_text_shows_its_end(phone_login: webdriver.Chrome) -> None:
    assert send(phone_login, "tap @username")["ok"]
    typed = "abcdefghij" * 5  # 50 narrow characters, 425 points: wider than the 334-point area
    assert send(phone_login, f'text "{typed}"')["ok"]
    # The longest suffix at most 332 points wide (39 characters), its right edge at W - 10 = 340.
    wait_for(lambda: phone_login.execute_script(
        "return document.querySelector('[data-ident=\"username\"] .vw-line').textContent") == typed[-39:],
        "the field's end")
    assert line(phone_login, "username") == near([20 + 340 - 331.5, 56.5, 331.5, 21])
    assert boxes(phone_login, ".vw-caret") == [near([360, 56.5, 2, 21])]
    # Once it loses focus, the same text is tail-truncated with an ellipsis instead.
    assert send(phone_login, "key return")["ok"]
    wait_for(lambda: not boxes(phone_login, ".vw-caret"), "the caret to go")
    shown = phone_login.execute_script(
        "return document.querySelector('[data-ident=\"username\"] .vw-line').textContent")
    assert shown == typed[:38] + "…"
    check_mirror(phone_login)


def test_on_a_phone_the_note_field_rides_above_the_keyboards_area(daemon: WebDaemon,
                                                                   browser: webdriver.Chrome) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from test_scenarios import view

    load(browser, f"{daemon.url}?idiom=phone#/note")
    wait_settled(browser)
    (field,) = boxes(browser, '[data-ident="note"]')
    assert field[1] + field[3] > 544, "the field starts where the keyboard will be"
    ActionChains(browser).click(view(browser, "note")).perform()
    wait_for(lambda: boxes(browser, ".vw-keyboard"), "the keyboard's area")
    wait_settled(browser)
    (field,) = boxes(browser, '[data-ident="note"]')
    assert field[1] + field[3] <= 544, f"the field {field} is under the keyboard"
    # A click on the keyboard's area belongs to the keyboard: nothing is sent.
    sent = len(browser.execute_script("return viewwire.log().filter((l) => l.startsWith('> '))"))
    ActionChains(browser).move_to_element_with_offset(browser.find_element("css selector", ".vw-keyboard"), 0, 0) \
        .click().perform()
    ActionChains(browser).send_keys("hello\ue007").perform()  # Enter ends editing
    wait_for(lambda: not boxes(browser, ".vw-keyboard"), "the keyboard to go")
    wait_settled(browser)
    log = browser.execute_script("return viewwire.log().filter((l) => l.startsWith('> '))")[sent:]
    assert log == ['> text "h"', '> text "e"', '> text "l"', '> text "l"', '> text "o"', "> key return"]
    (field,) = boxes(browser, '[data-ident="note"]')
    assert field[1] + field[3] > 544
    check_mirror(browser)
