"""What the tests share: where things are, a real daemon, and a fake server that misbehaves."""

from __future__ import annotations

import os
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import List

import pytest

REPO = Path(__file__).resolve().parents[3]
TRANSCRIPTS = REPO / "Protocol" / "transcripts"
DAEMON = Path(os.environ.get("VIEWWIRED", REPO / ".build" / "debug" / "viewwired"))


class Daemon:
    """One running `viewwired`, with the port it listens on."""

    def __init__(self, workdir: Path, extra_args: List[str]) -> None:
        if not DAEMON.is_file():
            pytest.fail(f"no daemon at {DAEMON}; build it (swift build) or set VIEWWIRED", pytrace=False)
        self.host = "127.0.0.1"
        self.stdout = workdir / "stdout.txt"
        self.stderr = workdir / "stderr.txt"
        # Files rather than pipes: nobody has to keep reading them for the daemon to run on.
        with self.stdout.open("wb") as out, self.stderr.open("wb") as err:
            command = [str(DAEMON), "--host", self.host, "--port", "0", "--log-level", "warning", *extra_args]
            self.process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        self.port = self._wait_for_port()

    def _wait_for_port(self) -> int:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            text = self.stdout.read_text(encoding="utf-8", errors="replace")
            if text.endswith("\n") and "listening on " in text:
                return int(text.split("listening on ", 1)[1].split()[0].rsplit(":", 1)[1])
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        self.stop()
        pytest.fail(f"the daemon did not say which port it listens on: {self.stderr.read_text()}", pytrace=False)

    def stop(self) -> None:
        """Terminate the daemon and wait for it (kill it if it does not stop in 5 s)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class FakeServer:
    """A one-connection server that sends canned lines, to show what the real daemon never does.

    It sends `first` on connect, waits for one client line, sends `then`, and closes."""

    def __init__(self, first: List[str], then: List[str]) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, args=(first, then), daemon=True)
        self.thread.start()

    def _serve(self, first: List[str], then: List[str]) -> None:
        with self.listener:
            self.listener.settimeout(10)
            conn, _ = self.listener.accept()
            with conn:
                conn.settimeout(10)
                conn.sendall("".join(line + "\n" for line in first).encode())
                if then:
                    conn.recv(1024)
                    conn.sendall("".join(line + "\n" for line in then).encode())

    def join(self) -> None:
        """Wait for the server thread, so no test leaves it behind."""
        self.thread.join(timeout=10)
