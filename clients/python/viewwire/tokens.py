"""Section 2 of PROTOCOL.md: tokens, strings and canonical numbers.

Everything else in the package reads lines through `tokenize`, so the escape rules live in
exactly one place. Tokens keep their wire text (`raw`) next to their meaning (`text`),
because the frame hash (section 7) is computed over the text the server wrote, not over
the decoded value.
"""

from __future__ import annotations

import decimal
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import List, Tuple, Union

from .errors import TokenError

WORD = "word"
STRING = "string"
OPTION = "option"

_BLANKS = " \t"
_ESCAPES_IN = {'"': '"', "\\": "\\", "n": "\n", "r": "\r", "t": "\t"}
_ESCAPES_OUT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")
_HEX = set("0123456789abcdefABCDEF")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


@dataclass(frozen=True)
class Token:
    """One token of a line.

    `kind` is WORD, STRING or OPTION. `text` is the meaning (a word as written, a string
    unquoted, an option's value unquoted); `raw` is the wire text (for an option, of the
    value alone), which the hash needs; `key` is an option's key as written."""

    kind: str
    text: str
    raw: str
    key: str = ""


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F


def quote(text: str) -> str:
    """Write `text` as a string token the way the server does (section 2).

    Clients send arbitrary user text (`text "..."`), so every character that could end or
    break a line, or confuse a client splitting more eagerly than at LF, is escaped:
    the five short escapes, then `\\u{h}` for other control characters and U+2028/U+2029."""
    out = ['"']
    for ch in text:
        if ch in _ESCAPES_OUT:
            out.append(_ESCAPES_OUT[ch])
        elif _is_control(ch) or ch in "\u2028\u2029":
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _read_string(line: str, start: int) -> Tuple[str, int]:
    """Decode the string starting at `line[start]` (a quote); return it and the index after it."""
    out: List[str] = []
    i = start + 1
    n = len(line)
    while i < n:
        ch = line[i]
        if ch == '"':
            return "".join(out), i + 1
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        if i + 1 >= n:
            break
        esc = line[i + 1]
        if esc in _ESCAPES_IN:
            out.append(_ESCAPES_IN[esc])
            i += 2
        elif esc == "u":
            close = line.find("}", i + 2)
            digits = line[i + 3 : close] if close != -1 and line[i + 2 : i + 3] == "{" else ""
            if not (1 <= len(digits) <= 6 and set(digits) <= _HEX):
                raise TokenError("\\u must be followed by {H} with one to six hex digits of a Unicode scalar")
            code = int(digits, 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise TokenError("\\u must be followed by {H} with one to six hex digits of a Unicode scalar")
            out.append(chr(code))
            i = close + 1
        else:
            raise TokenError(f"unknown escape '\\{esc}' in a string")
    raise TokenError("a string is not closed before the end of the line")


def unquote(raw: str) -> str:
    """Decode one whole string token (quotes included), e.g. a render property's value."""
    if not raw.startswith('"'):
        raise TokenError(f"{raw!r} is not a string")
    text, end = _read_string(raw, 0)
    if end != len(raw):
        raise TokenError(f"{raw!r} holds more than one string")
    return text


def _check_separated(line: str, end: int) -> None:
    if end < len(line) and line[end] not in _BLANKS:
        raise TokenError("a string must be followed by a space or the end of the line")


def tokenize(line: str) -> List[Token]:
    """Split one line into tokens (section 2), raising TokenError where the server says `bad-syntax`.

    A word that holds `=` after at least one character is an option; `key="..."` is an
    option whose value is a string. A string glued to a word before it (`text"abc"`) is an
    error, as on the server; so is a word glued after a string (`"abc"def`), since tokens
    are separated by blanks (the daemon reads that as two tokens)."""
    tokens: List[Token] = []
    i, n = 0, len(line)
    control = _CONTROL.search(line)
    if control:
        raise TokenError(f"the line holds the control character 0x{ord(control.group()):X}")
    while i < n:
        ch = line[i]
        if ch in _BLANKS:
            i += 1
            continue
        if ch == '"':
            text, end = _read_string(line, i)
            _check_separated(line, end)
            tokens.append(Token(STRING, text, line[i:end]))
            i = end
            continue
        j = i
        while j < n and line[j] not in _BLANKS and line[j] != '"':
            j += 1
        word = line[i:j]
        key, eq, value = word.partition("=")
        is_option = bool(eq and key)
        if j < n and line[j] == '"':
            if not (is_option and value == ""):
                raise TokenError(f"a string must be separated from '{word}' by a space")
            text, end = _read_string(line, j)
            _check_separated(line, end)
            tokens.append(Token(OPTION, text, line[j:end], key))
            i = end
            continue
        tokens.append(Token(OPTION, value, value, key) if is_option else Token(WORD, word, word))
        i = j
    return tokens


def is_number(text: str) -> bool:
    """Whether `text` is a number as section 2 writes them (`12`, `-3.5`, `+0.25`)."""
    return _NUMBER.fullmatch(text) is not None


def parse_number(text: str) -> float:
    """Read a number token; raise TokenError for anything section 2 does not call a number."""
    if not is_number(text):
        raise TokenError(f"{text!r} is not a number")
    return float(text)


Number = Union[int, float, str, Decimal]


def canonical_number(value: Number) -> str:
    """Write a number in the server's canonical form (section 2): `12`, `-3.5`, `281.333`.

    Rounded to thousandths half away from zero, trailing zeros and point removed, `-0` as
    `0`. The rounding is done the daemon's way, on the double `value * 1000`, so the text
    agrees with the server's bit for bit: 4.0005 (a double just below the half) gives `4`,
    while 2.0005 gives `2.001`. A string is first read as a double, as the server reads
    numbers a client sends."""
    if isinstance(value, bool):
        raise TypeError("a bool is not a number")
    if isinstance(value, str):
        value = parse_number(value)
    scaled = float(value) * 1000
    if math.isnan(scaled) or math.isinf(scaled):
        raise ValueError(f"{value} has no canonical form")
    thousandths = int(Decimal(scaled).to_integral_value(rounding=decimal.ROUND_HALF_UP))
    return _from_thousandths(thousandths)


def shifted_number(text: str, offset: str) -> str:
    """`text` moved by `offset`, both canonical numbers, added exactly in whole thousandths as
    a `shift` line asks (section 6): `12.5` shifted by `-0.25` is `12.25`."""
    for word in (text, offset):
        parse_number(word)  # a TokenError unless section 2 calls it a number
    total = (Decimal(text) + Decimal(offset)) * 1000
    return _from_thousandths(int(total.to_integral_value(rounding=decimal.ROUND_HALF_UP)))


def _from_thousandths(thousandths: int) -> str:
    """The canonical text of a whole number of thousandths: 1500 is `1.5`."""
    if thousandths == 0:
        return "0"
    sign = "-" if thousandths < 0 else ""
    whole, fraction = divmod(abs(thousandths), 1000)
    if fraction == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{fraction:03d}".rstrip("0")


def decode_value(raw: str) -> object:
    """Turn a render value's wire text into Python: a string, a bool, a float, None for `none`.

    Colours (`#rrggbbaa`) and unknown words stay text, so an app's own keys survive."""
    if raw.startswith('"'):
        return unquote(raw)
    if raw == "none":
        return None
    if raw in ("true", "false"):
        return raw == "true"
    if is_number(raw):
        return float(raw)
    return raw
