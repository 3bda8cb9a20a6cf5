"""docs/DEPLOYING.md installs `viewwired` with its `*.resources` bundles beside it. A copy without
them stops at once with exit status 78 and a message naming what to copy (it used to crash on
the first string it read, with a crash report and no reason); a copy with them serves."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from cluster import DAEMON


def copy(tmp_path: Path, bundles: list[str]) -> Path:
    """The daemon copied into `tmp_path`, with those of the build's bundles named."""
    binary = tmp_path / "viewwired"
    shutil.copy2(DAEMON, binary)
    for name in bundles:
        shutil.copytree(Path(DAEMON).parent / f"{name}.resources", tmp_path / f"{name}.resources", symlinks=True)
    return binary


BUNDLES = ["ViewWire_ViewWireKit", "ViewWire_ViewWireWebClient", "ViewWire_ViewWireApps"]


def test_a_copy_without_its_bundles_says_which_and_exits_78(tmp_path) -> None:
    binary = copy(tmp_path, [])
    result = subprocess.run([str(binary), "--port", "0"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 78, result.stderr
    assert result.stdout == "", "nothing listened"
    assert f"missing resource bundles beside the executable in {tmp_path}" in result.stderr
    for name in BUNDLES:
        assert f"{name}.resources" in result.stderr
    assert "docs/DEPLOYING.md" in result.stderr


def test_a_copy_missing_one_bundle_names_that_one(tmp_path) -> None:
    binary = copy(tmp_path, BUNDLES[:2])
    result = subprocess.run([str(binary), "--port", "0"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 78, result.stderr
    assert "ViewWire_ViewWireApps.resources" in result.stderr
    assert "ViewWire_ViewWireKit.resources" not in result.stderr


def test_a_copy_with_its_bundles_serves(tmp_path) -> None:
    binary = copy(tmp_path, BUNDLES)
    process = subprocess.Popen(
        [str(binary), "--port", "0", "--web-port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert line.startswith("listening on "), (line, process.stderr.read() if process.poll() is not None else "")
        assert process.stdout.readline().startswith("web on http://")
    finally:
        process.terminate()
        assert process.wait(timeout=60) == 0
