"""Sections 1, 3, 4 and 7 of PROTOCOL.md: the socket, its lines, replies, and the mirror kept in step.

`LineSocket` only moves lines and bytes; the transcript replayer uses it as it is.
`Connection` adds the protocol: it reads the greeting, sends a command and reads up to its
one terminal `ok`/`error` line, applies every frame on the way (asynchronous ones too),
checks each frame's hash, and on a mismatch sends `resync` and takes the full frame that
answers it.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

from .errors import CommandError, ConnectionClosed, FrameError, HashMismatch, ProtocolError, ReplyTimeout
from .mirror import Frame, FrameAssembler, Mirror
from .tokens import OPTION, STRING, tokenize

DEFAULT_TIMEOUT = 5.0


class LineSocket:
    """A TCP connection read as LF-terminated UTF-8 lines (section 1), with deadlines.

    Reads take an absolute deadline (time.monotonic()) rather than a timeout, so a caller
    waiting for several lines bounds the whole wait, not each line."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = bytearray()
        self.closed = False

    @classmethod
    def connect(cls, host: str, port: int, timeout: float = DEFAULT_TIMEOUT) -> "LineSocket":
        """Open a TCP connection; Nagle is off so single command lines go out at once."""
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock)

    def send(self, data: bytes) -> None:
        """Send raw bytes, for lines and for the transcripts' `! raw` bytes alike."""
        try:
            self._sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError) as error:
            self.closed = True
            raise ConnectionClosed("the server closed the connection") from error

    def send_line(self, text: str) -> None:
        """Send one line: its UTF-8 text and the LF that ends it."""
        self.send(text.encode("utf-8") + b"\n")

    def read_line(self, deadline: float) -> str:
        """The next line without its LF (and a CR before it).

        Raises ReplyTimeout at the deadline and ConnectionClosed at end of stream; bytes
        after the last LF at end of stream are not a line and are dropped."""
        while True:
            end = self._buffer.find(b"\n")
            if end != -1:
                raw = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                if raw.endswith(b"\r"):
                    raw = raw[:-1]
                try:
                    return raw.decode("utf-8")
                except UnicodeDecodeError as error:
                    raise ProtocolError(f"the server sent a line that is not UTF-8: {raw!r}") from error
            self._fill(deadline)

    def read_bytes(self, count: int, deadline: float) -> bytes:
        """The next `count` bytes as they are: telnet answers (section 1.1) are not lines."""
        while len(self._buffer) < count:
            self._fill(deadline)
        data = bytes(self._buffer[:count])
        del self._buffer[:count]
        return data

    def wait_for_close(self, deadline: float) -> Optional[str]:
        """None once the server closes the connection, or the line that came instead."""
        try:
            return self.read_line(deadline)
        except ConnectionClosed:
            return None

    def _fill(self, deadline: float) -> None:
        if self.closed:
            raise ConnectionClosed("the server closed the connection")
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ReplyTimeout("timed out waiting for a line from the server")
        self._sock.settimeout(remaining)
        try:
            chunk = self._sock.recv(65536)
        except socket.timeout as error:
            raise ReplyTimeout("timed out waiting for a line from the server") from error
        except (ConnectionResetError, BrokenPipeError):
            chunk = b""
        if not chunk:
            self.closed = True
            raise ConnectionClosed("the server closed the connection")
        self._buffer += chunk

    def close(self) -> None:
        """Close the socket; safe to call twice."""
        self.closed = True
        self._sock.close()


@dataclass
class Reply:
    """A command's answer: its terminal line and what came before it.

    `data` holds the reply's data lines (`app`, `help`, `tree`, `explain`...), `frames`
    the frames read while waiting (the command's own and any asynchronous ones)."""

    line: str
    data: List[str] = field(default_factory=list)
    frames: List[Frame] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the terminal line is `ok`."""
        return self.line.split(" ", 1)[0] == "ok"

    @property
    def verb(self) -> str:
        """The verb an `ok` line names (`ok tap view=8` -> `tap`), empty for an error."""
        parts = self.line.split(" ")
        return parts[1] if self.ok and len(parts) > 1 else ""

    @property
    def options(self) -> Dict[str, str]:
        """The `key=value` options of the terminal line, values unquoted."""
        return {t.key: t.text for t in tokenize(self.line) if t.kind == OPTION}

    def error(self) -> Optional[CommandError]:
        """The CommandError this reply stands for, None for `ok`."""
        if self.ok:
            return None
        tokens = tokenize(self.line)
        words = [t.text for t in tokens]
        message = next((t.text for t in tokens if t.kind == STRING), "")
        if len(words) > 1 and words[1] == "unknown-command":
            return CommandError(self.line, "unknown-command", "unknown-command", message)
        kind = words[1] if len(words) > 1 else ""
        code = words[2] if len(words) > 2 else ""
        return CommandError(self.line, kind, code, message)

    def check(self) -> "Reply":
        """Raise the reply's CommandError if it is one; return the reply otherwise (for chaining)."""
        error = self.error()
        if error is not None:
            raise error
        return self


def is_terminal(line: str) -> bool:
    """Whether a server line is a command's terminal reply (section 4)."""
    first = line.split(" ", 1)[0]
    return first in ("ok", "error")


