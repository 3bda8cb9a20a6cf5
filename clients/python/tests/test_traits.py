"""The traits a client states in `hello` (PROTOCOL.md section 3, "Appearance, safe area and text
size"), scripted through the Python client against the real daemon."""

from __future__ import annotations

import pytest

from viewwire import CommandError, Session


def test_a_dark_hello_turns_the_open_login_screen_dark_in_one_frame(daemon):
    with Session(daemon.port, strict=True) as s:
        s.open("login")
        assert s.find("#1").get("bg") == "#ffffffff"
        frames = s.connection.frames_checked
        s.hello(appearance="dark", safe_area=(47, 0, 34, 0))
        assert s.connection.frames_checked == frames + 1
        assert s.find("#1").get("bg") == "#000000ff"
        assert s.find("@navigation-title").get("textColor") == "#ffffffff"
        assert s.find("@login").get("bg") == "#808080ff", "a fixed colour stays"
        assert s.find("@navigation-bar").frame == (0, 0, 390, 91)
        s.hello(appearance="dark")
        assert s.connection.frames_checked == frames + 1, "the same traits again send no frame"


def test_the_traits_app_reads_back_what_the_client_said(daemon):
    with Session(daemon.port, strict=True) as s:
        s.hello(content_size="ax1", safe_area=(20, 0, 0, 0))
        s.open("traits")
        assert s.text("@content-size") == "content size: ax1"
        assert s.text("@safe-area") == "safe area: 20 0 0 0"
        assert s.find("@title").get("font") == 44.0, "largeTitle at AX1"
        s.hello(size=(844, 390))
        assert s.text("@size-classes") == "size classes: compact x compact"


@pytest.mark.parametrize("option", ["appearance=dim", "safe-area=1,2,3", "safe-area=1,2,3,-4", "content-size=huge"])
def test_a_bad_trait_is_a_bad_argument_and_changes_nothing(daemon, option):
    with Session(daemon.port, strict=True) as s:
        s.open("login")
        with pytest.raises(CommandError) as refused:
            s.command(f"hello appearance=dark {option}")
        assert "bad-argument" in str(refused.value)
        assert s.find("#1").get("bg") == "#ffffffff"
