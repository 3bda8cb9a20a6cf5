"""PROTOCOL.md sections 15 and 16, proved: a session driven through a relay that cuts its
connection 1,000 times at random points ends exactly where an uncut session given the same
inputs ends. Zero inputs lost, zero applied twice.

The inputs are a seeded random mix over three apps (rows, login, navigation) on a manual
clock, so the reference is deterministic. Every non-frame reply line of the cut run must
equal the reference's (a doubled `text`, a lost `tap @add`, shows in the `tree` replies at the
end of each block and in the counts of the apps), and the mirrors and server trees at the
end must be equal.
"""

from __future__ import annotations

import os
import random
from typing import List

from cutting_relay import CuttingRelay
from viewwire import Connection, ResilientConnection

OPERATIONS = {
    "rows": ["tap @add", "tap @remove-first", "tap @swap", "tap @update", "tree"],
    "login": ["tap @username", "tap @password", 'text "ab"', 'text "é"', "key backspace", "key tab",
              "tap @login"],
    "navigation": ["tap @row-fig", "tap @row-apple", "tap @next", "back", "clock advance 1"],
}

CUTS = int(os.environ.get("VIEWWIRE_CUTS", "1000"))
SEED = 20261125


def commands(seed: int):
    """An endless seeded mix: blocks of one app's operations, each ending with `tree`."""
    rng = random.Random(seed)
    yield "clock manual"
    while True:
        app = rng.choice(sorted(OPERATIONS))
        yield f"open {app}"
        for _ in range(rng.randint(5, 30)):
            yield rng.choice(OPERATIONS[app])
        yield "tree"


def replies(reply) -> List[str]:
    return list(reply.data) + [reply.line]


def test_a_thousand_cuts_lose_and_double_nothing(manual_daemon):
    relay = CuttingRelay(manual_daemon.host, manual_daemon.port, seed=SEED,
                         client_budget=(1, 400), server_budget=(1, 6000))
    sent: List[str] = []
    cut_answers: List[List[str]] = []
    try:
        cut = ResilientConnection(manual_daemon.host, relay.port, timeout=10, strict=True)
        source = commands(SEED)
        while relay.cuts < CUTS:
            line = next(source)
            sent.append(line)
            cut_answers.append(replies(cut.request(line)))
        relay.cutting = False
        final_tree = replies(cut.request("tree"))
        cut_mirror = cut.mirror.tree_lines()
        retries, reconnects = cut.retries, cut.reconnects
        cut.close()
    finally:
        relay.close()
    assert relay.cuts >= CUTS
    assert reconnects >= CUTS // 2, "most cuts must have needed a resume"

    with Connection(manual_daemon.host, manual_daemon.port, timeout=10, strict=True) as reference:
        reference_answers = [replies(reference.request(line)) for line in sent]
        reference_tree = replies(reference.request("tree"))
        reference_mirror = reference.mirror.tree_lines()

    for index, (got, expected) in enumerate(zip(cut_answers, reference_answers)):
        assert got == expected, f"command {index + 1}: {sent[index]}"
    assert final_tree == reference_tree
    assert cut_mirror == reference_mirror
    assert retries > 0



def test_a_resuming_client_presents_the_daemons_token_again(tmp_path):
    """Section 17: with --auth-token-file, every connection, a resumed one too, says `auth` first."""
    from helpers import Daemon
    token = "a-token-of-at-least-16-chars"
    (tmp_path / "token").write_text(token + "\n")
    daemon = Daemon(tmp_path, ["--auth-token-file", str(tmp_path / "token")])
    relay = CuttingRelay(daemon.host, daemon.port, seed=7, client_budget=(30, 400), server_budget=(200, 6000))
    try:
        connection = ResilientConnection(daemon.host, relay.port, timeout=10, strict=True, auth_token=token)
        for line in commands(7):
            connection.request(line)
            if relay.cuts >= 20:
                break
        assert connection.reconnects > 0
        connection.close()
    finally:
        relay.close()
        daemon.stop()


def test_a_resuming_client_sends_auth_and_resume_before_the_greeting(tmp_path):
    """Section 17, "More than one daemon": on reconnecting, `auth` and `resume` go out at once,
    before the greeting, so a proxy holding the connection for its first line routes it at once.
    A new session's client waits for its greeting, and is only let through after the hold."""
    from helpers import Daemon
    from holding_relay import HoldingRelay
    token = "a-token-of-at-least-16-chars"
    (tmp_path / "token").write_text(token + "\n")
    daemon = Daemon(tmp_path, ["--auth-token-file", str(tmp_path / "token"), "--daemon-name", "vw2"])
    relay = HoldingRelay(daemon.host, daemon.port, hold=1.0)
    try:
        connection = ResilientConnection(daemon.host, relay.port, timeout=10, strict=True, auth_token=token)
        connection.request("open login").check()
        connection.request("tap @username").check()
        connection.request('text "al"').check()
        relay.cut()
        connection.request('text "ice"').check()
        assert connection.reconnects == 1
        assert connection.mirror.find("@username").text == "alice"
        assert connection.request("tree").check().data == connection.mirror.tree_lines()
        assert relay.held[0] == b"", "a new session's client waits for the greeting"
        resumed = relay.held[1].decode()
        assert resumed.startswith(f"auth {token}\nresume {connection.token} frame="), resumed
        assert connection.token.startswith("vw2.")
        connection.close()
    finally:
        relay.close()
        daemon.stop()
