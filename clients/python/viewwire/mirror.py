"""Section 6 of PROTOCOL.md: the client's mirror of the server's view tree.

Frames arrive as lines between `frame N begin` and `frame N end`. `FrameAssembler` buffers
them into a `Frame`; `Mirror.apply` applies a whole frame or, if any line is wrong, none of
it, so the mirror is always a tree the server really had. The mirror then hashes itself
(section 7) so the caller can compare with the frame's `hash=` and `views=`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Tuple

from .errors import FrameError, ProtocolError, TokenError
from .hashing import combine, format_hash, layout_term, place_term, property_term
from .tokens import OPTION, Token, decode_value, is_number, shifted_number, tokenize

ZERO_LAYOUT = ("0", "0", "0", "0")


@dataclass
class Frame:
    """One complete frame as received: its number, whether it is full, its diff lines,
    and the hash and view count the server says the tree has after it."""

    seq: int
    full: bool
    lines: List[str]
    hash: str
    views: int


@dataclass
class View:
    """One view of the mirror.

    `layout` keeps the canonical number texts the server sent (they go into the hash as
    written); `props` maps each render key to its raw wire value for the same reason.
    The properties below decode them for scripts."""

    id: int
    cls: str
    parent: Optional[int]
    children: List[int] = field(default_factory=list)
    layout: Tuple[str, str, str, str] = ZERO_LAYOUT
    props: Dict[str, str] = field(default_factory=dict)

    @property
    def frame(self) -> Tuple[float, float, float, float]:
        """The frame (x, y, width, height) in the parent's coordinates, as numbers."""
        x, y, w, h = (float(v) for v in self.layout)
        return x, y, w, h

    def get(self, key: str, default: object = None) -> object:
        """A render property decoded (str, bool, float, or the word for colours); `default` if absent."""
        if key not in self.props:
            return default
        return decode_value(self.props[key])

    @property
    def text(self) -> Optional[str]:
        """The `text` property (a mask of bullets for secure fields), or None."""
        value = self.get("text")
        return value if isinstance(value, str) else None

    @property
    def ident(self) -> Optional[str]:
        """The accessibility identifier that `@IDENT` targets name, or None."""
        value = self.get("ident")
        return value if isinstance(value, str) else None

    def copy(self) -> "View":
        """A copy whose lists and dicts are its own, so a frame can be tried on copies."""
        return View(self.id, self.cls, self.parent, list(self.children), self.layout, dict(self.props))


class FrameAssembler:
    """Collects the lines of one frame and hands back a `Frame` at its `end` line.

    Kept apart from the mirror so that both the connection and the transcript replayer,
    which see the same lines for different reasons, assemble frames the same way."""

    def __init__(self) -> None:
        self._begin: Optional[Tuple[int, bool]] = None
        self._lines: List[str] = []

    @property
    def in_frame(self) -> bool:
        """Whether a `begin` has been read without its `end`: the next lines belong to a frame."""
        return self._begin is not None

    def wants(self, line: str) -> bool:
        """Whether `line` is part of a frame (inside one, or a `frame` line starting one)."""
        return self.in_frame or line.startswith("frame ")

    def reset(self) -> None:
        """Forget a half-read frame, as when the connection breaks before its `end`."""
        self._begin = None
        self._lines = []

    def feed(self, line: str) -> Optional[Frame]:
        """Take one line; return the finished Frame at `end`, None otherwise."""
        words = line.split(" ")
        if self._begin is None:
            if len(words) in (3, 4) and words[0] == "frame" and words[2] == "begin" and _is_digits(words[1]):
                full = len(words) == 4
                if full and words[3] != "full":
                    raise ProtocolError(f"bad frame begin line: {line!r}")
                self._begin = (int(words[1]), full)
                return None
            raise ProtocolError(f"a frame line outside a frame: {line!r}")
        if words[0] != "frame":
            self._lines.append(line)
            return None
        seq, full = self._begin
        try:
            tokens = tokenize(line)
        except TokenError as error:
            raise ProtocolError(f"frame {seq} ends with a bad line: {line!r}") from error
        words = [t.text for t in tokens if t.kind != OPTION]
        options = {t.key: t.text for t in tokens if t.kind == OPTION}
        if words != ["frame", str(seq), "end"] or "hash" not in options or not _is_digits(options.get("views", "")):
            raise ProtocolError(f"frame {seq} ends with a bad line: {line!r}")
        frame = Frame(seq, full, self._lines, options["hash"], int(options["views"]))
        self.reset()
        return frame


