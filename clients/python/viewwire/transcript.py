"""Section 12 of PROTOCOL.md: session transcripts (`.vwt`), parsed and replayed over TCP.

A transcript is a whole session written down. Replaying one sends its `>` lines, checks
every server line against its `<` patterns, and, beyond what the format asks, applies the
frames that come back to a mirror and checks each frame's hash, so every transcript also
tests this client's mirror.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Pattern, Tuple, Union

from .connection import DEFAULT_TIMEOUT, LineSocket
from .errors import ConnectionClosed, ProtocolError, ReplyTimeout, TranscriptError, TranscriptMismatch
from .mirror import FrameAssembler, Mirror

SEND = "send"
EXPECT = "expect"
SKIP_TO = "skip-to"
RAW = "raw"
SEND_UNTERMINATED = "send-unterminated"
REPEAT = "repeat"
CLOSE = "close"
EXPECT_CLOSE = "expect-close"
EXPECT_RAW = "expect-raw"
RECONNECT = "reconnect"
SEND_BOUND = "send-bound"
CONNECT = "connect"
USE = "use"
FIRST_CONNECTION = "main"

_CONNECTION_NAME = re.compile(r"[A-Za-z0-9_-]+")

_PLACEHOLDER = re.compile(r"\{\{|\{(\.\.\.|\w+)\}")


@dataclass(frozen=True)
class Step:
    """One meaningful transcript line: what to do (`kind`), its argument, and where it was written."""

    line: int
    kind: str
    text: str = ""
    data: bytes = b""


def parse(text: str, name: str = "<transcript>") -> List[Step]:
    """Parse a transcript's text into steps; raise TranscriptError (with file:line) for bad lines."""
    steps: List[Step] = []
    connections = {FIRST_CONNECTION}
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("<..."):
            steps.append(Step(number, SKIP_TO, _argument(line, 4, name, number)))
        elif line.startswith("<"):
            steps.append(Step(number, EXPECT, _argument(line, 1, name, number)))
        elif line.startswith(">"):
            steps.append(Step(number, SEND, _argument(line, 1, name, number)))
        elif line.startswith("!"):
            step = _directive(line[1:].strip(), name, number)
            # Section 12: a connection is named before it is used, and opened once.
            if step.kind == CONNECT and step.text in connections:
                raise TranscriptError(f"{name}:{number}: connection {step.text!r} is open already")
            if step.kind == USE and step.text not in connections:
                raise TranscriptError(f"{name}:{number}: no connection named {step.text!r} is open")
            if step.kind == CONNECT:
                connections.add(step.text)
            steps.append(step)
        else:
            raise TranscriptError(f"{name}:{number}: a line must start with >, <, <..., ! or #: {line!r}")
    return steps


def _argument(line: str, marker: int, name: str, number: int) -> str:
    """The text after a marker and the one space that separates it."""
    rest = line[marker:]
    if rest and not rest.startswith(" "):
        raise TranscriptError(f"{name}:{number}: the marker must be followed by a space: {line!r}")
    return rest[1:]


def _directive(body: str, name: str, number: int) -> Step:
    word, _, rest = body.partition(" ")
    try:
        if word == "raw":
            return Step(number, RAW, data=bytes.fromhex(rest))
        if word == EXPECT_RAW:
            return Step(number, EXPECT_RAW, text=rest, data=bytes.fromhex(rest))
        if word == "send-unterminated":
            return Step(number, SEND_UNTERMINATED, data=rest.encode("utf-8"))
        if word == "repeat":
            count, _, chunk = rest.partition(" ")
            return Step(number, REPEAT, data=chunk.encode("utf-8") * int(count))
        if word == SEND_BOUND:
            return Step(number, SEND_BOUND, text=rest)
        if word in (CLOSE, EXPECT_CLOSE, RECONNECT) and not rest:
            return Step(number, word)
        if word in (CONNECT, USE) and _CONNECTION_NAME.fullmatch(rest):
            return Step(number, word, text=rest)
    except ValueError as error:
        raise TranscriptError(f"{name}:{number}: bad '! {body}': {error}") from error
    raise TranscriptError(f"{name}:{number}: unknown directive '! {body}'")


