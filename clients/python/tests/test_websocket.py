"""The daemon's web port (PROTOCOL.md section 13), spoken to by an independent WebSocket peer:
the `websockets` package, which knows nothing of this project's code.

A WebSocket session must be an ordinary session: the same greeting and replies as over TCP;
pings answered; fragments joined; a binary message and a bad origin refused with the spec's
close code and status.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Iterator, List

import pytest
from helpers import Daemon
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect


class WebDaemon(Daemon):
    """A daemon started with `--web-port 0`, with the port its `web on` line names."""

    def __init__(self, workdir: Path, extra_args: List[str]) -> None:
        super().__init__(workdir, ["--web-port", "0", *extra_args])

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.web_port}/wire"


@pytest.fixture(scope="module")
def web_daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDaemon]:
    running = WebDaemon(tmp_path_factory.mktemp("web-daemon"), [])
    yield running
    running.stop()


def read_until(ws, terminal: str) -> List[str]:
    """The server's lines, joined across messages, up to and including the one starting `terminal`."""
    lines: List[str] = []
    pending = ""
    while True:
        message = ws.recv(timeout=10)
        assert isinstance(message, str), "the server sends text messages only"
        assert message.endswith("\n"), "every server message holds whole lines"
        pending += message
        *complete, pending = pending.split("\n")
        lines.extend(complete)
        if any(line.startswith(terminal) for line in complete):
            return lines


def test_a_websocket_session_speaks_the_line_protocol(web_daemon: WebDaemon) -> None:
    with connect(web_daemon.url) as ws:
        greeting = read_until(ws, "hello ")
        assert greeting[0].startswith("hello viewwire protocol=2 session=")
        ws.send("open square")  # one line, without its LF
        opened = read_until(ws, "ok open")
        assert opened[0] == "frame 1 begin full"
        assert opened[-1] == "ok open app=square"
        ws.send("drag 195 422 195 100\n")
        dragged = read_until(ws, "ok drag")
        assert 'render 4 a11y-value="In the green area" bg=#00ff00ff' in dragged


def test_pings_fragments_and_several_lines_per_message(web_daemon: WebDaemon) -> None:
    with connect(web_daemon.url) as ws:
        read_until(ws, "hello ")
        ws.ping(b"abc").wait(timeout=5)
        ws.send(["pi", "ng\n"])  # one message in two fragments
        assert read_until(ws, "ok ") == ["ok ping"]
        ws.send("ping\nping\n")  # two lines in one message; the replies may share one too
        replies = read_until(ws, "ok ping")
        if len(replies) == 1:
            replies += read_until(ws, "ok ping")
        assert replies == ["ok ping", "ok ping"]


def test_a_binary_message_is_closed_with_1003(web_daemon: WebDaemon) -> None:
    with connect(web_daemon.url) as ws:
        read_until(ws, "hello ")
        ws.send(b"ping\n")
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003


def test_quit_closes_with_1000(web_daemon: WebDaemon) -> None:
    with connect(web_daemon.url) as ws:
        read_until(ws, "hello ")
        ws.send("quit")
        assert read_until(ws, "ok quit") == ["ok quit"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1000


def test_another_origin_is_refused_with_403(web_daemon: WebDaemon) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(web_daemon.url, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    same = f"http://{web_daemon.host}:{web_daemon.web_port}"
    with connect(web_daemon.url, origin=same) as ws:
        assert read_until(ws, "hello ")[0].startswith("hello viewwire")
