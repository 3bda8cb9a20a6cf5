"""What Chromium's accessibility tree reads of the page (PROTOCOL.md section 14, "Accessibility"):
the login screen's fields and button with their names and roles, and activating the elements
through the DOM (a click no pointer made, Enter) taps them, as a screen reader's user would log
in."""

from __future__ import annotations

from typing import Dict, List, Optional

from helpers import load, send, wait_for, wait_settled, WebDaemon
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from test_apps import check_mirror


def ax_nodes(driver: webdriver.Chrome) -> List[Dict[str, object]]:
    """Chromium's whole accessibility tree, as `{role, name, ...}` for every node it exposes."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    exposed = []
    for node in nodes:
        if node.get("ignored"):
            continue
        properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        exposed.append({
            "role": node.get("role", {}).get("value"),
            "name": node.get("name", {}).get("value", ""),
            "value": node.get("value", {}).get("value"),
            "description": node.get("description", {}).get("value"),
            **properties,
        })
    return exposed


def ax_node(driver: webdriver.Chrome, role: str, name: str) -> Optional[Dict[str, object]]:
    return next((n for n in ax_nodes(driver) if n["role"] == role and n["name"] == name), None)


def element(driver: webdriver.Chrome, ident: str):
    """The accessibility node of view `ident`: the span in its box that carries its role."""
    return driver.execute_script("return document.querySelector(arguments[0])", f'[data-ident="{ident}"] > .vw-a11y')


def test_the_login_screen_reads_as_fields_and_a_button(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/login")
    wait_settled(browser)
    nodes = ax_nodes(browser)
    roles = {(n["role"], n["name"]) for n in nodes}
    assert ("textbox", "Username") in roles, sorted(roles)
    assert ("textbox", "Password") in roles, sorted(roles)
    assert ("button", "Login") in roles, sorted(roles)
    # The navigation bar's title is static text; the hidden back button is not in the tree.
    assert any(n["role"] == "StaticText" and n["name"] == "Login" for n in nodes), sorted(roles)
    assert not any(n["name"].startswith("‹") for n in nodes), "a hidden view was exposed"
    # The painter's own drawing (placeholder text, canvases) is not read twice.
    assert sum(1 for n in nodes if n["role"] == "StaticText" and n["name"] == "Username") == 0
    # The elements sit where the views are drawn.
    box = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(), s = document.getElementById('stage')"
        ".getBoundingClientRect(); return [r.left - s.left, r.top - s.top, r.width, r.height];",
        element(browser, "login"))
    assert box == [20, 142, 350, 40]


def test_activating_the_elements_through_the_dom_logs_in(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/login")
    wait_settled(browser)

    def focused_ident() -> Optional[str]:
        return browser.execute_script(
            "const v = [...viewwire.mirror.views.values()].find((v) => v.props.get('focused')?.value === 'true');"
            "return v ? v.props.get('ident')?.value : null;")

    # A click that no pointer made (what assistive technology's default action does) taps the
    # field at its centre: the server focuses it and typing goes to it.
    browser.execute_script("arguments[0].click()", element(browser, "username"))
    wait_for(lambda: focused_ident() == "username", "the username field to be focused")
    ActionChains(browser).send_keys("alice").perform()
    wait_for(lambda: (ax_node(browser, "textbox", "Username") or {}).get("value") == "alice",
             "the username field's value to read alice")
    browser.execute_script("arguments[0].click()", element(browser, "password"))
    wait_for(lambda: focused_ident() == "password", "the password field to be focused")
    ActionChains(browser).send_keys("secret").perform()
    # The secure field's value is the mask: its length, never its text.
    wait_for(lambda: (ax_node(browser, "textbox", "Password") or {}).get("value") == "••••••",
             "the password field's value to read as six bullets")
    assert not any("secret" in str(n.get("value")) or "secret" in n["name"] for n in ax_nodes(browser))
    # Enter on the focused button element taps it.
    browser.execute_script("arguments[0].focus()", element(browser, "login"))
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(lambda: any(n["role"] == "StaticText" and n["name"] == "Welcome, alice!" for n in ax_nodes(browser)),
             "the greeting to be read")
    log = browser.execute_script("return viewwire.log()")
    assert "> tap 195 162" in log, [line for line in log if line.startswith(">")]
    check_mirror(browser)


def test_the_square_is_named_and_says_where_it_is(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/square")
    wait_settled(browser)
    square = ax_node(browser, "StaticText", "Square, Outside the green area")
    assert square is not None, sorted((n["role"], n["name"]) for n in ax_nodes(browser))
    reply = send(browser, "drag 195 422 195 150")
    assert reply["ok"], reply
    wait_for(lambda: ax_node(browser, "StaticText", "Square, In the green area"), "the square's new value")


def test_an_action_sheet_hides_the_screen_it_dims(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    """The kit's alerts are modal (`a11y-modal=true`): while one shows, only it is read."""
    load(browser, f"{daemon.url}#/table")
    wait_settled(browser)
    assert any(n["role"] == "StaticText" and n["name"] == "Item 1" for n in ax_nodes(browser))
    browser.execute_script("arguments[0].click()", element(browser, "delete"))
    wait_for(lambda: ax_node(browser, "button", "Cancel"), "the action sheet's Cancel button")
    names = {n["name"] for n in ax_nodes(browser)}
    assert "Item 1" not in names, sorted(names)
    assert any(name.startswith("Delete Item") for name in names), sorted(names)
    browser.execute_script("arguments[0].click()", element(browser, "alert-cancel"))
    wait_for(lambda: any(n["role"] == "StaticText" and n["name"] == "Item 1" for n in ax_nodes(browser)),
             "the screen to be read again")
    check_mirror(browser)
