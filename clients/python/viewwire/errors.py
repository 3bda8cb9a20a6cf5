"""The exceptions of the ViewWire client, in one place so callers can catch them by kind."""

from __future__ import annotations


class ViewWireError(Exception):
    """Base of every error this package raises, so a test can catch "anything ViewWire"."""


class TokenError(ViewWireError, ValueError):
    """A line or string breaks section 2's token rules (the server would say `bad-syntax`)."""


class ProtocolError(ViewWireError):
    """The server sent something section 1-7 does not allow; the session cannot be trusted."""


class FrameError(ProtocolError):
    """A frame cannot be applied to the mirror (unknown view, bad index, bad line).

    The mirror is left as it was, since frames apply atomically (section 6)."""


class HashMismatch(ProtocolError):
    """The mirror's hash or view count disagrees with a frame's `end` line (section 7)."""


class ConnectionClosed(ViewWireError):
    """The server closed the connection; `reason` holds its `bye` text when it sent one."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class ReplyTimeout(ViewWireError, TimeoutError):
    """A reply, line or condition did not come in time; a script fails instead of hanging."""


class CommandError(ViewWireError):
    """The server answered a command with `error` (section 4).

    `kind` is `client`, `server` or `unknown-command`; `code` is the error code (for
    `unknown-command`, the code is `unknown-command` too); `message` the unquoted text."""

    def __init__(self, line: str, kind: str, code: str, message: str) -> None:
        super().__init__(line)
        self.line = line
        self.kind = kind
        self.code = code
        self.message = message


class TranscriptError(ViewWireError):
    """A transcript file is malformed (an unknown `!` directive, a line without a marker)."""


class TranscriptMismatch(ViewWireError, AssertionError):
    """A replayed transcript disagrees with the server.

    An AssertionError, so pytest shows it as a test failure with the file, line, the
    expected pattern and the line that came."""

    def __init__(self, file: str, line: int, expected: str, actual: str | None, why: str = "") -> None:
        where = f"{file}:{line}"
        got = "nothing" if actual is None else repr(actual)
        detail = f" ({why})" if why else ""
        super().__init__(f"{where}: expected {expected!r}, got {got}{detail}")
        self.file = file
        self.line = line
        self.expected = expected
        self.actual = actual
        self.why = why
