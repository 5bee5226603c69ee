"""Fuzzing ``decode`` with byte mutations of the corpus (conformance/cases and schema/v1/examples).

Whatever the bytes, ``decode`` returns a value or raises ``WireError`` (never another exception); a
``WireError`` follows spec section 5 (a text fault alone and placed, problems in order, at most 101); the
linear fault finder agrees with jiter on whether a text is broken; and a decoded value is stable:
decode -> encode -> decode gives the same bytes. Bounded for CI by ``max_examples``; a failure found is
saved as a conformance case (conformance/cases/ijson/edges.json).
"""

from __future__ import annotations

import base64
import json
from functools import cache
from typing import Any

import jiter
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import EXAMPLES_DIR, REPO_ROOT
from wirechat import WireError, canonical, decode, encode
from wirechat._order import finish_problems
from wirechat._registry import type_by_name, type_names
from wirechat._textfault import find_text_fault, may_be_too_deep

PIECES = [b"{", b"[", b"]", b"}", b",", b":", b'"', b"\\", b"\\u", b"\\ud800", b"0", b"-", b"e", b" ", b"\n"]
PIECES += [b"\xff", b"\xed\xa0\x80", b"\xc3", b"\xef\xbb\xbf", b"\x00", b"1e400", b"9007199254740993"]
TEXT_FAULTS = {"bom", "utf8", "syntax", "duplicate-key", "lone-surrogate", "depth"}


@cache
def corpus() -> tuple[tuple[str, bytes], ...]:
    """(type name, document bytes) for every decode case and every schema example."""
    found: list[tuple[str, bytes]] = []
    for path in sorted((REPO_ROOT / "conformance" / "cases").rglob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")).get("cases", []):
            if case.get("op") != "decode" or case.get("type") not in type_names() or "expand" in case:
                continue  # (expanded cases are megabytes: too slow to mutate)
            if "base64" in case:
                data = base64.b64decode(case["base64"])
            elif "text" in case:
                data = case["text"].encode("utf-8", "surrogatepass")
            else:
                data = json.dumps(case["document"], ensure_ascii=False).encode("utf-8", "surrogatepass")
            found.append((case["type"], data))
    for path in sorted(EXAMPLES_DIR.glob("*/*/*.json")):
        found.append((path.parent.parent.name, path.read_bytes()))
    return tuple(found)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    type_name, data = draw(st.sampled_from(corpus()))
    for _ in range(draw(st.integers(1, 3))):
        size = len(data)
        at = draw(st.integers(0, size))
        kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "duplicate"]))
        if kind == "flip" and size:
            at = min(at, size - 1)
            data = data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]
        elif kind == "insert":
            piece = draw(st.sampled_from(PIECES))
            data = data[:at] + piece + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 8)) :]
        elif kind == "truncate":
            data = data[:at]
        else:
            end = min(size, at + draw(st.integers(1, 40)))
            data = data[:end] + data[at:end] + data[end:]
    return type_name, data  # fmt: skip


def _jiter_accepts(data: bytes) -> bool:
    try:
        jiter.from_json(data, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError:
        return False
    return not data.startswith(b"\xef\xbb\xbf") and not may_be_too_deep(data)


def _check_error(error: WireError) -> None:
    problems = error.problems
    assert problems and len(problems) <= 101, problems
    if problems[0].rule in TEXT_FAULTS:
        (problem,) = problems
        assert problem.line is not None and problem.line >= 1 and problem.column is not None and problem.column >= 1
        assert not problem.message.startswith("the parser refused"), problem  # jiter and the finder disagree
    else:
        assert all(p.line is None and p.rule not in TEXT_FAULTS for p in problems), problems
        capped = problems[:-1] if problems[-1].rule == "too-many-problems" else problems
        assert finish_problems(capped) == capped, problems


@settings(max_examples=500)
@given(mutated())
def test_decode_of_mutated_documents_returns_or_raises_wire_error(case: tuple[str, bytes]) -> None:
    type_name, data = case
    wire_type: Any = type_by_name(type_name)
    assert (find_text_fault(data) is None) == _jiter_accepts(data), data
    try:
        value = decode(data, wire_type)
    except WireError as error:
        _check_error(error)
        return
    encoded = encode(value, wire_type)
    again = decode(encoded, wire_type)
    assert encode(again, wire_type) == encoded
    assert canonical(again) == canonical(value)
