"""Section 6: the mirror applies frames atomically, and its hash follows the tree."""

from __future__ import annotations

from typing import Iterable, List

import pytest
from helpers import FakeServer

from viewwire import ConnectionClosed, Frame, FrameAssembler, FrameError, Mirror, ProtocolError, Session

WINDOW = ["create 1 Window - 0", "layout 1 0 0 390 844", "render 1 bg=#ffffffff"]
WINDOW_HASH = "e066c57f084a4eae"

# square.vwt's first frame, as the daemon sends it.
SQUARE = [
    "frame 1 begin full",
    "create 1 Window - 0",
    "create 2 CustomView 1 0",
    "create 3 View 2 0",
    "create 4 View 2 1",
    "layout 1 0 0 390 844",
    "layout 2 0 0 390 844",
    "layout 3 0 0 390 281.333",
    "layout 4 95 322 200 200",
    "render 1 bg=#ffffffff",
    "render 2 bg=#aaaaaaff",
    'render 3 bg=#00ff004d ident="greenArea"',
    'render 4 bg=#ff0000ff ident="square"',
    "frame 1 end hash=dd6b31b41c9f1367 views=4",
]
SQUARE_DRAG = [
    "frame 2 begin",
    "layout 4 95 50 200 200",
    "render 4 bg=#00ff00ff",
    "frame 2 end hash=96e2d55b699a2a31 views=4",
]


def assemble(lines: Iterable[str]) -> List[Frame]:
    assembler = FrameAssembler()
    return [frame for frame in map(assembler.feed, lines) if frame is not None]


def frame(seq: int, lines: List[str], full: bool = False) -> Frame:
    """A hand-made frame; its hash and count are not checked by apply()."""
    return Frame(seq, full, lines, "0" * 16, 0)


def applied(*frames: Frame) -> Mirror:
    mirror = Mirror()
    for each in frames:
        mirror.apply(each)
    return mirror


def test_frames_from_a_transcript_apply_and_hash_as_the_server_says():
    mirror = Mirror()
    for each in assemble(SQUARE + SQUARE_DRAG):
        mirror.apply(each)
        assert mirror.disagreement(each) is None
    square = mirror.find("@square")
    assert square is not None and square.frame == (95, 50, 200, 200) and square.get("bg") == "#00ff00ff"
    assert mirror.find("@greenArea").layout == ("0", "0", "390", "281.333")
    assert mirror.seq == 2


def test_a_full_frame_empties_the_mirror_first():
    mirror = applied(*assemble(SQUARE))
    mirror.apply(Frame(2, True, WINDOW, WINDOW_HASH, 1))
    assert len(mirror) == 1 and mirror.hash_hex() == WINDOW_HASH


def test_render_none_removes_a_property_and_a_quoted_none_does_not():
    mirror = applied(frame(1, WINDOW, full=True))
    mirror.apply(frame(2, ['render 1 alpha=0.5 text="none"']))
    assert mirror[1].props == {"bg": "#ffffffff", "alpha": "0.5", "text": '"none"'}
    mirror.apply(frame(3, ["render 1 alpha=none bg=none"]))
    assert mirror[1].props == {"text": '"none"'}
    assert mirror[1].get("text") == "none"


def test_remove_takes_the_whole_subtree():
    mirror = applied(*assemble(SQUARE))
    mirror.apply(frame(2, ["remove 2"]))
    assert len(mirror) == 1 and mirror[1].children == []
    assert mirror.hash_hex() == WINDOW_HASH


def test_create_inserts_at_the_index_of_that_moment():
    mirror = applied(frame(1, WINDOW + ["create 2 View 1 0", "create 3 View 1 0", "create 4 View 1 1"], full=True))
    assert mirror[1].children == [3, 4, 2]
    assert mirror[2].layout == ("0", "0", "0", "0") and mirror[2].props == {}


