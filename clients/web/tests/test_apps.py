"""Every demo app in the page: the page's mirror agrees with the server, frame by frame and with
the server's own `tree` of the same session, and its first screen looks like the reference."""

from __future__ import annotations

from typing import List

import pytest
from helpers import load, WebDaemon, compare_with_reference, page_state, send, stage_picture, tree_hash, wait_for, \
    wait_settled
from selenium import webdriver
from selenium.webdriver.common.by import By

# The demo apps; the start-page test below fails if the daemon's list differs, so a new app
# cannot go untested.
APPS = ["binding", "gallery", "grid", "interface-square", "login", "my-view", "my-view-generic", "navigation",
        "note", "rows", "square", "stacks", "table", "tabs", "traits"]


def check_mirror(driver: webdriver.Chrome) -> str:
    """Asserts that every frame the page applied matched its `hash=`, and that the page's mirror
    hashes as the server's `tree` lines of the same session do; returns that hash."""
    state = page_state(driver)
    assert state["mismatches"] == 0, state
    wrong = [f for f in state["frames"] if f["hash"] != f["expected"]]
    assert not wrong, f"frames whose hash the page disagreed with: {wrong}"
    reply = send(driver, "tree")
    assert reply["ok"], reply
    tree = [line for line in reply["data"] if line.startswith("tree ")]
    assert len(tree) == state["views"]
    assert tree_hash(tree) == page_state(driver)["hash"] == page_state(driver)["last"]
    return state["hash"]


def test_start_page_lists_the_daemons_apps_and_opens_one(daemon: WebDaemon, browser: webdriver.Chrome,
                                                          app_names: List[str]) -> None:
    assert app_names == APPS
    load(browser, daemon.url)
    links = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#apps a[data-app]"), "the app list")
    assert [link.get_attribute("data-app") for link in links] == app_names
    assert "connected" in browser.find_element(By.ID, "state").text
    next(link for link in links if link.get_attribute("data-app") == "stacks").click()
    wait_settled(browser)
    assert browser.execute_script("return location.hash") == "#/stacks"
    assert browser.find_elements(By.CSS_SELECTOR, '[data-class="StacksView"]')
    check_mirror(browser)


@pytest.mark.parametrize("app", APPS)
def test_app_opens_with_an_exact_mirror_and_its_reference_picture(daemon: WebDaemon, browser: webdriver.Chrome,
                                                                   app: str) -> None:
    load(browser, f"{daemon.url}#/{app}")
    wait_settled(browser)
    assert browser.execute_script("return document.getElementById('title').textContent") == app
    check_mirror(browser)
    compare_with_reference(stage_picture(browser), app)
