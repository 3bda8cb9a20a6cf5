"""A TCP relay on loopback that routes like a proxy in front of several daemons (PROTOCOL.md
section 17, "More than one daemon"): it holds each new connection until the client's first line
is whole, or `hold` seconds pass, and only then connects to the daemon and relays, the held
bytes first. `held` records what each connection sent before it was let through (empty for a
client that waited for the greeting); `cut()` closes every connection, as a proxy restart does.
"""

from __future__ import annotations

import select
import socket
import threading
import time
from typing import List


class HoldingRelay:
    """Listens on 127.0.0.1 and relays each connection to (host, port) once its first line is in."""

    def __init__(self, host: str, port: int, hold: float = 1.0) -> None:
        self.target = (host, port)
        self.hold = hold
        self.held: List[bytes] = []
        self._lock = threading.Lock()
        self._sockets: List[socket.socket] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        held = b""
        deadline = time.monotonic() + self.hold
        while b"\n" not in held and time.monotonic() < deadline:
            readable, _, _ = select.select([client], [], [], max(0.0, deadline - time.monotonic()))
            if not readable:
                break
            chunk = client.recv(65536)
            if not chunk:
                break
            held += chunk
        try:
            server = socket.create_connection(self.target)
            server.sendall(held)
        except OSError:
            client.close()
            return
        with self._lock:
            self.held.append(held)
            self._sockets += [client, server]
        for source, sink in ((client, server), (server, client)):
            threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                chunk = source.recv(65536)
                if not chunk:
                    break
                sink.sendall(chunk)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Close every connection relayed so far."""
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self) -> None:
        self._listener.close()
        self.cut()
