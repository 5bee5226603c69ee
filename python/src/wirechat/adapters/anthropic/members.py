"""What the ``anthropic`` decoders map or keep, member by member, as data (``_conversion.Shape``): anything
else in a request, a response or a stream event is reported with its pointer (feature ``provider.unmapped``),
never dropped silently (decision 011).

Members a decoder keeps whole are listed with ``None``: a ``tool_use`` block's extra members, a provider-run
block (kept byte for byte), ``usage`` (what has no canonical field goes to ``provider_metadata``), the
response-level members of ``RESPONSE_KEPT`` (``provider_metadata.anthropic``, written back by the encoder).
A block of a type the adapter does not know is reported whole by the caller, not here.

@see https://docs.anthropic.com/en/api/messages
@see https://docs.anthropic.com/en/docs/build-with-claude/streaming
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.adapters._conversion import Shape, unmapped_members
from wirechat.adapters.anthropic import provider_run

__all__ = [
    "BLOCKS",
    "DELTAS",
    "EVENTS",
    "RESPONSE",
    "RESPONSE_KEPT",
    "is_known",
    "unmapped_block",
]

RESPONSE_KEPT = ("stop_sequence", "stop_details", "container", "diagnostics", "context_management")
"""Response members with no canonical field, kept in ``provider_metadata.anthropic`` and written back."""

_SOURCE: Shape = {"type": None, "url": None, "data": None, "media_type": None, "file_id": None}
BLOCKS: Mapping[str, Shape] = {
    "text": {"type": None, "text": None, "cache_control": None, "citations": None},
    "image": {"type": None, "source": _SOURCE, "cache_control": None},
    "document": {"type": None, "source": _SOURCE, "title": None, "cache_control": None, "citations": None},
    "tool_result": {"type": None, "tool_use_id": None, "content": None, "is_error": None, "cache_control": None},
    "thinking": {"type": None, "thinking": None, "signature": None},
    "redacted_thinking": {"type": None, "data": None},
}
"""The blocks whose members are mapped one by one; ``tool_use`` and provider-run blocks are kept whole."""

_MESSAGE_MEMBERS = {"id": None, "type": None, "role": None, "model": None, "content": None, "usage": None}
RESPONSE: Shape = {**_MESSAGE_MEMBERS, "stop_reason": None, **dict.fromkeys(RESPONSE_KEPT)}
"""A ``message`` body (and ``message_start``'s message)."""

EVENTS: Mapping[str, Shape] = {
    "message_start": {"type": None, "message": RESPONSE},
    "content_block_start": {"type": None, "index": None, "content_block": None},
    "content_block_delta": {"type": None, "index": None, "delta": None},
    "content_block_stop": {"type": None, "index": None},
    "message_delta": {
        "type": None,
        "delta": {"stop_reason": None, **dict.fromkeys(RESPONSE_KEPT)},
        "usage": None,
        "context_management": None,
    },
    "message_stop": {"type": None},
    "ping": {"type": None},
    "error": {"type": None, "error": None, "request_id": None},
}
"""The stream events, each with what the decoder reads of it (blocks and deltas are checked on their own)."""

DELTAS: Mapping[str, Shape] = {
    "text_delta": {"type": None, "text": None},
    "input_json_delta": {"type": None, "partial_json": None},
    "thinking_delta": {"type": None, "thinking": None},
    "signature_delta": {"type": None, "signature": None},
    "citations_delta": {"type": None, "citation": None},
}
"""The deltas of ``content_block_delta``; another delta type is reported whole."""


def unmapped_block(block: Any, where: str) -> list[str]:
    """The pointers of the members of one block that no decoder maps or keeps (not those of the blocks a
    ``tool_result`` holds, which the caller walks)."""
    if not isinstance(block, Mapping):
        return []
    shape = BLOCKS.get(str(block.get("type")))
    # tool_use and provider-run blocks are kept whole; unknown block types are the caller's to report
    return [] if shape is None else unmapped_members(block, shape, where)


def is_known(kind: object) -> bool:
    """A block type ``blocks.decode_block`` reads."""
    return kind in BLOCKS or kind == "tool_use" or provider_run.is_call(kind) or provider_run.is_result(kind)
