"""The gallery's controls driven by the mouse: the slider's thumb, a scroll view's offset, a drawn
gauge and an animation shown along its curve."""

from __future__ import annotations

from helpers import WebDaemon, load, send, wait_for, wait_settled
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from test_apps import check_mirror
from test_scenarios import view


def prop(driver: webdriver.Chrome, ident: str, key: str):
    return driver.execute_script("return viewwire.mirror.prop(arguments[0], arguments[1])",
                                 view(driver, ident).get_attribute("data-id"), key)


def top_of(driver: webdriver.Chrome, ident: str) -> float:
    return driver.execute_script("return arguments[0].getBoundingClientRect().top", view(driver, ident))


def test_dragging_the_sliders_thumb_moves_it(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    thumb = browser.find_element("css selector", '[data-ident="slider"] .vw-thumb')
    before = thumb.rect["x"]
    ActionChains(browser, duration=50).click_and_hold(thumb).move_by_offset(40, 0).move_by_offset(60, 0) \
        .release().perform()
    wait_settled(browser)
    value = float(prop(browser, "slider", "value"))
    assert abs(value - (0.5 + 100 / 322)) < 0.01, value
    thumb = browser.find_element("css selector", '[data-ident="slider"] .vw-thumb')
    assert abs(thumb.rect["x"] - before - 100) <= 1
    check_mirror(browser)


def test_dragging_in_the_scroll_view_scrolls_its_content(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    before = top_of(browser, "row1")
    ActionChains(browser, duration=50).click_and_hold(view(browser, "row3")).move_by_offset(0, -50) \
        .move_by_offset(0, -50).release().perform()
    wait_settled(browser)
    assert prop(browser, "scroll", "offset") == "0,100"
    assert top_of(browser, "row1") == before - 100
    # Row 1 is scrolled out of the clipped scroll view; row 5 came into it.
    assert browser.execute_script(
        "const s = arguments[0].getBoundingClientRect(), r = arguments[1].getBoundingClientRect();"
        "return r.top >= s.top && r.bottom <= s.bottom", view(browser, "scroll"), view(browser, "row5"))
    check_mirror(browser)


def test_the_gauge_is_drawn_from_its_commands(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    assert "50%" in browser.execute_script("return viewwire.drawnStrings")
    # The canvas really holds the blue bar: its left half's first pixel row is #007aff.
    colour = browser.execute_script(
        "const c = arguments[0].querySelector('canvas'), g = c.getContext('2d');"
        "return Array.from(g.getImageData(c.width / 4, c.height / 2, 1, 1).data)", view(browser, "gauge"))
    assert colour == [0, 122, 255, 255]


def test_an_animated_change_moves_along_its_curve(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    # Sample the box's opacity at every animation frame while the animation runs.
    browser.execute_script(
        "window.samples = []; window.curves = new Set(); const box = arguments[0];"
        "const sample = () => { const style = getComputedStyle(box); samples.push(Number(style.opacity));"
        " curves.add(style.transitionTimingFunction.split(',')[0]);"
        " if (!window.stopSampling) requestAnimationFrame(sample); }; requestAnimationFrame(sample);",
        view(browser, "box"))
    assert send(browser, "tap @animate")["ok"]
    wait_for(lambda: prop(browser, "box", "anim") is None, "the animation's completion")
    wait_for(lambda: browser.execute_script("return samples.at(-1) === 0.5"), "the animation's end on the page")
    samples = browser.execute_script("window.stopSampling = true; return samples")
    assert samples[0] == 1 and samples[-1] == 0.5
    assert any(0.55 < s < 0.95 for s in samples), f"no value between the ends: {samples}"
    assert "ease-in-out" in browser.execute_script("return [...curves]")
    check_mirror(browser)


def test_the_mouse_wheel_scrolls_a_scroll_view(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/gallery")
    wait_settled(browser)
    ActionChains(browser).scroll_to_element(view(browser, "row2")).perform()  # no-op: the page does not scroll
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(view(browser, "row2")), 0, 120).perform()
    wait_for(lambda: prop(browser, "scroll", "offset") == "0,120", "the scroll view to scroll by 120")
    wait_settled(browser)
    # Past the end it stops where the content ends: 500 - 200 = 300.
    ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(view(browser, "scroll")), 0, 1000).perform()
    wait_for(lambda: prop(browser, "scroll", "offset") == "0,300", "the scroll view's end")
    check_mirror(browser)


def test_the_mouse_wheel_scrolls_a_table_of_ten_thousand_rows(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

    load(browser, f"{daemon.url}#/table")
    wait_settled(browser)
    views = browser.execute_script("return viewwire.mirror.views.size")
    for _ in range(5):
        ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(view(browser, "table")), 0, 2000).perform()
    wait_for(lambda: prop(browser, "table", "offset") == "0,10000", "the table to scroll by 10000")
    wait_settled(browser)
    # Rows are reused, not added: the mirror holds about as many views as before, showing later items.
    assert browser.execute_script("return viewwire.mirror.views.size") < views + 20
    import re
    shown = [int(n) for n in re.findall(r"^Item (\d+)$", browser.find_element("tag name", "body").text, re.M)]
    assert shown and min(shown) > 200, shown
    check_mirror(browser)