def compile_pattern(pattern: str, bindings: Dict[str, str]) -> Tuple[Pattern[str], Dict[str, str]]:
    """Turn a `<` pattern into a regex, given the variables bound so far; also return the
    regex group of each variable the pattern binds.

    `{...}` is any text, `{_}` and an unbound `{NAME}` one run without spaces (a group, so
    a second `{NAME}` in the same line must repeat it), a bound `{NAME}` its text;
    `{{` is a literal `{`; everything else, braces that hold no name included, is literal.
    NAME is letters, digits and `_`, as in the Swift replayer."""
    parts: List[str] = []
    groups: Dict[str, str] = {}
    position = 0
    for hole in _PLACEHOLDER.finditer(pattern):
        parts.append(re.escape(pattern[position : hole.start()]))
        name = hole.group(1)
        if name is None:  # `{{`: a literal brace
            parts.append(re.escape("{"))
        elif name == "...":
            parts.append(".*")
        elif name == "_":
            parts.append("[^ ]+")
        elif name in bindings:
            parts.append(re.escape(bindings[name]))
        elif name in groups:
            parts.append(f"(?P={groups[name]})")
        else:
            groups[name] = f"v{len(groups)}"
            parts.append(f"(?P<{groups[name]}>[^ ]+)")
        position = hole.end()
    parts.append(re.escape(pattern[position:]))
    return re.compile("".join(parts), re.DOTALL), groups


def match(pattern: str, line: str, bindings: Dict[str, str]) -> Optional[Dict[str, str]]:
    """The variables a line binds if it matches the whole pattern, else None."""
    regex, groups = compile_pattern(pattern, bindings)
    found = regex.fullmatch(line)
    return None if found is None else {name: found.group(group) for name, group in groups.items()}


@dataclass
class ReplayResult:
    """What a successful replay did: lines sent and matched, frames whose hash was checked."""

    file: str
    sent: int = 0
    matched: int = 0
    frames_checked: int = 0


