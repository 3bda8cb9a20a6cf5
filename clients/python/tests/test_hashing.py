"""Section 7: FNV-1a 64 and the frame hash terms, with the spec's example strings."""

from __future__ import annotations

import pytest

from viewwire import fnv1a64, format_hash, layout_term, place_term, property_term
from viewwire.hashing import combine


@pytest.mark.parametrize("text, digest", [
    # FNV-1a 64 reference values, and the offset basis for the empty string.
    ("", 0xCBF29CE484222325),
    ("a", 0xAF63DC4C8601EC8C),
    ("foobar", 0x85944171F73967E8),
])
def test_fnv1a64_reference_values(text, digest):
    assert fnv1a64(text) == digest


def test_fnv1a64_hashes_utf8_bytes():
    # One bullet (U+2022) is three UTF-8 bytes, not one code point.
    digest = 0xCBF29CE484222325
    for byte in "•".encode("utf-8"):
        digest = ((digest ^ byte) * 0x100000001B3) % 2**64
    assert fnv1a64("•") == digest


@pytest.mark.parametrize("term, string", [
    # The spec's table: one example per fact.
    (place_term(5, "Button", 2, 4), "s 5 Button 2 4"),
    (layout_term(5, ("20", "100", "350", "44")), "l 5 20 100 350 44"),
    (property_term(5, "text", '"Login"'), 'p 5 text="Login"'),
    # The root has no parent and a first child no previous sibling.
    (place_term(1, "Window", None, None), "s 1 Window - -"),
    (place_term(2, "CustomView", 1, None), "s 2 CustomView 1 -"),
])
def test_terms_hash_the_spec_strings(term, string):
    assert term == fnv1a64(string)


def test_empty_tree_hashes_to_zero():
    assert format_hash(combine([])) == "0000000000000000"


def test_the_empty_window_of_the_transcripts():
    # basics.vwt and bad-input.vwt: `create 1 Window - 0`, `layout 1 0 0 390 844`,
    # `render 1 bg=#ffffffff` end with hash=e066c57f084a4eae.
    terms = [
        place_term(1, "Window", None, None),
        layout_term(1, ("0", "0", "390", "844")),
        property_term(1, "bg", "#ffffffff"),
    ]
    assert format_hash(combine(terms)) == "e066c57f084a4eae"


def test_sum_wraps_modulo_2_64():
    assert combine([2**64 - 1, 2]) == 1
    assert format_hash(1) == "0000000000000001"
