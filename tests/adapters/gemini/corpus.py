"""Reading the recorded Gemini traffic of ``conformance/recorded/gemini`` (issue 23's corpus) in these tests:
bodies as JSON, streams as their SSE data events (a ``json-array`` stream, one event per element), run
through the adapter, and the replay gate's "zero unreported members" check, written small."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import REPO_ROOT
from wirechat import ChatResponse
from wirechat.adapters import ConversionWarning, SseEvent, get
from wirechat.stream import fold
from wirechat.transport.sse import iter_sse

ADAPTER = get("gemini")
CORPUS = REPO_ROOT / "conformance" / "recorded" / "gemini"


def body(name: str) -> Any:
    return json.loads((CORPUS / name).read_text(encoding="utf-8"))


def events(name: str) -> list[SseEvent]:
    path = CORPUS / name
    if path.suffix == ".json":  # recorded without alt=sse: a JSON array of responses
        return [SseEvent(None, json.dumps(item)) for item in json.loads(path.read_text(encoding="utf-8"))]
    return list(iter_sse([path.read_bytes()]))


def decode_stream(name: str) -> tuple[list[Any], list[ConversionWarning]]:
    decoder = ADAPTER.stream_decoder()
    out = [event for sse in events(name) for event in decoder.feed(sse)]
    return out + decoder.close(), decoder.warnings


def fold_stream(name: str) -> tuple[ChatResponse, list[ConversionWarning]]:
    out, warnings = decode_stream(name)
    return fold(out), warnings


def leaves(value: Any, where: str = "") -> list[tuple[str, Any]]:
    """The pointers and values of the non-null, non-empty leaves of a JSON value."""
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in leaves(item, f"{where}/{_token(key)}")]
    if isinstance(value, list):
        return [leaf for i, item in enumerate(value) for leaf in leaves(item, f"{where}/{i}")]
    return [] if value is None or value == "" else [(where, value)]


def _token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def at(document: Any, pointer: str) -> Any:
    """The value at ``pointer``, or a sentinel no JSON value equals."""
    for raw in pointer.split("/")[1:]:
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(document, list) and token.isdigit() and int(token) < len(document):
            document = document[int(token)]
        elif isinstance(document, dict) and token in document:
            document = document[token]
        else:
            return _ABSENT
    return document


_ABSENT = object()


def unreported(given: Any, written: Any, warnings: list[ConversionWarning]) -> list[str]:
    """The leaves of ``given`` that ``written`` does not hold and no warning's pointer covers."""
    covered = [warning.where for warning in warnings if warning.where]
    return [
        pointer
        for pointer, value in leaves(given)
        if at(written, pointer) != value and not any(pointer == w or pointer.startswith(w + "/") for w in covered)
    ]