class Replayer:
    """Replays one parsed transcript against a server, step by step.

    Every line read goes through a FrameAssembler and a Mirror (unless check_hashes is
    False), so a wrong frame hash fails the replay at the transcript line being matched."""

    def __init__(self, steps: List[Step], name: str, host: str, port: int,
                 timeout: float = DEFAULT_TIMEOUT, check_hashes: bool = True) -> None:
        self.steps = steps
        self.name = name
        self.host = host
        self.port = port
        self.timeout = timeout
        self.check_hashes = check_hashes
        self.bindings: Dict[str, str] = {}
        self.result = ReplayResult(name)
        self._assembler = FrameAssembler()
        self._mirror = Mirror()

    def run(self) -> ReplayResult:
        """Connect, perform every step, close; raise TranscriptMismatch at the first disagreement.

        `! connect NAME` opens one more connection and `! use NAME` switches to one (section
        12); each keeps its own socket, frame assembler and mirror, so every client's frames
        are checked as that client sees them."""
        sock = LineSocket.connect(self.host, self.port, self.timeout)
        current = FIRST_CONNECTION
        others: Dict[str, Tuple[LineSocket, FrameAssembler, Mirror]] = {}
        try:
            for step in self.steps:
                if step.kind == CLOSE:
                    break
                if step.kind == RECONNECT:
                    # Section 15: the mirror stays, and a `resume` goes on from its frames; a
                    # frame the close cut is dropped.
                    sock.close()
                    self._assembler = FrameAssembler()
                    sock = LineSocket.connect(self.host, self.port, self.timeout)
                    continue
                if step.kind in (CONNECT, USE):
                    if step.text == current:
                        continue
                    if step.kind == CONNECT:
                        opened = (LineSocket.connect(self.host, self.port, self.timeout), FrameAssembler(), Mirror())
                    else:
                        opened = others.pop(step.text)
                    others[current] = (sock, self._assembler, self._mirror)
                    sock, self._assembler, self._mirror = opened
                    current = step.text
                    continue
                self._perform(sock, step)
        finally:
            sock.close()
            for other, _, _ in others.values():
                other.close()
        return self.result

    def _perform(self, sock: LineSocket, step: Step) -> None:
        if step.kind == SEND:
            sock.send_line(step.text)
            self.result.sent += 1
        elif step.kind == SEND_BOUND:
            # Section 12: each bound `{NAME}` is replaced by its value; other braces stay.
            text = re.sub(r"\{(\w+)\}", lambda m: self.bindings.get(m.group(1), m.group(0)), step.text)
            sock.send_line(text)
            self.result.sent += 1
        elif step.kind in (RAW, SEND_UNTERMINATED, REPEAT):
            sock.send(step.data)
        elif step.kind == EXPECT:
            self._expect(sock, step, skip=False)
        elif step.kind == SKIP_TO:
            self._expect(sock, step, skip=True)
        elif step.kind == EXPECT_CLOSE:
            self._expect_close(sock, step)
        elif step.kind == EXPECT_RAW:
            self._expect_raw(sock, step)

    def _expect_raw(self, sock: LineSocket, step: Step) -> None:
        expected = f"the bytes {step.text}"
        try:
            got = sock.read_bytes(len(step.data), time.monotonic() + self.timeout)
        except ReplyTimeout:
            raise TranscriptMismatch(self.name, step.line, expected, None,
                                     f"not within {self.timeout:g} s") from None
        except ConnectionClosed:
            raise TranscriptMismatch(self.name, step.line, expected, None,
                                     "the server closed the connection") from None
        if got != step.data:
            raise TranscriptMismatch(self.name, step.line, expected, got.hex(" "))

    def _expect(self, sock: LineSocket, step: Step, skip: bool) -> None:
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._read(sock, step, deadline)
            bound = match(step.text, line, self.bindings)
            if bound is None and not skip:
                raise TranscriptMismatch(self.name, step.line, step.text, line)
            self._check_frame(step, line)
            if bound is not None:
                self.bindings.update(bound)
                self.result.matched += 1
                return

    def _expect_close(self, sock: LineSocket, step: Step) -> None:
        expected = "the server closes the connection"
        try:
            line = sock.wait_for_close(time.monotonic() + self.timeout)
        except ReplyTimeout:
            raise TranscriptMismatch(self.name, step.line, expected, None,
                                     f"still open after {self.timeout:g} s") from None
        if line is not None:
            raise TranscriptMismatch(self.name, step.line, expected, line)

    def _read(self, sock: LineSocket, step: Step, deadline: float) -> str:
        try:
            return sock.read_line(deadline)
        except ReplyTimeout:
            why = f"no line within {self.timeout:g} s"
        except ConnectionClosed:
            why = "the server closed the connection"
        except ProtocolError as error:
            why = str(error)
        raise TranscriptMismatch(self.name, step.line, step.text, None, why)

    def _check_frame(self, step: Step, line: str) -> None:
        if not self.check_hashes or not self._assembler.wants(line):
            return
        try:
            frame = self._assembler.feed(line)
            if frame is None:
                return
            self._mirror.apply(frame)
            problem = self._mirror.disagreement(frame)
        except ProtocolError as error:
            problem = str(error)
        if problem is not None:
            raise TranscriptMismatch(self.name, step.line, step.text, line, f"the mirror disagrees: {problem}")
        self.result.frames_checked += 1


def replay(path: Union[str, Path], port: int, host: str = "127.0.0.1",
           timeout: float = DEFAULT_TIMEOUT, check_hashes: bool = True) -> ReplayResult:
    """Replay a `.vwt` file against the server at host:port; raise TranscriptMismatch if it disagrees."""
    path = Path(path)
    steps = parse(path.read_text(encoding="utf-8"), path.name)
    return Replayer(steps, path.name, host, port, timeout, check_hashes).run()


def replay_text(text: str, port: int, host: str = "127.0.0.1", name: str = "<transcript>",
                timeout: float = DEFAULT_TIMEOUT, check_hashes: bool = True) -> ReplayResult:
    """Replay transcript text held in memory (for tests that write small transcripts inline)."""
    return Replayer(parse(text, name), name, host, port, timeout, check_hashes).run()
