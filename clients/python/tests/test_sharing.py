"""Section 18: shared sessions, from the Python client, against the real daemon.

An observer joined with the owner's token receives every frame the owner's and a driver's input
cause, its mirror checked by every frame's hash (strict: a mismatch fails the test instead of
being repaired); its own input is refused; revoking closes it; bad tokens get clear errors."""

from __future__ import annotations

import pytest

from viewwire import CommandError, ConnectionClosed, Session


def test_an_observer_mirrors_every_frame_and_may_not_touch(daemon):
    with Session(daemon.port, strict=True) as owner, Session(daemon.port, strict=True) as observer:
        token = owner.share("observer")
        assert owner.share("observer") == token, "asking again names the same token"
        assert token.startswith("vw.") and len(token) == len("vw.") + 32
        reply = observer.join(token)
        assert observer.role == "observer"
        assert reply.options["session"] == owner.connection.session_id
        assert reply.options["protocol"] == "2"
        owner.open("login")
        owner.tap("@username")
        for character in "alice":
            owner.type_text(character)
        observer.wait_for_frame(owner.mirror.seq, timeout=10)
        assert observer.mirror.seq == owner.mirror.seq
        assert observer.mirror.hash_hex() == owner.mirror.hash_hex()
        assert observer.snapshot_text() == owner.snapshot_text()
        assert observer.text("@username") == "alice"

        with pytest.raises(CommandError) as refused:
            observer.tap("@password")
        assert refused.value.code == "read-only"
        with pytest.raises(CommandError) as refused:
            observer.resize(100, 100)
        assert refused.value.code == "owner-only"
        # Nothing changed: the owner reads no frame, and the trees agree.
        assert owner.command("ping").frames == []
        assert observer.tree() == owner.tree()
        assert observer.connection.mismatches == [] and owner.connection.mismatches == []


def test_a_drivers_input_reaches_the_owner(daemon):
    with Session(daemon.port, strict=True) as owner, Session(daemon.port, strict=True) as driver:
        owner.open("login")
        driver.join(owner.share("driver"))
        assert driver.role == "driver"
        driver.tap("@username")
        driver.type_text("bob")
        owner.wait_for_text("bob", timeout=10)
        owner.type_text("by")
        driver.wait_for_text("bobby", timeout=10)
        # One finger at a time: the owner's is down, the driver's touch waits its turn.
        owner.down(195, 300)
        with pytest.raises(CommandError) as busy:
            driver.tap("@password")
        assert busy.value.code == "touch-busy"
        owner.up(195, 300)
        driver.tap("@password")


def test_revoking_closes_the_joiners_and_ends_the_token(daemon):
    with Session(daemon.port) as owner, Session(daemon.port) as observer, Session(daemon.port) as late:
        token = owner.share("observer")
        observer.join(token)
        assert owner.revoke_sharing() == (1, 1)
        with pytest.raises(ConnectionClosed):
            observer.wait_for(lambda: False, timeout=10, what="the end of the stream")
        assert observer.connection.bye == "sharing revoked by the session's owner"
        with pytest.raises(CommandError) as unknown:
            late.join(token)
        assert unknown.value.code == "unknown-session"
        assert "revoked" in unknown.value.message


@pytest.mark.parametrize("token, code", [
    ("nonsense", "bad-argument"),
    ("other.0123456789abcdef0123456789abcdef", "unknown-session"),
    ("vw.0123456789abcdef0123456789abcdef", "unknown-session"),
])
def test_a_bad_token_gets_a_clear_error_and_leaves_the_session_as_it_was(daemon, token, code):
    with Session(daemon.port) as guesser:
        guesser.open("square")
        with pytest.raises(CommandError) as refused:
            guesser.join(token)
        assert refused.value.code == code and refused.value.message
        assert guesser.role is None
        assert guesser.find("@square") is not None
        assert guesser.command("ping").ok
