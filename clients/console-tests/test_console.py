"""The bundled console (`viewwire` with no subcommand) as a person types into it, under a pty.

Each case types keys (TAB, arrows, Ctrl-A/E/R/C) and checks what the daemon answered, so the
assertion is on what the console really sent, not on how libedit drew it.
"""

from __future__ import annotations

import socket
import subprocess
import threading
import time

import pytest

from conftest import VIEWWIRE
from terminal import Terminal

UP = "\x1b[A"
CTRL_A, CTRL_C, CTRL_E, CTRL_R = "\x01", "\x03", "\x05", "\x12"


def console(port: int, *options: str) -> Terminal:
    """The console connected to `port`, past its greeting."""
    terminal = Terminal([str(VIEWWIRE), "--port", str(port), *options])
    terminal.wait_for("hello viewwire ")
    return terminal


# (what is typed before, the keys in the chunks a person would type them, the reply they must
# bring). A pause follows each chunk, so libedit has taken a TAB or Ctrl-C before what follows.
EDITING_CASES = [
    pytest.param([], ["pin\t", "\r"], "ok ping", id="TAB completes a partial verb"),
    pytest.param([], ["op\t", "square\r"], "ok open app=square", id="TAB completes open and adds the space"),
    pytest.param(["open square"], ["tap @sq\t", "\r"], "ok tap view=4",
                 id="TAB completes @sq to @square from the mirror"),
    pytest.param(["open square"], ["tap #\t", "4\r"], "ok tap view=4", id="TAB after # offers the mirror's ids"),
    pytest.param(["apps"], ["open squ\t", "\r"], "ok open app=square",
                 id="TAB completes an app name an apps reply listed"),
    pytest.param(["apps"], [UP, "\r"], "ok apps count=", id="Up recalls the previous command"),
    pytest.param(["apps", "ping"], [UP, UP, "\r"], "ok apps count=", id="Up twice recalls the one before"),
    pytest.param(["apps", "ping"], [CTRL_R, "ap", "\r"], "ok apps count=", id="Ctrl-R finds an earlier command"),
    pytest.param([], ["ing", CTRL_A, "p", CTRL_E, "\r"], "ok ping", id="Ctrl-A goes to the start, Ctrl-E to the end"),
    pytest.param([], ["tap 1", CTRL_C, "ping\r"], "ok ping", id="Ctrl-C drops the edited line"),
]


@pytest.mark.parametrize("before, keys, reply", EDITING_CASES)
def test_line_editing(daemon, before, keys, reply) -> None:
    terminal = console(daemon.port)
    try:
        for line in before:
            terminal.type(line + "\r")
            terminal.wait_for(f"\nok {line.split()[0]}")
        already = terminal.text().count(reply)
        for chunk in keys:
            terminal.type(chunk)
            time.sleep(0.2)
        shown = terminal.wait_for(reply, count=already + 1)
        assert "error " not in shown, shown
    finally:
        terminal.close()


def test_tab_lists_the_choices_when_they_share_no_more_and_never_rings(daemon) -> None:
    terminal = console(daemon.port)
    try:
        terminal.type("open square\r")
        terminal.wait_for("ok open app=square")
        terminal.type("t\t")
        terminal.wait_for("tap  text  trace  tree")
        terminal.type("\x15tap @\t")  # Ctrl-U empties the line first
        terminal.wait_for("@greenArea  @square")
        terminal.type("g\t\r")
        shown = terminal.wait_for("ok tap view=")
        assert "\x07" not in shown, "the console rang the bell"
    finally:
        terminal.close()


class OneClientServer:
    """Greets, sends `late` lines after a pause, and records the lines the client sends."""

    def __init__(self, late: list[str], pause: float) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.late, self.pause = late, pause
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        connection, _ = self.listener.accept()
        with connection:
            connection.sendall(b"hello viewwire protocol=2 session=1 size=390x844\n")
            time.sleep(self.pause)
            connection.sendall("".join(line + "\n" for line in self.late).encode())
            connection.settimeout(10)
            try:
                while b"ping n=1\n" not in self.received and (chunk := connection.recv(4096)):
                    self.received += chunk
            except socket.timeout:
                pass


def test_a_line_arriving_while_typing_is_shown_and_the_typed_line_survives() -> None:
    server = OneClientServer(["trace lifecycle arrives while typing"], pause=1.0)
    terminal = console(server.port)
    try:
        terminal.type("pi")
        terminal.wait_for("trace lifecycle arrives while typing")
        terminal.type("ng\r")
        deadline = time.monotonic() + 10
        while b"ping n=1\n" not in server.received and time.monotonic() < deadline:
            time.sleep(0.02)
        # The console asks for its resume token first, then numbers what is typed (section 16).
        assert bytes(server.received) == b"resume-token\nping n=1\n"
    finally:
        terminal.close()


def run_plain(port: int, typed: str, *options: str) -> str:
    """The console with a pipe as its input and output, as a script runs it."""
    done = subprocess.run([str(VIEWWIRE), "--port", str(port), *options], input=typed.encode(),
                          capture_output=True, timeout=20)
    return done.stdout.decode()


def test_on_a_pipe_the_console_stays_plain(daemon) -> None:
    shown = run_plain(daemon.port, "ping\nquit\n")
    assert shown.splitlines()[1:] == ["ok ping", "ok quit"]
    assert "\x1b" not in shown


def test_indent_tree_shows_the_tree_as_an_outline(daemon) -> None:
    shown = run_plain(daemon.port, "open square\ntree\nquit\n", "--indent-tree").splitlines()
    start = shown.index("ok open app=square") + 1
    assert shown[start:start + 5] == [
        "#1 Window 0 0 390 844 bg=#ffffffff",
        "  #2 CustomView 0 0 390 844 bg=#aaaaaaff",
        '    #3 View 0 0 390 281.333 bg=#00ff004d ident="greenArea"',
        '    #4 View 95 322 200 200 bg=#ff0000ff ident="square"',
        "ok tree views=4",
    ]