class Connection:
    """One protocol session with its mirror.

    Every line the server sends passes through `_next_line`: frame lines build frames that
    are applied and checked at once, `trace` lines are kept in `traces`, `bye` records
    why the server is closing, and anything else is reply data. With `strict=True` a hash
    mismatch raises HashMismatch (for tests that must prove the mirror never drifts);
    otherwise the connection repairs the mirror with `resync`, as section 7 asks."""

    def __init__(self, host: str = "127.0.0.1", port: int = 7420, timeout: float = DEFAULT_TIMEOUT,
                 strict: bool = False, on_line: Optional[Callable[[str], None]] = None) -> None:
        self.timeout = timeout
        self.strict = strict
        self.on_line = on_line
        self.mirror = Mirror()
        self.traces: List[str] = []
        self.mismatches: List[str] = []
        self.resyncs = 0
        self.frames_checked = 0
        self.bye: Optional[str] = None
        self._assembler = FrameAssembler()
        self._needs_resync = False
        self._resyncing = False
        self._pending_frames: List[Frame] = []
        self.socket = LineSocket.connect(host, port, timeout)
        try:
            self.greeting = self._read(time.monotonic() + timeout)
            if is_terminal(self.greeting):  # e.g. `error server too-many-connections "..."`
                Reply(self.greeting).check()
            if self.greeting.split(" ")[:2] != ["hello", "viewwire"]:
                raise ProtocolError(f"not a ViewWire greeting: {self.greeting!r}")
        except BaseException:
            self.socket.close()
            raise
        options = {t.key: t.text for t in tokenize(self.greeting) if t.kind == OPTION}
        self.protocol = int(options.get("protocol", "0"))
        self.session_id = options.get("session", "")
        self.size = _parse_size(options.get("size", "0x0"))

    # Commands.

    def send(self, line: str) -> None:
        """Send one command line without waiting; pair it with `read_reply`."""
        self.socket.send_line(line)

    def request(self, line: str, timeout: Optional[float] = None) -> Reply:
        """Send one command line and read up to its terminal reply, applying frames on the way.

        If a frame disagreed with the mirror, the resync runs after the reply (the server
        answers lines in order, so asking earlier would only queue it behind this one)."""
        self.send(line)
        reply = self.read_reply(timeout)
        if self._needs_resync and not self._resyncing:
            self.resync()
        return reply

    def read_reply(self, timeout: Optional[float] = None) -> Reply:
        """Read lines until a terminal `ok`/`error`; return it with the data and frames before it."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        data: List[str] = []
        self._pending_frames = []
        while True:
            line = self._next_line(deadline)
            if line is None:
                continue
            if is_terminal(line):
                reply = Reply(line, data, self._pending_frames)
                self._pending_frames = []
                return reply
            data.append(line)

    def resync(self) -> None:
        """Ask for a full frame (`resync`) and replace the mirror with it."""
        self._resyncing = True
        try:
            self.resyncs += 1
            self._needs_resync = False
            self.request("resync").check()
        finally:
            self._resyncing = False
        if self._needs_resync:
            raise HashMismatch(f"the mirror disagrees even after a resync: {self.mismatches[-1]}")

    def poll(self, timeout: float) -> int:
        """Read asynchronous lines (frames from timers and animations, traces) for up to `timeout` s.

        Returns the number of frames applied; returns early after the first frame, so a
        caller waiting for a condition can check it as soon as the mirror changes."""
        deadline = time.monotonic() + timeout
        before = self.frames_checked
        try:
            while self.frames_checked == before:
                line = self._next_line(deadline)
                if line is not None:
                    raise ProtocolError(f"a line outside any reply: {line!r}")
        except ReplyTimeout:
            pass
        if self._needs_resync and not self._resyncing:
            self.resync()
        return self.frames_checked - before

    def close(self) -> None:
        """Close the socket (without `quit`; use Session.quit for a polite goodbye)."""
        self.socket.close()

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Lines.

    def _read(self, deadline: float) -> str:
        try:
            line = self.socket.read_line(deadline)
        except ConnectionClosed as closed:
            self._assembler.reset()
            raise ConnectionClosed(str(closed), self.bye) from None
        if self.on_line is not None:
            self.on_line(line)
        return line

    def _next_line(self, deadline: float) -> Optional[str]:
        """Read one line and handle it; return it if it is reply data or a terminal reply.

        Frame, trace and bye lines are consumed here and give None."""
        line = self._read(deadline)
        if line == "bye" or line.startswith("bye "):
            # Checked before the frame assembler: the stall farewell may follow an unfinished
            # frame (PROTOCOL.md section 4), which is dropped, as when the connection breaks.
            self._assembler.reset()
            tokens = tokenize(line)
            self.bye = tokens[1].text if len(tokens) > 1 else ""
            return None
        if self._assembler.wants(line):
            frame = self._assembler.feed(line)
            if frame is not None:
                self._apply(frame)
            return None
        if line.startswith("trace "):
            self.traces.append(line)
            return None
        return line

    def _apply(self, frame: Frame) -> None:
        self._pending_frames.append(frame)
        problem: Optional[str] = None
        # A full frame replaces the mirror, so it may follow any frame (a `resume` whose missed
        # frames are gone sends one, section 15).
        if frame.seq != self.mirror.seq + 1 and not frame.full:
            problem = f"frame {frame.seq} follows frame {self.mirror.seq}"
        try:
            self.mirror.apply(frame)
            problem = problem or self.mirror.disagreement(frame)
        except FrameError as error:
            problem = str(error)
            self.mirror.seq = frame.seq
        self.frames_checked += 1
        if problem is None:
            return
        self.mismatches.append(problem)
        if self.strict:
            raise HashMismatch(problem)
        self._needs_resync = True


def _parse_size(text: str) -> Tuple[float, float]:
    width, _, height = text.partition("x")
    try:
        return float(width), float(height)
    except ValueError:
        return 0.0, 0.0
