"""Sections 15 and 16 of PROTOCOL.md: a connection whose session survives a lost connection.

`ResilientConnection` asks for the session's resume token, numbers every command with `n=`,
and when the connection breaks (end of stream, a reset, a `bye` other than the server's
shutdown) reconnects with backoff, sends `resume TOKEN frame=SEQ` at once (before the greeting,
so a proxy can route it to the daemon its token names), applies the frames it
missed, and sends the unanswered command again with the same number: the server applies
each number once, so nothing is lost and nothing is done twice (section 16, "What a client
does to survive a drop").
"""

from __future__ import annotations

import time
from typing import Callable, Optional

from .connection import DEFAULT_TIMEOUT, Connection, LineSocket, Reply, is_terminal
from .errors import CommandError, ConnectionClosed, ProtocolError, ViewWireError

SHUTDOWN_REASON = "server shutting down"


class SessionLost(ViewWireError):
    """The session is gone (its detach timeout passed, or the daemon restarted): start over."""


class ResilientConnection(Connection):
    """A `Connection` that reconnects, resumes and retries by itself.

    Commands go one at a time (`request`), so at most one is unanswered when the connection
    breaks. `reconnects` counts the resumes that succeeded, `retries` the commands sent again."""

    def __init__(self, host: str = "127.0.0.1", port: int = 7420, timeout: float = DEFAULT_TIMEOUT,
                 strict: bool = False, on_line: Optional[Callable[[str], None]] = None,
                 first_delay: float = 0.05, longest_delay: float = 2.0,
                 auth_token: Optional[str] = None) -> None:
        self.host = host
        self.port = port
        self.first_delay = first_delay
        self.longest_delay = longest_delay
        self.reconnects = 0
        self.retries = 0
        self._number = 0
        # Section 17: a daemon with a token file wants `auth` first on every connection.
        self.auth_token = auth_token
        # Until the token is read there is nothing to resume: a connection lost before it is
        # simply made again, with a new session (for `timeout` seconds at most).
        deadline = time.monotonic() + timeout
        delay = 0.0
        while True:
            try:
                super().__init__(host, port, timeout=timeout, strict=strict, on_line=on_line)
                if auth_token is not None:
                    self._request_once(f"auth {auth_token}").check()
                reply = self._request_once("resume-token").check()
                break
            except (ConnectionClosed, OSError) as error:
                if getattr(self, "socket", None) is not None:
                    self.socket.close()
                if time.monotonic() + delay > deadline:
                    raise SessionLost(f"could not start a session: {error}") from error
            time.sleep(delay)
            delay = min(self.longest_delay, max(self.first_delay, delay * 2))
        self.token = reply.options["token"]
        self.detach_timeout = float(reply.options.get("detach-timeout", "60"))

    def request(self, line: str, timeout: Optional[float] = None) -> Reply:
        """Send one command numbered `n=`, and read its reply, across as many reconnects as it takes."""
        if self._resyncing:
            # A resync inside a reply is not numbered: sent again it does no harm.
            return self._request_once(line, timeout)
        self._number += 1
        numbered = f"{line} n={self._number}"
        while True:
            try:
                return self._request_once(numbered, timeout)
            except (ConnectionClosed, OSError) as error:
                if isinstance(error, ConnectionClosed) and error.reason == SHUTDOWN_REASON:
                    raise
                self._resume()
                self.retries += 1

    def _request_once(self, line: str, timeout: Optional[float] = None) -> Reply:
        return Connection.request(self, line, timeout)

    def _resume(self) -> None:
        """Reconnect with backoff and `resume`; raise SessionLost when the session is gone."""
        deadline = time.monotonic() + self.detach_timeout
        delay = 0.0
        while True:
            try:
                self._resume_once()
                self.reconnects += 1
                return
            except (ConnectionClosed, OSError, ProtocolError) as error:
                if isinstance(error, ConnectionClosed) and error.reason == SHUTDOWN_REASON:
                    raise
                if time.monotonic() + delay > deadline:
                    raise SessionLost(f"could not resume within {self.detach_timeout:g} s: {error}") from error
            time.sleep(delay)
            delay = min(self.longest_delay, max(self.first_delay, delay * 2))

    def _resume_once(self) -> None:
        """One reconnect: `auth` and `resume` go out at once on connect, before the greeting is read.

        Sent first, the `resume` line is what a proxy in front of several daemons routes by
        (PROTOCOL.md section 17, "More than one daemon"); the server answers it after its
        greeting, so the replies come in order: greeting, `ok auth`, the frames, `ok resume`."""
        self.socket.close()
        self._assembler.reset()
        self.bye = None
        self.socket = LineSocket.connect(self.host, self.port, self.timeout)
        first = "" if self.auth_token is None else f"auth {self.auth_token}\n"
        self.socket.send(f"{first}resume {self.token} frame={self.mirror.seq}\n".encode("utf-8"))
        greeting = self._read(time.monotonic() + self.timeout)
        if is_terminal(greeting):  # `too-many-connections`: the lines sent are not answered
            raise ConnectionClosed(f"refused: {greeting}")
        if greeting.split(" ")[:2] != ["hello", "viewwire"]:
            raise ProtocolError(f"not a ViewWire greeting: {greeting!r}")
        if self.auth_token is not None:
            self.read_reply().check()
        reply = self.read_reply()
        error = reply.error()
        if error is not None:
            if error.code == "unknown-session":
                raise SessionLost(f"the session is gone: {error.message}")
            raise error
        self.last_applied = int(reply.options.get("command", "0"))
