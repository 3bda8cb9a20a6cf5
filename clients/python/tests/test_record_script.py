"""scripts/record-transcript.py, the recorder docs/WRITING-APPS.md tells app authors to use: what
it records from the real daemon replays cleanly against a fresh session, comments and all, and
a reply the app would not give again makes the replay fail."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import REPO
from viewwire import TranscriptMismatch, replay_text

SCRIPT = REPO / "scripts" / "record-transcript.py"

STEPS = """# The square, dragged into the green area, turns green.
> open square
> drag 195 422 195 100
> tree
"""


def record(port: int, steps: str) -> str:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(port)], input=steps, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_recorded_session_replays(daemon):
    text = record(daemon.port, STEPS)
    assert text.startswith("< hello viewwire protocol=2 session={SESSION} ")
    assert "# The square, dragged into the green area, turns green.\n> open square\n< frame 1 begin full\n" in text
    assert "< ok drag view=4" in text
    replay_text(text, daemon.port, name="recorded.vwt")


def test_a_recording_that_no_longer_holds_fails_its_replay(daemon):
    text = record(daemon.port, STEPS).replace("< ok drag view=4", "< ok drag view=3")
    with pytest.raises(TranscriptMismatch):
        replay_text(text, daemon.port, name="edited.vwt")
