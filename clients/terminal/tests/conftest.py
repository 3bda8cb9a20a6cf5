"""Fixtures: one daemon on the real clock for the whole run, and a client in a pty per test."""

from __future__ import annotations

from typing import Callable, Iterator, List

import pytest
from helpers import Daemon, ScreenUnderTest


@pytest.fixture(scope="session")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    running = Daemon(tmp_path_factory.mktemp("daemon"), [])
    yield running
    running.stop()


@pytest.fixture
def start_screen(daemon: Daemon) -> Iterator[Callable[..., ScreenUnderTest]]:
    """Starts `viewwire screen` in a pty against the daemon; every one started is closed after."""
    started: List[ScreenUnderTest] = []

    def start(app, **options) -> ScreenUnderTest:
        screen = ScreenUnderTest(daemon.port, app, **options)
        started.append(screen)
        return screen

    yield start
    for screen in started:
        screen.close()
