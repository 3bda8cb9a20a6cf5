"""A whole session through `nc` and `socat`, with LF and with CRLF line ends (PROTOCOL.md section 1).

These clients send no telnet commands, so the server must send them none either: every byte
that comes back is part of a line.
"""

from __future__ import annotations

import subprocess

import pytest

SESSION = "open square\ndrag 195 422 195 100\nping\nquit\n"

# Each way of connecting: the command, with {port} for the daemon's port.
CLIENTS = [
    pytest.param(["nc", "127.0.0.1", "{port}"], id="nc, LF"),
    pytest.param(["nc", "-C", "127.0.0.1", "{port}"], id="nc -C, CRLF"),
    pytest.param(["socat", "-", "TCP:127.0.0.1:{port}"], id="socat, LF"),
    pytest.param(["socat", "-", "TCP:127.0.0.1:{port},crlf"], id="socat crlf, CRLF"),
]


@pytest.mark.parametrize("argv", CLIENTS)
def test_a_session_works_end_to_end(daemon, argv) -> None:
    command = [part.replace("{port}", str(daemon.port)) for part in argv]
    # `quit` makes the server close, which ends both clients.
    done = subprocess.run(command, input=SESSION.encode(), capture_output=True, timeout=20)
    output = done.stdout
    assert b"\xff" not in output, "a client that sends no IAC got telnet bytes"
    lines = output.decode("utf-8").replace("\r\n", "\n").split("\n")
    assert lines[0].startswith("hello viewwire protocol=2 ")
    replies = [line for line in lines if line.startswith(("ok ", "error "))]
    assert replies == ["ok open app=square", "ok drag view=4", "ok ping", "ok quit"], output
    # The drag's frame: the square moved into the green area and turned green, which its
    # accessibility value says in words.
    assert "layout 4 95 0 200 200" in lines
    assert 'render 4 a11y-value="In the green area" bg=#00ff00ff' in lines
