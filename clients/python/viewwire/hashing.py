"""Section 7 of PROTOCOL.md: the frame hash.

The hash is a sum of one FNV-1a term per fact (a view's place, its layout, each render
property), so a client can compare its mirror with the server's tree after every frame.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Optional, Sequence

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK = (1 << 64) - 1


@lru_cache(maxsize=1 << 16)
def fnv1a64(text: str) -> int:
    """The 64-bit FNV-1a digest of `text`'s UTF-8 bytes.

    Cached: a mirror hashed by walking meets mostly the same fact strings frame after
    frame, so walking the whole tree stays cheap without an incremental hash."""
    digest = FNV_OFFSET
    for byte in text.encode("utf-8"):
        digest = ((digest ^ byte) * FNV_PRIME) & MASK
    return digest


def place_term(view_id: int, cls: str, parent: Optional[int], prev: Optional[int]) -> int:
    """The term of a view's place: `s ID CLASS PARENT PREV`, `-` for no parent or no previous sibling.

    Hashing the previous sibling instead of an index puts sibling order in the hash while
    an insertion changes only its neighbour's term."""
    return fnv1a64(f"s {view_id} {cls} {_id_or_dash(parent)} {_id_or_dash(prev)}")


def layout_term(view_id: int, layout: Sequence[str]) -> int:
    """The term of a view's layout, `l ID X Y W H`, over the canonical number texts."""
    return fnv1a64(f"l {view_id} {' '.join(layout)}")


def property_term(view_id: int, key: str, raw_value: str) -> int:
    """The term of one render property, `p ID KEY=VALUE`, VALUE exactly as the server wrote it."""
    return fnv1a64(f"p {view_id} {key}={raw_value}")


def combine(terms: Iterable[int]) -> int:
    """Sum terms modulo 2^64, the way the server folds facts into one digest."""
    return sum(terms) & MASK


def format_hash(digest: int) -> str:
    """Write a digest as the 16 lowercase hex digits of `hash=` on a frame's end line."""
    return f"{digest:016x}"


def _id_or_dash(view_id: Optional[int]) -> str:
    return "-" if view_id is None else str(view_id)
