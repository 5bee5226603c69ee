"""Reading the recorded-traffic corpus (``conformance/recorded/``, real provider bodies) in adapter tests:
a body, a stream's SSE events, a stream decoded and folded, and the leaves of a body that its re-encoding
lacks with no decode warning covering them (a small form of the replay gate's zero-unreported check, so an
adapter test can name the member it keeps or reports)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tests.conftest import REPO_ROOT
from wirechat import ChatResponse
from wirechat.adapters import Adapter, ConversionWarning, SseEvent
from wirechat.codec import canonical
from wirechat.stream import fold
from wirechat.transport.sse import iter_sse

RECORDED = REPO_ROOT / "conformance" / "recorded"


def body(path: str) -> Any:
    """The JSON body at ``conformance/recorded/<path>``."""
    return json.loads((RECORDED / path).read_text(encoding="utf-8"))


def events(path: str) -> list[SseEvent]:
    """The SSE events of the stream at ``conformance/recorded/<path>``."""
    return list(iter_sse([(RECORDED / path).read_bytes()]))


def decode_stream(adapter: Adapter, path: str) -> tuple[list[Any], list[ConversionWarning]]:
    """The canonical events of a recorded stream, and the decoder's warnings."""
    decoder = adapter.stream_decoder()
    out = [event for sse in events(path) for event in decoder.feed(sse)]
    return out + decoder.close(), list(decoder.warnings)


def fold_stream(adapter: Adapter, path: str) -> tuple[ChatResponse, list[ConversionWarning]]:
    out, warnings = decode_stream(adapter, path)
    return fold(out), warnings


def _leaves(value: Any, at: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{at}/{str(key).replace('~', '~0').replace('/', '~1')}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{at}/{i}")
    elif value is not None and value != "":
        yield at, value


def unreported(original: Any, again: Any, warnings: list[ConversionWarning]) -> list[str]:
    """The leaves of ``original`` (not null, not empty text) whose value ``again`` does not hold at the same
    pointer, and that no warning's ``where`` (the pointer or a prefix of it) covers."""
    there = dict(_leaves(again))
    places = [w.where for w in warnings if w.where]
    return [
        at
        for at, value in _leaves(original)
        if there.get(at) != value and not any(at == p or at.startswith(p + "/") for p in places)
    ]


def round_trip(adapter: Adapter, path: str) -> tuple[ChatResponse, list[ConversionWarning], list[str]]:
    """A recorded reply decoded, re-encoded and decoded again (which must give the same value): the decoded
    reply, its decode warnings, and the leaves lost without a word."""
    original = body(path)
    warnings: list[ConversionWarning] = []
    decoded = adapter.decode_response(original, warnings)
    again = adapter.encode_response(decoded, [])
    assert canonical(adapter.decode_response(again)) == canonical(decoded), path
    return decoded, warnings, unreported(original, again, warnings)
