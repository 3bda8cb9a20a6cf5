"""The console survives a drop (PROTOCOL.md section 16, "What a client does to survive a drop"):
a proxy between it and the daemon is cut, as a network on the daemon's side is, and the console
says `# reconnecting…`, resumes the same session and carries on; a command whose reply the cut
swallowed is applied once. A daemon that stays away makes it give up with a clear message."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterator

import pytest

from conftest import REPO, Daemon
from terminal import Terminal
from test_console import console

sys.path.insert(0, str(REPO / "clients" / "testsupport"))
from cutting_proxy import CuttingProxy  # noqa: E402


@pytest.fixture()
def proxy(daemon: Daemon) -> Iterator[CuttingProxy]:
    running = CuttingProxy(daemon.port)
    yield running
    running.close()


def session_of(terminal: Terminal) -> str:
    return re.search(r"hello viewwire protocol=\d+ session=(\d+)", terminal.text()).group(1)


def test_a_cut_mid_command_is_resumed_and_the_command_applied_once(proxy: CuttingProxy) -> None:
    terminal = console(proxy.port)
    try:
        session = session_of(terminal)
        terminal.type("open rows\r")
        terminal.wait_for("ok open app=rows")
        # The tap reaches the daemon and is applied; its frame and reply are lost with the cut.
        proxy.hold(True)
        terminal.type("tap @add\r")
        proxy.wait_for_held(b"ok tap view=")
        proxy.refuse(True)
        proxy.cut()
        proxy.hold(False)
        terminal.wait_for("# reconnecting…")
        proxy.refuse(False)
        terminal.wait_for(f"# resumed session {session}")
        terminal.wait_for("ok tap view=")  # the kept reply, to the same numbered tap sent again
        terminal.type("tree\r")
        shown = terminal.wait_for("ok tree views=")
        tree = shown[shown.rindex("ok tap view="):]
        assert len(re.findall(r"^tree \d+ \d+ RowCell ", tree, re.M)) == 10, "the tap was applied once"
        assert "token=" not in shown and "resume vw." not in shown, "the token was shown"
        assert "# mirror" not in shown, "every frame checked out"
    finally:
        terminal.close()


def type_alice_then_cut_and_resume(terminal: Terminal, proxy: CuttingProxy) -> None:
    """Types `alice` into the login screen's username, cuts the connection (refusing new ones
    until the console says it reconnects) and waits until the same session is resumed."""
    session = session_of(terminal)
    for line, reply in (("open login", "ok open app=login"), ("tap @username", "ok tap view="),
                        ("text alice", "ok text")):
        terminal.type(line + "\r")
        terminal.wait_for(reply)
    proxy.refuse(True)
    proxy.cut()
    terminal.wait_for("# reconnecting…")
    proxy.refuse(False)
    terminal.wait_for(f"# resumed session {session}")


def test_a_cut_while_typing_keeps_the_half_typed_text(proxy: CuttingProxy) -> None:
    terminal = console(proxy.port, "--show-checks")
    try:
        type_alice_then_cut_and_resume(terminal, proxy)
        terminal.type("text !\r")
        terminal.wait_for("ok text", count=2)
        terminal.type("tree\r")
        shown = terminal.wait_for("ok tree views=")
        assert 'text="alice!"' in shown[shown.rindex("ok text"):]
    finally:
        terminal.close()


def test_a_restarted_daemon_gives_a_new_session_and_says_so(tmp_path: Path) -> None:
    first = Daemon(tmp_path / "first")
    proxy = CuttingProxy(first.port)
    second = None
    terminal = console(proxy.port)
    try:
        terminal.type("open square\r")
        terminal.wait_for("ok open app=square")
        proxy.refuse(True)
        first.process.kill()  # a crash: no bye, so the console tries to resume
        first.process.wait()
        second = Daemon(tmp_path / "second")
        proxy.target_port = second.port
        terminal.wait_for("# reconnecting…")
        proxy.refuse(False)
        terminal.wait_for("# the session is gone (unknown-session): this is session ")
        terminal.type("open square\r")
        terminal.wait_for("ok open app=square", count=2)
    finally:
        terminal.close()
        proxy.close()
        first.stop()
        if second:
            second.stop()


def test_a_daemon_that_stays_away_makes_the_console_give_up(tmp_path: Path) -> None:
    short = Daemon(tmp_path / "short", ["--detach-timeout", "2"])
    proxy = CuttingProxy(short.port)
    terminal = console(proxy.port)
    try:
        terminal.type("ping\r")
        terminal.wait_for("ok ping")
        proxy.refuse(True)
        proxy.cut()
        terminal.wait_for("# reconnecting…")
        shown = terminal.wait_for("# gave up reconnecting after ")
        assert terminal.wait_exit() == 1, shown
    finally:
        terminal.close()
        proxy.close()
        short.stop()


def test_a_quit_is_not_resumed(proxy: CuttingProxy) -> None:
    terminal = console(proxy.port)
    try:
        terminal.type("quit\r")
        terminal.wait_for("ok quit")
        assert terminal.wait_exit() == 0
        assert "# reconnecting" not in terminal.text()
    finally:
        terminal.close()


def test_behind_an_auth_token_the_console_presents_it_again_when_it_resumes(tmp_path: Path) -> None:
    token_file = tmp_path / "token"
    token_file.write_text("correct-horse-battery-staple\n")
    guarded = Daemon(tmp_path / "guarded", ["--auth-token-file", str(token_file)])
    proxy = CuttingProxy(guarded.port)
    terminal = console(proxy.port, "--auth-token-file", str(token_file))
    try:
        type_alice_then_cut_and_resume(terminal, proxy)
        terminal.type("tree\r")
        shown = terminal.wait_for("ok tree views=")
        assert 'text="alice"' in shown
        assert "correct-horse" not in shown and "auth-required" not in shown, "the token stays hidden"
    finally:
        terminal.close()
        proxy.close()
        guarded.stop()


def test_a_wrong_token_is_shown(tmp_path: Path) -> None:
    token_file = tmp_path / "token"
    token_file.write_text("correct-horse-battery-staple\n")
    wrong = tmp_path / "wrong"
    wrong.write_text("not-it\n")
    guarded = Daemon(tmp_path / "guarded", ["--auth-token-file", str(token_file)])
    terminal = console(guarded.port, "--auth-token-file", str(wrong))
    try:
        terminal.wait_for("error client bad-token")
    finally:
        terminal.close()
        guarded.stop()
