"""``dumps_body`` (msgspec) against ``json.dumps``, which wrote request bodies before (decision 031).

The two writers must give the same bytes for every body without floats, and for every body the same JSON
values read back (floats to the bit, ``-0.0`` included), since only float notation may differ. Checked on
the edge values (floats, integers past 2^53 and 2^64, non-BMP text, U+2028, every control character), on
hypothesis JSON values, and on what every adapter writes for the cross-language vectors' requests and the
adapter gate's generated ones.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO_ROOT
from wirechat import ChatRequest, WireError
from wirechat._body import dumps_body
from wirechat.adapters import ConversionRefused, get, names
from wirechat.testing import gate_strategies

ADAPTERS = ("anthropic", "gemini", "go-model", "openai-chat", "openai-compatible", "openai-responses", "querymt")


def stdlib(body: Any) -> bytes:
    """What the client wrote before: ``json.dumps``, compact, UTF-8."""
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def exact(value: Any) -> Any:
    """``value`` with each float as its bits, so ``-0.0 != 0.0`` and ``1 != 1.0`` in a comparison."""
    if isinstance(value, float):
        return ("float", value.hex())
    if isinstance(value, dict):
        return [(key, exact(item)) for key, item in value.items()]  # key order counts
    if isinstance(value, list):
        return [exact(item) for item in value]
    return value


def has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(has_float(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(has_float(item) for item in value)
    return False


def assert_same(body: Any) -> None:
    ours, theirs = dumps_body(body), stdlib(body)
    if not has_float(body):
        assert ours == theirs
    assert exact(json.loads(ours)) == exact(json.loads(theirs)) == exact(json.loads(json.dumps(body)))


EDGES: dict[str, Any] = {
    "1e-05": 1e-05,
    "1e21": 1e21,
    "0.1+0.2": 0.1 + 0.2,
    "-0.0": -0.0,
    "1.0": 1.0,
    "smallest subnormal": 5e-324,
    "largest double": 1.7976931348623157e308,
    "1e16": 1e16,
    "1e-7": 1e-7,
    "2**53+1": 2**53 + 1,
    "2**63": 2**63,
    "2**64": 2**64,
    "-(2**63)-1": -(2**63) - 1,
    "10**30": 10**30,
    "non-BMP": "\U0001f600 \U00010348",
    "U+2028 U+2029": "a\u2028b\u2029c",
    "control characters": "".join(map(chr, range(32))) + "\x7f",
    "quote, backslash, slash": '"\\/',
}


@pytest.mark.parametrize("value", EDGES.values(), ids=EDGES.keys())
def test_an_edge_value_reads_back_the_same(value: Any) -> None:
    assert_same({"v": value, "in": [value, {"k": value}]})


def test_only_float_notation_differs() -> None:
    assert dumps_body({"a": 1e-05, "b": 1e21, "c": -0.0}) == b'{"a":0.00001,"b":1e21,"c":-0.0}'
    assert stdlib({"a": 1e-05, "b": 1e21, "c": -0.0}) == b'{"a":1e-05,"b":1e+21,"c":-0.0}'
    assert dumps_body({"\u2028": "\U0001f600\x1f"}) == stdlib({"\u2028": "\U0001f600\x1f"})


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=["Cs"])),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(json_values)
def test_any_json_value_reads_back_the_same(value: Any) -> None:
    assert_same({"value": value})


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_body_with_a_non_finite_number_is_refused_not_sent_as_nan_or_null(bad: float) -> None:
    with pytest.raises(ValueError, match=r"non-finite number at /messages/0/x~1y/1"):
        dumps_body({"messages": [{"x/y": [None, bad]}]})


def test_a_null_alone_is_written() -> None:
    assert dumps_body({"content": None, "nullable": "null"}) == b'{"content":null,"nullable":"null"}'


def _vector_requests() -> list[ChatRequest]:
    found = []
    for name in ("openai-chat", "anthropic"):
        path = Path(REPO_ROOT / "conformance" / "cases" / "adapters" / f"{name}.ndjson")
        for line in path.read_text(encoding="utf-8").split("\n"):  # not splitlines: U+2028 is in a line
            if line.strip() and '"kind": "request"' in line:
                found.append(ChatRequest.model_validate(json.loads(line)["canonical"]))
    return found


VECTOR_REQUESTS = _vector_requests()


def _bodies(name: str, requests: list[ChatRequest]) -> list[dict[str, Any]]:
    adapter, bodies = get(name), []
    for request in requests:
        try:
            body, _ = adapter.encode_request(request)
        except (ConversionRefused, WireError, ValueError):
            continue
        bodies += [body, adapter.stream_request_flags(body)]
    return bodies


@pytest.mark.parametrize("name", names())
def test_every_adapters_vector_bodies_are_the_same_bytes(name: str) -> None:
    bodies = _bodies(name, VECTOR_REQUESTS)
    assert len(bodies) >= 40
    for body in bodies:
        assert_same(body)


@pytest.mark.parametrize("name", ADAPTERS)
def test_every_adapters_gate_drawn_bodies_are_the_same(name: str) -> None:
    drawn: list[ChatRequest] = []

    @settings(max_examples=8, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(gate_strategies.requests(get(name)))
    def collect(document: dict[str, Any]) -> None:
        drawn.append(ChatRequest.model_validate(document))

    collect()
    for body in _bodies(name, drawn):
        assert_same(body)
