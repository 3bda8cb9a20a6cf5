"""PROTOCOL.md section 17, "More than one daemon", for the web port: the shipped
`deploy/haproxy.cfg` section `viewwire-web` (HAProxy in HTTP mode) in front of two daemons' web
ports. WebSocket sessions spread over both daemons; a session whose connection is cut (its socket
reset, the proxy restarted) comes back through the proxy on `/wire?daemon=NAME` to the daemon
holding it, with its typed text and its frame numbers; a resume naming a daemon that is down, or
none here, is balanced and answered `unknown-session` naming the token's daemon. The WebSocket
peer is the `websockets` package, which knows nothing of this project's code; the daemons want
`auth`, sent in the first message. Last, the browser client itself, its page served through the
proxy, resumes through it after a restart of the proxy.
"""

from __future__ import annotations

import importlib.util
import json
import re
import socket
import struct
import time
import urllib.request
from typing import Dict, Iterator, List, Optional

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cluster import AUTH_TOKEN, REPO, Cluster, wait_until


def resumes(cluster: Cluster) -> Dict[str, int]:
    """How many times each daemon logged `session resumed` so far."""
    return {name: daemon.log.count("session resumed") for name, daemon in cluster.daemons.items()}


class WireSession:
    """One session over WebSocket through the proxy, kept across cut connections: its lines as a
    stream (section 13), its resume token, the last frame it read whole, and `resume` on a new
    connection to `/wire?daemon=NAME`, as a resuming client does (section 17)."""

    def __init__(self, proxy_port: int, auth: bool = True) -> None:
        self.base = f"ws://127.0.0.1:{proxy_port}/wire"
        self.auth = auth
        self.pending = ""
        self.lines: List[str] = []
        self.last_frame = 0
        self.ws = self._open(self.base)
        self.greeting = self.read_line()
        assert self.greeting.startswith("hello viewwire "), self.greeting
        if auth:
            assert self.command(f"auth {AUTH_TOKEN}")[-1] == "ok auth"
        reply = self.command("resume-token")[-1]
        self.token = re.search(r" token=(\S+)", reply).group(1)
        self.daemon = self.token.rsplit(".", 1)[0]

    @staticmethod
    def _open(url: str) -> ClientConnection:
        # `__enter__` hands over the connection itself (newer `websockets` deprecate using the
        # opener as one); it is closed by `close` or `reset`.
        return connect(url, open_timeout=20, close_timeout=2, max_size=2**22).__enter__()

    def read_line(self, timeout: float = 20) -> str:
        """The next line the server sent, whichever message it came in."""
        deadline = time.monotonic() + timeout
        while not self.lines:
            message = self.ws.recv(timeout=max(0.0, deadline - time.monotonic()))
            assert isinstance(message, str) and message.endswith("\n"), "whole lines in text messages"
            self.pending += message
            *complete, self.pending = self.pending.split("\n")
            self.lines.extend(complete)
        line = self.lines.pop(0)
        match = re.fullmatch(r"frame (\d+) end .*", line)
        if match:
            self.last_frame = int(match.group(1))
        return line

    def command(self, line: str) -> List[str]:
        """Sends one line; the lines up to its terminal reply, that reply last."""
        self.ws.send(line)
        got: List[str] = []
        while not got or not re.match(r"(ok|error)( |$)", got[-1]):
            got.append(self.read_line())
        return got

    def typed(self) -> str:
        """The user-name field's text, as the server's `tree` says."""
        tree = self.command("tree")
        (field,) = [line for line in tree if 'ident="username"' in line]
        return re.search(r' text="([^"]*)"', field).group(1)

    def reset(self) -> None:
        """Closes the client's socket abruptly: a TCP reset, no close frame."""
        raw: socket.socket = self.ws.socket
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        raw.close()
        try:
            self.ws.close()
        except Exception:
            pass

    def wait_cut(self) -> None:
        """Reads until the connection is found closed (the proxy cut it)."""
        with pytest.raises(ConnectionClosed):
            while True:
                self.read_line(timeout=20)

    def resume(self) -> str:
        """A new connection on `/wire?daemon=NAME` that says `resume`; the terminal reply."""
        self.pending, self.lines = "", []
        self.ws = self._open(f"{self.base}?daemon={self.daemon}")
        self.greeting = self.read_line()
        assert self.greeting.startswith("hello viewwire "), self.greeting
        if self.auth:
            assert self.command(f"auth {AUTH_TOKEN}")[-1] == "ok auth"
        return self.command(f"resume {self.token} frame={self.last_frame}")[-1]

    def close(self) -> None:
        try:
            self.ws.send("quit")
            self.ws.close()
        except Exception:
            pass


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    running = Cluster(tmp_path_factory.mktemp("web-cluster"), ["vw1", "vw2"])
    yield running
    statuses = running.stop()
    assert statuses == {"vw1": 0, "vw2": 0}, "each daemon exits 0 on SIGTERM"


