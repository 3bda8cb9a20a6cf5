"""The page's pure modules, run by Chromium itself (so they are checked where node is missing):
section 7's worked example, canonical numbers, and every exact frame of every transcript fed to
the page's own Mirror class, whose hash must be the frame's `hash=`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Optional

import pytest
from helpers import REPO, WebDaemon
from selenium import webdriver

TRANSCRIPTS = sorted((REPO / "Protocol" / "transcripts").glob("*.vwt"))
PATTERN = re.compile(r"\{[A-Za-z0-9_.]+\}")


def exact_frames(path: Path) -> List[List[str]]:
    """The frames a transcript gives in full: runs of exact lines from a `frame N begin full`
    (after which every frame is exact until a pattern or a skip) to each `end`."""
    frames: List[List[str]] = []
    current: Optional[List[str]] = None
    trusted = False
    for raw in path.read_text(encoding="utf-8").split("\n"):
        if raw in ("! close", "! expect-close"):
            break
        # A skip, or another connection's lines (section 12's `! connect` and `! use`), ends
        # the run of frames one mirror can follow.
        if raw.startswith("<... ") or raw.startswith("! connect ") or raw.startswith("! use "):
            current, trusted = None, False
            continue
        if not raw.startswith("< "):
            continue
        line = raw[2:]
        exact = not PATTERN.search(line.replace("{{", ""))
        if re.match(r"frame \S+ begin", line):
            trusted = exact and (trusted or line.endswith(" full"))
            current = [line] if trusted else None
        elif current is not None:
            if not exact:
                current, trusted = None, False
                continue
            current.append(line)
            if re.match(r"frame \S+ end ", line):
                frames.append(current)
                current = None
    return frames


@pytest.fixture(scope="module")
def page(daemon: WebDaemon, browser: webdriver.Chrome) -> webdriver.Chrome:
    browser.get("about:blank")
    browser.get(daemon.url + "#/")
    return browser


def run(driver: webdriver.Chrome, script: str, *args: object) -> object:
    """Runs `script` as the body of an async function in the page, with the modules imported."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1], args = Array.from(arguments).slice(0, -1);"
        "Promise.all(['./tokens.js', './hash.js', './mirror.js'].map((m) => import(m)))"
        ".then(([tokens, hash, mirror]) => (async () => {" + script + "})())"
        ".then(done, (e) => done({error: String(e.stack || e)}));", *args)


def test_the_hash_of_the_empty_window_is_the_worked_examples(page: webdriver.Chrome) -> None:
    digests = run(page, "return ['s 1 Window - -', 'l 1 0 0 390 844', 'p 1 bg=#ffffffff']"
                        ".map((t) => hash.formatHash(hash.fnv1a64(t)))"
                        ".concat([hash.formatHash(['s 1 Window - -', 'l 1 0 0 390 844', 'p 1 bg=#ffffffff']"
                        ".map(hash.fnv1a64).reduce(hash.add, 0n))]);")
    assert digests == ["073344484f836aa7", "95321ab06f872ec0", "44016686493fb547", "e066c57f084a4eae"]


def test_numbers_are_canonical(page: webdriver.Chrome) -> None:
    table = [[2.0005, "2.001"], [4.0005, "4"], [-0.0, "0"], [281.3333333, "281.333"], [-3.5, "-3.5"]]
    assert run(page, "return args[0].map(([v]) => tokens.canonical(v));", table) == [t for _, t in table]


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_the_pages_mirror_replays_a_transcripts_frames(page: webdriver.Chrome, path: Path) -> None:
    frames = exact_frames(path)
    if not frames:
        pytest.skip(f"{path.name} shows no frame in full")
    results = run(page, """
        const out = [];
        let m = new mirror.Mirror();
        for (const frame of args[0]) {
          if (frame[0].endsWith(' full')) m = new mirror.Mirror();
          let changes = null;
          for (const line of frame) changes = m.feed(line);
          out.push([changes.seq, changes.hash, changes.expectedHash, changes.views, changes.expectedViews]);
        }
        return out;""", frames)
    assert not isinstance(results, dict), results
    for seq, computed, expected, views, expected_views in results:
        assert (computed, views) == (expected, expected_views), f"{path.name} frame {seq}"
