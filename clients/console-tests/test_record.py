"""`viewwire record`, the recorder docs/WRITING-APPS.md tells app authors to use: what it records
from the real daemon replays cleanly (with `viewwire replay`) against a fresh session, comments and
all; a reply the app would not give again makes the replay fail; bad steps are refused."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import VIEWWIRE

STEPS = """# The square, dragged into the green area, turns green.
> open square
drag 195 422 195 100
> tree
"""


def record(port: int, steps: str, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(VIEWWIRE), "record", "--port", str(port), *options],
        input=steps, capture_output=True, text=True, timeout=60)


def replay(port: int, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(VIEWWIRE), "replay", "--port", str(port), str(path)], capture_output=True, text=True, timeout=60)


def test_a_recorded_session_replays(daemon, tmp_path):
    result = record(daemon.port, STEPS)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith("< hello viewwire protocol=2 session={SESSION} ")
    assert "# The square, dragged into the green area, turns green.\n> open square\n< frame 1 begin full\n" in text
    # A line typed without a marker is a command: it is written as one.
    assert "\n> drag 195 422 195 100\n" in text
    assert "\n< ok drag view=4\n" in text
    path = tmp_path / "recorded.vwt"
    path.write_text(text)
    replayed = replay(daemon.port, path)
    assert replayed.returncode == 0, replayed.stdout
    assert replayed.stdout.strip() == f"ok {path}"


def test_a_recording_that_no_longer_holds_fails_its_replay(daemon, tmp_path):
    text = record(daemon.port, STEPS).stdout.replace("< ok drag view=4", "< ok drag view=3")
    path = tmp_path / "edited.vwt"
    path.write_text(text)
    replayed = replay(daemon.port, path)
    assert replayed.returncode == 1
    assert "ok drag view=3" in replayed.stdout


def test_output_goes_to_a_file_and_the_replies_to_the_terminal(daemon, tmp_path):
    path = tmp_path / "out.vwt"
    result = record(daemon.port, "ping\n> quit\n", "--output", str(path))
    assert result.returncode == 0, result.stderr
    assert "ok ping" in result.stdout
    written = path.read_text().splitlines()
    assert written[1:4] == ["> ping", "< ok ping", "> quit"]
    assert written[-1] == "! expect-close"
    assert replay(daemon.port, path).returncode == 0


def test_raw_and_repeat_steps_are_sent_as_bytes(daemon):
    steps = "! raw 70 69 6e 67 0a\n! repeat 3 pi\n> ng\n"
    result = record(daemon.port, steps)
    assert result.returncode == 0, result.stderr
    assert "! raw 70 69 6e 67 0a\n< ok ping\n" in result.stdout
    # "pipipi" + "ng" is one line the server does not know.
    assert "! repeat 3 pi\n> ng\n< error unknown-command" in result.stdout


def test_a_step_that_is_not_one_is_refused_and_nothing_is_written(daemon, tmp_path):
    path = tmp_path / "never.vwt"
    result = record(daemon.port, "ping\n< ok ping\n", "--output", str(path))
    assert result.returncode == 1
    assert "not a step: < ok ping" in result.stderr
    assert not path.exists()
