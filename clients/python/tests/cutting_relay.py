"""A TCP relay on loopback that cuts its connections at random points, for the resume tests.

Each connection through the relay gets a budget of bytes in each direction, drawn from a
seeded generator; the byte that exhausts a budget is the last one forwarded, whatever it is
(inside a command line, inside a frame, between a command and its reply), and then both
sides are closed at once. `cuts` counts the connections cut that way.
"""

from __future__ import annotations

import random
import socket
import threading
from typing import List, Tuple


class CuttingRelay:
    """Listens on 127.0.0.1 and relays each connection to (host, port) until its budget runs out."""

    def __init__(self, host: str, port: int, seed: int, client_budget: Tuple[int, int],
                 server_budget: Tuple[int, int]) -> None:
        self.target = (host, port)
        self.random = random.Random(seed)
        self.client_budget = client_budget
        self.server_budget = server_budget
        self.cuts = 0
        self.connections = 0
        self.cutting = True
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._threads: List[threading.Thread] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            for sock in (client, server):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                self.connections += 1
                # One connection in five gets a budget far larger than any frame, so a frame that
                # is larger than the usual budget (a full frame of many rows) still gets through
                # and the session makes progress.
                downstream = self.server_budget if self.random.random() < 0.8 else (
                    self.server_budget[1], self.server_budget[1] * 40)
                budgets = [self.random.randint(*self.client_budget), self.random.randint(*downstream)]
            state = {"budgets": budgets, "done": False}
            for source, sink, index in ((client, server, 0), (server, client, 1)):
                threading.Thread(target=self._pump, args=(source, sink, index, state, client, server),
                                 daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, index: int, state: dict,
              client: socket.socket, server: socket.socket) -> None:
        try:
            while True:
                chunk = source.recv(65536)
                if not chunk:
                    break
                with self._lock:
                    if state["done"]:
                        return
                    cut = False
                    if self.cutting:
                        left = state["budgets"][index]
                        if len(chunk) >= left:
                            chunk = chunk[:left]
                            cut = True
                        state["budgets"][index] = left - len(chunk)
                sink.sendall(chunk)
                if cut:
                    with self._lock:
                        if not state["done"]:
                            self.cuts += 1
                        state["done"] = True
                    break
        except OSError:
            pass
        with self._lock:
            state["done"] = True
        for sock in (client, server):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self) -> None:
        self._closed = True
        self._listener.close()