def test_move_takes_the_view_out_first_then_inserts_it():
    mirror = applied(frame(1, WINDOW + ["create 2 View 1 0", "create 3 View 1 1", "create 4 View 1 2",
                                        "create 5 View 3 0"], full=True))
    mirror.apply(frame(2, ["move 2 1 2"]))  # out of [2, 3, 4], then into [3, 4] at 2
    assert mirror[1].children == [3, 4, 2]
    mirror.apply(frame(3, ["move 4 3 0"]))
    assert mirror[1].children == [3, 2] and mirror[3].children == [4, 5] and mirror[4].parent == 3
    # The hash depends on the tree only, not on how it was reached.
    direct = applied(frame(1, WINDOW + ["create 3 View 1 0", "create 2 View 1 1", "create 4 View 3 0",
                                        "create 5 View 3 1"], full=True))
    assert mirror.hash() == direct.hash()


def test_shift_moves_a_run_of_children_exactly_in_thousandths():
    rows = [f"create {i} View 1 {i - 2}" for i in range(2, 12)]
    layouts = [f"layout {i} 0.5 {(i - 2) * 10.125:g} 50 10" for i in range(2, 12)]
    mirror = applied(frame(1, WINDOW + rows + layouts, full=True))
    mirror.apply(frame(2, ["remove 4", "shift 1 2 7 -0.5 -10.125"]))
    assert [mirror[i].layout for i in (3, 5, 11)] == [
        ("0.5", "10.125", "50", "10"), ("0", "20.25", "50", "10"), ("0", "81", "50", "10")]
    # The same tree sent as layout lines hashes the same: shift changes each moved view's term.
    direct = applied(frame(1, WINDOW + [f"create {i} View 1 {n}" for n, i in enumerate([2, 3, *range(5, 12)])]
                           + ["layout 2 0.5 0 50 10", "layout 3 0.5 10.125 50 10"]
                           + [f"layout {i} 0 {(i - 3) * 10.125:g} 50 10" for i in range(5, 12)], full=True))
    assert mirror.hash() == direct.hash()


@pytest.mark.parametrize("bad_shift", ["shift 1 0 99 0 1", "shift 1 -1 2 0 1", "shift 1 0 2 x 1", "shift 1 0 2 0",
                                       "shift 99 0 1 0 1", "shift 1 0 2 0 dy=1"])
def test_a_bad_shift_is_a_frame_error(bad_shift):
    mirror = applied(frame(1, WINDOW + ["create 2 View 1 0", "create 3 View 1 1"], full=True))
    with pytest.raises(FrameError):
        mirror.apply(frame(2, [bad_shift]))


def test_move_into_its_own_subtree_is_refused():
    mirror = applied(frame(1, WINDOW + ["create 2 View 1 0", "create 3 View 2 0"], full=True))
    with pytest.raises(FrameError):
        mirror.apply(frame(2, ["move 2 3 0"]))


def test_hash_walks_place_layout_and_properties():
    mirror = applied(*assemble(SQUARE))
    before = mirror.hash_hex()
    mirror.apply(frame(2, ["move 4 2 0"]))  # sibling order is in the hash through PREV
    assert mirror.hash_hex() != before
    mirror.apply(frame(3, ["move 4 2 1"]))
    assert mirror.hash_hex() == before


@pytest.mark.parametrize("bad_line", [
    "remove 99",
    "create 3 View 1 0",  # id taken
    "create 9 View 99 0",  # no parent
    "create 9 View 2 5",  # index past the end
    "create 9 View - 0",  # a second root
    "layout 4 1 2 3",
    "layout 4 a b c d",
    "render 4 bg",
    "frobnicate 4",
    'render 4 text="unterminated',
])
def test_a_bad_line_leaves_the_mirror_untouched(bad_line):
    mirror = applied(*assemble(SQUARE))
    before = (mirror.hash_hex(), mirror.tree_lines(), mirror.seq)
    # The good lines before and after the bad one must not be applied either.
    with pytest.raises(FrameError):
        mirror.apply(frame(2, ["layout 4 1 1 1 1", "render 3 bg=#000000ff", bad_line, "remove 4"]))
    assert (mirror.hash_hex(), mirror.tree_lines(), mirror.seq) == before


