"""The first text fault of a JSON text, as spec section 5.1 defines it: rule, offset, pointer, line, column.

jiter (the fast parser ``decode`` uses) only says *that* a text is broken, at positions of its own. When
it fails, this module reads the text once more, from the start, in one linear pass, and finds the
spec's answer: the first byte-order mark, ill-formed UTF-8 sequence, syntax error, duplicate member name,
lone surrogate escape or 201st nesting level, where it is (the offset §5.1 defines for each rule) and
the innermost value that has begun and not ended there. Every run of ordinary characters (string
bodies, digits, blanks) is matched by one regular expression, so a 100 MB string costs one C-speed match.

The pass also gives where each value starts, for ``wirechat._locate`` (the command line prints the line
of every problem).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from wirechat.errors import pointer_from_path

__all__ = ["MAX_DEPTH", "TextFault", "find_text_fault", "scan"]

MAX_DEPTH = 200
_BOM = b"\xef\xbb\xbf"
_BLANKS = re.compile(r"[ \t\n\r]*")
# A string body: plain characters and well-formed escapes, unrolled so that no run can be split two ways.
_STRING_BODY = re.compile(r'[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*')
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_HEX = frozenset("0123456789abcdefABCDEF")
_LITERALS = {"t": "true", "f": "false", "n": "null"}
_SHORT = 40

Path = list[str | int]
OnValue = Callable[[int, tuple[str | int, ...]], None]


@dataclass(frozen=True)
class TextFault:
    """A text fault: its rule, offset (in code points of the decoded text), pointer, position and why."""

    rule: str
    offset: int
    pointer: str
    line: int
    column: int
    message: str


class _FaultError(Exception):
    def __init__(self, rule: str, offset: int, path: Path, message: str) -> None:
        super().__init__(message)
        self.rule, self.offset, self.path, self.message = rule, offset, path, message


def _show(text: str) -> str:
    shown = json.dumps(text, ensure_ascii=False)
    return shown if len(shown) <= _SHORT else shown[: _SHORT - 4] + '..."'


def _found(text: str, offset: int) -> str:
    if offset >= len(text):
        return "the text ends too early"
    return f"unexpected {_show(text[offset])}"


def _lone_surrogate(text: str, start: int, end: int) -> int | None:
    """The offset of the backslash of the first ``\\uXXXX`` surrogate escape in ``text[start:end]`` (a
    well-formed string body) that is not half of a pair, or None."""
    if _SURROGATE_ESCAPE.search(text, start, end) is None:
        return None
    high: int | None = None  # the offset of a high surrogate escape waiting for its low half
    high_end = -1
    for match in _ESCAPE.finditer(text, start, end):
        code = int(match.group(1), 16) if match.group(1) else -1
        if high is not None:
            if match.start() == high_end and 0xDC00 <= code <= 0xDFFF:
                high = None
                continue
            return high
        if 0xD800 <= code <= 0xDBFF:
            high, high_end = match.start(), match.end()
        elif 0xDC00 <= code <= 0xDFFF:
            return match.start()
    return high


class _Scanner:
    """One pass over a decoded JSON text; ``run`` raises ``_FaultError`` at the first text fault."""

    def __init__(self, text: str, on_value: OnValue | None) -> None:
        self.text = text
        self.n = len(text)
        self.on_value = on_value
        self.tokens: Path = []  # the path of the value being read: one token per open container
        self.kinds: list[bool] = []  # per open container: True for an object
        self.keys: list[set[str]] = []  # the member names seen so far, per open object

    def fail(self, rule: str, offset: int, path: Path, message: str) -> _FaultError:
        return _FaultError(rule, offset, list(path), message)

    def string_end(self, start: int, path: Path) -> int:
        """The offset after the string opening at ``start``; a fault inside it is reported at ``path``."""
        text = self.text
        end = _STRING_BODY.match(text, start + 1).end()  # type: ignore[union-attr]  # always matches
        lone = _lone_surrogate(text, start + 1, end)
        if lone is not None:
            escape = text[lone : lone + 6]
            raise self.fail("lone-surrogate", lone, path, f"escape {escape} is a lone surrogate, which I-JSON forbids")
        if end < self.n and text[end] == '"':
            return end + 1
        if end >= self.n:
            raise self.fail("syntax", end, path, "the text ends inside a string")
        if text[end] == "\\":
            bad = end + 1
            if bad < self.n and text[bad] == "u":
                bad += 1
                while bad < min(self.n, end + 6) and text[bad] in _HEX:
                    bad += 1
            raise self.fail("syntax", bad, path, f"bad escape in a string: {_found(text, bad)}")
        raise self.fail("syntax", end, path, f"control character U+{ord(text[end]):04X} must be escaped in a string")

    def scalar_end(self, start: int) -> int:
        """The offset after the number or literal starting at ``start`` (its path is ``self.tokens``)."""
        text, path = self.text, self.tokens
        char = text[start]
        if char in _LITERALS:
            word = _LITERALS[char]
            if text.startswith(word, start):
                return start + len(word)
            same = 1
            while start + same < self.n and same < len(word) and text[start + same] == word[same]:
                same += 1
            raise self.fail("syntax", start + same, path, f"expected {word}: {_found(text, start + same)}")
        match = _NUMBER.match(text, start)
        if match is None:  # a minus sign not followed by a digit
            raise self.fail("syntax", start + 1, path, f"expected a digit after '-': {_found(text, start + 1)}")
        end = match.end()
        bad = -1
        if end < self.n and text[end] == "." and match.group(1) is None and match.group(2) is None:
            bad = end + 1
        elif end < self.n and text[end] in "eE" and match.group(2) is None:
            bad = end + 2 if end + 1 < self.n and text[end + 1] in "+-" else end + 1
        if bad >= 0:
            raise self.fail("syntax", bad, path, f"expected a digit in a number: {_found(text, bad)}")
        return end

    def run(self) -> None:
        i = self.blank(0)
        while True:
            i, complete = self.value(i)
            if complete:
                after = self.after_value(i)
                if after is None:
                    return
                i = after

    def blank(self, i: int) -> int:
        return _BLANKS.match(self.text, i).end()  # type: ignore[union-attr]  # always matches

    def value(self, i: int) -> tuple[int, bool]:
        """Read the value expected at ``i`` (its path is ``self.tokens``): the offset after it and True, or,
        when it opens a container with members, the offset of its first member's value and False."""
        text, tokens, kinds = self.text, self.tokens, self.kinds
        if i >= self.n:
            raise self.fail("syntax", self.n, tokens[:-1], "the text ends where a value is expected")
        char = text[i]
        if self.on_value is not None:
            self.on_value(i, tuple(tokens))
        if char in "{[":
            if len(kinds) >= MAX_DEPTH:
                raise self.fail("depth", i, tokens[:-1], f"nesting deeper than {MAX_DEPTH} levels")
            is_object = char == "{"
            i = self.blank(i + 1)
            if i < self.n and text[i] == ("}" if is_object else "]"):
                return i + 1, True
            kinds.append(is_object)
            if is_object:
                self.keys.append(set())
                tokens.append("")
                return self.member_name(i, self.keys[-1]), False
            tokens.append(0)
            return i, False
        if char == '"':
            return self.string_end(i, tokens), True
        if char in _LITERALS or char == "-" or "0" <= char <= "9":
            return self.scalar_end(i), True
        raise self.fail("syntax", i, tokens[:-1], f"expected a value: {_found(text, i)}")

    def after_value(self, i: int) -> int | None:
        """After a value: close the containers that end here; the offset of the next value, or None at the
        end of the document."""
        text, tokens, kinds = self.text, self.tokens, self.kinds
        while True:
            i = self.blank(i)
            if not kinds:
                if i < self.n:
                    raise self.fail("syntax", i, [], f"trailing data after the document: {_found(text, i)}")
                return None
            is_object = kinds[-1]
            if i < self.n and text[i] == ",":
                i = self.blank(i + 1)
                if is_object:
                    return self.member_name(i, self.keys[-1])
                tokens[-1] += 1  # type: ignore[operator]  # an array's token is its index
                return i
            if i < self.n and text[i] == ("}" if is_object else "]"):
                kinds.pop()
                tokens.pop()
                if is_object:
                    self.keys.pop()
                i += 1
                continue
            expected = "',' or '}'" if is_object else "',' or ']'"
            raise self.fail("syntax", i, tokens[:-1], f"expected {expected}: {_found(text, i)}")

    def member_name(self, i: int, seen: set[str]) -> int:
        """Read ``"name":`` at ``i`` in the innermost object; set its token; return where the value starts."""
        text, tokens = self.text, self.tokens
        container = tokens[:-1]
        if i >= self.n or text[i] != '"':
            raise self.fail("syntax", i, container, f"expected a member name: {_found(text, i)}")
        end = self.string_end(i, container)
        raw = text[i + 1 : end - 1]
        name: str = json.loads(text[i:end]) if "\\" in raw else raw
        if name in seen:
            raise self.fail("duplicate-key", i, [*container, name], f"duplicate member name {_show(name)}")
        seen.add(name)
        tokens[-1] = name
        i = self.blank(end)
        if i >= self.n or text[i] != ":":
            raise self.fail("syntax", i, container, f"expected ':' after a member name: {_found(text, i)}")
        return self.blank(i + 1)


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column (in code points) of ``offset`` in ``text``."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def scan(text: str, on_value: OnValue | None = None) -> TextFault | None:
    """The first syntax, duplicate-key, lone-surrogate or depth fault of decoded ``text``, or None.

    ``on_value(offset, path)`` is called where each value starts, in document order, until a fault.
    """
    try:
        _Scanner(text, on_value).run()
    except _FaultError as fault:
        line, column = _position(text, fault.offset)
        return TextFault(fault.rule, fault.offset, pointer_from_path(fault.path), line, column, fault.message)
    return None


