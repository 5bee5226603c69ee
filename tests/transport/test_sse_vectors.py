"""The shared SSE framing vectors (``conformance/vectors/sse-framing.json``), which the TypeScript and Go tests
run too: every case gives its events (or its refusal) whether the body arrives in the case's chunks, all at
once, or one byte at a time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from wirechat.transport.sse import SseDecoder, SseTooLargeError

CASES: list[dict[str, Any]] = json.loads(
    (REPO_ROOT / "conformance" / "vectors" / "sse-framing.json").read_text(encoding="utf-8")
)["cases"]


def _chunks(case: dict[str, Any]) -> list[bytes]:
    if "hex_chunks" in case:
        return [bytes.fromhex(chunk) for chunk in case["hex_chunks"]]
    return [chunk.encode() for chunk in case["chunks"]]


def _feed(case: dict[str, Any], chunks: list[bytes]) -> dict[str, Any]:
    decoder = SseDecoder(case.get("max_event_bytes", 16 << 20))
    events = []
    try:
        for chunk in chunks:
            events += decoder.feed(chunk)
        events += decoder.flush()
    except SseTooLargeError as refused:
        return {"error": refused.what}
    return {"events": [{"event": event.event, "data": event.data} for event in events]}


def _splits(chunks: list[bytes]) -> dict[str, list[bytes]]:
    body = b"".join(chunks)
    return {
        "as given": chunks,
        "whole": [body] if body else [],
        "byte by byte": [body[i : i + 1] for i in range(len(body))],
    }


@pytest.mark.parametrize("case", CASES, ids=[case["description"] for case in CASES])
def test_the_decoder_gives_the_vector_however_the_body_is_cut(case: dict[str, Any]) -> None:
    expected = {"error": case["error"]} if "error" in case else {"events": case["events"]}
    for how, chunks in _splits(_chunks(case)).items():
        assert _feed(case, chunks) == expected, how


def test_the_vectors_cover_the_limits_and_invalid_utf8() -> None:
    assert {case["error"] for case in CASES if "error" in case} == {"an SSE line", "an SSE event's data"}
    assert sum("\ufffd" in json.dumps(case.get("events"), ensure_ascii=False) for case in CASES) >= 5
