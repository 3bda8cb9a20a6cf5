"""The scripting API: what a pytest test calls to drive an app and look at its screen.

Each method sends one command of section 5 and raises CommandError on an `error` reply, so
a test reads as the user's steps; the mirror (kept in step by the connection) answers
questions about the screen without another round trip.
"""

from __future__ import annotations

import time
from typing import Callable, List, Optional, Tuple, Union

from .connection import DEFAULT_TIMEOUT, Connection, Reply
from .errors import ReplyTimeout, ViewWireError
from .mirror import Mirror, View
from .resilient import ResilientConnection
from .tokens import canonical_number, quote, tokenize

Target = Union[str, View, float, int]


class Session:
    """One session with a ViewWire daemon, driven like a user would.

    Use it as a context manager so the connection is closed even when a test fails:

        with Session(port=port) as s:
            s.open("login")
            s.tap("@username")
            s.type_text("alice")
    """

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = DEFAULT_TIMEOUT,
                 strict: bool = False, on_line: Optional[Callable[[str], None]] = None,
                 resilient: bool = False) -> None:
        # resilient=True: the session survives lost connections (sections 15 and 16).
        connection_type = ResilientConnection if resilient else Connection
        self.connection = connection_type(host, port, timeout=timeout, strict=strict, on_line=on_line)
        self.timeout = timeout
        # "observer" or "driver" once `join` joined another session (section 18); None for an owner.
        self.role: Optional[str] = None

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def mirror(self) -> Mirror:
        """The client's copy of the window's view tree, current after every reply."""
        return self.connection.mirror

    # Commands.

    def command(self, line: str, check: bool = True) -> Reply:
        """Send any command line; raise its CommandError unless `check` is False."""
        reply = self.connection.request(line)
        return reply.check() if check else reply

    def hello(self, version: Optional[int] = None, size: Optional[Tuple[float, float]] = None,
              scale: Optional[float] = None, idiom: Optional[str] = None,
              locale: Optional[str] = None, keyboard: Optional[float] = None,
              appearance: Optional[str] = None,
              safe_area: Optional[Tuple[float, float, float, float]] = None,
              content_size: Optional[str] = None) -> Reply:
        """State the client's traits (section 3); only the ones given change. `appearance` is
        `light` or `dark`, `safe_area` the insets (top, left, bottom, right) the client's chrome
        covers, `content_size` the text size (`xs` ... `xxxl`, `ax1` ... `ax5`)."""
        parts = ["hello"]
        if version is not None:
            parts.append(f"version={version}")
        if size is not None:
            parts.append(f"size={canonical_number(size[0])}x{canonical_number(size[1])}")
        if scale is not None:
            parts.append(f"scale={canonical_number(scale)}")
        if idiom is not None:
            parts.append(f"idiom={idiom}")
        if locale is not None:
            parts.append(f"locale={locale}")
        if keyboard is not None:
            parts.append(f"keyboard={canonical_number(keyboard)}")
        if appearance is not None:
            parts.append(f"appearance={appearance}")
        if safe_area is not None:
            parts.append("safe-area=" + ",".join(canonical_number(inset) for inset in safe_area))
        if content_size is not None:
            parts.append(f"content-size={content_size}")
        return self.command(" ".join(parts))

    def apps(self) -> List[str]:
        """The names of the daemon's apps, from the `app NAME "TITLE"` lines."""
        return [line.split(" ")[1] for line in self.command("apps").data if line.startswith("app ")]

    def open(self, app: str) -> Reply:
        """Open an app; its full frame has replaced the mirror when this returns."""
        return self.command(f"open {app}")

    def close_app(self) -> Reply:
        """Close the open app; the window stays, empty."""
        return self.command("close")

    def resize(self, width: float, height: float) -> Reply:
        """Resize the window, as a client whose own window changed size would."""
        return self.command(f"resize {canonical_number(width)} {canonical_number(height)}")

    def tap(self, target: Target, y: Optional[float] = None, count: int = 1) -> Optional[int]:
        """Tap `@ident`, `#id`, a View, or the point (target, y); return the id the reply names.

        For a view target that is the target itself; for a point, the view the first touch hit
        (None for `view=none`), which lets a test check what a tap at a point reached (section 5,
        "Taps"). A view whose centre is outside the window raises `outside-window`."""
        line = f"tap {self._target(target, y)}" + (f" count={count}" if count != 1 else "")
        return _view_option(self.command(line))

    def down(self, x: float, y: float) -> Optional[int]:
        """Put a finger down at a point (the start of a hand-made drag); return the view hit."""
        return _view_option(self.command(f"down {_point(x, y)}"))

    def move(self, x: float, y: float) -> Reply:
        """Move the finger that `down` put down."""
        return self.command(f"move {_point(x, y)}")

    def up(self, x: float, y: float) -> Reply:
        """Lift the finger."""
        return self.command(f"up {_point(x, y)}")

    def drag(self, x1: float, y1: float, x2: float, y2: float, steps: Optional[int] = None) -> Optional[int]:
        """Drag from one point to another in one command (one frame); return the view first hit."""
        line = f"drag {_point(x1, y1)} {_point(x2, y2)}" + (f" steps={steps}" if steps is not None else "")
        return _view_option(self.command(line))

    def drag_view(self, source: Target, destination: Target, steps: Optional[int] = None) -> Optional[int]:
        """Drag from the centre of one view to the centre of another, both found in the mirror."""
        return self.drag(*self.center(source), *self.center(destination), steps=steps)

    def type_text(self, text: str) -> Reply:
        """Type text into the focused field; the text is always quoted, so any characters go through."""
        return self.command(f"text {quote(text)}")

    def key(self, name: str) -> Reply:
        """Press `return`, `backspace`, `tab` or `escape` in the focused field."""
        return self.command(f"key {name}")

    def back(self) -> Reply:
        """Pop the navigation stack on screen, as its back button does."""
        return self.command("back")

    def snapshot(self) -> Reply:
        """Ask for a full frame; the mirror is rebuilt from it."""
        return self.command("snapshot")

    def clock_manual(self) -> Reply:
        """Put the session on a manual clock, so timed work runs only when `advance` says."""
        return self.command("clock manual")

    def advance(self, seconds: float) -> Reply:
        """Move the manual clock forward, running the work that falls due."""
        return self.command(f"clock advance {canonical_number(seconds)}")

    def tree(self) -> List[str]:
        """The server's own `tree` lines, to compare with `snapshot_text()`."""
        return self.command("tree").data

    def explain(self, target: Target, y: Optional[float] = None) -> List[str]:
        """The server's reasons for a view's frame, one unquoted line per fact."""
        return [tokenize(line)[1].text for line in self.command(f"explain {self._target(target, y)}").data]

    # Sharing (section 18).

    def share(self, role: str = "observer") -> str:
        """The session's share token for `role`, "observer" or "driver" (`share observe|drive`).

        Asking again names the same token until `revoke_sharing`. Whoever holds it can watch
        (or drive) this session, so keep it as a password."""
        words = {"observer": "observe", "driver": "drive"}
        if role not in words:
            raise ValueError(f"a share role is 'observer' or 'driver', not {role!r}")
        return self.command(f"share {words[role]}").options["token"]

    def revoke_sharing(self) -> Tuple[int, int]:
        """End the share tokens and close every joiner (`share revoke`); return how many of each."""
        options = self.command("share revoke").options
        return int(options.get("revoked", "0")), int(options.get("closed", "0"))

    def join(self, token: str) -> Reply:
        """Join the session `token` shares (`join TOKEN`); return the `ok join` reply.

        This connection's own session ends; the join's full frame replaces the mirror, and from
        then on the joined session's frames keep it in step: those the other clients' input
        causes arrive between replies, read by `wait_for` (or `wait_for_frame`). `join` is sent
        without a number (section 16), so it is not retried after a lost connection."""
        if isinstance(self.connection, ResilientConnection):
            raise ViewWireError("a resilient session resumes its own session; join from a plain Session")
        reply = self.connection.request(f"join {token}").check()
        self.connection.session_id = reply.options.get("session", self.connection.session_id)
        self.role = reply.options.get("role")
        return reply

    def wait_for_frame(self, seq: int, timeout: Optional[float] = None) -> None:
        """Wait until the mirror holds frame `seq` or a later one, reading asynchronous frames:
        how an observer waits for the frame a driver's command made."""
        self.wait_for(lambda: self.mirror.seq >= seq, timeout, f"frame {seq}")

    def quit(self) -> None:
        """Say goodbye (`quit`) and close the connection."""
        try:
            self.command("quit")
        finally:
            self.close()

    def close(self) -> None:
        """Close the connection without a goodbye."""
        self.connection.close()

    # The screen, from the mirror.

    def find(self, target: str) -> Optional[View]:
        """The view named by `@ident`, `#id` or a bare identifier, or None."""
        return self.mirror.find(target)

    def view(self, target: Target) -> View:
        """Like `find`, but a missing view is an error that names what is on screen."""
        if isinstance(target, View):
            return target
        found = self.mirror.find(str(target))
        if found is None:
            idents = [v.ident for v in self.mirror if v.ident]
            raise ViewWireError(f"no view {target} in the mirror; identifiers: {idents}")
        return found

    def text(self, target: Target) -> Optional[str]:
        """The `text` of a view (a mask for secure fields)."""
        return self.view(target).text

    def center(self, target: Target) -> Tuple[float, float]:
        """The centre of a view in window coordinates: where a tap on it lands."""
        x, y, w, h = self.mirror.absolute_frame(self.view(target).id)
        return x + w / 2, y + h / 2

    def snapshot_text(self) -> str:
        """The mirror as `tree` lines, one per view, as the server's `tree` would print them."""
        return "\n".join(self.mirror.tree_lines())

    def wait_for(self, condition: Callable[[], object], timeout: Optional[float] = None,
                 what: str = "a condition") -> object:
        """Wait until `condition()` is truthy, reading asynchronous frames meanwhile; return its value.

        Timers and animations change the tree between commands; this is how a script waits
        for them without sleeping a fixed time."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            value = condition()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ReplyTimeout(f"timed out waiting for {what}; texts on screen: {self.mirror.texts()}")
            self.connection.poll(remaining)

    def wait_for_text(self, text: str, timeout: Optional[float] = None, exact: bool = True) -> View:
        """Wait until some view's `text` equals `text` (or contains it, with exact=False); return it."""
        found = self.wait_for(lambda: self.mirror.find_text(text, exact), timeout, f"the text {text!r}")
        assert isinstance(found, View)
        return found

    def _target(self, target: Target, y: Optional[float]) -> str:
        if isinstance(target, View):
            return f"#{target.id}"
        if isinstance(target, (int, float)) and not isinstance(target, bool):
            if y is None:
                raise TypeError("a point target needs both x and y")
            return _point(target, y)
        if isinstance(target, str) and target[:1] in ("@", "#") and y is None:
            return target
        raise TypeError(f"a target is '@ident', '#id', a View or x, y; not {target!r}")


def _point(x: float, y: float) -> str:
    return f"{canonical_number(x)} {canonical_number(y)}"


def _view_option(reply: Reply) -> Optional[int]:
    view = reply.options.get("view", "none")
    return int(view) if view.isdigit() else None
