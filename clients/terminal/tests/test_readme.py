"""The README's picture of the terminal is the login screen the pty test reads."""

from __future__ import annotations

from helpers import REPO, SNAPSHOTS


def test_the_readme_shows_the_login_screen_of_the_snapshot():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## In a terminal", 1)[1].split("\n## ", 1)[0]
    picture = section.split("```text\n", 1)[1].split("```", 1)[0].rstrip("\n").split("\n")
    # The picture is framed: a top border, then "│" + an 80-column row + "│", then a bottom border.
    assert picture[0] == "┌" + "─" * 80 + "┐" and picture[-1] == "└" + "─" * 80 + "┘"
    rows = [line[1:-1].rstrip() for line in picture[1:-1]]
    assert all(line.startswith("│") and line.endswith("│") and len(line) == 82 for line in picture[1:-1])
    snapshot = (SNAPSHOTS / "scenarios" / "login-welcome.txt").read_text(encoding="utf-8").split("\n")
    start = snapshot.index("text:") + 1
    assert rows == [line[1:] for line in snapshot[start:start + len(rows)]]
