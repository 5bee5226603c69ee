"""Anthropic Messages' own JSON shapes, written in one place: the names, the media types it takes, and the
blocks the adapter writes from canonical parts (``tool_use``, ``thinking`` / ``redacted_thinking``); the
blocks it reads are in ``blocks``.

The fake provider (``wirechat.testing.fake_provider``) writes these shapes again on purpose, from the
provider's documentation rather than from this module, so that its tests are a second reading of the docs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    ReasoningPart,
    ToolCall,
)
from wirechat._tables.anthropic import MANIFEST, NAME, PROVIDER
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion
from wirechat.tool_arguments import ToolArgumentsError, build_arguments, parse_arguments

__all__ = [
    "IMAGE_TYPES",
    "NAME",
    "PROVIDER",
    "SCHEMA_NAME",
    "TOOL_USE_MEMBERS",
    "encode_reasoning",
    "encode_tool_call",
    "tool_use_extras",
]

IMAGE_TYPES = frozenset(MANIFEST.media_types["image"])
"""The image media types the API takes inline (the manifest's)."""
SCHEMA_NAME = "response"
"""The name structured output's schema travels under (Anthropic has no name of its own for it)."""
TOOL_USE_MEMBERS = frozenset({"type", "id", "name", "input"})
"""The members of a ``tool_use`` block the canonical tool call holds; every other member (``caller``,
``cache_control``, and whatever Anthropic adds) is kept in the part's ``provider_metadata.anthropic``."""


def encode_tool_call(call: ToolCall, where: str, conv: Conversion) -> dict[str, Any]:
    """A ``tool_use`` block: the arguments must be a JSON object, sent as ``input``."""
    try:
        value = parse_arguments(call.arguments)
    except ToolArgumentsError:
        raise conv.refuse("tool_call.arguments_not_object", f"{where}/arguments") from None
    if build_arguments(value) != call.arguments:
        conv.degrade("tool_call.arguments_not_compact", f"{where}/arguments")
    return {"type": "tool_use", "id": call.id, "name": call.name, "input": value}


def encode_reasoning(part: ReasoningPart, where: str, conv: Conversion) -> dict[str, Any] | None:
    """A ``thinking`` or ``redacted_thinking`` block for reasoning Anthropic issued; None when the
    replay rule drops it."""
    feature = _parts.reasoning_feature(part, PROVIDER)
    if not conv.handle(feature, where) and feature != "reasoning.own_empty_text":
        return None
    reasoning = part.reasoning
    if reasoning.redacted_data is not MISSING:
        return {"type": "redacted_thinking", "data": reasoning.redacted_data}
    text = "" if reasoning.text is MISSING else reasoning.text
    signature = "" if reasoning.signature is MISSING else reasoning.signature
    return {"type": "thinking", "thinking": text, "signature": signature}


def tool_use_extras(own: Mapping[str, Any], where: str, conv: Conversion) -> dict[str, Any]:
    """The members a ``tool_use`` block gets back from its part's ``provider_metadata.anthropic`` (``caller``,
    ``cache_control``, ...): all of them but the ones the tool call itself writes, which are degraded."""
    extras = {key: value for key, value in own.items() if key not in TOOL_USE_MEMBERS}
    if len(extras) != len(own):
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    return extras
