"""Every go-model document kind, both ways, as plain JSON: what the conversion vectors
(``conformance/conversions/go-model``) and a program holding the SDK's stored JSON call.

Kinds: ``message``, ``messages`` (a ``[]Message``), ``tool_definition``, ``usage`` (TokenUsage),
``request``, ``response`` and ``stream`` (a list of ``{"event", "data"}`` records, see ``stream``).
``to_wirechat`` raises ``ValueError`` naming the go-model pointer (or a ``WireError``) when wirechat cannot
hold the document; ``from_wirechat`` raises ``ConversionRefused`` and returns the warnings it applied.
"""

from __future__ import annotations

import json
from typing import Any

from wirechat._generated.models import ChatRequest, ChatResponse, Message, StreamEvent, TokenUsage, ToolDefinition
from wirechat.adapters import ConversionWarning, SseEvent
from wirechat.adapters.go_model.conversion import Conversion
from wirechat.adapters.go_model.manifest import MANIFEST
from wirechat.adapters.go_model.parts import message_from_wirechat, message_to_wirechat
from wirechat.adapters.go_model.request import decode_request, encode_request
from wirechat.adapters.go_model.response import decode_response, encode_response
from wirechat.adapters.go_model.stream import StreamDecoder, StreamEncoder
from wirechat.adapters.go_model.usage import (
    tool_from_wirechat,
    tool_to_wirechat,
    usage_from_wirechat,
    usage_to_wirechat,
)
from wirechat.codec import decode, encode

__all__ = ["KINDS", "from_wirechat", "to_wirechat"]

KINDS = ("message", "messages", "tool_definition", "usage", "request", "response", "stream")
_TYPES: dict[str, Any] = {"message": Message, "tool_definition": ToolDefinition, "usage": TokenUsage}


def _plain(model: Any) -> Any:
    return json.loads(encode(model))


def _checked(kind: str, document: Any) -> Any:
    """``document`` validated as the wirechat type of ``kind`` (schema problems raise a ``WireError``)."""
    return _plain(decode(json.dumps(document).encode(), _TYPES[kind]))


def to_wirechat(kind: str, document: Any) -> Any:
    """The canonical JSON for a go-model document of ``kind``."""
    if kind == "message":
        return _checked(kind, message_to_wirechat(document))
    if kind == "messages":
        if not isinstance(document, list):
            raise ValueError("(root): expected an array of messages")
        return [_checked("message", message_to_wirechat(m, f"/{i}")) for i, m in enumerate(document)]
    if kind == "tool_definition":
        return _checked(kind, tool_to_wirechat(document))
    if kind == "usage":
        return _checked(kind, usage_to_wirechat(document))
    if kind == "request":
        return _plain(decode_request(document)[0])
    if kind == "response":
        return _plain(decode_response(document))
    if kind == "stream":
        decoder = StreamDecoder()
        events = [e for record in document for e in decoder.feed(_sse(record))]
        return [_plain(event) for event in events + decoder.close()]
    raise ValueError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}")


def from_wirechat(kind: str, document: Any) -> tuple[Any, list[ConversionWarning]]:
    """The go-model JSON for a canonical document of ``kind``, and the degradations applied."""
    conv = Conversion(MANIFEST)
    if kind == "message":
        return message_from_wirechat(_checked(kind, document), "", conv), conv.warnings
    if kind == "messages":
        out = [message_from_wirechat(_checked("message", m), f"/{i}", conv) for i, m in enumerate(document)]
        return out, conv.warnings
    if kind == "tool_definition":
        return tool_from_wirechat(_checked(kind, document), "", conv), conv.warnings
    if kind == "usage":
        return usage_from_wirechat(_checked(kind, document), "", conv), conv.warnings
    if kind == "request":
        return encode_request(decode(json.dumps(document).encode(), ChatRequest))
    if kind == "response":
        body = encode_response(decode(json.dumps(document).encode(), ChatResponse), conv.warnings)
        return body, conv.warnings
    if kind == "stream":
        encoder = StreamEncoder()
        records = []
        for event in document:
            records += encoder.feed(decode(json.dumps(event).encode(), StreamEvent))
        records += encoder.close()
        return [{"event": r.event, "data": json.loads(r.data)} for r in records], encoder.warnings
    raise ValueError(f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}")


def _sse(record: Any) -> SseEvent:
    if not isinstance(record, dict) or "data" not in record:
        raise ValueError('a stream record is {"event": name or null, "data": JSON}')
    data = record["data"]
    return SseEvent(record.get("event"), data if isinstance(data, str) else json.dumps(data))
