"""Fixtures: one real daemon with its web listener and one headless Chromium for the whole run.

The daemon is `$VIEWWIRED` (or the debug build), started with `--port 0 --web-port 0`; its
addresses are read from the lines it prints. Each test loads the page afresh, so each test is a
new session of the same daemon.
"""

from __future__ import annotations

from typing import Iterator, List

import pytest
from helpers import WebDaemon, chromium
from selenium import webdriver


@pytest.fixture(scope="session")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDaemon]:
    running = WebDaemon(tmp_path_factory.mktemp("daemon"))
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[webdriver.Chrome]:
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def app_names(daemon: WebDaemon) -> List[str]:
    """The daemon's apps, as `apps` lists them over TCP."""
    (answer,) = daemon.command("apps")
    assert answer[-1].startswith("ok apps"), answer
    return [line.split()[1] for line in answer if line.startswith("app ")]
