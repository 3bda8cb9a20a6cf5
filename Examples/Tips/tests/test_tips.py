"""The tips and bills apps driven from pytest, against tips-server started by the `port` fixture
(ViewWire's pytest plugin: `--viewwired .build/debug/tips-server` or `$VIEWWIRED`)."""

from pathlib import Path

import pytest

from viewwire import Session, replay

TRANSCRIPTS = sorted((Path(__file__).parent.parent / "Tests/TipsAppsTests/Transcripts").glob("*.vwt"))


def tap_segment(s: Session, target: str, index: int, count: int) -> None:
    """Tap segment `index` of a segmented control: its segments share its width equally
    (PROTOCOL.md, "Controls' geometry")."""
    x, y = s.center(target)
    width = s.view(target).frame[2]
    s.tap(x - width / 2 + width * (index + 0.5) / count, y)


def test_apps_are_listed(port):
    with Session(port) as s:
        assert s.apps() == ["bills", "tips"]


def test_a_bill_is_split_with_the_chosen_tip(port):
    with Session(port) as s:
        s.open("tips")
        assert s.text("@per-person") == "– each"
        s.tap("@bill")
        s.type_text("80")
        assert s.text("@tip") == "Tip: $12.00"
        tap_segment(s, "@percent", 0, 3)
        assert s.view("@percent").get("selected") == 0
        assert s.text("@total") == "Total: $88.00"
        x, y = s.center("@people")
        s.tap(x + 20, y)  # the stepper's right half adds one
        assert s.text("@people-count") == "2 people"
        assert s.text("@per-person") == "$44.00 each"
        s.tap(x - 20, y)
        s.tap(x - 20, y)  # never below its minimum, 1
        assert s.text("@people-count") == "1 person"


def test_half_typed_amounts_show_dashes(port):
    with Session(port) as s:
        s.open("tips")
        s.tap("@bill")
        s.type_text("12,5x")
        assert s.text("@total") == "Total: –"
        s.key("backspace")
        assert s.text("@total") == "Total: $14.38"


def test_bar_button_saves_bills(port):
    with Session(port) as s:
        s.open("bills")
        for amount in ("20", "10"):
            s.tap("@amount")
            s.type_text(amount)
            s.tap("@bar-add")
        assert s.text("@sum") == "Unpaid: $34.50"
        s.tap(s.wait_for_text("$10.00 + 15% = $11.50"))
        assert s.text("@sum") == "Unpaid: $23.00"


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=[t.name for t in TRANSCRIPTS])
def test_transcript(port, transcript):
    replay(str(transcript), port)
