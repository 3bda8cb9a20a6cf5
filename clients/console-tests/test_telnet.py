"""PROTOCOL.md section 1.1 with the real Debian `telnet` under a pseudo-terminal.

Ctrl-C, Ctrl-Z and Ctrl-\\ in `telnet` send a telnet command and `DO TIMING-MARK`, and telnet
then hides everything the server sends until the server answers. Before the server answered,
one Ctrl-C silently hid every later reply; these tests type the keys and check that the next
command's reply is shown.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest

from terminal import Terminal

# The keys of section 1.1's first table and the bytes `telnet` sends for each.
KEYS = [
    pytest.param(b"\x03", b"\xff\xf4\xff\xfd\x06", id="Ctrl-C sends IAC IP IAC DO TIMING-MARK"),
    pytest.param(b"\x1a", b"\xff\xed\xff\xfd\x06", id="Ctrl-Z sends IAC SUSP IAC DO TIMING-MARK"),
    pytest.param(b"\x1c", b"\xff\xf3\xff\xfd\x06", id="Ctrl-backslash sends IAC BRK IAC DO TIMING-MARK"),
]


def telnet(port: int) -> Terminal:
    """`telnet` connected to `port`, past its greeting. Lines are typed ending in CR, the Enter key."""
    terminal = Terminal(["telnet", "127.0.0.1", str(port)])
    terminal.wait_for("hello viewwire ")
    return terminal


class Recorder:
    """A server that greets and records every byte a client sends, to see what telnet sends."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        connection, _ = self.listener.accept()
        with connection:
            connection.sendall(b"hello viewwire protocol=2 session=1 size=390x844\n")
            while chunk := connection.recv(4096):
                self.received += chunk

    def wait_for(self, count: int, timeout: float = 10) -> bytes:
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return bytes(self.received)


@pytest.mark.parametrize("key, sent", KEYS)
def test_the_bytes_telnet_sends_for_each_key(key: bytes, sent: bytes) -> None:
    recorder = Recorder()
    terminal = telnet(recorder.port)
    try:
        terminal.type(key)
        assert recorder.wait_for(len(sent)) == sent
    finally:
        terminal.close()


@pytest.mark.parametrize("key, sent", KEYS)
def test_after_the_key_the_next_reply_is_shown(daemon, key: bytes, sent: bytes) -> None:
    terminal = telnet(daemon.port)
    try:
        terminal.type("ping\r")
        terminal.wait_for("ok ping")
        terminal.type(key)
        terminal.type("ping\r")
        # Without the server's WILL TIMING-MARK, telnet would discard this reply and every later one.
        terminal.wait_for("ok ping", count=2)
        terminal.type("apps\r")
        terminal.wait_for("ok apps count=")
    finally:
        terminal.close()


def test_ctrl_c_cancels_the_touch_in_progress(daemon) -> None:
    terminal = telnet(daemon.port)
    try:
        terminal.type("open square\r")
        terminal.wait_for("ok open app=square")
        terminal.type("down 195 422\r")
        terminal.wait_for("ok down view=4")
        terminal.type("move 195 300\r")
        terminal.wait_for("ok move")
        terminal.type(b"\x03")
        terminal.type("move 195 200\r")
        shown = terminal.wait_for("error client not-in-drag")
        # The square stayed where the drag left it: the move after Ctrl-C moved nothing.
        assert "layout 4 95 100 200 200" not in shown
        terminal.type("tree\r")
        terminal.wait_for("tree 2 4 View 95 200 200 200")
    finally:
        terminal.close()


def test_telnet_gets_no_stray_bytes_on_screen(daemon) -> None:
    """The only telnet bytes the server sends are answers, which telnet consumes: the screen
    shows lines and nothing else."""
    terminal = telnet(daemon.port)
    try:
        terminal.type(b"\x03")
        terminal.type("ping\r")
        shown = terminal.wait_for("ok ping")
        assert "\ufffd" not in shown and "\xff" not in shown
    finally:
        terminal.close()
