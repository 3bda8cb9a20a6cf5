"""The mirror's less travelled paths in the page: a `shift` line applied in exact thousandths, a
mirror that disagrees with a frame's hash repaired by `resync`, and an unknown app."""

from __future__ import annotations

from helpers import WebDaemon, load, page_state, send, wait_for, wait_settled
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from test_apps import check_mirror
from test_scenarios import view


def test_removing_the_first_row_arrives_as_one_shift_and_moves_the_rows_up(daemon: WebDaemon,
                                                                            browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/rows")
    wait_settled(browser)
    ActionChains(browser).click(view(browser, "add")).perform()
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '[data-ident="row-10"]'), "ten rows")
    wait_settled(browser)
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", view(browser, "row-5"))
    ActionChains(browser).click(view(browser, "remove-first")).perform()
    # Row 1's cell stays in the table, hidden, waiting for reuse (section 6, "Table views").
    wait_for(lambda: not any(row.is_displayed()
                             for row in browser.find_elements(By.CSS_SELECTOR, '[data-ident="row-1"]')),
             "row 1 to go")
    wait_settled(browser)
    shifts = [line for line in browser.execute_script("return viewwire.log()") if line.startswith("< shift ")]
    # The cells of rows 2 to 10, the table's children 1 to 9, move up one row.
    assert len(shifts) == 1 and shifts[0].endswith(" 1 9 0 -32"), shifts
    assert browser.execute_script("return arguments[0].getBoundingClientRect().top", view(browser, "row-5")) == top - 32
    check_mirror(browser)


def test_a_mirror_that_disagrees_with_a_frame_asks_for_resync_and_is_repaired(daemon: WebDaemon,
                                                                            browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/square")
    wait_settled(browser)
    # Spoil the page's copy of the green area's colour behind the painter's back.
    browser.execute_script(
        "const v = viewwire.mirror.views.get(arguments[0]); v.props.get('bg').raw = '#000000ff'; v.term = null;",
        view(browser, "greenArea").get_attribute("data-id"))
    assert page_state(browser)["hash"] != page_state(browser)["last"]
    assert send(browser, "drag 195 422 195 150")["ok"]
    wait_for(lambda: browser.execute_script("return viewwire.log().includes('> resync')"), "the page's resync")
    state = wait_settled(browser)
    assert state["mismatches"] == 1
    assert state["frames"][-1]["full"] and state["hash"] == state["last"]
    reply = send(browser, "tree")
    assert reply["ok"]
    from helpers import tree_hash
    assert tree_hash([line for line in reply["data"] if line.startswith("tree ")]) == state["hash"]


def test_an_unknown_app_in_the_address_is_reported_on_the_page(daemon: WebDaemon, browser: webdriver.Chrome) -> None:
    load(browser, f"{daemon.url}#/no-such-app")
    note = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#apps .error"), "the error")
    assert note[0].text.startswith("error client unknown-app")
