"""ViewWire's Python client, written from Protocol/PROTOCOL.md with the standard library only.

`Session` is the scripting API for tests; `Connection` the protocol underneath it; `Mirror`
the client's copy of the view tree; `replay` runs a `.vwt` transcript against a server.
"""

from .connection import Connection, LineSocket, Reply
from .errors import (
    CommandError,
    ConnectionClosed,
    FrameError,
    HashMismatch,
    ProtocolError,
    ReplyTimeout,
    TokenError,
    TranscriptError,
    TranscriptMismatch,
    ViewWireError,
)
from .hashing import fnv1a64, format_hash, layout_term, place_term, property_term
from .mirror import Frame, FrameAssembler, Mirror, View
from .resilient import ResilientConnection, SessionLost
from .session import Session
from .tokens import Token, canonical_number, quote, tokenize, unquote
from .transcript import replay, replay_text

__all__ = [
    "CommandError", "Connection", "ConnectionClosed", "Frame", "FrameAssembler", "FrameError",
    "HashMismatch", "LineSocket", "Mirror", "ProtocolError", "Reply", "ReplyTimeout", "Session",
    "Token", "TokenError", "TranscriptError", "TranscriptMismatch", "View", "ViewWireError",
    "canonical_number", "fnv1a64", "format_hash", "layout_term", "place_term", "property_term",
    "quote", "replay", "replay_text", "tokenize", "unquote", "ResilientConnection", "SessionLost",
]
