"""Fixtures that run the real daemon for the tests.

The daemon is `$VIEWWIRED` or `<repo>/.build/debug/viewwired`, started on 127.0.0.1 with
`--port 0`; the port is read from the `listening on HOST:PORT` line it prints. Two
daemons at most run per test session: one on the real clock (transcripts, asynchronous
frames) and one started with `--manual-clock` (deterministic scripts).
"""

from __future__ import annotations

from typing import Iterator

import pytest
from helpers import Daemon


@pytest.fixture(scope="session")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """A daemon on the real clock: timers and animations send asynchronous frames."""
    running = Daemon(tmp_path_factory.mktemp("daemon"), [])
    yield running
    running.stop()


@pytest.fixture(scope="session")
def manual_daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """A daemon whose sessions start on a manual clock, for runs that must repeat exactly."""
    running = Daemon(tmp_path_factory.mktemp("manual-daemon"), ["--manual-clock"])
    yield running
    running.stop()
