"""scripts/instructions_per_request.py stops at once, with the daemon's exit status and the end
of its stderr, when the daemon it measures dies: on start (a copied release binary without its
resource bundles), even while a crash reporter it spawned still holds its output open, and after
start, when the connection closes. It used to wait on those pipes for ever."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "instructions_per_request.py"
DAEMON = Path(os.environ.get("VIEWWIRED", Path(__file__).resolve().parents[2] / ".build" / "debug" / "viewwired"))

pytestmark = pytest.mark.skipif(
    shutil.which("valgrind") is None or shutil.which("cc") is None, reason="needs valgrind and a C compiler")

# Dies on start like a daemon that cannot find its bundles: a reason on stderr, then abort(),
# while a child (as a crash reporter would be) keeps the stdout pipe open for 30 seconds.
DIES_ON_START = r"""
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(void) {
  if (fork() == 0) { sleep(30); return 0; }
  fprintf(stderr, "Fatal error: could not load resource bundle\n");
  abort();
}
"""

# Says where it listens, then closes the first connection without a greeting and exits 3.
DIES_ON_CONNECT = r"""
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t n = sizeof a;
  bind(s, (struct sockaddr *)&a, n);
  listen(s, 8);
  getsockname(s, (struct sockaddr *)&a, &n);
  printf("listening on 127.0.0.1:%d\n", ntohs(a.sin_port));
  fflush(stdout);
  close(accept(s, 0, 0));
  fprintf(stderr, "session crashed\n");
  return 3;
}
"""


def run(tmp_path: Path, source: str | None) -> tuple[subprocess.CompletedProcess[str], float]:
    """The script on a viewwired in `tmp_path`: `source` compiled, or (None) the build's copied alone."""
    if source is None:
        shutil.copy2(DAEMON, tmp_path / "viewwired")
    else:
        (tmp_path / "daemon.c").write_text(source)
        subprocess.run(["cc", "-o", str(tmp_path / "viewwired"), str(tmp_path / "daemon.c")], check=True)
    began = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "viewwired"), "-n", "10", "--warm", "1", "--kinds", "tap",
         "--out", str(tmp_path / "out")],
        capture_output=True, text=True, timeout=60)
    return result, time.monotonic() - began


def test_a_daemon_that_dies_on_start_fails_at_once_with_its_status_and_stderr(tmp_path) -> None:
    result, seconds = run(tmp_path, DIES_ON_START)
    assert result.returncode == 1
    assert "exited before saying where it listens" in result.stderr
    assert "killed by signal 6" in result.stderr or "exit status 134" in result.stderr, result.stderr
    assert "could not load resource bundle" in result.stderr
    assert seconds < 20, "did not wait for the child holding the pipe"


def test_a_daemon_that_closes_the_connection_fails_with_its_stderr(tmp_path) -> None:
    result, _ = run(tmp_path, DIES_ON_CONNECT)
    assert result.returncode == 1
    assert "closed the connection" in result.stderr, result.stderr
    assert "session crashed" in result.stderr
    assert "(exit status 3)" in result.stderr, "the script waited for the dying daemon's exit"


def test_a_copied_viewwired_without_its_bundles_fails_with_the_daemons_reason(tmp_path) -> None:
    result, _ = run(tmp_path, None)
    assert result.returncode == 1
    assert "(exit status 78)" in result.stderr, result.stderr
    assert "missing resource bundles beside the executable" in result.stderr
    assert "==" not in result.stderr, "valgrind's own lines are left out when the daemon said why"
