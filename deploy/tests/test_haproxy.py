"""PROTOCOL.md section 17, "More than one daemon", with the shipped `deploy/haproxy.cfg`: new
sessions spread over two daemons, and a session whose connection is cut (its socket reset, the
proxy restarted or reloaded) comes back, through the proxy, to the daemon holding it, with its
typed text, its frame numbers and a mirror whose hashes match every frame (strict connections
fail on any mismatch). Every daemon wants `auth`, so the proxy routes on the line after it.
"""

from __future__ import annotations

import re
import socket
import struct
import time
from typing import Dict, List

import pytest

from cluster import AUTH_TOKEN, Cluster, wait_until
from viewwire import ResilientConnection, SessionLost
from viewwire.connection import LineSocket, is_terminal


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory):
    running = Cluster(tmp_path_factory.mktemp("cluster"), ["vw1", "vw2"])
    yield running
    statuses = running.stop()
    assert statuses == {"vw1": 0, "vw2": 0}, "each daemon exits 0 on SIGTERM"


def typed_session(port: int, text: str) -> ResilientConnection:
    """A new resumable session through the proxy, with `text` typed into the login screen."""
    connection = ResilientConnection("127.0.0.1", port, timeout=15, strict=True, auth_token=AUTH_TOKEN)
    connection.request("open login").check()
    connection.request("tap @username").check()
    connection.request(f'text "{text}"').check()
    return connection


def daemon_of(connection: ResilientConnection) -> str:
    return connection.token.split(".", 1)[0]


def username(connection: ResilientConnection) -> str:
    return connection.mirror.find("@username").text


def reset(connection: ResilientConnection) -> None:
    """Close the client's socket abruptly: a TCP reset, no `quit`."""
    raw = connection.socket._sock
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    raw.close()


def resumes(cluster: Cluster) -> Dict[str, int]:
    """How many times each daemon logged `session resumed` so far."""
    return {name: daemon.log.count("session resumed") for name, daemon in cluster.daemons.items()}


def check_same_session(connection: ResilientConnection, expected_text: str) -> None:
    """The session after its resume: the text typed before the cut plus one more character
    typed after it (the command that found the connection gone), and the server's tree equal
    to the mirror."""
    assert connection.request('text "!"').check()
    assert username(connection) == expected_text + "!"
    assert connection.request("tree").check().data == connection.mirror.tree_lines()


def test_new_sessions_spread_and_each_resumes_on_its_own_daemon(cluster: Cluster) -> None:
    port = cluster.proxy.port
    connections = [typed_session(port, f"user{index}") for index in range(4)]
    try:
        names = [daemon_of(connection) for connection in connections]
        assert sorted(names) == ["vw1", "vw1", "vw2", "vw2"], "leastconn spreads open sessions evenly"
        before = resumes(cluster)
        sequences = [connection.mirror.seq for connection in connections]
        for connection in connections:
            reset(connection)
        for index, connection in enumerate(connections):
            check_same_session(connection, f"user{index}")
            assert connection.reconnects == 1
            assert connection.mirror.seq > sequences[index], "frame numbers go on from before the cut"
        after = resumes(cluster)
        for name in ("vw1", "vw2"):
            assert after[name] - before[name] == names.count(name), f"{name} resumed its own sessions"
    finally:
        for connection in connections:
            connection.close()


def test_sessions_come_back_after_the_proxy_restarts(cluster: Cluster) -> None:
    port = cluster.proxy.port
    connections = [typed_session(port, f"restart{index}") for index in range(2)]
    try:
        before = resumes(cluster)
        cluster.proxy.restart()
        for index, connection in enumerate(connections):
            check_same_session(connection, f"restart{index}")
            assert connection.reconnects == 1
        after = resumes(cluster)
        assert sum(after.values()) - sum(before.values()) == 2
        for name in ("vw1", "vw2"):
            expected = [daemon_of(connection) for connection in connections].count(name)
            assert after[name] - before[name] == expected
    finally:
        for connection in connections:
            connection.close()


def test_a_reload_keeps_connections_and_the_new_worker_routes_resumes(cluster: Cluster) -> None:
    port = cluster.proxy.port
    connections = [typed_session(port, f"reload{index}") for index in range(2)]
    try:
        cluster.proxy.reload()
        for connection in connections:
            connection.request("tap @password").check()
            assert connection.reconnects == 0, "the old worker still carries the connection"
            connection.request("tap @username").check()
        for connection in connections:
            reset(connection)
        for index, connection in enumerate(connections):
            check_same_session(connection, f"reload{index}")
            assert connection.reconnects == 1
    finally:
        for connection in connections:
            connection.close()


def read_until_terminal(lines: LineSocket, deadline: float) -> List[str]:
    got: List[str] = []
    while not got or not is_terminal(got[-1]):
        got.append(lines.read_line(deadline))
    return got


def test_a_silent_client_gets_its_greeting_and_a_stray_token_is_named(cluster: Cluster) -> None:
    # A person in telnet sends nothing: the proxy picks a daemon after its inspect delay.
    silent = LineSocket.connect("127.0.0.1", cluster.proxy.port, timeout=15)
    try:
        assert silent.read_line(time.monotonic() + 15).startswith("hello viewwire ")
    finally:
        silent.close()
    # A token naming no daemon behind the proxy is balanced; the daemon says whose it is.
    stray = LineSocket.connect("127.0.0.1", cluster.proxy.port, timeout=15)
    try:
        stray.send(f"auth {AUTH_TOKEN}\nresume zz9.{'0' * 32} frame=0\n".encode())
        deadline = time.monotonic() + 15
        assert stray.read_line(deadline).startswith("hello viewwire ")
        assert stray.read_line(deadline) == "ok auth"
        answer = stray.read_line(deadline)
        assert re.fullmatch(r"error client unknown-session \"the token names the daemon 'zz9', and this is 'vw[12]'\"", answer)
    finally:
        stray.close()


def test_a_session_whose_daemon_crashed_is_unknown_to_the_others(tmp_path) -> None:
    own = Cluster(tmp_path, ["vw1", "vw2"])
    try:
        connection = typed_session(own.proxy.port, "gone")
        name = daemon_of(connection)
        other = "vw2" if name == "vw1" else "vw1"
        # A crash, not a shutdown: a daemon stopped by SIGTERM says `bye "server shutting down"`,
        # after which a client does not try to resume (section 15).
        own.daemons[name].process.kill()
        own.daemons[name].process.wait()
        # The proxy finds the named daemon refusing connections (or already marked down by its
        # health check) and sends the client to the other daemon, which names the token's.
        with pytest.raises(SessionLost, match=f"the token names the daemon '{name}', and this is '{other}'"):
            connection.request('text "!"')
        connection.close()
    finally:
        statuses = own.stop()
    assert statuses[other] == 0
