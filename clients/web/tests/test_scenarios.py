"""The seeds' scenarios played with real pointer and key events in Chromium: what the user sees
afterwards is read back from the page's pixels and text, and the mirror stays exact."""

from __future__ import annotations

import re
from typing import Tuple

from helpers import load, WebDaemon, page_state, stage_picture, wait_for, wait_settled, websocket_frames
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from test_apps import check_mirror

PASSWORD = "s3cret-Pw!"


def view(driver: webdriver.Chrome, ident: str):
    return driver.find_element(By.CSS_SELECTOR, f'[data-ident="{ident}"]')


def centre(driver: webdriver.Chrome, ident: str) -> Tuple[int, int]:
    """The centre of view `ident` in the stage picture's pixels."""
    box = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(), s = document.getElementById('viewport')"
        ".getBoundingClientRect(); return [r.left - s.left + r.width / 2, r.top - s.top + r.height / 2];",
        view(driver, ident))
    return int(box[0]), int(box[1])


def test_dragging_the_square_into_the_green_area_turns_it_green(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/square")
    wait_settled(browser)
    picture = stage_picture(browser)
    assert picture.getpixel(centre(browser, "square")) == (255, 0, 0)
    # A real mouse drag in steps: down on the square, up in the green area at the top.
    actions = ActionChains(browser, duration=50)
    actions.move_to_element(view(browser, "square")).click_and_hold()
    for _ in range(6):
        actions.move_by_offset(0, -60)
    actions.release().perform()
    wait_settled(browser)
    x, y = centre(browser, "square")
    green_area = browser.execute_script("return arguments[0].getBoundingClientRect().bottom - "
                                        "document.getElementById('viewport').getBoundingClientRect().top",
                                        view(browser, "greenArea"))
    assert y < green_area, "the square did not move into the green area"
    assert stage_picture(browser).getpixel((x, y)) == (0, 255, 0)
    log = browser.execute_script("return viewwire.log()")
    assert any(line.startswith("> down ") for line in log) and any(line.startswith("> up ") for line in log)
    check_mirror(browser)


def test_a_click_that_does_not_move_is_a_tap(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    assert browser.execute_script("return viewwire.mirror.prop(arguments[0], 'on')",
                                  view(browser, "switch").get_attribute("data-id")) == "false"
    ActionChains(browser).click(view(browser, "switch")).perform()
    wait_for(lambda: view(browser, "switchLabel").text == "On", "the switch to turn on")
    log = browser.execute_script("return viewwire.log().filter((l) => l.startsWith('> '))")
    taps = [line for line in log if line.startswith("> tap ")]
    assert taps and not any(line.startswith("> down ") for line in log), log
    check_mirror(browser)


def test_logging_in_by_mouse_and_keyboard_shows_the_welcome_and_never_the_password(
        daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/login")
    wait_settled(browser)
    websocket_frames(browser)  # forget the traffic so far
    ActionChains(browser).click(view(browser, "username")).perform()
    wait_for(lambda: browser.switch_to.active_element.get_attribute("id") == "keys", "the key input to take focus")
    ActionChains(browser).send_keys("alice").perform()
    wait_for(lambda: "alice" in view(browser, "username").text, "the user name to appear")
    ActionChains(browser).click(view(browser, "password")).perform()
    wait_for(lambda: browser.execute_script("return viewwire.mirror.prop(arguments[0], 'focused')",
                                            view(browser, "password").get_attribute("data-id")) == "true",
             "the password field to take focus")
    ActionChains(browser).send_keys(PASSWORD).perform()
    wait_for(lambda: view(browser, "password").text == "•" * len(PASSWORD), "the password's mask")
    ActionChains(browser).click(view(browser, "login")).perform()
    wait_for(lambda: "Welcome, alice!" in browser.find_element(By.TAG_NAME, "body").text, "the welcome text")
    wait_settled(browser)
    check_mirror(browser)

    # The clear password is nowhere the page holds or was sent: not in its DOM (text and markup),
    # not in what it drew on canvases, not in any WebSocket message it received.
    assert PASSWORD not in browser.find_element(By.TAG_NAME, "body").text
    assert PASSWORD not in browser.page_source
    drawn = browser.execute_script("return viewwire.drawnStrings")
    assert not any(PASSWORD in text for text in drawn)
    frames = websocket_frames(browser)
    received = "".join(frames["received"])
    assert "Welcome, alice!" in received, "the performance log did not show the received frames"
    assert PASSWORD not in received
    assert "•" * len(PASSWORD) in received
    # The page did send what was typed, one key at a time, as `text` commands.
    # Each went out numbered (`n=`, section 16), which is not part of the text.
    typed = "".join(re.sub(r" n=\d+$", "", frame)[len('text "'):-1] for frame in frames["sent"]
                    if frame.startswith('text "'))
    assert typed == "alice" + PASSWORD.replace('"', '\\"')


def test_composed_chinese_and_russian_text_reaches_the_field(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/login")
    wait_settled(browser)
    ActionChains(browser).click(view(browser, "username")).perform()
    wait_for(lambda: browser.switch_to.active_element.get_attribute("id") == "keys", "the key input to take focus")
    # An IME composes pinyin into characters: composition events, then the committed text.
    browser.execute_cdp_cmd("Input.imeSetComposition", {"text": "mi", "selectionStart": 2, "selectionEnd": 2})
    browser.execute_cdp_cmd("Input.imeSetComposition", {"text": "密码", "selectionStart": 2, "selectionEnd": 2})
    browser.execute_cdp_cmd("Input.insertText", {"text": "密码"})
    wait_for(lambda: view(browser, "username").text == "密码", "the composed Chinese text")
    # A Russian layout types Cyrillic letters as ordinary key presses.
    ActionChains(browser).send_keys(" пароль").perform()
    wait_for(lambda: view(browser, "username").text == "密码 пароль", "the Russian text")
    ActionChains(browser).send_keys("\ue003").perform()  # Backspace
    wait_for(lambda: view(browser, "username").text == "密码 парол", "a backspace")
    wait_settled(browser)
    log = browser.execute_script("return viewwire.log().filter((l) => l.startsWith('> '))")
    assert '> text "密码"' in log and "> key backspace" in log
    assert not any("mi" in line for line in log if line.startswith("> text")), "the composition leaked"
    check_mirror(browser)


def test_resizing_the_browser_resizes_the_window(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/square")
    wait_settled(browser)
    try:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 300, "height": 632, "deviceScaleFactor": 1, "mobile": False})
        wait_for(lambda: any(line == "> resize 300 600" for line in browser.execute_script("return viewwire.log()")),
                 "the resize command")
        wait_settled(browser)
        assert browser.execute_script("return viewwire.mirror.views.get(viewwire.mirror.root).layout") == \
            ["0", "0", "300", "600"]
        check_mirror(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 876, "deviceScaleFactor": 1, "mobile": False})


def test_the_hello_says_what_the_browser_is(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/square")
    wait_settled(browser)
    hello = next(line for line in browser.execute_script("return viewwire.log()") if line.startswith("> hello"))
    assert hello == "> hello version=2 size=390x844 scale=1 idiom=desktop locale=en-US keyboard=0"
    assert page_state(browser)["session"]


def test_a_high_density_screen_says_its_scale_and_draws_canvases_at_it(daemon: WebDaemon,
                                                                      browser: webdriver.Chrome) -> None:
    try:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 876, "deviceScaleFactor": 2, "mobile": False})
        load(browser, f"{daemon.url}#/gallery")
        wait_settled(browser)
        hello = next(line for line in browser.execute_script("return viewwire.log()") if line.startswith("> hello"))
        assert " scale=2 " in hello and " size=390x844 " in hello
        width = browser.execute_script("return arguments[0].querySelector('canvas').width", view(browser, "gauge"))
        assert width == 700
        check_mirror(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 876, "deviceScaleFactor": 1, "mobile": False})
