"""The independent reader of OpenAI Responses bodies (responses and streams), from the API reference.

Output items: ``message`` content ``output_text`` and ``refusal`` are text; ``reasoning`` items' ``summary``
``summary_text`` parts, then their ``content`` ``reasoning_text`` parts, are reasoning; ``function_call``
and ``custom_tool_call`` are calls the caller runs (``call_id``, ``name``, ``arguments`` parsed, or the
custom tool's ``input`` text). Every other ``*_call`` item, ``mcp_list_tools``, ``mcp_approval_request`` and
``program`` is a call the provider ran (wirechat's rule, spec section 15), named by the item's ``name``
where it has one, else by its type without ``_call`` (``web_search_call`` is ``web_search``). Usage:
``input_tokens``, ``output_tokens``, cache read ``input_tokens_details.cached_tokens`` (write:
``cache_write_tokens``), reasoning ``output_tokens_details.reasoning_tokens``. Finish raw: the ``status``, or
for an ``incomplete`` response its ``incomplete_details.reason``.

A stream is read from its deltas (``response.output_text.delta``, ``response.refusal.delta``,
``response.reasoning_summary_text.delta``, ``response.reasoning_text.delta``,
``response.function_call_arguments.delta``, ``response.custom_tool_call_input.delta``), its items
(``response.output_item.added`` / ``.done``), and the closing ``response.completed`` / ``.incomplete`` /
``.failed`` (usage and finish); ``error`` and ``response.failed`` end it in an error.
"""

from __future__ import annotations

import json
from typing import Any

from wirechat_conformance.recorded.readers.reading import (
    Call,
    Piece,
    ProviderCall,
    Raw,
    Reading,
    arguments_value,
    pointer,
)
from wirechat_conformance.recorded.sse import Event

__all__ = ["read_response", "read_stream"]

_CALLER_RUN = ("function_call", "custom_tool_call")
_PROVIDER_RUN = ("mcp_list_tools", "mcp_approval_request", "program")
_TEXT_DELTAS = {"response.output_text.delta", "response.refusal.delta"}
_REASONING_DELTAS = {"response.reasoning_summary_text.delta": 0, "response.reasoning_text.delta": 1}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _usage(counts: dict[str, Any]) -> dict[str, int | None]:
    given, output = _int(counts.get("input_tokens")), _int(counts.get("output_tokens"))
    inputs = counts.get("input_tokens_details") or {}
    outputs = counts.get("output_tokens_details") or {}
    return {
        "input_tokens": given,
        "output_tokens": output,
        "total_tokens": None if given is None or output is None else given + output,
        "cache_read_input_tokens": _int(inputs.get("cached_tokens")) if isinstance(inputs, dict) else None,
        "cache_write_input_tokens": _int(inputs.get("cache_write_tokens")) if isinstance(inputs, dict) else None,
        "reasoning_output_tokens": _int(outputs.get("reasoning_tokens")) if isinstance(outputs, dict) else None,
    }


def _finish(response: dict[str, Any]) -> str | None:
    status = response.get("status")
    details = response.get("incomplete_details")
    if status == "incomplete" and isinstance(details, dict) and isinstance(details.get("reason"), str):
        return str(details["reason"])
    return status if isinstance(status, str) else None


def _is_provider_run(kind: Any) -> bool:
    return isinstance(kind, str) and kind not in _CALLER_RUN and (kind.endswith("_call") or kind in _PROVIDER_RUN)


def _provider_name(item: dict[str, Any]) -> str | None:
    if isinstance(item.get("name"), str):
        return str(item["name"])
    kind = str(item.get("type"))
    return kind.removesuffix("_call") if kind.endswith("_call") else None


def _call(item: dict[str, Any], at: str, arguments: Any = None) -> Call:
    if arguments is None:
        if item.get("type") == "custom_tool_call":
            arguments = Raw(item.get("input") or "")
        else:
            arguments = arguments_value(item.get("arguments") or "")
    return Call(at, item.get("call_id"), item.get("name", ""), arguments)


