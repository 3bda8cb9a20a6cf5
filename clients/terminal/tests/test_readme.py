"""The README's picture of the terminal is the login screen the pty test reads."""

from __future__ import annotations

from helpers import REPO, SNAPSHOTS


def test_the_readme_shows_the_login_screen_of_the_snapshot():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## In a terminal", 1)[1].split("\n## ", 1)[0]
    picture = section.split("```text\n", 1)[1].split("```", 1)[0].rstrip("\n").split("\n")
    snapshot = (SNAPSHOTS / "scenarios" / "login-welcome.txt").read_text(encoding="utf-8").split("\n")
    start = snapshot.index("text:") + 1
    rows = [line[1:] for line in snapshot[start:start + len(picture)]]
    assert picture == rows
