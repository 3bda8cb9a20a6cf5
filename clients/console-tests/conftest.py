"""Runs the real daemon the Swift build made (`$VIEWWIRED`) for the tests of this folder.

It is started with `--port 0` and the port read from the `listening on HOST:PORT` line it
prints, so the tests never collide with a daemon someone else runs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator, List, Optional

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "clients" / "testsupport"))
from daemon import VIEWWIRED, Daemon  # noqa: E402,F401  (the one way to start the daemon)
VIEWWIRE = Path(os.environ.get("VIEWWIRE", REPO / ".build" / "debug" / "viewwire"))


@pytest.fixture(scope="session")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    running = Daemon(tmp_path_factory.mktemp("daemon"))
    yield running
    running.stop()