def _item(reading: Reading, item: dict[str, Any], at: str) -> None:
    kind = item.get("type")
    if kind == "message":
        for j, part in enumerate(item.get("content") or []):
            member = {"output_text": "text", "refusal": "refusal"}.get(part.get("type"))
            if member is not None and isinstance(part.get(member), str):
                reading.texts.append(Piece(f"{at}/content/{j}/{member}", part[member]))
    elif kind == "reasoning":
        for key, part_type in (("summary", "summary_text"), ("content", "reasoning_text")):
            for j, part in enumerate(item.get(key) or []):
                if isinstance(part, dict) and part.get("type") == part_type and isinstance(part.get("text"), str):
                    reading.reasoning.append(Piece(f"{at}/{key}/{j}/text", part["text"]))
    elif kind in _CALLER_RUN:
        reading.tool_calls.append(_call(item, at))
    elif _is_provider_run(kind):
        reading.provider_calls.append(ProviderCall(at, item.get("id"), _provider_name(item)))


def read_response(body: dict[str, Any]) -> Reading:
    reading = Reading(id=body.get("id"))
    for i, item in enumerate(body.get("output") or []):
        if isinstance(item, dict):
            _item(reading, item, pointer("output", i))
    reading.usage, reading.usage_at = _usage(body.get("usage") or {}), "/usage"
    reading.finish, reading.finish_at = _finish(body), "/status"
    return reading


def read_stream(events: list[Event]) -> Reading:
    """The reading of a stream's events, in order; pointers are ``/<n>/...``."""
    reading = Reading()
    texts: dict[tuple[int, int], list[Piece]] = {}
    reasoning: dict[tuple[Any, int, Any], list[Piece]] = {}
    arguments: dict[int, list[str]] = {}
    items: dict[int, tuple[dict[str, Any], str]] = {}
    for n, event in enumerate(events):
        try:
            payload = json.loads(event.data)
        except ValueError:
            continue
        if not isinstance(payload, dict):
            continue
        kind, index = payload.get("type"), payload.get("output_index", 0)
        response = payload.get("response")
        if isinstance(response, dict):
            reading.id = response.get("id") or reading.id
        if kind in _TEXT_DELTAS:
            texts.setdefault((index, payload.get("content_index", 0)), []).append(
                Piece(pointer(n, "delta"), payload.get("delta") or "")
            )
        elif kind in _REASONING_DELTAS:
            part = payload.get("summary_index", payload.get("content_index", 0))
            reasoning.setdefault((index, _REASONING_DELTAS[kind], part), []).append(
                Piece(pointer(n, "delta"), payload.get("delta") or "")
            )
        elif kind in ("response.function_call_arguments.delta", "response.custom_tool_call_input.delta"):
            arguments.setdefault(index, []).append(payload.get("delta") or "")
        elif kind in ("response.output_item.added", "response.output_item.done"):
            if isinstance(payload.get("item"), dict):
                items[index] = (payload["item"], pointer(n, "item"))
        elif kind in ("response.completed", "response.incomplete", "response.failed") and isinstance(response, dict):
            reading.usage, reading.usage_at = _usage(response.get("usage") or {}), pointer(n, "response", "usage")
            reading.finish, reading.finish_at = _finish(response), pointer(n, "response", "status")
            if kind == "response.failed":
                reading.error = pointer(n, "response", "error")
        elif kind == "error":
            reading.error = pointer(n)
    reading.texts = [piece for key in sorted(texts) for piece in texts[key]]
    reading.reasoning = [piece for key in sorted(reasoning) for piece in reasoning[key]]
    for index in sorted(items):
        item, at = items[index]
        if item.get("type") in _CALLER_RUN:
            streamed = "".join(arguments.get(index, []))
            value = None
            if streamed:
                value = Raw(streamed) if item.get("type") == "custom_tool_call" else arguments_value(streamed)
            reading.tool_calls.append(_call(item, at, value))
        elif _is_provider_run(item.get("type")):
            reading.provider_calls.append(ProviderCall(at, item.get("id"), _provider_name(item)))
    return reading
