"""``wirechat.decode`` (the checked engine) gives the same answer with the native scan and without it.

With ``wirechat_native`` a short text is scanned and handed to pydantic-core's ``validate_json``; any
refusal runs the pure path (jiter, ``validate_python``, the text-fault finder), which is the only path
without the module. ``checked_path`` runs a test once per path, the native one for texts of every length
(its length limit raised). The answers compared: the problems (pointer, rule, message, line, column) of a
refusal, or the encoding and canonical bytes of the decoded value, for bytes and str input and under
``max_bytes``. Documents: every decode case of the conformance suite, and hypothesis-made ones, valid
(from the schema) and hostile (a valid document with one piece replaced by broken or unsafe JSON text,
a member dropped, renamed or duplicated, a byte order mark or trailing data).
"""

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
from tests.native.paths import require_native, wirechat_native
from tests.native.test_native_scan import _values as hostile_values
from wirechat import WireError, codec
from wirechat.testing.strategies import strategy_for

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"
HOLE = "\x00hole\x00"


@pytest.fixture(params=["native", "python"])
def checked_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The checked engine with the native scan (for texts of every length) or without it."""
    if request.param == "native":
        require_native()
        monkeypatch.setattr(codec, "_native_scan", wirechat_native.scan)
        monkeypatch.setattr(codec, "_SCAN_BELOW", 1 << 40)
    else:
        monkeypatch.setattr(codec, "_native_scan", None)
    yield request.param


def _answer(data: bytes | str, type_: Any, max_bytes: int | None = None) -> Any:
    try:
        value = wirechat.decode(data, type_, max_bytes=max_bytes)
    except WireError as error:
        return "refused", [(p.pointer, p.rule, p.message, p.line, p.column) for p in error.problems]
    return "accepted", wirechat.encode(value, type_), wirechat.canonical(value)


def _both_ways(monkeypatch: pytest.MonkeyPatch, data: bytes | str, type_: Any, max_bytes: int | None = None) -> Any:
    """The answer of each path (native for every length, then pure), asserted equal."""
    require_native()
    with monkeypatch.context() as patch:
        patch.setattr(codec, "_native_scan", wirechat_native.scan)
        patch.setattr(codec, "_SCAN_BELOW", 1 << 40)
        native = _answer(data, type_, max_bytes)
    with monkeypatch.context() as patch:
        patch.setattr(codec, "_native_scan", None)
        pure = _answer(data, type_, max_bytes)
    assert native == pure, (data[:300], native, pure)
    return native


def _cases() -> list[tuple[str, str, bytes]]:
    found = []
    for path in sorted(CASES.rglob("*.json")):
        for case in json.loads(path.read_bytes()).get("cases", []):
            if case.get("op") != "decode" or "expand" in case:
                continue
            if "text" in case:
                raw = case["text"].encode("utf-8", "surrogatepass")
            elif "base64" in case:
                raw = base64.b64decode(case["base64"])
            else:
                raw = json.dumps(case["document"]).encode()
            found.append((f"{path.parent.name}/{path.stem}/{case['name']}", case["type"], raw))
    return found


CASE_LIST = _cases()


@pytest.mark.parametrize(("name", "raw"), [(t, raw) for _, t, raw in CASE_LIST], ids=[n for n, _, _ in CASE_LIST])
def test_both_paths_answer_every_conformance_case_alike(monkeypatch: pytest.MonkeyPatch, name: str, raw: bytes) -> None:
    type_ = getattr(wirechat, name)
    _both_ways(monkeypatch, raw, type_)
    _both_ways(monkeypatch, raw.decode("utf-8", "surrogatepass") if _is_text(raw) else raw, type_)


def _is_text(raw: bytes) -> bool:
    try:
        raw.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return False
    return True


def test_the_corpus_reaches_the_native_path() -> None:
    """Most valid cases are short enough for the native path, so the corpus run exercises it."""
    short = [raw for _, _, raw in CASE_LIST if len(raw) < codec._SCAN_BELOW]
    assert len(short) > 0.9 * len(CASE_LIST)


@pytest.mark.usefixtures("checked_path")
def test_limits_and_input_kinds_hold_on_both_paths() -> None:
    text = '{"role":"user","parts":[{"type":"text","text":"caf\u00e9"}]}'
    with pytest.raises(WireError) as error:
        wirechat.decode(text, wirechat.Message, max_bytes=10)
    assert [p.rule for p in error.value.problems] == ["too-large"]
    for data in (text, text.encode(), bytearray(text.encode()), memoryview(text.encode())):
        assert wirechat.decode(data, wirechat.Message).parts[0].text == "caf\u00e9"  # type: ignore[union-attr]
    with pytest.raises(WireError) as error:  # a lone surrogate in str input: its UTF-8 form is refused
        wirechat.decode(text.replace("\u00e9", "\ud800"), wirechat.Message)
    assert [p.rule for p in error.value.problems] == ["lone-surrogate"]
    with pytest.raises(WireError) as error:  # a variant alone needs its tag (the scan's root member)
        wirechat.decode('{"text":"hi"}', wirechat.TextPart)
    assert [(p.pointer, p.rule) for p in error.value.problems] == [("/type", "required")]


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


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(documents())
def test_both_paths_answer_generated_documents_alike(
    monkeypatch: pytest.MonkeyPatch, document: tuple[str, bytes]
) -> None:
    name, raw = document
    type_ = getattr(wirechat, name)
    _both_ways(monkeypatch, raw, type_)
    if _is_text(raw):
        _both_ways(monkeypatch, raw.decode("utf-8", "surrogatepass"), type_)
    _both_ways(monkeypatch, raw, type_, max_bytes=len(raw) - 1)


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


@pytest.mark.parametrize(("name", "text"), EDGES)
def test_both_paths_answer_edge_documents_alike(monkeypatch: pytest.MonkeyPatch, name: str, text: str) -> None:
    _both_ways(monkeypatch, text.encode(), getattr(wirechat, name))
