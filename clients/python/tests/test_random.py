"""Random input over the demo apps, with the mirror's hash checked after every frame.

Seeded and on a manual clock, so a failure repeats: rerun with VIEWWIRE_SEED set to the
seed in the failure message. Bounded in actions and in time."""

from __future__ import annotations

import os
import random
import time
from typing import Callable, List

from viewwire import Session, quote
from viewwire.tokens import canonical_number

SEED = int(os.environ.get("VIEWWIRE_SEED", "20240613"))
ACTIONS = 600
TIME_BUDGET = 15.0
ALPHABET = ["a", "Z", "0", " ", "=", '"', "\\", "\t", "\n", "é", "中", "😀", "\u2028", "\x01", "•", "{_}"]


def random_line(rng: random.Random, s: Session) -> str:
    """One random command line, aimed mostly at the views on screen."""
    root = s.mirror[s.mirror.root] if s.mirror.root is not None else None
    width, height = root.frame[2:] if root else (390.0, 844.0)

    def point() -> str:
        return f"{canonical_number(rng.uniform(0, width - 0.01))} {canonical_number(rng.uniform(0, height - 0.01))}"

    def some_view() -> str:
        views = list(s.mirror)
        return f"#{rng.choice(views).id}" if views else "#1"

    def some_ident() -> str:
        idents = [v.ident for v in s.mirror if v.ident]
        return f"@{rng.choice(idents)}" if idents else "@none"

    def from_a_view() -> str:
        """A drag's start at the centre of a view with an identifier: squares, sliders, rows."""
        x, y = s.center(some_ident()) if any(v.ident for v in s.mirror) else (1.0, 1.0)
        return f"{canonical_number(x)} {canonical_number(y)}"

    def some_text() -> str:
        return quote("".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 6))))

    choices: List[Callable[[], str]] = [
        lambda: f"tap {point()}",
        lambda: f"tap {some_view()}",
        lambda: f"tap {some_ident()}",
        lambda: f"tap {some_ident()} count=2",
        lambda: f"drag {point()} {point()} steps={rng.randint(1, 6)}",
        lambda: f"drag {from_a_view()} {point()}",
        lambda: f"down {point()}",
        lambda: f"move {point()}",
        lambda: f"up {point()}",
        lambda: f"text {some_text()}",
        lambda: f"key {rng.choice(['return', 'backspace', 'tab', 'escape'])}",
        lambda: f"clock advance {canonical_number(rng.choice([0, 0.1, 0.25, 0.5, 1]))}",
        lambda: "back",
        lambda: "memory-warning",
        lambda: f"resize {rng.randint(200, 500)} {rng.randint(300, 900)}",
        lambda: "snapshot",
    ]
    weights = [4, 3, 12, 1, 5, 3, 2, 2, 2, 5, 3, 2, 1, 1, 1, 1]
    return rng.choices(choices, weights)[0]()


def test_random_input_keeps_the_mirror_in_step(manual_daemon):
    rng = random.Random(SEED)
    deadline = time.monotonic() + TIME_BUDGET
    done = 0
    with Session(manual_daemon.port, strict=True) as s:
        apps = s.apps()
        for done in range(ACTIONS):
            if time.monotonic() > deadline:
                break
            if done % 25 == 0:
                s.open(rng.choice(apps))
            line = random_line(rng, s)
            reply = s.command(line, check=False)  # strict: a hash mismatch raises right here
            error = reply.error()
            assert error is None or error.kind == "client", f"seed {SEED}, action {done}: {line!r} -> {reply.line}"
            if done % 50 == 49:
                assert s.snapshot_text().splitlines() == s.tree(), f"seed {SEED}, action {done}"
        assert s.connection.mismatches == [] and s.connection.resyncs == 0
        assert s.snapshot_text().splitlines() == s.tree()
        assert s.connection.frames_checked > ACTIONS // 8, "too few frames to have tested anything"
    assert done >= ACTIONS // 2, f"only {done} actions in {TIME_BUDGET} s"
