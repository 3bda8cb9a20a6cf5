"""A pytest plugin: fixtures that start a ViewWire daemon for your tests.

Installed with the package (`pip install clients/python`), pytest loads it by itself through the
`pytest11` entry point; otherwise name it with `-p viewwire.pytest_plugin` or
`pytest_plugins = ["viewwire.pytest_plugin"]` in a conftest.py. It gives:

- `viewwire_daemon`: one daemon for the whole test session, started with `--port 0` (the port is
  read from the `listening on HOST:PORT` line every ViewWire daemon prints) and stopped with
  SIGTERM at the end;
- `port`: that daemon's port, as `Session(port)` wants it.

The daemon is the executable named by `--viewwired PATH`, else `$VIEWWIRED`, else `viewwired` on
the PATH: `viewwired` itself, or your own executable built on `ViewWireApplication`. Extra daemon
options go in `--viewwired-arg` (repeatable), e.g. `--viewwired-arg=--manual-clock`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator, List, Optional

import pytest


class DaemonProcess:
    """One running ViewWire daemon, started on a free port, with the port it reported.

    With `--web-port` among `extra_args`, also the web port its `web on http://HOST:PORT/` line
    names (`web_port`). Its output goes to `stdout.txt` and `stderr.txt` in `workdir`, or in a
    temporary folder removed by `stop()`."""

    def __init__(
        self,
        executable: str,
        extra_args: List[str],
        host: str = "127.0.0.1",
        timeout: float = 20,
        workdir: Optional[Path] = None,
    ) -> None:
        self.host = host
        self._dir = None if workdir else tempfile.TemporaryDirectory(prefix="viewwired-")
        folder = Path(workdir) if workdir else Path(self._dir.name)
        folder.mkdir(parents=True, exist_ok=True)
        self.stdout_path = folder / "stdout.txt"
        self.stderr_path = folder / "stderr.txt"
        self.web_port: Optional[int] = None
        # Files rather than pipes: nobody has to keep reading them for the daemon to run on.
        with self.stdout_path.open("wb") as out, self.stderr_path.open("wb") as err:
            command = [executable, "--host", host, "--port", "0", "--log-level", "warning", *extra_args]
            self.process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        self._wait_for_addresses(timeout, web="--web-port" in extra_args)

    def _wait_for_addresses(self, timeout: float, web: bool) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.stdout_path.read_text(encoding="utf-8", errors="replace")
            lines = text.split("\n")[:-1]  # whole lines only
            listening = [line for line in lines if "listening on " in line]
            served = [line for line in lines if line.startswith("web on http://")]
            if listening and (served or not web):
                self.port = int(listening[0].split("listening on ", 1)[1].split()[0].rsplit(":", 1)[1])
                if served:
                    self.web_port = int(served[0].rstrip("/").rsplit(":", 1)[1])
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        log = self.stderr_path.read_text(encoding="utf-8", errors="replace")
        self.stop()
        raise RuntimeError(f"the daemon did not say where it listens; its log: {log}")

    @property
    def log(self) -> str:
        """What the daemon wrote to stderr so far."""
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> Optional[int]:
        """SIGTERM, then wait up to 5 s (kill after that); returns the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._dir is not None:
            self._dir.cleanup()
        return self.process.returncode


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("viewwire")
    group.addoption("--viewwired", default=None, help="the daemon executable the `port` fixture starts")
    group.addoption(
        "--viewwired-arg", action="append", default=[], help="an extra daemon option (repeatable)"
    )


def _executable(config: pytest.Config) -> str:
    named = config.getoption("viewwired") or os.environ.get("VIEWWIRED") or "viewwired"
    found = named if os.sep in named else shutil.which(named)
    if not found or not os.access(found, os.X_OK):
        pytest.fail(
            f"no ViewWire daemon at {named!r}: build one and pass --viewwired PATH or set VIEWWIRED",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="session")
def viewwire_daemon(pytestconfig: pytest.Config) -> Iterator[DaemonProcess]:
    """A daemon for the test session, stopped with SIGTERM at its end."""
    daemon = DaemonProcess(_executable(pytestconfig), list(pytestconfig.getoption("viewwired_arg")))
    yield daemon
    daemon.stop()


@pytest.fixture(scope="session")
def port(viewwire_daemon: DaemonProcess) -> int:
    """The port of the session's daemon, for `Session(port)` and `replay(path, port)`."""
    return viewwire_daemon.port
