"""`deploy/viewwired@.service` is a unit systemd accepts: `systemd-analyze verify` on an instance
of it, with ExecStart pointing at the daemon this build made (the shipped path, /opt/viewwire,
exists only where it was installed)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from cluster import DAEMON, REPO

UNIT = REPO / "deploy" / "viewwired@.service"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_accepts_the_unit(tmp_path) -> None:
    text = UNIT.read_text()
    assert "/opt/viewwire/viewwired " in text
    instance = tmp_path / "viewwired@vw1.service"
    instance.write_text(text.replace("/opt/viewwire/viewwired ", f"{DAEMON} "))
    result = subprocess.run(["systemd-analyze", "verify", str(instance)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def test_the_unit_is_hardened_and_restarts_on_failure() -> None:
    settings = dict(
        line.split("=", 1) for line in UNIT.read_text().splitlines() if "=" in line and not line.startswith("#")
    )
    for key, value in {
        "DynamicUser": "yes", "NoNewPrivileges": "yes", "ProtectSystem": "strict",
        "Restart": "on-failure", "CapabilityBoundingSet": "",
    }.items():
        assert settings.get(key) == value, key
    assert settings["RestartPreventExitStatus"].split() == ["64", "78"], "usage and missing bundles do not loop"
    assert int(settings["LimitNOFILE"]) >= 4096
    assert "--daemon-name %i" in settings["ExecStart"], "the instance name is the daemon's name"