def find_text_fault(raw: bytes) -> TextFault | None:
    """The first text fault of ``raw`` (spec section 5.1), or None when ``raw`` is one well-formed JSON text
    within the depth limit and without duplicate names or lone surrogates."""
    if raw.startswith(_BOM):
        return TextFault("bom", 0, "", 1, 1, "the text starts with a byte-order mark, which I-JSON forbids")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # The text is checked as UTF-8 before it is parsed: this fault wins over any other. Its pointer is
        # the innermost value open where the well-formed prefix ends.
        prefix = raw[: exc.start].decode("utf-8")
        # (or, when the prefix breaks earlier, the innermost one open there: what is known of the structure).
        open_at_end = scan(prefix)
        pointer = "" if open_at_end is None else open_at_end.pointer
        bad = raw[exc.start : exc.start + 2]
        line, column = _position(prefix, len(prefix))
        if len(bad) == 2 and bad[0] == 0xED and bad[1] >= 0xA0:
            message = "a surrogate written as UTF-8 (bytes ED A0..ED BF) is a lone surrogate, which I-JSON forbids"
            return TextFault("lone-surrogate", len(prefix), pointer, line, column, message)
        message = f"byte 0x{raw[exc.start]:02X} starts no well-formed UTF-8 sequence ({exc.reason})"
        return TextFault("utf8", len(prefix), pointer, line, column, message)
    return scan(text)


_BRACKETS_ONLY = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")


def may_be_too_deep(raw: bytes) -> bool:
    """Whether a text jiter accepted nests deeper than 200 levels (jiter lets a 201st level through when
    it is an empty array or object). All at C speed, a few microseconds for a 25 KB document:

    - fewer than 201 brackets: no;
    - else drop the strings: with escaped backslashes and then escaped quotes removed, every remaining
      quote delimits a string (a valid text has no backslash outside strings), so the even pieces of a
      split on quotes are the text outside strings; keep only its brackets, as ``(`` and ``)``;
    - each ``replace(b"()", b"")`` removes every innermost pair, so exactly one level: the text nests
      more than 200 levels iff 200 such passes leave brackets.
    """
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return False
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(raw.split(b'"')[::2]).translate(_BRACKETS_ONLY, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):
        if not brackets:
            return False
        brackets = brackets.replace(b"()", b"")
    return bool(brackets)