class Mirror:
    """The client's copy of the server's view tree, with its frame hash.

    Views are kept by id with their parent and ordered children, which is all section 6's
    lines need (an index is a position in a parent's list at the moment a line applies)."""

    def __init__(self) -> None:
        self._views: Dict[int, View] = {}
        self.root: Optional[int] = None
        self.seq = 0

    # Reading the tree.

    def __len__(self) -> int:
        return len(self._views)

    def __contains__(self, view_id: object) -> bool:
        return view_id in self._views

    def __getitem__(self, view_id: int) -> View:
        return self._views[view_id]

    def __iter__(self) -> Iterator[View]:
        """Every view depth-first from the root, children in order (the `tree` command's order)."""
        for view, _ in self.walk():
            yield view

    def walk(self) -> Iterator[Tuple[View, int]]:
        """Every view with its depth, depth-first, children in order: the order of `tree` lines."""
        if self.root is None:
            return
        stack = [(self.root, 0)]
        while stack:
            view_id, depth = stack.pop()
            view = self._views[view_id]
            yield view, depth
            stack.extend((child, depth + 1) for child in reversed(view.children))

    def find(self, target: str) -> Optional[View]:
        """The view a target names: `@ident`, `#id`, or a bare identifier; None if absent."""
        if target.startswith("#") and _is_digits(target[1:]):
            return self._views.get(int(target[1:]))
        ident = target[1:] if target.startswith("@") else target
        return next((v for v in self if v.ident == ident), None)

    def find_text(self, text: str, exact: bool = True) -> Optional[View]:
        """The first view (depth-first) whose `text` equals, or with exact=False contains, `text`."""
        for view in self:
            shown = view.text
            if shown is not None and (shown == text if exact else text in shown):
                return view
        return None

    def texts(self) -> List[str]:
        """Every `text` property in tree order, for error messages that show what is on screen."""
        return [v.text for v in self if v.text is not None]

    def absolute_frame(self, view_id: int) -> Tuple[float, float, float, float]:
        """A view's frame in window coordinates: ancestors' origins added, scroll offsets subtracted.

        This is where a tap on the view must land, so scripts can aim drags at views."""
        view = self._views[view_id]
        x, y, w, h = view.frame
        parent_id = view.parent
        while parent_id is not None:
            parent = self._views[parent_id]
            px, py, _, _ = parent.frame
            ox, oy = _offset(parent)
            x, y = x + px - ox, y + py - oy
            parent_id = parent.parent
        return x, y, w, h

    def tree_lines(self) -> List[str]:
        """The tree as the server's `tree` lines (section 10), properties sorted by key."""
        lines = []
        for view, depth in self.walk():
            props = "".join(f" {k}={view.props[k]}" for k in sorted(view.props))
            lines.append(f"tree {depth} {view.id} {view.cls} {' '.join(view.layout)}{props}")
        return lines

    # The hash.

    def hash(self) -> int:
        """The frame hash of the mirror (section 7), computed by walking every view."""
        terms = []
        for view in self._views.values():
            if view.parent is None:
                terms.append(place_term(view.id, view.cls, None, None))
            prev = None
            for child_id in view.children:
                child = self._views[child_id]
                terms.append(place_term(child_id, child.cls, view.id, prev))
                prev = child_id
            terms.append(layout_term(view.id, view.layout))
            terms.extend(property_term(view.id, k, v) for k, v in view.props.items())
        return combine(terms)

    def hash_hex(self) -> str:
        """The hash as the 16 hex digits a frame's `end` line carries."""
        return format_hash(self.hash())

    def disagreement(self, frame: Frame) -> Optional[str]:
        """Why the mirror disagrees with `frame`'s `hash=` and `views=`, or None when it agrees."""
        mine = self.hash_hex()
        if mine != frame.hash or len(self) != frame.views:
            return (f"frame {frame.seq}: server hash={frame.hash} views={frame.views}, "
                    f"mirror hash={mine} views={len(self)}")
        return None

    # Applying frames.

    def copy(self) -> "Mirror":
        """A deep copy, to try a frame on without touching this mirror."""
        other = Mirror()
        other._views = {k: v.copy() for k, v in self._views.items()}
        other.root = self.root
        other.seq = self.seq
        return other

    def apply(self, frame: Frame) -> None:
        """Apply a whole frame, or raise FrameError and change nothing.

        The lines go to a copy (an empty mirror for a full frame), which replaces this
        mirror's contents only once every line applied cleanly."""
        work = Mirror() if frame.full else self.copy()
        for line in frame.lines:
            try:
                work._apply_line(tokenize(line))
            except (TokenError, FrameError, ValueError) as error:
                raise FrameError(f"frame {frame.seq}: cannot apply {line!r}: {error}") from error
        self._views, self.root, self.seq = work._views, work.root, frame.seq

    def _apply_line(self, tokens: List[Token]) -> None:
        words = [t.text for t in tokens]
        kind = words[0] if words else ""
        if kind == "remove" and len(tokens) == 2:
            self._remove(self._view(words[1]))
        elif kind == "create" and len(tokens) == 5:
            view_id = _view_id(words[1])
            if view_id in self._views:
                raise FrameError(f"view {view_id} exists already")
            parent = self._parent(words[3])
            view = View(view_id, words[2], parent)
            if parent is None and self.root is not None:
                raise FrameError("the tree has a root already")
            self._views[view_id] = view
            self._insert(view, words[4])
        elif kind == "move" and len(tokens) == 4:
            view = self._view(words[1])
            self._detach(view)
            view.parent = self._parent(words[2])
            if view.parent is None and self.root is not None:
                raise FrameError("the tree has a root already")
            if view.parent is not None and self._is_inside(view.parent, view.id):
                raise FrameError(f"view {view.id} cannot move into its own subtree")
            self._insert(view, words[3])
        elif kind == "layout" and len(tokens) == 6:
            if not all(is_number(w) and t.kind != OPTION for w, t in zip(words[2:], tokens[2:])):
                raise FrameError("a layout needs four numbers")
            view = self._view(words[1])
            view.layout = (words[2], words[3], words[4], words[5])
        elif kind == "shift" and len(tokens) == 6:
            if not all(t.kind != OPTION for t in tokens) or not all(is_number(w) for w in words[4:]):
                raise FrameError("a shift needs PARENT FROM COUNT DX DY")
            parent = self._view(words[1])
            start, count = _count(words[2]), _count(words[3])
            if start + count > len(parent.children):
                raise FrameError(f"view {parent.id} has no children {start}..{start + count - 1}")
            for child_id in parent.children[start:start + count]:
                child = self._views[child_id]
                x, y, w, h = child.layout
                child.layout = (shifted_number(x, words[4]), shifted_number(y, words[5]), w, h)
        elif kind == "render" and len(tokens) >= 3:
            view = self._view(words[1])
            for token in tokens[2:]:
                if token.kind != OPTION:
                    raise FrameError(f"{token.raw!r} is not KEY=VALUE")
                if token.raw == "none":
                    view.props.pop(token.key, None)
                else:
                    view.props[token.key] = token.raw
        else:
            raise FrameError("not a frame line")

    def _view(self, word: str) -> View:
        view_id = _view_id(word)
        if view_id not in self._views:
            raise FrameError(f"no view {view_id}")
        return self._views[view_id]

    def _parent(self, word: str) -> Optional[int]:
        return None if word == "-" else self._view(word).id

    def _is_inside(self, view_id: int, ancestor: int) -> bool:
        current: Optional[int] = view_id
        while current is not None:
            if current == ancestor:
                return True
            current = self._views[current].parent
        return False

    def _insert(self, view: View, index_word: str) -> None:
        if not _is_digits(index_word):
            raise FrameError(f"{index_word!r} is not an index")
        index = int(index_word)
        if view.parent is None:
            if index != 0:
                raise FrameError("the root's index must be 0")
            self.root = view.id
            return
        siblings = self._views[view.parent].children
        if index > len(siblings):
            raise FrameError(f"index {index} is past the {len(siblings)} children of view {view.parent}")
        siblings.insert(index, view.id)

    def _detach(self, view: View) -> None:
        if view.parent is None:
            self.root = None
        else:
            self._views[view.parent].children.remove(view.id)

    def _remove(self, view: View) -> None:
        self._detach(view)
        doomed = [view.id]
        while doomed:
            gone = self._views.pop(doomed.pop())
            doomed.extend(gone.children)


def _is_digits(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _view_id(word: str) -> int:
    if not _is_digits(word):
        raise FrameError(f"{word!r} is not a view id")
    return int(word)


def _count(word: str) -> int:
    """A child index or count: digits only."""
    if not _is_digits(word):
        raise FrameError(f"{word!r} is not an index or a count")
    return int(word)


def _offset(view: View) -> Tuple[float, float]:
    """A scroll view's bounds origin from its `offset` property ("X,Y"), (0, 0) without one."""
    value = view.get("offset")
    if not isinstance(value, str) or "," not in value:
        return 0.0, 0.0
    x, _, y = value.partition(",")
    return float(x), float(y)
