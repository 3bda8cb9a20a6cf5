"""The README's pytest example runs as written, with the `port` fixture the package's plugin
gives, against the real daemon: copied out of README.md into a fresh folder and run by a pytest
of its own, so a README that drifts from the package fails here."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from helpers import DAEMON, REPO

README = REPO / "clients" / "python" / "README.md"


def readme_example() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("## From pytest", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "README.md's 'From pytest' section has no python block"
    return match.group(1)


def run_pytest(folder, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "clients" / "python"), VIEWWIRED=str(DAEMON))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "viewwire.pytest_plugin", *extra,
         str(folder)],
        cwd=folder, env=env, capture_output=True, text=True, timeout=120,
    )


def test_the_readme_example_passes_with_the_plugins_port_fixture(tmp_path):
    (tmp_path / "test_readme_example.py").write_text(readme_example(), encoding="utf-8")
    result = run_pytest(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_the_plugin_fails_the_test_clearly_without_a_daemon(tmp_path):
    (tmp_path / "test_readme_example.py").write_text(readme_example(), encoding="utf-8")
    result = run_pytest(tmp_path, "--viewwired", str(tmp_path / "no-such-daemon"))
    assert result.returncode != 0
    assert "no ViewWire daemon at" in result.stdout
