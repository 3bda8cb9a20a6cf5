"""The connection's state on the page, and reconnection: when the daemon goes away the page says
so and retries with backoff; when it is back, the page starts a new session and opens its app again."""

from __future__ import annotations

from pathlib import Path

from helpers import RestartedDaemon, WebDaemon, load, page_state, wait_for, wait_settled
from selenium import webdriver
from selenium.webdriver.common.by import By
from test_apps import check_mirror


def test_a_dropped_connection_is_shown_and_a_new_session_opens_the_app_again(
        tmp_path: Path, browser: webdriver.Chrome) -> None:
    with RestartedDaemon(tmp_path) as daemons:
        first = daemons.start("first")
        load(browser, f"{first.url}#/square")
        before = wait_settled(browser)
        state = browser.find_element(By.ID, "state")
        assert state.text == f"connected, session {before['session']}"

        first.stop()  # SIGTERM: the daemon says `bye "server shutting down"` and closes
        wait_for(lambda: page_state(browser)["state"] in ("disconnected", "connecting"), "the page to notice")
        wait_for(lambda: "server shutting down" in state.text, "the reason on the page")
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-state") in ("disconnected", "connecting")

        daemons.start("second")
        # Backoff: the page retries after 0.5, 1, 2... seconds; it finds the new daemon.
        after = wait_settled(browser)
        assert state.text == f"connected, session {after['session']}"
        assert after["frames"][0]["full"], "a new session starts from a full frame"
        assert after["frames"][0]["seq"] == 1
        log = browser.execute_script("return viewwire.log()")
        assert log.count("> open square") == 2, "the page opened its app again in the new session"
        check_mirror(browser)


def test_the_reconnect_button_starts_a_new_session(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/login")
    before = wait_settled(browser)
    browser.find_element(By.ID, "reconnect").click()
    wait_for(lambda: page_state(browser)["session"] != before["session"], "a new session")
    after = wait_settled(browser)
    assert int(after["session"]) > int(before["session"])
    check_mirror(browser)
