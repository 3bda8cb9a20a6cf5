"""A program run under a real pseudo-terminal, as a person runs it, with what it shows collected.

Only the standard library: `pty` and `os`. The test types bytes into the terminal's master side
(keys, Ctrl-C, arrows) and reads everything the program writes there, escape sequences included.
Waits are deadlines, never timing assertions: a slow machine waits longer instead of failing.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time
from typing import List, Optional


class Terminal:
    """`argv` running with a pseudo-terminal as its standard input, output and error."""

    def __init__(self, argv: List[str], env: Optional[dict] = None) -> None:
        self.argv = argv
        self.output = bytearray()
        child_env = dict(os.environ if env is None else env)
        child_env["TERM"] = "xterm"
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: size its terminal (line editors need one), become the program
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
                os.execvpe(argv[0], argv, child_env)
            finally:
                os._exit(127)
        self.finished = False

    def type(self, data: bytes | str) -> None:
        """Types `data` (a str is UTF-8), as the keyboard would: no newline is added."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        os.write(self.fd, data)

    def _read_available(self, wait: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the program is gone and the terminal's last slave closed
            chunk = b""
        if chunk:
            self.output += chunk
        else:
            self.finished = True

    def text(self) -> str:
        """Everything shown so far, decoded (escape sequences left in)."""
        return self.output.decode("utf-8", errors="replace")

    def wait_for(self, needle: str, count: int = 1, timeout: float = 20.0) -> str:
        """Reads until `needle` has been shown `count` times; fails with what was shown if it
        was not by the deadline."""
        deadline = time.monotonic() + timeout
        while self.text().count(needle) < count and not self.finished:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            self._read_available(min(remaining, 0.1))
        shown = self.text()
        assert shown.count(needle) >= count, (
            f"{self.argv[0]} did not show {needle!r} {count} time(s) within {timeout:g} s; it showed:\n{shown}"
        )
        return shown

    def settle(self, seconds: float = 0.3) -> str:
        """Reads what comes for `seconds` more (to see that nothing unwanted follows)."""
        deadline = time.monotonic() + seconds
        while not self.finished and time.monotonic() < deadline:
            self._read_available(max(0.0, min(deadline - time.monotonic(), 0.05)))
        return self.text()

    def wait_exit(self, timeout: float = 20.0) -> int:
        """Waits for the program to exit, reading what it shows meanwhile; returns its exit
        status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.exited = True
                return os.waitstatus_to_exitcode(status)
            self._read_available(0.05)
        raise AssertionError(f"{self.argv[0]} did not exit within {timeout:g} s; it showed:\n{self.text()}")

    def close(self) -> None:
        """Ends the program (SIGTERM, then SIGKILL) and closes the terminal."""
        if getattr(self, "exited", False):
            os.close(self.fd)
            return
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.02)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)
