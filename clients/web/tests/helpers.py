"""What the browser tests share: the real daemon with its web listener, headless Chromium, the
server's tree hashed independently of the page, and pictures compared with a tolerance."""

from __future__ import annotations

import io
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

import pytest
from PIL import Image, ImageChops
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[3]
DAEMON = Path(os.environ.get("VIEWWIRED", REPO / ".build" / "debug" / "viewwired"))
REFERENCES = Path(__file__).resolve().parent / "reference"
# VIEWWIRE_UPDATE_REFERENCES=1 rewrites the reference pictures instead of comparing with them.
UPDATE_REFERENCES = os.environ.get("VIEWWIRE_UPDATE_REFERENCES") == "1"

# The page's window: a phone-sized 390x844 points under the page's 32-point header, one device
# pixel per point, so pictures are the same on every run.
WIDTH, HEIGHT, HEADER = 390, 844, 32

sys.path.insert(0, str(REPO / "clients" / "python"))
from viewwire.hashing import combine, layout_term, place_term, property_term  # noqa: E402
from viewwire.tokens import tokenize  # noqa: E402


class WebDaemon:
    """One running `viewwired` with `--web-port`: its TCP port and its page's address."""

    def __init__(self, workdir: Path, port: int = 0, web_port: int = 0, extra: Optional[List[str]] = None) -> None:
        if not DAEMON.is_file():
            pytest.fail(f"no daemon at {DAEMON}; build it (swift build) or set VIEWWIRED", pytrace=False)
        workdir.mkdir(parents=True, exist_ok=True)
        self.stdout = workdir / "stdout.txt"
        self.stderr = workdir / "stderr.txt"
        command = [str(DAEMON), "--host", "127.0.0.1", "--port", str(port), "--web-port", str(web_port),
                   "--log-level", "warning", *(extra or [])]
        with self.stdout.open("wb") as out, self.stderr.open("wb") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        self.port, self.url = self._wait_for_addresses()

    def _wait_for_addresses(self) -> Tuple[int, str]:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            text = self.stdout.read_text(encoding="utf-8", errors="replace")
            if "listening on " in text and "web on " in text and text.endswith("\n"):
                port = int(text.split("listening on ", 1)[1].split()[0].rsplit(":", 1)[1])
                return port, text.split("web on ", 1)[1].split()[0]
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        self.stop()
        pytest.fail(f"the daemon did not print both addresses: {self.stdout.read_text()} {self.stderr.read_text()}",
                    pytrace=False)

    def command(self, *lines: str) -> List[List[str]]:
        """Sends commands over a TCP session of its own; returns each one's lines, reply included."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as conn:
            reader = conn.makefile("r", encoding="utf-8", newline="\n")
            reader.readline()
            answers = []
            for line in lines:
                conn.sendall(line.encode() + b"\n")
                answer = []
                while True:
                    got = reader.readline().rstrip("\n")
                    answer.append(got)
                    if got.startswith("ok") or got.startswith("error"):
                        break
                answers.append(answer)
            return answers

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RestartedDaemon:
    """Daemons started one after another at the same two ports, as a server that goes away and
    comes back is: what a page sees when it reconnects. Used as a context manager, which stops
    every daemon it started."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port, self.web_port = free_port(), free_port()
        self.daemons: List[WebDaemon] = []

    def start(self, name: str) -> WebDaemon:
        """Starts the next daemon at the shared ports, its files in the folder `name`."""
        daemon = WebDaemon(self.workdir / name, port=self.port, web_port=self.web_port)
        self.daemons.append(daemon)
        return daemon

    def __enter__(self) -> "RestartedDaemon":
        return self

    def __exit__(self, *_: object) -> None:
        for daemon in self.daemons:
            daemon.stop()


def chromium() -> webdriver.Chrome:
    """Debian's headless Chromium through its chromedriver, logging WebSocket traffic."""
    binary = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--hide-scrollbars", "--font-render-hinting=none",
                "--lang=en-US", f"--window-size={WIDTH},{HEIGHT + HEADER}"):
        options.add_argument(arg)
    # The performance log carries the DevTools Network events, WebSocket frames included.
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    # Headless windows have a minimum width; the page's viewport is set exactly instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT + HEADER, "deviceScaleFactor": 1, "mobile": False})
    driver.set_script_timeout(10)
    return driver


def load(driver: webdriver.Chrome, url: str) -> None:
    """Loads the page afresh (a new session), even when only the address's `#` part differs."""
    driver.get("about:blank")
    driver.get(url)


