"""Runs the real daemon the Swift build made (`$VIEWWIRED`) for the tests of this folder.

It is started with `--port 0` and the port read from the `listening on HOST:PORT` line it
prints, so the tests never collide with a daemon someone else runs.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Iterator, List, Optional

import pytest

REPO = Path(__file__).resolve().parents[2]
VIEWWIRED = Path(os.environ.get("VIEWWIRED", REPO / ".build" / "debug" / "viewwired"))
VIEWWIRE = Path(os.environ.get("VIEWWIRE", REPO / ".build" / "debug" / "viewwire"))


class Daemon:
    """One running `viewwired` and its port."""

    def __init__(self, workdir: Path, extra: Optional[List[str]] = None) -> None:
        if not VIEWWIRED.is_file():
            pytest.fail(f"no daemon at {VIEWWIRED}; build it (swift build) or set VIEWWIRED", pytrace=False)
        self.host = "127.0.0.1"
        workdir.mkdir(parents=True, exist_ok=True)
        out_path, err_path = workdir / "stdout.txt", workdir / "stderr.txt"
        with out_path.open("wb") as out, err_path.open("wb") as err:
            self.process = subprocess.Popen(
                [str(VIEWWIRED), "--host", self.host, "--port", "0", "--log-level", "warning", *(extra or [])],
                stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            text = out_path.read_text(encoding="utf-8", errors="replace")
            if text.endswith("\n") and "listening on " in text:
                self.port = int(text.split("listening on ", 1)[1].split()[0].rsplit(":", 1)[1])
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        self.stop()
        pytest.fail(f"the daemon did not say its port: {err_path.read_text()}", pytrace=False)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    running = Daemon(tmp_path_factory.mktemp("daemon"))
    yield running
    running.stop()
