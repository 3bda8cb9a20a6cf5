"""Section 2: tokens, string escapes and canonical numbers, table-driven from the spec's examples."""

from __future__ import annotations

import pytest

from viewwire import TokenError, canonical_number, quote, tokenize, unquote
from viewwire.tokens import OPTION, STRING, WORD, decode_value, parse_number

TOKENIZE_CASES = [
    # (line, [(kind, text, raw, key)])
    ("open square", [(WORD, "open", "open", ""), (WORD, "square", "square", "")]),
    ("  tap\t#12  ", [(WORD, "tap", "tap", ""), (WORD, "#12", "#12", "")]),
    ("tap @login", [(WORD, "tap", "tap", ""), (WORD, "@login", "@login", "")]),
    ("hello size=390x844", [(WORD, "hello", "hello", ""), (OPTION, "390x844", "390x844", "size")]),
    ('text "hello \\"world\\""', [(WORD, "text", "text", ""), (STRING, 'hello "world"', '"hello \\"world\\""', "")]),
    ('render 6 text="a b" font=17', [
        (WORD, "render", "render", ""), (WORD, "6", "6", ""),
        (OPTION, "a b", '"a b"', "text"), (OPTION, "17", "17", "font"),
    ]),
    ('x=""', [(OPTION, "", '""', "x")]),
    ("ping x=", [(WORD, "ping", "ping", ""), (OPTION, "", "", "x")]),
    ("=x", [(WORD, "=x", "=x", "")]),
    ("a=b=c", [(OPTION, "b=c", "b=c", "a")]),
    ('""', [(STRING, "", '""', "")]),
    ("", []),
]


@pytest.mark.parametrize("line, expected", TOKENIZE_CASES)
def test_tokenize(line, expected):
    assert [(t.kind, t.text, t.raw, t.key) for t in tokenize(line)] == expected


ESCAPE_CASES = [
    # (wire text, decoded) for every escape of section 2
    ('"\\""', '"'),
    ('"\\\\"', "\\"),
    ('"\\n"', "\n"),
    ('"\\r"', "\r"),
    ('"\\t"', "\t"),
    ('"\\u{41}"', "A"),
    ('"\\u{1F600}"', "\U0001F600"),
    ('"\\u{10ffff}"', "\U0010FFFF"),
    ('"\\u{000041}"', "A"),
    ('"\\u{2028}"', "\u2028"),
    ('"Nom d’utilisateur"', "Nom d’utilisateur"),
    ('"中文 😀"', "中文 😀"),
]


@pytest.mark.parametrize("raw, text", ESCAPE_CASES)
def test_unquote(raw, text):
    assert unquote(raw) == text


QUOTE_CASES = [
    # (text, how the server writes it): short escapes, \u{h} lowercase without leading zeros
    ("Login", '"Login"'),
    ('s3cret "quoted"', '"s3cret \\"quoted\\""'),
    ("a\\b", '"a\\\\b"'),
    ("1\n2\r3\t4", '"1\\n2\\r3\\t4"'),
    ("\x00", '"\\u{0}"'),
    ("\x01\x1f\x7f", '"\\u{1}\\u{1f}\\u{7f}"'),
    ("\x85\x9f\xa0", '"\\u{85}\\u{9f}\xa0"'),
    ("\u2028\u2029", '"\\u{2028}\\u{2029}"'),
    ("é 中 😀 •", '"é 中 😀 •"'),
]


@pytest.mark.parametrize("text, raw", QUOTE_CASES)
def test_quote_and_round_trip(text, raw):
    assert quote(text) == raw
    assert unquote(raw) == text


BAD_SYNTAX_CASES = [
    # (line, what the server calls it in bad-input.vwt)
    ('text "open', "a string is not closed before the end of the line"),
    ('text "a\\qb"', "unknown escape '\\q' in a string"),
    ('text "\\u{110000}"', "\\u must be followed by {H}"),
    ('text "\\u{d800}"', "\\u must be followed by {H}"),
    ('text "\\u{}"', "\\u must be followed by {H}"),
    ('text "\\u{1234567}"', "\\u must be followed by {H}"),
    ('text "\\u41"', "\\u must be followed by {H}"),
    ('text "\\u{+41}"', "\\u must be followed by {H}"),
    ('text"abc"', "a string must be separated from 'text' by a space"),
    ('"abc"def', "a string must be followed by a space"),
    ("pin\x01g", "the line holds the control character 0x1"),
    ('text "ends with a backslash\\', "a string is not closed"),
]


@pytest.mark.parametrize("line, message", BAD_SYNTAX_CASES)
def test_bad_syntax(line, message):
    with pytest.raises(TokenError) as raised:
        tokenize(line)
    assert message in str(raised.value)


def test_tab_is_not_a_control_character():
    assert [t.text for t in tokenize("ping\tpong")] == ["ping", "pong"]


CANONICAL_CASES = [
    # the spec's examples, then its rules: three decimals, half away from zero, no trailing
    # zeros or point, -0 as 0; and the daemon's rounding of the double value * 1000.
    ("12", "12"), ("-3.5", "-3.5"), ("0.25", "0.25"), ("+7", "7"),
    ("10.000", "10"), ("2.50", "2.5"), ("-0", "0"), ("-0.0004", "0"), ("0.0004999", "0"),
    ("281.3333", "281.333"), (844 / 3, "281.333"), (-1 / 3, "-0.333"),
    ("0.0005", "0.001"), ("-0.0005", "-0.001"), ("1.0015", "1.002"), ("2.0005", "2.001"),
    ("4.0005", "4"),  # 4.0005 * 1000 is 4000.4999999999995 in doubles, as on the daemon
    (12, "12"), (-0.0, "0"), (0.1 + 0.2, "0.3"), (1234.5675, "1234.568"), (1e15, "1000000000000000"),
]


@pytest.mark.parametrize("value, text", CANONICAL_CASES)
def test_canonical_number(value, text):
    assert canonical_number(value) == text


@pytest.mark.parametrize("text", ["1e3", "abc", "", "-", "0x10", "1.2.3", "inf"])
def test_not_a_number(text):
    with pytest.raises(TokenError):
        parse_number(text)


@pytest.mark.parametrize("raw, value", [
    ('"Login"', "Login"), ('"none"', "none"), ("none", None), ("true", True), ("false", False),
    ("0.5", 0.5), ("#ff0000ff", "#ff0000ff"), ("someWord", "someWord"),
])
def test_decode_value(raw, value):
    assert decode_value(raw) == value
