"""Two (or more) real daemons behind real HAProxy on loopback, run from `deploy/haproxy.cfg`.

`Cluster` starts each daemon with `--port 0 --web-port 0` and its `--daemon-name`, writes a copy
of the shipped HAProxy configuration into a temporary folder with only the addresses changed (in
each `listen` section, its port, a free one, and each `server` line's port, its daemon's: the
line protocol's in `viewwire`, the web port in `viewwire-web`), and runs `haproxy -W -db`
(master-worker, in the foreground) as a child process, stopped by its PID. Everything else in the
configuration, the routing rules above all, is the shipped file's.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parents[2]
HAPROXY_CONFIG = REPO / "deploy" / "haproxy.cfg"
DAEMON = Path(os.environ.get("VIEWWIRED", REPO / ".build" / "debug" / "viewwired"))
HAPROXY = os.environ.get("HAPROXY", "/usr/sbin/haproxy")
AUTH_TOKEN = "deploy-test-token-0123456789"


def wait_until(condition, timeout: float, what: str):
    """Poll `condition` until it returns something true; fail after `timeout` s (a deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def free_port() -> int:
    """A port the OS says is free now (HAProxy binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class NamedDaemon:
    """One `viewwired --daemon-name NAME` on a free loopback port, its log in a file."""

    def __init__(self, name: str, workdir: Path, extra_args: List[str]) -> None:
        self.name = name
        self.stdout = workdir / f"{name}.out"
        self.stderr = workdir / f"{name}.err"
        with self.stdout.open("wb") as out, self.stderr.open("wb") as err:
            command = [str(DAEMON), "--host", "127.0.0.1", "--port", "0", "--web-port", "0",
                       "--daemon-name", name, "--log-level", "notice", *extra_args]
            self.process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        text = wait_until(self._listening, 20, f"daemon {name} to listen")
        self.port = int(text.split("listening on ", 1)[1].split()[0].rsplit(":", 1)[1])
        # `web on http://127.0.0.1:PORT/` (PROTOCOL.md section 13), printed after the line above.
        self.web_port = int(text.split("web on ", 1)[1].split()[0].rstrip("/").rsplit(":", 1)[1])

    def _listening(self) -> Optional[str]:
        text = self.stdout.read_text(encoding="utf-8", errors="replace")
        if self.process.poll() is not None:
            raise AssertionError(f"daemon {self.name} exited: {self.stderr.read_text()}")
        return text if "listening on " in text and "web on " in text and text.endswith("\n") else None

    @property
    def log(self) -> str:
        """What the daemon logged so far."""
        return self.stderr.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> int:
        """SIGTERM, wait (kill after 10 s); the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def _section_config(section: str, port: int, daemons: Dict[str, int]) -> str:
    """One `listen` section with this run's addresses: bound to 127.0.0.1:`port`, and one
    `server NAME 127.0.0.1:PORT` line per daemon in place of the shipped ones."""
    text, binds = re.subn(r"(?m)^(\s+)bind \S+$", rf"\g<1>bind 127.0.0.1:{port}", section)
    assert binds == 1, "each listen section has one bind line"
    servers = [match for match in re.finditer(r"(?m)^(\s+)server \S+ \S+$", text)]
    assert servers, "each listen section names its daemons on server lines"
    indent = servers[0].group(1)
    lines = "".join(f"{indent}server {name} 127.0.0.1:{daemon_port}\n" for name, daemon_port in daemons.items())
    return text[: servers[0].start()] + lines.rstrip("\n") + text[servers[-1].end():]


def proxy_config(shipped: str, sections: Dict[str, Tuple[int, Dict[str, int]]]) -> str:
    """The shipped configuration with this run's addresses: for each `listen NAME` section in
    `sections`, its (port, {daemon name: daemon port}); every listen section must be named."""
    parts = re.split(r"(?m)^(?=listen )", shipped)
    names = [part.split()[1] for part in parts[1:]]
    assert sorted(names) == sorted(sections), f"the shipped listen sections are {names}"
    text = parts[0] + "".join(_section_config(part, *sections[part.split()[1]]) for part in parts[1:])
    if os.geteuid() != 0:
        # Only root can become the `haproxy` user; an unprivileged run stays who it is.
        text = re.sub(r"(?m)^\s+(user|group) haproxy\n", "", text)
    return text


class Proxy:
    """HAProxy in master-worker mode in the foreground, as a child process of the test."""

    def __init__(self, workdir: Path, daemons: Dict[str, int], web_daemons: Dict[str, int]) -> None:
        self.workdir = workdir
        # The line protocol's port (section `viewwire`) and the web port (`viewwire-web`).
        self.port = free_port()
        self.web_port = free_port()
        self.config = workdir / "haproxy.cfg"
        sections = {"viewwire": (self.port, daemons), "viewwire-web": (self.web_port, web_daemons)}
        self.config.write_text(proxy_config(HAPROXY_CONFIG.read_text(), sections))
        self.process: Optional[subprocess.Popen] = None
        self.start()

    def _output(self) -> str:
        return (self.workdir / "haproxy.log").read_text(encoding="utf-8", errors="replace")

    def start(self) -> None:
        """Start HAProxy on the same port (again), and wait until its worker is loaded."""
        self.output = (self.workdir / "haproxy.log").open("ab")
        before = self._loaded()
        self.process = subprocess.Popen([HAPROXY, "-W", "-db", "-f", str(self.config)],
                                        stdout=self.output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self._wait_loaded(before)

    def _loaded(self) -> int:
        return self._output().count("Loading success.") if (self.workdir / "haproxy.log").exists() else 0

    def _wait_loaded(self, before: int) -> None:
        def loaded() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise AssertionError(f"haproxy exited: {self._output()}")
            return self._loaded() > before
        wait_until(loaded, 20, "haproxy to load its configuration")

    def reload(self) -> None:
        """SIGUSR2 to the master: a new worker takes new connections, the old one keeps its own."""
        before = self._loaded()
        self.process.send_signal(signal.SIGUSR2)
        self._wait_loaded(before)

    def stop(self) -> None:
        """SIGTERM to the master, which stops its workers and every connection they carry."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.output.close()

    def restart(self) -> None:
        """Stop, then start again on the same port: every client connection is cut."""
        self.stop()
        self.start()


class Cluster:
    """The daemons named in `names` behind one Proxy; every daemon wants `AUTH_TOKEN` unless
    `auth` is false (the browser client sends no `auth`)."""

    def __init__(self, workdir: Path, names: List[str], auth: bool = True, extra_args: Optional[List[str]] = None) -> None:
        # Behind the proxy every client has the proxy's address: the per-address limit moves
        # to the proxy (docs/DEPLOYING.md).
        args = ["--max-connections-per-address", "1024", *(extra_args or [])]
        if auth:
            token_file = workdir / "token"
            token_file.write_text(AUTH_TOKEN + "\n")
            token_file.chmod(0o600)
            args += ["--auth-token-file", str(token_file)]
        self.daemons: Dict[str, NamedDaemon] = {}
        self.proxy: Optional[Proxy] = None
        try:
            for name in names:
                self.daemons[name] = NamedDaemon(name, workdir, args)
            self.proxy = Proxy(workdir, {name: daemon.port for name, daemon in self.daemons.items()},
                               {name: daemon.web_port for name, daemon in self.daemons.items()})
        except BaseException:
            self.stop()
            raise

    def stop(self) -> Dict[str, int]:
        """Stop the proxy and every daemon; each daemon's exit status."""
        if self.proxy is not None:
            self.proxy.stop()
        return {name: daemon.stop() for name, daemon in self.daemons.items()}
