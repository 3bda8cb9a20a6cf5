"""Section 12: every transcript in Protocol/transcripts replays against the real daemon,
with each frame's hash checked by this client's mirror; and the replayer reports mismatches."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import TRANSCRIPTS, FakeServer

from viewwire import TranscriptError, TranscriptMismatch, replay, replay_text
from viewwire.transcript import RAW, REPEAT, SEND, SEND_UNTERMINATED, match, parse

CLIENT = Path(__file__).resolve().parents[1]
FILES = sorted(TRANSCRIPTS.glob("*.vwt"))


def test_there_are_transcripts():
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_transcript_replays(daemon, path):
    result = replay(path, daemon.port)
    assert result.matched > 0
    if "frame " in path.read_text(encoding="utf-8"):
        assert result.frames_checked > 0


PATTERN_CASES = [
    # (pattern, line, bindings before, new bindings or None for no match)
    ("ok ping", "ok ping", {}, {}),
    ("ok ping", "ok ping ", {}, None),
    ("hello viewwire protocol=1 session={SESSION} size=390x844",
     "hello viewwire protocol=1 session=7 size=390x844", {}, {"SESSION": "7"}),
    ("ok hello protocol=1 session={SESSION}", "ok hello protocol=1 session=7", {"SESSION": "7"}, {}),
    ("ok hello protocol=1 session={SESSION}", "ok hello protocol=1 session=8", {"SESSION": "7"}, None),
    ("create {ID} Button {_} {_}", "create 8 Button 4 1", {}, {"ID": "8"}),
    ("tap {A} {A}", "tap 3 3", {}, {"A": "3"}),
    ("tap {A} {A}", "tap 3 4", {}, None),
    ("{_}", "", {}, None),
    ("{_}", "two words", {}, None),
    ("frame {...} views=4", "frame 1 end hash=dd6b31b41c9f1367 views=4", {}, {}),
    ("frame 1 end{...}", "frame 1 end", {}, {}),
    ("a.b*c", "a.b*c", {}, {}),
    ("a.b*c", "axbbc", {}, None),
    ("by {{H} with", "by {H} with", {}, {}),  # bad-input.vwt's message holds "{H}"
    ("by {{H} with", "by 7 with", {}, None),
    ("{{{X}}", "{7}", {}, {"X": "7"}),
    ("{ {X}", "{ 1", {}, {"X": "1"}),
    ("{not a name}", "{not a name}", {}, {}),
    ("#{ID}x", "#12x", {}, {"ID": "12"}),
]


@pytest.mark.parametrize("pattern, line, bindings, expected", PATTERN_CASES)
def test_patterns(pattern, line, bindings, expected):
    assert match(pattern, line, dict(bindings)) == expected


def test_parse_every_kind_of_line():
    steps = parse("\n".join([
        "# a comment", "", "   ", "> ping", "< ok ping", "<... ok {_}", "! raw ff fb 01 0a",
        "! send-unterminated pi", "! repeat 3 ab", "! expect-close", "! close", ">",
        "! expect-raw ff fb 06",
    ]), "t.vwt")
    assert [(s.line, s.kind) for s in steps] == [
        (4, SEND), (5, "expect"), (6, "skip-to"), (7, RAW), (8, SEND_UNTERMINATED), (9, REPEAT),
        (10, "expect-close"), (11, "close"), (12, SEND), (13, "expect-raw"),
    ]
    assert steps[-1].data == b"\xff\xfb\x06"
    assert steps[3].data == b"\xff\xfb\x01\x0a" and steps[4].data == b"pi" and steps[5].data == b"ababab"
    assert steps[-2].text == ""


@pytest.mark.parametrize("text", ["ping", "! fly", "! raw zz", "! repeat x a", ">ping", "! expect-raw f",
                                  "! use other", "! connect main", "! connect a b", "! connect"])
def test_parse_errors_name_the_line(text):
    with pytest.raises(TranscriptError, match="t.vwt:2"):
        parse("# first\n" + text, "t.vwt")


def test_a_mismatch_names_file_line_pattern_and_actual_line(daemon):
    text = "< hello viewwire protocol=2 session={S} size=390x844\n> ping\n< ok pong\n"
    with pytest.raises(TranscriptMismatch) as raised:
        replay_text(text, daemon.port, name="bad.vwt")
    error = raised.value
    assert (error.file, error.line, error.expected, error.actual) == ("bad.vwt", 3, "ok pong", "ok ping")
    assert str(error) == "bad.vwt:3: expected 'ok pong', got 'ok ping'"


def test_a_line_that_never_comes_times_out(daemon):
    text = "< hello viewwire {...}\n> ping\n< ok ping\n< ok ping\n"
    with pytest.raises(TranscriptMismatch, match=r"t.vwt:4: expected 'ok ping', got nothing \(no line within 0.3 s\)"):
        replay_text(text, daemon.port, name="t.vwt", timeout=0.3)


def test_skipping_and_expecting_close(daemon):
    text = "<... hello {...}\n> apps\n<... ok apps count={N}\n> quit\n< ok quit\n! expect-close\n"
    result = replay_text(text, daemon.port)
    assert result.sent == 2 and result.matched == 3


def test_expect_close_fails_when_the_server_stays(daemon):
    text = "< hello {...}\n> ping\n! expect-close\n"
    with pytest.raises(TranscriptMismatch, match="the server closes the connection"):
        replay_text(text, daemon.port, name="t.vwt", timeout=0.3)


def test_a_wrong_frame_hash_fails_the_replay_even_when_the_patterns_accept_it():
    window = ["create 1 Window - 0", "layout 1 0 0 390 844", "render 1 bg=#ffffffff"]
    server = FakeServer(["hello viewwire protocol=1 session=1 size=390x844"],
                        ["frame 1 begin full", *window, "frame 1 end hash=0123456789abcdef views=1", "ok snapshot"])
    text = "< hello {...}\n> snapshot\n<... frame 1 end {...}\n< ok snapshot\n"
    with pytest.raises(TranscriptMismatch, match=r"t.vwt:3: .* \(the mirror disagrees: frame 1: server hash=0123456789abcdef"):
        replay_text(text, server.port, name="t.vwt", timeout=2)
    server.join()


def test_the_command_line_replays_a_file(daemon):
    path = TRANSCRIPTS / "square.vwt"
    run = subprocess.run([sys.executable, "-m", "viewwire", "replay", str(path), "--port", str(daemon.port)],
                         cwd=CLIENT, capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"ok {path}")


def test_the_command_line_reports_a_mismatch(daemon, tmp_path):
    path = tmp_path / "wrong.vwt"
    path.write_text("< hello {...}\n> ping\n< ok pong\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "viewwire", "replay", str(path), "--port", str(daemon.port)],
                         cwd=CLIENT, capture_output=True, text=True, timeout=30)
    assert run.returncode == 1
    assert "wrong.vwt:3: expected 'ok pong', got 'ok ping'" in run.stderr
