"""The codec reads Struct types and model types alike, on both of its paths (``engine_path``: the native
scan, pure Python): ``fast.decode`` (Structs) gives ``wirechat.decode``'s (pydantic models) answer, the same
problems when it refuses, the same canonical bytes when it accepts (what the Python testee's ``--engine
both`` compares, in process). Documents: every strict decode case of the conformance suite, and
hypothesis-made ones, valid (from the schema) and hostile (a valid document with one piece replaced by
broken or unsafe JSON text, a member dropped, renamed or duplicated, a byte order mark or trailing data),
where neither type kind may raise anything but ``WireError`` (a ``RuntimeError`` is the engine refusing
what the reporter accepts)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wirechat
from tests.native.paths import engine_path
from tests.native.test_native_scan import _values as hostile_values
from wirechat import WireError, fast
from wirechat.testing.strategies import strategy_for

__all__ = ["engine_path"]
CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"
HOLE = "\x00hole\x00"


def _cases() -> list[tuple[str, str, bytes]]:
    found = []
    for path in sorted(CASES.rglob("*.json")):
        for case in json.loads(path.read_bytes()).get("cases", []):
            if case.get("op") != "decode" or "expand" in case or case.get("mode", "strict") != "strict":
                continue
            if "text" in case:
                raw = case["text"].encode("utf-8", "surrogatepass")
            elif "base64" in case:
                raw = base64.b64decode(case["base64"])
            else:
                raw = json.dumps(case["document"]).encode()
            found.append((f"{path.parent.name}/{path.stem}/{case['name']}", case["type"], raw))
    return found


def _answer(decode: Any, canonical: Any, raw: bytes, type_: Any) -> Any:
    try:
        value = decode(raw, type_)
    except WireError as error:
        return [(p.pointer, p.rule, p.message, p.line, p.column) for p in error.problems]
    return canonical(value)


CASE_LIST = _cases()


@pytest.mark.usefixtures("engine_path")
@pytest.mark.parametrize(("name", "raw"), [(t, raw) for _, t, raw in CASE_LIST], ids=[n for n, _, _ in CASE_LIST])
def test_fast_decode_gives_the_checked_engines_answer(name: str, raw: bytes) -> None:
    checked = _answer(wirechat.decode, wirechat.canonical, raw, getattr(wirechat, name))
    quick = _answer(fast.decode, fast.canonical, raw, getattr(fast, name))
    assert quick == checked


# Hypothesis: valid documents of a few types, and the same with one piece broken.
TYPES = [
    "Message",
    "Part",
    "TextPart",
    "DataPart",
    "ToolCallPart",
    "TokenUsage",
    "ToolDefinition",
    "StreamEvent",
    "Embedding",
]


def _holes(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _holes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _holes(item, (*path, index))


def _replaced(value: Any, path: tuple[str | int, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replaced(value[path[0]], path[1:], new)  # type: ignore[index]
    return copy


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from(TYPES))
    value = draw(strategy_for(name))
    edit = draw(st.sampled_from(["none", "none", "value", "value", "drop", "rename", "duplicate", "frame"]))
    paths = list(_holes(value))
    path = draw(st.sampled_from(paths))
    if edit == "value":  # one value replaced by generated, often broken or unsafe, JSON text, maybe deep
        depth = draw(st.sampled_from([0, 0, 0, 190, 196, 197, 198, 199, 200]))
        piece = "[" * depth + draw(hostile_values) + "]" * depth
        text = json.dumps(_replaced(value, path, HOLE)).replace(json.dumps(HOLE), piece)
    elif edit in ("drop", "rename", "duplicate") and isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        rest = {k: v for k, v in value.items() if k != key}
        if edit == "drop":
            text = json.dumps(rest)
        elif edit == "rename":
            text = json.dumps({**rest, key + "x": value[key]})
        else:  # the name again, escaped: the same after unescaping
            escaped = "".join(f"\\u{ord(c):04x}" for c in key[:1]) + key[1:]
            text = json.dumps(value)[:-1] + f', "{escaped}": {json.dumps(value[key])}}}'
    elif edit == "frame":
        text = (
            draw(st.sampled_from(["\ufeff", " ", ""]))
            + json.dumps(value)
            + draw(st.sampled_from(["", " x", "\n", ","]))
        )
    else:
        text = json.dumps(value, ensure_ascii=draw(st.booleans()))
    return name, text.encode("utf-8", "surrogatepass")


def _both_kinds(raw: bytes, name: str, max_bytes: int | None = None) -> None:
    def answer(decode: Any, canonical: Any, type_: Any) -> Any:
        try:
            value = decode(raw, type_, max_bytes=max_bytes)
        except WireError as error:
            return [(p.pointer, p.rule, p.message, p.line, p.column) for p in error.problems]
        return canonical(value)

    checked = answer(wirechat.decode, wirechat.canonical, getattr(wirechat, name))
    assert answer(fast.decode, fast.canonical, getattr(fast, name)) == checked, raw[:300]


@pytest.mark.usefixtures("engine_path")
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(documents())
def test_both_kinds_answer_generated_documents_alike(document: tuple[str, bytes]) -> None:
    name, raw = document
    _both_kinds(raw, name)
    _both_kinds(raw, name, max_bytes=len(raw) - 1)


EDGES = [  # where JSON-mode and Python-mode validation could differ: numbers' kinds, strictness, nulls, tags
    ("Embedding", "[1, 2.5, 1e0, -0, -0.0, 9007199254740991, 1E2]"),
    ("Embedding", "[true]"),
    ("Embedding", '["1"]'),
    ("Embedding", "[]"),
    ("TokenUsage", '{"input_tokens": 1.0, "output_tokens": 2, "total_tokens": 3}'),
    ("TokenUsage", '{"input_tokens": 1e0, "output_tokens": 2, "total_tokens": 3}'),
    ("TokenUsage", '{"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}'),
    ("TokenUsage", '{"input_tokens": -0, "output_tokens": 2, "total_tokens": 3}'),
    ("Message", '{"role": "user", "parts": [{"type": "text", "text": 1}]}'),
    ("Message", '{"role": "User", "parts": []}'),
    ("Message", '{"role": "user", "parts": [], "name": null}'),
    ("Message", '{"role": "user", "parts": {}}'),
    ("Message", '{"role": "user", "parts": [{"type": "text", "text": "a\\u0000\\ud83d\\ude00"}]}'),
    ("Part", '{"type": "data", "data": {"value": {"n": 1.5e300, "m": [1e-300, -0.0, 0.1]}}}'),
    ("Part", '{"type": "texts", "text": "hi"}'),
    ("Part", '{"type": null, "text": "hi"}'),
    ("TextPart", '{"type": "text", "text": "hi", "type": "text"}'),
    ("StreamEvent", '{"type": "text_delta", "index": 0, "text": "x"}'),
    ("StreamEvent", '{"type": "text_delta", "index": 0.0, "text": "x"}'),
]


@pytest.mark.usefixtures("engine_path")
@pytest.mark.parametrize(("name", "text"), EDGES)
def test_both_kinds_answer_edge_documents_alike(name: str, text: str) -> None:
    _both_kinds(text.encode(), name)
