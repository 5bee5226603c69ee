"""Reading the recorded Anthropic traffic (``conformance/recorded/anthropic``) for the adapter's tests.

``accumulate`` is a second reading of a stream, written from the streaming docs and independent of the
adapter's decoder: it rebuilds the ``message`` body the same call would have returned without streaming
(``message_start``'s message, each block as ``content_block_start`` gives it with its deltas applied,
``message_delta``'s members and usage merged in), so that the fold of the decoder's events can be held to
``decode_response`` of that body (the fold law, spec sections 9 and 15).
"""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import REPO_ROOT
from wirechat import ChatResponse
from wirechat.adapters import ConversionWarning, SseEvent, get
from wirechat.stream import fold
from wirechat.transport.sse import iter_sse

CORPUS = REPO_ROOT / "conformance" / "recorded" / "anthropic"
ADAPTER = get("anthropic")


def names(kind: str) -> list[str]:
    """The scenario files of one kind (``response``, ``stream``, ``request``, ``error``), sorted."""
    return sorted(path.name for path in CORPUS.glob(f"*.{kind}.*"))


def status(name: str) -> int | None:
    """The HTTP status the source recorded for a body (``SOURCES.ndjson``)."""
    for line in (CORPUS.parent / "SOURCES.ndjson").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["file"] == f"anthropic/{name}":
            found: int | None = entry["status"]
            return found
    raise KeyError(name)


def body(name: str) -> dict[str, Any]:
    value = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    assert isinstance(value, dict)
    return value


def events(name: str) -> list[SseEvent]:
    return list(iter_sse([(CORPUS / name).read_bytes()]))


def messages(name: str) -> list[list[SseEvent]]:
    """The streams a recorded file holds, cut after each ``message_stop`` (some sources keep the streams of
    a whole tool loop in one file)."""
    out: list[list[SseEvent]] = [[]]
    for event in events(name):
        out[-1].append(event)
        if event.event == "message_stop" or '"type":"message_stop"' in event.data:
            out.append([])
    return [stream for stream in out if any('"message_start"' in event.data for event in stream)]


def decode(stream: list[SseEvent]) -> tuple[list[Any], list[ConversionWarning]]:
    decoder = ADAPTER.stream_decoder()
    out = [canonical for event in stream for canonical in decoder.feed(event)]
    return out + decoder.close(), decoder.warnings


def fold_stream(stream: list[SseEvent]) -> tuple[ChatResponse, list[ConversionWarning]]:
    canonical, warnings = decode(stream)
    return fold(canonical), warnings


def accumulate(stream: list[SseEvent]) -> dict[str, Any]:
    """The non-streamed ``message`` body a stream stands for (see the module docstring)."""
    message: dict[str, Any] = {}
    inputs: dict[int, str] = {}
    for event in stream:
        data = json.loads(event.data)
        kind = data.get("type")
        if kind == "message_start":
            message = json.loads(json.dumps(data["message"]))
        elif kind == "content_block_start":
            block = json.loads(json.dumps(data["content_block"]))
            content = message["content"]
            while len(content) <= data["index"]:
                content.append(None)
            content[data["index"]] = block
        elif kind == "content_block_delta":
            block, delta = message["content"][data["index"]], data["delta"]
            match delta["type"]:
                case "text_delta":
                    block["text"] += delta["text"]
                case "thinking_delta":
                    block["thinking"] += delta["thinking"]
                case "signature_delta":
                    block["signature"] = block.get("signature", "") + delta["signature"]
                case "citations_delta":
                    block["citations"] = [*(block.get("citations") or []), delta["citation"]]
                case "input_json_delta":
                    inputs[data["index"]] = inputs.get(data["index"], "") + delta["partial_json"]
        elif kind == "content_block_stop" and inputs.get(data["index"], "").strip():
            message["content"][data["index"]]["input"] = json.loads(inputs[data["index"]])
        elif kind == "message_delta":
            message.update({key: value for key, value in data["delta"].items()})
            if "context_management" in data:
                message["context_management"] = data["context_management"]
            message["usage"] = {**message.get("usage", {}), **data.get("usage", {})}
    return message


def leaves(value: Any, where: str = "") -> list[str]:
    """The pointers of every leaf of ``value`` that is neither null nor empty."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in leaves(item, f"{where}/{key}")]
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in leaves(item, f"{where}/{i}")]
    return [] if value is None or value == "" else [where]


def at(value: Any, pointer: str) -> Any:
    """The value at ``pointer`` (a ``KeyError`` or ``IndexError`` when there is none)."""
    for token in pointer.split("/")[1:]:
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def unreported(original: dict[str, Any], written: dict[str, Any], warnings: list[ConversionWarning]) -> list[str]:
    """The leaves of ``original`` that ``written`` does not hold with the same value and no warning covers
    (a warning's pointer is the leaf's or one of its prefixes)."""
    covered = [w.where for w in warnings]
    missing = []
    for pointer in leaves(original):
        try:
            same = at(written, pointer) == at(original, pointer)
        except (KeyError, IndexError, TypeError, ValueError):
            same = False
        if not same and not any(pointer == c or pointer.startswith(c + "/") for c in covered):
            missing.append(pointer)
    return missing