def test_a_frame_cut_before_its_end_is_never_applied():
    assembler = FrameAssembler()
    mirror = Mirror()
    for line in SQUARE:
        finished = assembler.feed(line)
        if finished:
            mirror.apply(finished)
    for line in SQUARE_DRAG[:-1]:
        assert assembler.feed(line) is None
    assert assembler.in_frame
    assert mirror.find("@square").get("bg") == "#ff0000ff"
    assembler.reset()  # what the connection does when the socket closes mid-frame
    assert not assembler.in_frame


def test_tree_lines_and_window_coordinates():
    mirror = applied(*assemble(SQUARE + SQUARE_DRAG))
    assert mirror.tree_lines() == [
        "tree 0 1 Window 0 0 390 844 bg=#ffffffff",
        "tree 1 2 CustomView 0 0 390 844 bg=#aaaaaaff",
        'tree 2 3 View 0 0 390 281.333 bg=#00ff004d ident="greenArea"',
        'tree 2 4 View 95 50 200 200 bg=#00ff00ff ident="square"',
    ]
    mirror.apply(frame(3, ["layout 2 10 20 300 300", 'render 2 offset="5,15"']))
    assert mirror.absolute_frame(4) == (100, 55, 200, 200)


def test_find_by_ident_id_and_text():
    mirror = applied(*assemble(SQUARE))
    assert mirror.find("@square").id == 4 and mirror.find("square").id == 4
    assert mirror.find("#3").ident == "greenArea"
    assert mirror.find("#99") is None and mirror.find("@nobody") is None
    mirror.apply(frame(2, ['render 3 text="Welcome, alice!"']))
    assert mirror.find_text("Welcome, alice!").id == 3
    assert mirror.find_text("alice", exact=False).id == 3
    assert mirror.find_text("alice") is None


def test_frame_assembler_rejects_frames_that_do_not_nest():
    assembler = FrameAssembler()
    with pytest.raises(ProtocolError):
        assembler.feed("frame 1 end hash=0000000000000000 views=0")
    assembler.feed("frame 1 begin")
    with pytest.raises(ProtocolError):
        assembler.feed("frame 2 end hash=0000000000000000 views=0")


def test_a_frame_cut_by_a_closing_server_is_dropped():
    greeting = "hello viewwire protocol=1 session=1 size=390x844"
    # The greeting, then square's full frame and reply, then half of the drag frame and EOF.
    server = FakeServer([greeting] + SQUARE + ["ok open app=square"], SQUARE_DRAG[:-1])
    with Session(server.port, timeout=2) as session:
        session.connection.read_reply()
        before = session.snapshot_text()
        with pytest.raises(ConnectionClosed):
            session.drag(195, 422, 195, 150)
        assert session.snapshot_text() == before
        assert session.mirror.hash_hex() == "dd6b31b41c9f1367"
        assert session.find("@square").get("bg") == "#ff0000ff"
    server.join()


def test_a_stall_bye_after_half_a_frame_drops_the_frame_and_is_recorded():
    greeting = "hello viewwire protocol=1 session=1 size=390x844"
    # Half of the drag frame, then the stall farewell (PROTOCOL.md section 4) and EOF.
    farewell = 'bye "stalled: output unread for more than 1 s"'
    server = FakeServer([greeting] + SQUARE + ["ok open app=square"], SQUARE_DRAG[:2] + [farewell])
    with Session(server.port, timeout=2) as session:
        session.connection.read_reply()
        before = session.snapshot_text()
        with pytest.raises(ConnectionClosed) as raised:
            session.drag(195, 422, 195, 150)
        assert raised.value.reason == "stalled: output unread for more than 1 s"
        assert session.connection.bye == "stalled: output unread for more than 1 s"
        assert session.snapshot_text() == before
        assert session.mirror.hash_hex() == "dd6b31b41c9f1367"
        assert session.find("@square").get("bg") == "#ff0000ff"
    server.join()
