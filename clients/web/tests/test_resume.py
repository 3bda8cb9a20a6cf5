"""Surviving a drop (PROTOCOL.md sections 15 and 16): the page talks to the daemon through a proxy
that the test cuts, as a network on the daemon's side does. The page shows a small
"reconnecting…" while it resumes the same session, and nothing it held is lost: the half-typed
text, the screen, and a command whose reply the cut swallowed, applied once."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest
from helpers import REPO, RestartedDaemon, WebDaemon, load, page_state, send, wait_for, wait_settled
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from test_apps import check_mirror

sys.path.insert(0, str(REPO / "clients" / "testsupport"))
from cutting_proxy import CuttingProxy  # noqa: E402


@pytest.fixture()
def proxy(daemon: WebDaemon) -> Iterator[CuttingProxy]:
    web_port = int(daemon.url.rsplit(":", 1)[1].split("/")[0])
    running = CuttingProxy(web_port)
    yield running
    running.close()


def view(driver: webdriver.Chrome, ident: str):
    return driver.find_element(By.CSS_SELECTOR, f'[data-ident="{ident}"]')


def indicator_shown(driver: webdriver.Chrome) -> bool:
    return driver.find_element(By.ID, "reconnecting").is_displayed()


def wire_log(driver: webdriver.Chrome) -> list:
    """The lines as they went on the wire (numbered), `> ` sent and `< ` received."""
    return driver.execute_script("return viewwire.connection.log.slice()")


def cut_and_resume(driver: webdriver.Chrome, proxy: CuttingProxy) -> None:
    """Cuts the page's connection and keeps the daemon out of reach until the page shows that it
    is reconnecting; then lets it through and waits for the indicator to go."""
    proxy.refuse(True)
    proxy.cut()
    wait_for(lambda: indicator_shown(driver), "the reconnecting indicator")
    assert page_state(driver)["state"] in ("disconnected", "connecting")
    proxy.refuse(False)
    wait_for(lambda: not indicator_shown(driver) and page_state(driver)["state"] == "connected",
             "the indicator to go once the session is back")


def test_a_cut_connection_resumes_the_same_session_with_the_typed_text(
        daemon: WebDaemon, proxy: CuttingProxy, browser: webdriver.Chrome) -> None:
    load(browser, f"http://127.0.0.1:{proxy.port}/#/login")
    before = wait_settled(browser)
    assert not indicator_shown(browser)
    ActionChains(browser).click(view(browser, "username")).perform()
    wait_for(lambda: browser.switch_to.active_element.get_attribute("id") == "keys", "the key input to take focus")
    ActionChains(browser).send_keys("alice").perform()
    wait_for(lambda: "alice" in view(browser, "username").text, "the user name to appear")
    wait_settled(browser)
    token = browser.execute_script("return viewwire.connection.token")
    assert token and token.startswith("vw.")

    cut_and_resume(browser, proxy)
    after = wait_settled(browser)
    assert after["session"] == before["session"], "the page resumed its session, not a new one"
    assert "alice" in view(browser, "username").text
    log = wire_log(browser)
    assert any(line.startswith("> resume vw.… frame=") for line in log), log
    assert any(line.startswith("< ok resume session=" + str(before["session"])) for line in log), log
    assert sum(line.startswith("> open ") for line in log) == 1, "nothing was opened again"
    # The secret is in no line the page recorded, nor in its address.
    assert not any(token in line for line in log)
    assert token not in browser.current_url
    # The field is still focused in the server's session: typing goes on where it stopped.
    ActionChains(browser).send_keys("!").perform()
    wait_for(lambda: "alice!" in view(browser, "username").text, "typing to go on after the resume")
    check_mirror(browser)


def test_a_command_whose_reply_the_cut_swallowed_is_applied_once(
        daemon: WebDaemon, proxy: CuttingProxy, browser: webdriver.Chrome) -> None:
    load(browser, f"http://127.0.0.1:{proxy.port}/#/rows")
    before = wait_settled(browser)
    rows = "return [...viewwire.mirror.views.values()].filter((v) => v.cls === 'RowCell').length"
    start = browser.execute_script(rows)

    # The tap reaches the daemon and is applied, but its frame and reply never reach the page.
    proxy.hold(True)
    browser.execute_script("window.tapped = null; viewwire.send('tap @add').then((r) => { window.tapped = r; },"
                           " (e) => { window.tapped = {ok: false, line: String(e)}; })")
    proxy.wait_for_held(b"ok tap view=")
    proxy.refuse(True)
    proxy.cut()
    proxy.hold(False)
    wait_for(lambda: indicator_shown(browser), "the reconnecting indicator")
    assert browser.execute_script("return window.tapped") is None, "the reply was swallowed"
    proxy.refuse(False)

    reply = wait_for(lambda: browser.execute_script("return window.tapped"), "the tap's reply after the resume")
    assert reply["ok"] and reply["line"].startswith("ok tap view="), reply
    after = wait_settled(browser)
    assert not indicator_shown(browser)
    assert after["session"] == before["session"]
    assert browser.execute_script(rows) == start + 10, "the tap was applied exactly once"
    log = wire_log(browser)
    taps = [line for line in log if line.startswith("> tap @add")]
    assert len(taps) == 2 and taps[0] == taps[1], f"the same numbered tap, sent again: {taps}"
    resumed = next(line for line in log if line.startswith("< ok resume "))
    assert resumed.endswith(f"command={taps[0].rsplit('n=', 1)[1]}"), (resumed, taps)
    check_mirror(browser)
    # The server agrees: its own tree holds ten rows more, not twenty.
    tree = send(browser, "tree")["data"]
    assert sum(" RowCell " in line for line in tree) == start + 10


def test_a_reload_resumes_the_tabs_session(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/login")
    before = wait_settled(browser)
    ActionChains(browser).click(view(browser, "username")).perform()
    wait_for(lambda: browser.switch_to.active_element.get_attribute("id") == "keys", "the key input to take focus")
    ActionChains(browser).send_keys("bob").perform()
    wait_for(lambda: "bob" in view(browser, "username").text, "the user name to appear")
    wait_settled(browser)
    browser.refresh()
    after = wait_settled(browser)
    assert after["session"] == before["session"]
    assert "bob" in view(browser, "username").text
    log = wire_log(browser)
    assert any(line.startswith("> resume vw.… frame=0") for line in log), log
    assert not any(line.startswith("> open ") for line in log), "the reload did not reopen the app"
    check_mirror(browser)
    # Opening the page anew (not a reload) starts a session of its own, as before.
    load(browser, f"{daemon.url}#/login")
    fresh = wait_settled(browser)
    assert fresh["session"] != before["session"]
    assert "bob" not in view(browser, "username").text


def test_a_session_the_daemon_lost_is_replaced_by_a_new_one_and_the_page_says_so(
        tmp_path: Path, browser: webdriver.Chrome) -> None:
    with RestartedDaemon(tmp_path) as daemons:
        first = daemons.start("first")
        load(browser, f"{first.url}#/square")
        before = wait_settled(browser)
        wait_for(lambda: browser.execute_script("return viewwire.connection.token"), "the resume token")
        first.process.kill()  # no bye: the page cannot tell a crash from a cut, and tries to resume
        first.process.wait()
        wait_for(lambda: indicator_shown(browser), "the reconnecting indicator")
        daemons.start("second")
        after = wait_settled(browser)
        assert not indicator_shown(browser)
        assert any(line.startswith("< error client unknown-session") for line in wire_log(browser))
        state = browser.find_element(By.ID, "state").text
        assert f"connected, session {after['session']}" in state and "new one" in state, state
        assert sum(line.startswith("> open square") for line in wire_log(browser)) == 2
        check_mirror(browser)


def test_an_idle_page_pings_so_the_idle_timeout_does_not_drop_it(tmp_path: Path, browser: webdriver.Chrome) -> None:
    quiet = WebDaemon(tmp_path / "quiet", extra=["--idle-timeout", "2"])
    try:
        load(browser, f"{quiet.url}?ping=0.5#/square")
        before = wait_settled(browser)
        # Eight pings at 0.5 s apart span more than the 2 s after which an idle page is dropped.
        wait_for(lambda: sum(line.startswith("> ping") for line in wire_log(browser)) >= 8, "eight pings",
                 timeout=30)
        log = wire_log(browser)
        assert not any(line.startswith("> resume ") or line.startswith("< bye") for line in log), log
        assert page_state(browser)["session"] == before["session"]
    finally:
        quiet.stop()


def test_a_session_another_connection_took_is_not_taken_back(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/square")
    before = wait_settled(browser)
    token = wait_for(lambda: browser.execute_script("return viewwire.connection.token"), "the resume token")
    # Another holder of the token (a duplicated tab, say) resumes the session over TCP.
    (answer,) = daemon.command(f"resume {token}")
    assert answer[-1].startswith(f"ok resume session={before['session']}"), answer
    wait_for(lambda: page_state(browser)["session"] != before["session"], "a new session in the page")
    after = wait_settled(browser)
    state = browser.find_element(By.ID, "state").text
    assert "another tab took the session over" in state, state
    assert not any(line.startswith("> resume ") for line in wire_log(browser)), "the page took it back"
    check_mirror(browser)
