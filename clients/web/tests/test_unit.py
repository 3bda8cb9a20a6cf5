"""The page's pure modules (tokens, hash, text measurement, mirror) under node's test runner,
against the spec's worked examples and every transcript's frames."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parent / "unit"


def test_pure_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; the same modules are exercised in Chromium by the other tests")
    result = subprocess.run([node, "--test", str(UNIT)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
