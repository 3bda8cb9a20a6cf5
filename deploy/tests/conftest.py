"""The deployment tests import the Python client from the repository, uninstalled."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