def typed_session(cluster: Cluster, text: str) -> WireSession:
    """A new session through the proxy's web port, with `text` typed into the login screen."""
    session = WireSession(cluster.proxy.web_port)
    assert session.command("open login")[-1] == "ok open app=login"
    assert session.command("tap @username")[-1].startswith("ok tap")
    assert session.command(f'text "{text}"')[-1] == "ok text"
    return session


def check_resumed(session: WireSession, expected_text: str) -> None:
    """`resume` on `/wire?daemon=NAME` finds the session on its daemon: the frames go on from
    before the cut, and the text typed before it is there, with more typed after."""
    before = session.last_frame
    reply = session.resume()
    assert re.fullmatch(r"ok resume session=\d+ frame=\d+ command=\d+", reply), reply
    assert int(re.search(r" frame=(\d+)", reply).group(1)) >= before
    assert session.command('text "!"')[-1] == "ok text"
    assert session.typed() == expected_text + "!"
    assert session.last_frame > before, "frame numbers go on from before the cut"


def test_the_page_and_its_files_come_through_the_proxy(cluster: Cluster) -> None:
    base = f"http://127.0.0.1:{cluster.proxy.web_port}"
    with urllib.request.urlopen(f"{base}/", timeout=20) as page:
        assert page.status == 200
        assert page.headers["Content-Type"] == "text/html; charset=utf-8"
        html = page.read().decode()
    assert "app.js" in html
    with urllib.request.urlopen(f"{base}/connection.js", timeout=20) as script:
        assert script.status == 200
        assert "daemon" in script.read().decode(), "the served client names its daemon on resuming"


def test_the_health_check_is_a_request_the_daemons_answer(cluster: Cluster) -> None:
    # The request the shipped section's check sends, sent here to each daemon's web port.
    shipped = (REPO / "deploy" / "haproxy.cfg").read_text().split("listen viewwire-web", 1)[1]
    send = re.search(r"(?m)^\s+http-check send meth (\S+) uri (\S+) ver (\S+) hdr Host (\S+)$", shipped)
    assert send, "the web section checks with an HTTP request"
    method, uri, version, host = send.groups()
    assert re.search(r"(?m)^\s+http-check expect status 200$", shipped)
    for daemon in cluster.daemons.values():
        with socket.create_connection(("127.0.0.1", daemon.web_port), timeout=20) as conn:
            conn.sendall(f"{method} {uri} {version}\r\nHost: {host}\r\n\r\n".encode())
            answer = b""
            while b"\r\n" not in answer:
                chunk = conn.recv(4096)
                assert chunk, "the daemon answered"
                answer += chunk
        assert answer.split(b"\r\n", 1)[0] == b"HTTP/1.1 200 OK", answer


def test_websocket_sessions_spread_and_each_resumes_on_its_own_daemon(cluster: Cluster) -> None:
    sessions = [typed_session(cluster, f"web{index}") for index in range(4)]
    try:
        names = [session.daemon for session in sessions]
        assert sorted(names) == ["vw1", "vw1", "vw2", "vw2"], "leastconn spreads open sessions evenly"
        expected = [f"web{index}" for index in range(4)]
        # Three cuts each: twice a reset socket, once the proxy restarted under every session.
        for round in range(3):
            before = resumes(cluster)
            if round == 1:
                cluster.proxy.restart()
                for session in sessions:
                    session.wait_cut()
            else:
                for session in sessions:
                    session.reset()
            # One daemon's sessions first, then the other's (vw1 first in even rounds): balanced
            # by load, the second of a pair would land on the other daemon.
            order = sorted(range(4), key=lambda index: (names[index] != ("vw1" if round % 2 == 0 else "vw2"), index))
            for index in order:
                check_resumed(sessions[index], expected[index])
                expected[index] += "!"
            after = resumes(cluster)
            for name in ("vw1", "vw2"):
                assert after[name] - before[name] == names.count(name), f"{name} resumed its own sessions"
    finally:
        for session in sessions:
            session.close()


def test_a_resume_naming_no_daemon_here_is_balanced_and_told_whose_token_it_is(cluster: Cluster) -> None:
    session = WireSession(cluster.proxy.web_port)
    try:
        session.reset()
        session.daemon = "zz9"
        session.token = "zz9." + session.token.rsplit(".", 1)[1]
        reply = session.resume()
        assert re.fullmatch(
            r"error client unknown-session \"the token names the daemon 'zz9', and this is 'vw[12]'\"", reply), reply
    finally:
        session.close()


