"""The daemon the repository's Python-driven test folders start: the `viewwired` the Swift build
made (`$VIEWWIRED`, else `.build/debug/viewwired`), through the Python client's public
`DaemonProcess` (its pytest plugin's), so every folder starts it one way and app authors' tests
use the same code.

A folder puts `clients/testsupport` on `sys.path` and imports `Daemon` from here."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterable

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "clients" / "python"))
from viewwire.pytest_plugin import DaemonProcess  # noqa: E402

VIEWWIRED = Path(os.environ.get("VIEWWIRED", REPO / ".build" / "debug" / "viewwired"))


class Daemon(DaemonProcess):
    """One running `viewwired` on a port the kernel chose, its output in `workdir`; a test fails
    (rather than errs) when there is no daemon or it does not start."""

    def __init__(self, workdir: Path, extra_args: Iterable[str] = ()) -> None:
        if not VIEWWIRED.is_file():
            pytest.fail(f"no daemon at {VIEWWIRED}; build it (swift build) or set VIEWWIRED", pytrace=False)
        try:
            super().__init__(str(VIEWWIRED), list(extra_args), timeout=10, workdir=workdir)
        except RuntimeError as error:
            pytest.fail(str(error), pytrace=False)
