"""Scripted sessions against the real daemon: the scripting API, hashes after every frame,
resync after a corrupted mirror, and asynchronous frames."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List

import pytest
from helpers import Daemon

from viewwire import CommandError, ConnectionClosed, HashMismatch, ReplyTimeout, Session

BULLETS = "\u2022" * 6


def test_login_shows_welcome_and_only_a_mask_of_the_password(manual_daemon):
    received: List[str] = []
    with Session(manual_daemon.port, strict=True, on_line=received.append) as s:
        s.open("login")
        assert s.tap("@username") == s.find("@username").id
        s.type_text("alice")
        s.tap("@password")
        s.type_text("secret")
        assert s.tap("@login") == s.find("@login").id
        result = s.wait_for_text("Welcome, alice!", timeout=2)
        assert result.ident == "result"
        assert s.text("@username") == "alice"
        assert s.text("@password") == BULLETS
        assert s.find("@password").get("secure") is True
        # The clear password is nowhere: not in the mirror, not in any line the server sent.
        assert not any("secret" in value for view in s.mirror for value in view.props.values())
        assert not any("secret" in line for line in received)
        assert any(BULLETS in line for line in received)
        assert s.connection.frames_checked >= 6 and s.connection.mismatches == []


def test_dragging_the_square_into_the_green_area_turns_it_green(manual_daemon):
    with Session(manual_daemon.port, strict=True) as s:
        s.open("square")
        assert s.find("@square").get("bg") == "#ff0000ff"
        assert s.drag_view("@square", "@greenArea") == s.find("@square").id
        square = s.find("@square")
        assert square.get("bg") == "#00ff00ff"
        green_x, green_y, green_w, green_h = s.mirror.absolute_frame(s.find("@greenArea").id)
        x, y = s.center(square)
        assert green_x <= x <= green_x + green_w and green_y <= y <= green_y + green_h
        s.drag(*s.center(square), 100, 600)
        assert s.find("@square").get("bg") == "#ff0000ff"


def test_snapshot_text_is_the_servers_tree_for_every_app(manual_daemon):
    with Session(manual_daemon.port, strict=True) as s:
        apps = s.apps()
        assert "login" in apps and "square" in apps
        for app in apps:
            s.open(app)
            assert s.snapshot_text().splitlines() == s.tree(), app


def test_every_frame_hash_is_checked_across_the_apps(manual_daemon):
    with Session(manual_daemon.port, strict=True) as s:
        for app in s.apps():
            before = s.connection.frames_checked
            reply = s.open(app)
            (full,) = reply.frames
            assert full.full and full.hash == s.mirror.hash_hex() and full.views == len(s.mirror)
            for view in list(s.mirror):
                if view.get("hidden") is not True and view.id in s.mirror:
                    s.command(f"tap #{view.id}", check=False)
            s.resize(320, 480)
            s.resize(390, 844)
            assert s.connection.frames_checked > before + 1, app
        assert s.connection.mismatches == [] and s.connection.resyncs == 0


def test_a_corrupted_mirror_is_repaired_by_resync(manual_daemon):
    with Session(manual_daemon.port) as s:
        s.open("login")
        s.find("@login").props["text"] = '"Hacked"'
        del s.find("@result").props["align"]
        s.tap("@username")  # its frame's hash disagrees with the corrupted mirror
        assert s.connection.resyncs == 1 and len(s.connection.mismatches) == 1
        assert "frame 2" in s.connection.mismatches[0]
        assert s.text("@login") == "Login" and s.find("@result").get("align") == "center"
        assert s.find("@username").get("focused") is True
        assert s.snapshot_text().splitlines() == s.tree()
        s.type_text("bob")  # and the session goes on, in step
        assert s.connection.resyncs == 1 and s.text("@username") == "bob"


def test_a_structurally_corrupted_mirror_is_repaired_too(manual_daemon):
    with Session(manual_daemon.port) as s:
        s.open("square")
        square = s.find("@square")
        s.mirror[square.parent].children.remove(square.id)
        s.mirror._views.pop(square.id)  # the next frame names a view the mirror lost
        s.drag(195, 422, 195, 150)
        assert s.connection.resyncs == 1
        assert s.find("@square").get("bg") == "#00ff00ff"


def test_strict_mode_raises_instead_of_resyncing(manual_daemon):
    with Session(manual_daemon.port, strict=True) as s:
        s.open("login")
        s.find("@login").props["text"] = '"Hacked"'
        with pytest.raises(HashMismatch, match="frame 2"):
            s.tap("@username")


def test_errors_are_raised_with_their_code(manual_daemon):
    with Session(manual_daemon.port) as s:
        with pytest.raises(CommandError) as raised:
            s.open("nowhere")
        assert (raised.value.kind, raised.value.code) == ("client", "unknown-app")
        assert raised.value.message == "no app named 'nowhere'; 'apps' lists them"
        with pytest.raises(CommandError) as raised:
            s.command("fly away")
        assert raised.value.kind == "unknown-command" and raised.value.message == "fly"
        s.open("login")
        with pytest.raises(CommandError, match="no-focus"):
            s.type_text("hi")
        assert s.command("key return", check=False).error().code == "no-focus"
        with pytest.raises(TypeError):
            s.tap("login")


def test_any_text_survives_quoting_both_ways(manual_daemon):
    tricky = 'a "b" \\ \t é 中 😀 \u2028 \x01 x=y \u0085 "none"'
    with Session(manual_daemon.port, strict=True) as s:
        s.open("login")
        s.tap("@username")
        s.type_text(tricky)
        assert s.text("@username") == tricky
        s.key("backspace")
        assert s.text("@username") == tricky[:-1]


def test_an_animation_completes_in_an_asynchronous_frame(daemon):
    with Session(daemon.port, strict=True) as s:
        s.open("gallery")
        s.tap("@animate")
        box = s.find("@box")
        assert box.get("anim") is not None and box.get("alpha") == 0.5
        assert s.find("@animate").get("enabled") is False
        # No command is sent: the completion arrives on the daemon's real clock, 0.5 s later.
        s.wait_for_text("Back", timeout=5)
        assert s.find("@box").get("anim") is None and s.find("@animate").get("enabled") is None


def test_a_manual_clock_runs_the_completion_when_told(manual_daemon):
    with Session(manual_daemon.port, strict=True) as s:
        assert s.command("clock").options["mode"] == "manual"
        s.open("gallery")
        s.tap("@animate")
        assert s.advance(0.25).frames == []
        reply = s.advance(0.25)
        assert reply.options == {"mode": "manual", "now": "0.5"} and len(reply.frames) == 1
        assert s.text("@animate") == "Back"
        with pytest.raises(ReplyTimeout, match="timed out waiting for the text 'Never'"):
            s.wait_for_text("Never", timeout=0.2)


def test_navigation_hello_and_explain(manual_daemon):
    with Session(manual_daemon.port, strict=True) as s:
        s.hello(size=(320, 480), locale="fr")
        s.open("login")
        assert s.text("@login") == "Connexion"
        assert s.explain("@navigation-bar") == [
            "NavigationBar#navigation-bar frame 0 0 320 44 set by its own frame "
            "(translatesAutoresizingMaskIntoConstraints)"]
        s.open("navigation")
        s.tap("@row-fig")
        assert s.text("@navigation-title") == "Fig" and s.find("@back").get("hidden") is None
        s.back()
        assert s.text("@navigation-title") == "Fruits"
        with pytest.raises(CommandError, match="at-root"):
            s.back()


def test_the_command_line_client(manual_daemon):
    run = subprocess.run([sys.executable, "-m", "viewwire", "connect", "--port", str(manual_daemon.port)],
                         input="open square\ntap @square\nquit\n", capture_output=True, text=True,
                         timeout=30, cwd=Path(__file__).resolve().parents[1])
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("hello viewwire protocol=2")
    assert "ok open app=square" in lines and "ok tap view=4" in lines and lines[-1] == "ok quit"


def test_a_full_daemon_refuses_with_a_server_error_instead_of_a_greeting(tmp_path):
    small = Daemon(tmp_path, ["--max-connections", "1"])
    try:
        with Session(small.port):
            with pytest.raises(CommandError) as raised:
                Session(small.port)
            assert (raised.value.kind, raised.value.code) == ("server", "too-many-connections")
            assert raised.value.message == "this server serves at most 1 client"
    finally:
        small.stop()


def test_a_daemon_shutting_down_says_bye(tmp_path):
    doomed = Daemon(tmp_path, [])
    try:
        with Session(doomed.port) as s:
            s.open("square")
            doomed.process.terminate()
            with pytest.raises(ConnectionClosed) as raised:
                s.connection.poll(5)
            assert raised.value.reason == "server shutting down"
    finally:
        doomed.stop()
