"""Independent readers of the four provider formats, one module each, none importing ``wirechat.adapters``.

``read_response(format, body)`` and ``read_stream(format, events)`` give a ``Reading``: the texts, reasoning,
tool calls, provider-run calls, usage (canonical meaning, spec section 7) and raw finish reason that a
plain reading of the provider's documentation finds. The replay gate holds each adapter's decoding to it.
Formats: ``anthropic``, ``openai-chat`` (also every openai-compatible profile), ``openai-responses``,
``gemini``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wirechat_conformance.recorded.readers import anthropic, gemini, openai_chat, openai_responses
from wirechat_conformance.recorded.readers.reading import (
    USAGE_FIELDS,
    Call,
    Piece,
    ProviderCall,
    Raw,
    Reading,
    arguments_value,
)
from wirechat_conformance.recorded.sse import Event

__all__ = [
    "USAGE_FIELDS",
    "Call",
    "Piece",
    "ProviderCall",
    "Raw",
    "Reading",
    "arguments_value",
    "read_response",
    "read_stream",
]

_RESPONSES: dict[str, Callable[[dict[str, Any]], Reading]] = {
    "anthropic": anthropic.read_response,
    "openai-chat": openai_chat.read_response,
    "openai-responses": openai_responses.read_response,
    "gemini": gemini.read_response,
}
_STREAMS: dict[str, Callable[[list[Event]], Reading]] = {
    "anthropic": anthropic.read_stream,
    "openai-chat": openai_chat.read_stream,
    "openai-responses": openai_responses.read_stream,
    "gemini": gemini.read_stream,
}


def read_response(format: str, body: dict[str, Any]) -> Reading:
    """The reading of a non-streamed response body of ``format``."""
    return _RESPONSES[format](body)


def read_stream(format: str, events: list[Event]) -> Reading:
    """The reading of a stream of ``format``, from its events in order."""
    return _STREAMS[format](events)