def test_a_resume_naming_a_daemon_that_is_down_gets_unknown_session(tmp_path) -> None:
    own = Cluster(tmp_path, ["vw1", "vw2"])
    try:
        session = typed_session(own, "gone")
        name = session.daemon
        other = "vw2" if name == "vw1" else "vw1"
        # A crash, not a shutdown (which says `bye "server shutting down"`, after which a client
        # does not try to resume): the connection breaks and the session is gone with its daemon.
        own.daemons[name].process.kill()
        own.daemons[name].process.wait()
        session.wait_cut()
        # The proxy finds the named daemon refusing (or already marked down by its health check)
        # and passes the request on: the other daemon shakes hands and names the token's daemon.
        reply = session.resume()
        assert reply == f"error client unknown-session \"the token names the daemon '{name}', and this is '{other}'\""
        # That connection goes on as a new session on the daemon that is up.
        reply = session.command("resume-token")[-1]
        assert f" token={other}." in reply
        session.close()
        # The web section's own health check finds the crashed daemon's web port down, and only it.
        log = own.proxy.workdir / "haproxy.log"
        wait_until(lambda: f"viewwire-web/{name} is DOWN" in log.read_text(), 60, f"the check to mark {name} down")
        assert f"viewwire-web/{other} is DOWN" not in log.read_text()
    finally:
        statuses = own.stop()
    assert statuses[other] == 0


def web_helpers():
    """clients/web/tests/helpers.py (Debian's Chromium as the browser tests drive it), loaded under
    a name of its own: clients/python/tests has a `helpers` module too."""
    spec = importlib.util.spec_from_file_location("web_helpers", REPO / "clients" / "web" / "tests" / "helpers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def websocket_urls(driver) -> List[str]:
    """The addresses of the WebSockets the page opened so far, from the DevTools network log."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketCreated":
            urls.append(message["params"]["url"])
    return urls


def test_the_browser_client_through_the_proxy_resumes_on_its_daemon(tmp_path) -> None:
    helpers = web_helpers()
    chromium, page_state, wait_for, wait_settled = (
        helpers.chromium, helpers.page_state, helpers.wait_for, helpers.wait_settled)
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    # The page sends no `auth`: these daemons have no token file.
    own = Cluster(tmp_path, ["vw1", "vw2"], auth=False)
    driver = None
    try:
        driver = chromium()
        driver.get(f"http://127.0.0.1:{own.proxy.web_port}/#/login")
        before = wait_settled(driver)
        token: Optional[str] = wait_for(lambda: driver.execute_script("return viewwire.connection.token"),
                                        "the page's resume token")
        name = token.rsplit(".", 1)[0]
        assert name in ("vw1", "vw2")
        field = driver.find_element(By.CSS_SELECTOR, '[data-ident="username"]')
        ActionChains(driver).click(field).perform()
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "keys", "the key input to take focus")
        ActionChains(driver).send_keys("alice").perform()
        wait_for(lambda: "alice" in field.text, "the user name to appear")
        wait_settled(driver)
        resumed_before = resumes(own)

        # The proxy restarts; while the page's retries have backed off to a second or more,
        # sessions of the test's own load the page's daemon by two connections, so that balancing
        # by load alone would send the page's resume to the other daemon. (Should the page come
        # back before they are in place, it is routed by its name all the same.)
        own.proxy.stop()
        wait_until(lambda: driver.execute_script("return viewwire.connection.attempt") >= 6, 60,
                   "the page's retries to back off")
        own.proxy.start()
        ballast = [WireSession(own.proxy.web_port, auth=False) for _ in range(4)]
        for session in ballast:
            if session.daemon != name:
                session.close()
        ballast = [session for session in ballast if session.daemon == name]
        # Four new sessions spread two and two, unless the page came back first.
        assert len(ballast) == 2 or resumes(own)[name] > resumed_before[name]
        wait_until(lambda: resumes(own)[name] > resumed_before[name], 60, f"the page to resume on {name}")
        after = wait_settled(driver)
        assert after["session"] == before["session"], "the page resumed its session, not a new one"
        assert resumes(own) == {**resumed_before, name: resumed_before[name] + 1}
        assert "alice" in driver.find_element(By.CSS_SELECTOR, '[data-ident="username"]').text
        urls = websocket_urls(driver)
        assert urls[0] == f"ws://127.0.0.1:{own.proxy.web_port}/wire", "a new session names no daemon"
        assert f"ws://127.0.0.1:{own.proxy.web_port}/wire?daemon={name}" in urls[1:], urls
        assert not any(token.rsplit(".", 1)[1] in url for url in urls), "the secret stays out of the address"
        assert page_state(driver)["mismatches"] == 0
        for session in ballast:
            session.close()
    finally:
        if driver is not None:
            driver.quit()
        own.stop()
