"""`viewwire screen` survives a drop (PROTOCOL.md section 16): a proxy between it and the daemon
is cut, the status line says "reconnecting…" until the session is resumed, and the screen goes
on with what it showed, the half-typed text included, in the same session."""

from __future__ import annotations

import sys
from typing import Iterator

import pytest
from helpers import REPO, Daemon, ScreenUnderTest, find

sys.path.insert(0, str(REPO / "clients" / "testsupport"))
from cutting_proxy import CuttingProxy  # noqa: E402


@pytest.fixture()
def proxy(daemon: Daemon) -> Iterator[CuttingProxy]:
    running = CuttingProxy(daemon.port)
    yield running
    running.close()


def test_a_cut_connection_resumes_with_the_typed_text(proxy: CuttingProxy) -> None:
    screen = ScreenUnderTest(proxy.port, "login")
    try:
        screen.wait_for_text("Username")
        screen.click(*find(screen, "Username"))
        screen.wait_quiet()
        screen.send(b"alice")
        screen.wait_for_text("alice")
        screen.wait_quiet()
        proxy.refuse(True)
        proxy.cut()
        screen.wait_for_text("reconnecting…")
        session = screen.text().split("session ", 1)[1].split()[0]
        proxy.refuse(False)
        screen.wait_until(lambda: "reconnecting" not in screen.text(), "the status line to go")
        assert "alice" in screen.text()
        assert proxy.accepted == 2, "one connection, then one resume"
        screen.send(b"!")
        screen.wait_for_text("alice!")
        screen.send(b"\x07")  # Ctrl-G: the status line, which names the session
        screen.wait_for_text(f"session {session}")
    finally:
        screen.close()
