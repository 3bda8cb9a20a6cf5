"""What the terminal tests share: the daemon, and `viewwire screen` running in a real pty.

`ScreenUnderTest` starts `$VIEWWIRE screen APP --port P` with `pty.fork()`, so the client gets a
real pseudo-terminal as its controlling terminal (raw mode, window size and SIGWINCH work as in
a terminal emulator), and feeds everything it writes to a `pyte` screen, which plays the
terminal. Every byte is also kept, so a test can check what crossed the pty (a password that must
never appear, the sequences that restore the terminal at the end).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import socket
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Callable, List, Optional

import pyte
import pytest

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "clients" / "testsupport"))
from daemon import Daemon  # noqa: E402,F401  (the one way to start the daemon)
CLIENT = Path(os.environ.get("VIEWWIRE", REPO / ".build" / "debug" / "viewwire"))
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"

# The sequences `viewwire screen` writes on its way out (TerminalMode.leaveSequence).
MOUSE_OFF = b"\x1b[?1006l\x1b[?1002l\x1b[?1000l"
ALTERNATE_SCREEN_OFF = b"\x1b[?1049l"
CURSOR_SHOWN = b"\x1b[?25h"


def set_size(fd: int, columns: int, rows: int) -> None:
    """Sets a terminal's size; on a pty's master, the kernel then sends SIGWINCH to its job."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class ScreenUnderTest:
    """`viewwire screen` in a pty of `columns` × `rows`, read by a pyte screen of the same size."""

    def __init__(self, port: int, app: Optional[str], columns: int = 80, rows: int = 40,
                 colorterm: str = "truecolor") -> None:
        if not CLIENT.is_file():
            pytest.fail(f"no client at {CLIENT}; build it (swift build) or set VIEWWIRE", pytrace=False)
        self.columns = columns
        self.rows = rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.lock = threading.Lock()
        # Called by the reading thread, under the lock, after each read is fed to pyte: a test
        # that must see passing states (an animation's frames) sees every state pyte passed
        # through at a read's end, however seldom the test's own thread gets to run.
        self.observers: List[Callable[[], None]] = []
        env = dict(os.environ, TERM="xterm-256color", COLORTERM=colorterm)
        argv = [str(CLIENT), "screen", *([app] if app else []), "--port", str(port)]
        pid, fd = pty.fork()
        if pid == 0:  # the child: its stdin, stdout and stderr are the pty's slave
            try:
                set_size(0, columns, rows)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.status: Optional[int] = None
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.5)
                if not ready:
                    if self.status is not None:
                        return
                    continue
                data = os.read(self.fd, 65536)
            except OSError:  # EIO: the child closed the slave side
                return
            if not data:
                return
            with self.lock:
                self.output += data
                self.stream.feed(data)
                for observer in self.observers:
                    observer()

    # -- reading the screen ------------------------------------------------------------------

    def text(self) -> str:
        """The screen's text, one line per row, trailing spaces removed."""
        with self.lock:
            return "\n".join(line.rstrip() for line in self.screen.display)

    def cell(self, column: int, row: int):
        """pyte's character at a cell (`.data`, `.fg`, `.bg`, `.bold`, `.underscore`)."""
        with self.lock:
            return self.screen.buffer[row][column]

    def cell_unlocked(self, column: int, row: int):
        """`cell` for an observer, which already runs under the lock."""
        return self.screen.buffer[row][column]

    def wait_until(self, condition: Callable[[], bool], what: str, timeout: float = 10) -> None:
        """Waits until `condition()` holds; fails with the screen's text when it does not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.02)
        pytest.fail(f"timed out waiting for {what}; the screen shows:\n{self.text()}", pytrace=False)

    def wait_for_text(self, text: str, timeout: float = 10) -> None:
        self.wait_until(lambda: text in self.text(), repr(text), timeout)

    def wait_quiet(self, seconds: float = 0.3, timeout: float = 10) -> None:
        """Waits until nothing has been written for `seconds` (a frame has been drawn whole)."""
        deadline = time.monotonic() + timeout
        last = -1
        since = time.monotonic()
        while time.monotonic() < deadline:
            with self.lock:
                size = len(self.output)
            if size != last:
                last = size
                since = time.monotonic()
            elif time.monotonic() - since >= seconds:
                return
            time.sleep(0.02)

    # -- acting ------------------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def press(self, column: int, row: int) -> None:
        """Left button down at a cell (xterm SGR mouse reports count from 1)."""
        self.send(f"\x1b[<0;{column + 1};{row + 1}M".encode())

    def drag_to(self, column: int, row: int) -> None:
        """Motion with the left button down."""
        self.send(f"\x1b[<32;{column + 1};{row + 1}M".encode())

    def release(self, column: int, row: int) -> None:
        self.send(f"\x1b[<0;{column + 1};{row + 1}m".encode())

    def click(self, column: int, row: int) -> None:
        self.press(column, row)
        self.release(column, row)

    def resize(self, columns: int, rows: int) -> None:
        """Changes the pty's size, which sends SIGWINCH to the client, and the pyte screen's."""
        with self.lock:
            self.screen.resize(rows, columns)
        self.columns, self.rows = columns, rows
        set_size(self.fd, columns, rows)

    def wait_exit(self, timeout: float = 10) -> int:
        """Waits for the client to exit and for its last bytes; returns its exit status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.status = status
                self.reader.join(timeout=5)
                return status
            time.sleep(0.02)
        pytest.fail("the client did not exit", pytrace=False)

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.wait_exit()
        os.close(self.fd)


def find(screen: ScreenUnderTest, text: str) -> tuple[int, int]:
    """The column and row where `text` first appears on the screen."""
    for row, line in enumerate(screen.text().split("\n")):
        column = line.find(text)
        if column >= 0:
            return column, row
    pytest.fail(f"{text!r} is not on the screen:\n{screen.text()}", pytrace=False)


def snapshot(screen: ScreenUnderTest, app: str) -> str:
    """The screen as a snapshot file: its text, then each row's colour runs."""
    lines = [
        f"# viewwire screen {app} at {screen.columns}x{screen.rows}, COLORTERM=truecolor",
        "# regenerate: VIEWWIRE_UPDATE_SNAPSHOTS=1 make test",
        "text:",
    ]
    lines += ["|" + line for line in screen.text().split("\n")]
    lines.append("colours:")
    for row in range(screen.rows):
        runs = []
        start = 0
        for column in range(1, screen.columns + 1):
            if column < screen.columns and look(screen.cell(column, row)) == look(screen.cell(start, row)):
                continue
            runs.append(f"{start}+{column - start} {look(screen.cell(start, row))}")
            start = column
        lines.append(f"{row:2d}: " + ", ".join(runs))
    return "\n".join(lines) + "\n"


def look(cell) -> str:
    flags = ("b" if cell.bold else "") + ("u" if cell.underscore else "")
    return f"{cell.fg}/{cell.bg}" + (f" {flags}" if flags else "")


def check_snapshot(screen: ScreenUnderTest, name: str) -> None:
    """Compares the screen with `snapshots/scenarios/NAME.txt`, or writes it when regenerating."""
    path = SNAPSHOTS / "scenarios" / f"{name}.txt"
    taken = snapshot(screen, name)
    if os.environ.get("VIEWWIRE_UPDATE_SNAPSHOTS") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(taken, encoding="utf-8")
    else:
        assert taken == path.read_text(encoding="utf-8")
