"""The independent reader of Anthropic Messages bodies (responses and streams), from the API reference.

Content blocks: ``text`` is text; ``thinking`` is reasoning (``redacted_thinking`` has none); ``tool_use``
is a call the caller runs; ``server_tool_use`` and ``mcp_tool_use`` are calls the provider ran (their
``*_tool_result`` blocks carry no call). Usage in the canonical meaning (spec section 7): input =
``input_tokens`` + ``cache_read_input_tokens`` + ``cache_creation_input_tokens``; output = ``output_tokens``;
reasoning = ``output_tokens_details.thinking_tokens`` where reported. Finish raw = ``stop_reason``.

A stream is read from its events: ``message_start`` (its ``message.content`` may already hold whole blocks,
as programmatic tool calling sends them), ``content_block_start`` / ``_delta`` (``text_delta``,
``thinking_delta``, ``input_json_delta``) / ``_stop``, ``message_delta`` (stop reason, usage counts that
replace the earlier ones), and ``error``.
"""

from __future__ import annotations

import json
from typing import Any

from wirechat_conformance.recorded.readers.reading import (
    Call,
    Piece,
    ProviderCall,
    Reading,
    arguments_value,
    pointer,
)
from wirechat_conformance.recorded.sse import Event

__all__ = ["read_response", "read_stream"]

_PROVIDER_RUN = ("server_tool_use", "mcp_tool_use")
_DELTAS = {"text_delta": "text", "thinking_delta": "thinking", "input_json_delta": "partial_json"}


def _usage(counts: dict[str, Any]) -> dict[str, int | None]:
    def count(name: str) -> int | None:
        value = counts.get(name)
        return value if isinstance(value, int) else None

    read, written = count("cache_read_input_tokens"), count("cache_creation_input_tokens")
    given, output = count("input_tokens"), count("output_tokens")
    details = counts.get("output_tokens_details")
    thinking = details.get("thinking_tokens") if isinstance(details, dict) else None
    input_tokens = None if given is None else given + (read or 0) + (written or 0)
    total = None if input_tokens is None or output is None else input_tokens + output
    return {
        "input_tokens": input_tokens,
        "output_tokens": output,
        "total_tokens": total,
        "cache_read_input_tokens": read,
        "cache_write_input_tokens": written,
        "reasoning_output_tokens": thinking if isinstance(thinking, int) else None,
    }


def _block(reading: Reading, block: dict[str, Any], at: str) -> None:
    kind = block.get("type")
    if kind == "text":
        reading.texts.append(Piece(f"{at}/text", block.get("text", "")))
    elif kind == "thinking":
        reading.reasoning.append(Piece(f"{at}/thinking", block.get("thinking", "")))
    elif kind == "tool_use":
        reading.tool_calls.append(Call(at, block.get("id"), block.get("name", ""), block.get("input", {})))
    elif kind in _PROVIDER_RUN:
        reading.provider_calls.append(ProviderCall(at, block.get("id"), block.get("name")))


def read_response(body: dict[str, Any]) -> Reading:
    reading = Reading(id=body.get("id"))
    for i, block in enumerate(body.get("content") or []):
        _block(reading, block, pointer("content", i))
    reading.usage, reading.usage_at = _usage(body.get("usage") or {}), "/usage"
    reading.finish, reading.finish_at = body.get("stop_reason"), "/stop_reason"
    return reading


class _Open:
    """A content block being streamed: its start, and the fragments of its text, thinking or input (each
    with the pointer of the delta that carried it)."""

    def __init__(self, block: dict[str, Any], at: str) -> None:
        self.block, self.at = block, at
        self.fragments: list[Piece] = []


def _close(reading: Reading, part: _Open) -> None:
    kind = part.block.get("type")
    if kind in ("text", "thinking"):
        pieces = reading.texts if kind == "text" else reading.reasoning
        pieces.append(Piece(f"{part.at}/{kind}", part.block.get(kind, "")))
        pieces.extend(part.fragments)
        return
    block = dict(part.block)
    if kind == "tool_use" and part.fragments:
        block["input"] = arguments_value("".join(piece.text for piece in part.fragments))
    _block(reading, block, part.at)


def read_stream(events: list[Event]) -> Reading:
    """The reading of a stream's events, in order; pointers are ``/<n>/...``."""
    reading = Reading()
    blocks: dict[Any, _Open] = {}
    counts: dict[str, Any] = {}
    for n, event in enumerate(events):
        try:
            payload = json.loads(event.data)
        except ValueError:
            continue
        if not isinstance(payload, dict):
            continue
        kind = payload.get("type")
        if kind == "message_start":
            message = payload.get("message") or {}
            reading.id = message.get("id")
            for i, block in enumerate(message.get("content") or []):
                blocks[("start", i)] = _Open(block, pointer(n, "message", "content", i))
            counts.update({k: v for k, v in (message.get("usage") or {}).items() if v is not None})
            reading.usage_at = pointer(n, "message", "usage")
            if message.get("stop_reason") is not None:
                reading.finish, reading.finish_at = message["stop_reason"], pointer(n, "message", "stop_reason")
        elif kind == "content_block_start":
            blocks[payload.get("index")] = _Open(payload.get("content_block") or {}, pointer(n, "content_block"))
        elif kind == "content_block_delta" and payload.get("index") in blocks:
            delta = payload.get("delta") or {}
            member = _DELTAS.get(str(delta.get("type")))
            if member is not None and isinstance(delta.get(member), str):
                blocks[payload["index"]].fragments.append(Piece(pointer(n, "delta", member), delta[member]))
        elif kind == "message_delta":
            counts.update({k: v for k, v in (payload.get("usage") or {}).items() if v is not None})
            reading.usage_at = pointer(n, "usage")
            stop = (payload.get("delta") or {}).get("stop_reason")
            if stop is not None:
                reading.finish, reading.finish_at = stop, pointer(n, "delta", "stop_reason")
        elif kind == "error":
            reading.error = pointer(n)
    for part in blocks.values():
        _close(reading, part)
    reading.usage = _usage(counts)
    return reading
