"""`viewwire screen` in tmux, a real terminal emulator, beside pyte.

tmux runs the client in a pane of 80 × 40; `send-keys -H` writes the bytes a terminal sends for
the mouse into the pane, `capture-pane -e` reads the cells back with their colours, and the
pane's flags (`alternate_on`, `mouse_any_flag`, `cursor_flag`) say how the client left the
terminal. Each test has a tmux server of its own (`-L`), killed after it.
"""

from __future__ import annotations

import re
import subprocess
import time
import uuid

import pytest
from helpers import CLIENT


class Tmux:
    def __init__(self) -> None:
        self.socket = f"viewwire-test-{uuid.uuid4().hex[:8]}"

    def run(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args], check=True, capture_output=True, text=True
        ).stdout

    def start(self, command: str) -> None:
        self.run("new-session", "-d", "-x", "80", "-y", "40", command)
        self.run("set-option", "-g", "remain-on-exit", "on")

    def send_bytes(self, data: bytes) -> None:
        self.run("send-keys", "-t", "0", "-H", *[f"{byte:02x}" for byte in data])

    def backgrounds(self) -> list[list[str]]:
        """Each cell's background as `r;g;b`, from `capture-pane -e`'s SGR sequences."""
        rows = []
        for line in self.run("capture-pane", "-p", "-e", "-t", "0").split("\n")[:40]:
            cells: list[str] = []
            background = "default"
            for token in re.findall(r"\x1b\[[0-9;]*m|[^\x1b]", line):
                if token.startswith("\x1b["):
                    found = re.search(r"48;2;(\d+;\d+;\d+)", token)
                    if found:
                        background = found.group(1)
                    elif token in ("\x1b[0m", "\x1b[m", "\x1b[49m"):
                        background = "default"
                else:
                    cells.append(background)
            rows.append(cells + [background] * (80 - len(cells)))
        return rows

    def flags(self) -> str:
        return self.run("display-message", "-p", "-t", "0", "#{pane_dead} #{alternate_on} #{mouse_any_flag} #{cursor_flag}")

    def wait_until(self, condition, what: str, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.05)
        pytest.fail(f"timed out waiting for {what}:\n" + self.run("capture-pane", "-p", "-t", "0"), pytrace=False)

    def kill(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def tmux():
    server = Tmux()
    yield server
    server.kill()


def count(rows, colour: str) -> int:
    return sum(row.count(colour) for row in rows)


def test_the_square_turns_green_in_tmux(tmux, daemon):
    tmux.start(f"COLORTERM=truecolor {CLIENT} screen square --port {daemon.port}")
    tmux.wait_until(lambda: count(tmux.backgrounds(), "255;0;0") > 0, "the red square")
    assert tmux.flags().split()[1:] == ["1", "1", "0"]  # alternate screen, mouse on, no cursor
    tmux.send_bytes(b"\x1b[<0;41;21M\x1b[<32;41;15M\x1b[<32;41;7M\x1b[<0;41;7m")
    tmux.wait_until(lambda: count(tmux.backgrounds(), "0;255;0") == 23 * 9, "a green square of 23 × 9 cells")
    assert count(tmux.backgrounds(), "255;0;0") == 0


def test_tmux_gets_its_terminal_back_after_ctrl_c(tmux, daemon):
    # The shell stays on after the client, so the pane is alive when its flags are read (tmux
    # hides the cursor of a dead pane).
    tmux.start(f"{CLIENT} screen square --port {daemon.port}; echo exited $?; sleep 30")
    tmux.wait_until(lambda: tmux.flags().split()[1] == "1", "the alternate screen")
    tmux.send_bytes(b"\x03")
    tmux.wait_until(lambda: "exited 0" in tmux.run("capture-pane", "-p", "-t", "0"), "the client to exit")
    # Main screen, mouse reporting off, cursor shown.
    assert tmux.flags().split() == ["0", "0", "0", "1"]
