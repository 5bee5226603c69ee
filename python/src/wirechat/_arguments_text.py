"""The one text of tool-call arguments built from an object (spec section 6, "Arguments built from an
object"; decision 036), written whole or, for a stream, token by token.

The form is RFC 8785's spelling without its member sort: compact, members in the object's own order,
strings with the minimal escapes (``\\"``, ``\\\\``, ``\\b \\t \\n \\f \\r``, ``\\u00xx`` for the other
control characters, everything else as is, ``/`` and U+2028 included) and every number as ECMAScript
writes the double it denotes (``1.0`` -> ``1``, ``1E2`` -> ``100``, ``0.00001`` -> ``0.00001``, ``1e-7`` ->
``1e-7``, ``1e21`` -> ``1e+21``, ``-0`` -> ``0``). It is what ``JSON.stringify`` writes, so that JavaScript's
own writer needs nothing added.

``ArgumentsNormaliser`` rewrites JSON text that arrives in fragments (Anthropic's ``partial_json``) into the
same form as it comes: each token is written once it is complete, so the concatenation of its outputs is
exactly ``write_arguments`` of the object the text denotes, and a stream folds to the text the same call
gives unstreamed (the section 9 law).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from json.encoder import encode_basestring
from typing import Any

from wirechat._ijson import MAX_SAFE_INTEGER

__all__ = ["ArgumentsNormaliser", "ArgumentsTextError", "format_number", "plain_kinds", "write_arguments"]

_WIDE_LOW, _WIDE_HIGH = 2.0**53, 1e21
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNESCAPE = {'"': '\\"', "\\": "\\\\", "/": "/", "b": "\\b", "f": "\\f", "n": "\\n", "r": "\\r", "t": "\\t"}
_NUMBER_START = frozenset("-0123456789")
_NUMBER_CHARS = frozenset("-+.eE0123456789")
_WHITESPACE = frozenset(" \t\r\n")
_HEX = frozenset("0123456789abcdefABCDEF")


class ArgumentsTextError(ValueError):
    """A value the arguments form cannot hold: ``rule`` is the I-JSON rule (section 2) it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)


def format_number(value: float) -> str:
    """ECMAScript's ``Number::toString`` of a finite double (RFC 8785 section 3.2.2.3)."""
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    if magnitude.is_integer() and magnitude < _WIDE_LOW:
        return sign + str(int(magnitude))
    mantissa, _, exponent = repr(magnitude).partition("e")  # repr: the shortest round-trip digits
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    point = len(whole) + int(exponent or 0) - (len(whole) + len(fraction) - len(digits))  # value = 0.digits * 10**point
    digits = digits.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        return sign + digits + "0" * (point - k)
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + digits
    shown = point - 1
    tail = f"e{'+' if shown >= 0 else '-'}{abs(shown)}"
    return sign + (digits if k == 1 else digits[0] + "." + digits[1:]) + tail


def _number_text(token: str) -> str:
    """The form of one complete JSON number token; ``ArgumentsTextError`` for one that is not I-JSON."""
    match = _NUMBER.fullmatch(token)
    if match is None:
        return token  # not a JSON number: the text is not JSON, and stays as it came
    if match.group(1) is None and match.group(2) is None:
        integer = int(token)
        if not -MAX_SAFE_INTEGER <= integer <= MAX_SAFE_INTEGER:
            raise ArgumentsTextError("unsafe-integer", f"integer {token} is outside +/-(2^53-1)")
        return str(integer)
    value = float(token)
    if not math.isfinite(value):
        raise ArgumentsTextError("number-overflow", f"number {token} overflows a double")
    if _WIDE_LOW <= abs(value) < _WIDE_HIGH and value.is_integer():
        raise ArgumentsTextError("unsafe-integer", f"number {token} is a whole number outside +/-(2^53-1)")
    return format_number(value)


def plain_kinds(value: dict[str, Any]) -> int:
    """0 when ``value`` holds only string keys, strings, booleans, null, safe integers, lists and dicts (the
    C ``json`` encoder then writes the form); 1 when it also holds floats I-JSON accepts (``write_arguments``
    writes it); -1 for anything else, which ``find_fault`` must look at. Lone surrogates are not looked for:
    the caller checks the text it writes."""
    kinds = 0
    stack: list[Any] = [value]
    while stack:
        node = stack.pop()
        if type(node) is dict:
            if any(type(key) is not str for key in node):
                return -1
            items: Any = node.values()
        else:
            items = node
        for item in items:
            kind = type(item)
            if kind is str or kind is bool or item is None:
                continue
            if kind is int:
                if not -MAX_SAFE_INTEGER <= item <= MAX_SAFE_INTEGER:
                    return -1
            elif kind is dict or kind is list:
                stack.append(item)
            elif kind is float and item - item == 0.0 and not _WIDE_LOW <= abs(item) < _WIDE_HIGH:
                kinds = 1  # finite (inf - inf and nan - nan are nan), and not a whole number beyond 2^53
            else:
                return -1
    return kinds


