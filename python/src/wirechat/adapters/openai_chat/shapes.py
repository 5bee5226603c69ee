"""OpenAI Chat Completions' own JSON shapes, written in one place: the names, the audio formats, and the tool
call in its three spellings (a whole call in a request or a response, the opening and the argument fragments
of a streamed call), each with its reader where the adapter reads it back.

The fake provider (``wirechat.testing.fake_provider``) writes these shapes again on purpose, from the
provider's documentation rather than from this module, so that its tests are a second reading of the docs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ToolCall
from wirechat.adapters._conversion import compact_json, get_map, get_str

__all__ = [
    "AUDIO_FORMATS",
    "AUDIO_TYPES",
    "NAME",
    "PROVIDER",
    "decode_tool_call",
    "function_tool",
    "named_tool_choice",
    "stream_call_arguments",
    "stream_call_opening",
    "tool_call",
]

NAME, PROVIDER = "openai-chat", "openai"
"""The registry name (and ``provider_options`` key), and the ``provider_metadata`` key and reasoning issuer."""

AUDIO_FORMATS = {"audio/wav": "wav", "audio/mpeg": "mp3"}
"""The ``input_audio.format`` of each media type the API takes."""
AUDIO_TYPES = {value: key for key, value in AUDIO_FORMATS.items()}


def tool_call(call: ToolCall) -> dict[str, Any]:
    """``{"id", "type": "function", "function": {"name", "arguments"}}``: a call in a request or a response."""
    return {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}


def stream_call_opening(index: int, call_id: str, name: str) -> dict[str, Any]:
    """The first delta of a streamed call: its index, id and name, with empty arguments."""
    return {"index": index, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}


def stream_call_arguments(index: int, fragment: str) -> dict[str, Any]:
    """A later delta of a streamed call: a fragment of its arguments, keyed by index only."""
    return {"index": index, "function": {"arguments": fragment}}


def function_tool(function: dict[str, Any]) -> dict[str, Any]:
    """A tool definition: ``{"type": "function", "function": {name, description?, parameters, strict?}}``."""
    return {"type": "function", "function": function}


def named_tool_choice(name: str) -> dict[str, Any]:
    """The ``tool_choice`` that forces one tool."""
    return {"type": "function", "function": {"name": name}}


def decode_tool_call(raw: Any, where: str) -> dict[str, Any]:
    """A canonical ToolCall (as a dict) from ``{"id", "type": "function", "function": {name, arguments}}``;
    arguments given as an object (some compatible servers do) become compact JSON text."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a tool call object")
    function = get_map(raw, "function", where) or {}
    arguments = function.get("arguments", "")
    if not isinstance(arguments, str):
        arguments = compact_json(arguments)
    return {
        "id": get_str(raw, "id", where),
        "name": get_str(function, "name", f"{where}/function"),
        "arguments": arguments,
    }
