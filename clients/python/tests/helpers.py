"""What the tests share: where things are, a real daemon (clients/testsupport), and a fake server
that misbehaves."""

from __future__ import annotations

import os
import socket
import sys
import threading
from pathlib import Path
from typing import List

import pytest

REPO = Path(__file__).resolve().parents[3]
TRANSCRIPTS = REPO / "Protocol" / "transcripts"
sys.path.insert(0, str(REPO / "clients" / "testsupport"))
from daemon import VIEWWIRED as DAEMON, Daemon  # noqa: E402,F401  (the one way to start the daemon)


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
