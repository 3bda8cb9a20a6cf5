"""A TCP proxy the drop tests put between a client and the daemon, to break the connection on
the daemon's side at the moment a test chooses (PROTOCOL.md sections 15 and 16).

It runs an asyncio loop on a thread of its own and listens on 127.0.0.1 at a port the OS picks.
Each accepted connection gets its own connection to the target; bytes are copied both ways as
they come. A test can:

- `cut()`: abort every open pair (both sockets at once), as a network that goes away does;
- `refuse(True)`: close each new connection at once, as an unreachable daemon looks, until
  `refuse(False)`;
- `hold(True)`: swallow what the daemon sends, so a command reaches the daemon and is applied but
  its reply never reaches the client (a cut "mid-command"); `wait_for_held(b"ok tap")` waits
  until such bytes went by.

The proxy knows nothing of the protocol: it is the network, not a client.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import List, Set


class CuttingProxy:
    """A proxy from `127.0.0.1:self.port` to `127.0.0.1:target_port`."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self._refusing = False
        self._holding = False
        self._held = bytearray()
        self._lock = threading.Lock()
        self._writers: Set[asyncio.StreamWriter] = set()
        self.accepted = 0
        self.cuts = 0
        self._loop = asyncio.new_event_loop()
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True)
        self._thread.start()
        started.wait(10)

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        started.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._refusing:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self.accepted += 1
        self._writers.update((writer, up_writer))
        await asyncio.gather(self._pump(reader, up_writer, False), self._pump(up_reader, writer, True),
                             return_exceptions=True)
        for one in (writer, up_writer):
            self._writers.discard(one)
            one.transport.abort()

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, from_daemon: bool) -> None:
        while True:
            data = await reader.read(65536)
            if not data:
                writer.transport.abort()
                return
            if from_daemon and self._holding:
                with self._lock:
                    self._held += data
                continue
            writer.write(data)
            await writer.drain()

    def _call(self, function) -> None:
        done = threading.Event()

        def run() -> None:
            try:
                function()
            finally:
                done.set()

        self._loop.call_soon_threadsafe(run)
        done.wait(10)

    def cut(self) -> None:
        """Aborts every open connection, both its sides, at once."""
        def abort_all() -> None:
            for writer in list(self._writers):
                writer.transport.abort()
            self._writers.clear()
        self.cuts += 1
        self._call(abort_all)

    def refuse(self, refusing: bool) -> None:
        """While true, each new connection is closed as soon as it is accepted."""
        self._refusing = refusing

    def hold(self, holding: bool) -> None:
        """While true, the daemon's bytes are swallowed (kept for `wait_for_held`), not passed on."""
        with self._lock:
            self._held = bytearray()
        self._holding = holding

    def wait_for_held(self, needle: bytes, timeout: float = 10) -> None:
        """Waits until the swallowed bytes hold `needle`."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                if needle in self._held:
                    return
            if time.monotonic() > deadline:
                raise TimeoutError(f"the daemon never sent {needle!r} through the proxy")
            time.sleep(0.02)

    async def _shutdown(self) -> None:
        self._server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    def close(self) -> None:
        """Closes every connection and the listener, and ends the proxy's thread."""
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