def write_arguments(value: Mapping[str, Any]) -> str:
    """The arguments text of an object already checked to be I-JSON (``find_fault`` found nothing)."""
    out: list[str] = []
    _write(value, out)
    return "".join(out)


def _write(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(encode_basestring(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(int(value)))
    elif isinstance(value, float):
        out.append(format_number(value))
    elif isinstance(value, Mapping):
        out.append("{")
        for position, (key, item) in enumerate(value.items()):
            if position:
                out.append(",")
            out.append(encode_basestring(key))
            out.append(":")
            _write(item, out)
        out.append("}")
    else:  # a list or a tuple: find_fault has refused anything else
        out.append("[")
        for position, item in enumerate(value):
            if position:
                out.append(",")
            _write(item, out)
        out.append("]")


def _char(code: int) -> str:
    char = chr(code)
    if char in _SHORT:
        return _SHORT[char]
    return f"\\u{code:04x}" if code < 0x20 else char


class ArgumentsNormaliser:
    """JSON text in arbitrary fragments -> the arguments form, token by token (see the module docstring).

    ``feed`` returns what is settled so far (a number waits for the character after it, an escape for its
    last character); ``finish`` returns the rest. Text that is not JSON passes through without its
    insignificant whitespace; a number or an escape the form cannot hold raises ``ArgumentsTextError``.
    """

    __slots__ = ("_escape", "_high", "_in_string", "_number")

    def __init__(self) -> None:
        self._in_string = False
        self._escape: str | None = None  # the escape read so far, backslash included
        self._high: int | None = None  # a high surrogate escape waiting for its low half
        self._number = ""

    def feed(self, fragment: str) -> str:
        out: list[str] = []
        i, n = 0, len(fragment)
        while i < n:
            if self._in_string:
                i = self._string(fragment, i, out)
                continue
            char = fragment[i]
            i += 1
            if self._number and char in _NUMBER_CHARS:
                self._number += char
                continue
            if self._number:
                out.append(_number_text(self._number))
                self._number = ""
            if char in _NUMBER_START:
                self._number = char
            elif char == '"':
                self._in_string = True
                out.append(char)
            elif char not in _WHITESPACE:
                out.append(char)
        return "".join(out)

    def finish(self) -> str:
        """The text still held back (a number at the very end, an unfinished escape)."""
        out = _number_text(self._number) if self._number else ""
        out += self._escape or ""
        if self._high is not None:
            raise ArgumentsTextError("lone-surrogate", f"string holds a lone surrogate \\u{self._high:04x}")
        self._number, self._escape = "", None
        return out

    def _string(self, fragment: str, i: int, out: list[str]) -> int:
        """Reads string text from ``fragment[i]``; returns where it stopped."""
        if self._escape is None:
            if self._high is not None and fragment[i] != "\\":
                raise ArgumentsTextError("lone-surrogate", f"string holds a lone surrogate \\u{self._high:04x}")
            stop = i
            while stop < len(fragment) and fragment[stop] not in '\\"':
                stop += 1
            out.append(fragment[i:stop])
            if stop == len(fragment):
                return stop
            if fragment[stop] == '"':
                self._in_string = False
                out.append('"')
            else:
                self._escape = "\\"
            return stop + 1
        self._escape += fragment[i]
        escape = self._escape
        if len(escape) == 2 and escape[1] != "u":
            self._escape = None
            if self._high is not None:
                raise ArgumentsTextError("lone-surrogate", f"string holds a lone surrogate \\u{self._high:04x}")
            out.append(_UNESCAPE.get(escape[1], escape))
        elif len(escape) == 6:
            self._escape = None
            out.append(self._code_unit(escape))
        return i + 1

    def _code_unit(self, escape: str) -> str:
        if not all(char in _HEX for char in escape[2:]):
            return escape  # not JSON: as it came
        code = int(escape[2:], 16)
        if self._high is not None:
            high, self._high = self._high, None
            if not 0xDC00 <= code <= 0xDFFF:
                raise ArgumentsTextError("lone-surrogate", f"string holds a lone surrogate \\u{high:04x}")
            return chr(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))
        if 0xD800 <= code <= 0xDBFF:
            self._high = code
            return ""
        if 0xDC00 <= code <= 0xDFFF:
            raise ArgumentsTextError("lone-surrogate", f"string holds a lone surrogate \\u{code:04x}")
        return _char(code)
