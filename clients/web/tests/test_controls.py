"""Section 14, "The newer controls", read off the page for the grid app: each control's face is
the command list the spec computes from its keys, painted where the spec puts it, and it follows
the keys as taps change them."""

from __future__ import annotations

from typing import List

import pytest
from helpers import WebDaemon, load, send, stage_picture, wait_for, wait_settled
from selenium import webdriver
from test_apps import check_mirror


def commands(driver: webdriver.Chrome, ident: str) -> List[str]:
    """The command list the page drew for the control `ident` ([] when it drew none)."""
    text = driver.execute_script(
        "const f = document.querySelector(`[data-ident=\"${arguments[0]}\"] > .vw-face`);"
        "return f ? f.dataset.commands : null;", ident)
    return text.split("\n") if text else []


def origin(driver: webdriver.Chrome, ident: str) -> List[float]:
    return driver.execute_script(
        "const s = document.getElementById('stage').getBoundingClientRect();"
        "const r = document.querySelector(`[data-ident=\"${arguments[0]}\"]`).getBoundingClientRect();"
        "return [r.left - s.left, r.top - s.top, r.width, r.height];", ident)


def close(pixel, colour, slack=6) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour))


@pytest.fixture
def grid(daemon: WebDaemon, browser: webdriver.Chrome) -> webdriver.Chrome:
    load(browser, f"{daemon.url}?idiom=phone#/grid")
    wait_settled(browser)
    return browser


def test_the_segmented_control_shows_its_selected_segment_and_follows_a_tap(grid: webdriver.Chrome) -> None:
    x, y, w, h = origin(grid, "size")
    seg = w / 3
    drawn = commands(grid, "size")
    assert drawn[:3] == ["fill #7676801f", f"rrect 0 0 {w:g} 32 8", "paint fill"]
    assert f"rrect {seg + 2:g} 2 {seg - 4:g} 28 6" in drawn
    assert any(c.startswith("text ") and c.endswith('semibold "Medium"') for c in drawn)
    picture = stage_picture(grid)
    assert close(picture.getpixel((int(x + seg * 1.5), int(y + 4))), (255, 255, 255))  # the white thumb
    assert close(picture.getpixel((int(x + seg * 0.5), int(y + 4))), (238, 238, 240))  # the track over white
    assert send(grid, f"tap {x + seg * 2.5:g} {y + 16:g}")["ok"]
    wait_for(lambda: f"rrect {2 * seg + 2:g} 2 {seg - 4:g} 28 6" in commands(grid, "size"), "the thumb on Large")
    check_mirror(grid)


def test_the_stepper_draws_minus_plus_and_dims_nothing_inside_its_range(grid: webdriver.Chrome) -> None:
    assert commands(grid, "count") == [
        "fill #7676801f", "rrect 0 0 94 32 8", "paint fill", "fill #3c3c4349", "rect 46.5 7 1 18", "paint fill",
        "fill #000000ff", "rect 16.5 15 14 2", "paint fill",
        "fill #000000ff", "rect 63.5 15 14 2", "rect 69.5 9 2 14", "paint fill",
    ]
    x, y, _, _ = origin(grid, "count")
    picture = stage_picture(grid)
    assert close(picture.getpixel((int(x + 23.5), int(y + 16))), (0, 0, 0), 40)  # the minus
    assert close(picture.getpixel((int(x + 70.5), int(y + 11))), (0, 0, 0), 40)  # the plus's upright
    assert close(picture.getpixel((int(x + 23.5), int(y + 11))), (238, 238, 240))  # above the minus: track


def test_the_progress_bar_is_a_track_and_the_spinner_draws_only_while_it_animates(grid: webdriver.Chrome) -> None:
    x, y, w, h = origin(grid, "progress")
    assert h == pytest.approx(4)
    assert commands(grid, "progress") == ["fill #e5e5eaff", f"rrect 0 0 {w:g} 4 2", "paint fill"]
    assert close(stage_picture(grid).getpixel((int(x + w / 2), int(y + 2))), (0xe5, 0xe5, 0xea))
    assert commands(grid, "busy") == []
    assert send(grid, "tap @grid")["ok"]  # selects the tile under the grid's centre
    wait_for(lambda: commands(grid, "busy"), "the spinner's spokes")
    spokes = commands(grid, "busy")
    assert spokes[0] == "width 2" and spokes[1:5] == ["stroke #8e8e93ff", "move 10 5", "line 10 1", "paint stroke"]
    check_mirror(grid)