def wait_for(predicate: Callable[[], object], what: str, timeout: float = 10) -> object:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}", pytrace=False)
        time.sleep(0.05)


def page_state(driver: webdriver.Chrome) -> Dict[str, object]:
    return driver.execute_script(
        "const v = window.viewwire; if (!v) return null;"
        "return {state: v.state, session: v.session, hash: v.hash(), last: v.lastFrameHash,"
        " views: v.mirror.views.size, frames: v.frames.slice(), mismatches: v.mismatches,"
        " pending: v.connection.waiting.length};")


def wait_settled(driver: webdriver.Chrome, min_views: int = 2, quiet: float = 0.4) -> Dict[str, object]:
    """Waits until the page is connected, holds an app, answered every command and got no frame
    for `quiet` seconds (timers and animations done)."""
    def settled():
        state = page_state(driver)
        return state if state and state["state"] == "connected" and state["views"] >= min_views \
            and state["pending"] == 0 else None
    state = wait_for(settled, "the page to open its app")
    while True:
        time.sleep(quiet)
        again = wait_for(settled, "the page to open its app")
        if len(again["frames"]) == len(state["frames"]) and again["last"] == state["last"]:
            return again
        state = again


def send(driver: webdriver.Chrome, line: str) -> Dict[str, object]:
    """Sends a command through the page's own session; returns `{ok, line, data}`."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.viewwire.send(arguments[0]).then(done, (e) => done({ok: false, line: String(e), data: []}));",
        line)


def tree_hash(tree_lines: List[str]) -> str:
    """Section 7's hash of the tree the server listed in `tree` lines (section 10), computed here
    from the server's words, apart from the page's code."""
    terms = []
    stack: List[int] = []  # the ids of the current path, by depth
    last_child: Dict[int, Optional[int]] = {}
    for line in tree_lines:
        tokens = tokenize(line)
        depth, view_id, cls = int(tokens[1].text), int(tokens[2].text), tokens[3].text
        layout = [t.text for t in tokens[4:8]]
        del stack[depth:]
        parent = stack[-1] if stack else None
        prev = last_child.get(parent) if parent is not None else None
        last_child[parent] = view_id
        stack.append(view_id)
        terms.append(place_term(view_id, cls, parent, prev))
        terms.append(layout_term(view_id, layout))
        for token in tokens[8:]:
            terms.append(property_term(view_id, token.key, token.raw))
    return f"{combine(terms):016x}"


def stage_picture(driver: webdriver.Chrome) -> Image.Image:
    """The window as the page shows it: the stage element's pixels."""
    png = driver.find_element("id", "viewport").screenshot_as_png
    return Image.open(io.BytesIO(png)).convert("RGB")


def compare_with_reference(picture: Image.Image, name: str, tolerance: float = 0.01) -> None:
    """Fails unless `picture` is the reference `name.png` give or take `tolerance` of its pixels
    (a pixel counts when a channel differs by more than 32 of 255: antialiasing moves less)."""
    path = REFERENCES / f"{name}.png"
    if UPDATE_REFERENCES or not path.exists():
        if not UPDATE_REFERENCES:
            pytest.fail(f"no reference picture {path}; run with VIEWWIRE_UPDATE_REFERENCES=1", pytrace=False)
        REFERENCES.mkdir(exist_ok=True)
        picture.save(path, optimize=True)
        return
    reference = Image.open(path).convert("RGB")
    assert picture.size == reference.size, f"{name}: {picture.size} is not the reference's {reference.size}"
    # The largest channel difference, not the luminance: converting to "L" weighs blue at 0.114,
    # so a pixel that turned from white to yellow (blue off by 255) would count as unchanged.
    red, green, blue = ImageChops.difference(picture, reference).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    difference = largest.point(lambda v: 255 if v > 32 else 0)
    changed = difference.histogram()[255]
    share = changed / (picture.size[0] * picture.size[1])
    if share > tolerance:
        picture.save(path.with_suffix(".actual.png"))
        pytest.fail(f"{name}: {share:.2%} of pixels differ from {path.name} (saved {name}.actual.png)", pytrace=False)


def websocket_frames(driver: webdriver.Chrome) -> Dict[str, List[str]]:
    """The WebSocket messages the page received and sent since the last call, from the
    performance log's DevTools Network events."""
    frames: Dict[str, List[str]] = {"received": [], "sent": []}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.webSocketFrameReceived":
            frames["received"].append(message["params"]["response"]["payloadData"])
        elif message["method"] == "Network.webSocketFrameSent":
            frames["sent"].append(message["params"]["response"]["payloadData"])
    return frames
