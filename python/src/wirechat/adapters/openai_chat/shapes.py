"""OpenAI Chat Completions' own JSON shapes, written in one place: the names, the audio formats, and the tool
call in its three spellings (a whole call in a request or a response, the opening and the argument fragments
of a streamed call), each with its reader where the adapter reads it back.

The fake provider (``wirechat.testing.fake_provider``) writes these shapes again on purpose, from the
provider's documentation rather than from this module, so that its tests are a second reading of the docs.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wirechat._generated.models import ToolCall
from wirechat._tables.openai_chat import NAME, PROVIDER
from wirechat.adapters._conversion import Shape, compact_json, get_map, get_str, unmapped_members
from wirechat.tool_arguments import build_arguments

__all__ = [
    "AUDIO_FORMATS",
    "AUDIO_TYPES",
    "CHOICE",
    "CHUNK",
    "CHUNK_CHOICE",
    "DELTA",
    "KEPT_BODY",
    "KEPT_CHOICE",
    "MESSAGE",
    "NAME",
    "OPENAI",
    "PROVIDER",
    "RESPONSE",
    "TOOL_CALL",
    "Dialect",
    "decode_tool_call",
    "function_tool",
    "named_tool_choice",
    "stream_call_arguments",
    "stream_call_opening",
    "tool_call",
    "unmapped",
]

AUDIO_FORMATS = {"audio/wav": "wav", "audio/mpeg": "mp3"}
"""The ``input_audio.format`` of each media type the API takes."""
AUDIO_TYPES = {value: key for key, value in AUDIO_FORMATS.items()}

# What the response and stream decoders read, member by member (``_conversion.unmapped_members``): any other
# member of a body, choice, message, tool call, chunk or delta is reported (feature provider.unmapped).
TOOL_CALL: Shape = {
    "id": None,
    "type": None,
    "index": None,  # some servers number whole calls too: kept on the part
    "function": {"name": None, "arguments": None},
    "custom": {"name": None, "input": None},
}
MESSAGE: Shape = {
    "role": None,
    "content": None,
    "refusal": None,
    "tool_calls": None,
    "annotations": None,  # citations (``citations``)
    "audio": {"id": None, "data": None, "expires_at": None, "transcript": None},  # an audio part (``audio``)
}
KEPT_CHOICE = ("logprobs", "content_filter_results")
"""Choice members kept whole in ``provider_metadata.openai`` and written back (Azure's content filter)."""
CHOICE: Shape = {"index": None, "message": None, "finish_reason": None, **dict.fromkeys(KEPT_CHOICE)}
KEPT_BODY = ("system_fingerprint", "service_tier", "prompt_filter_results")
"""Body (and chunk) members kept whole in ``provider_metadata.openai`` and written back."""
RESPONSE: Shape = {
    "id": None,
    "object": None,
    "created": None,
    "model": None,
    "choices": None,
    "usage": None,  # ``usage.py`` keeps what it does not map
    **dict.fromkeys(KEPT_BODY),
}
DELTA: Shape = MESSAGE
"""A stream delta holds a message's members in fragments."""
CHUNK_CHOICE: Shape = {"index": None, "delta": None, "finish_reason": None, **dict.fromkeys(KEPT_CHOICE)}
CHUNK: Shape = {**RESPONSE, "obfuscation": None}
"""``obfuscation`` pads streamed chunks to hide their length (``stream_options.include_obfuscation``): noise."""


def tool_call(call: ToolCall, kind: str = "function") -> dict[str, Any]:
    """``{"id", "type": "function", "function": {"name", "arguments"}}``: a call in a request or a response; a
    call of a ``custom`` tool (free-form input, GPT-5) is ``{"id", "type": "custom", "custom": {"name",
    "input"}}``."""
    if kind == "custom":
        return {"id": call.id, "type": "custom", "custom": {"name": call.name, "input": call.arguments}}
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
    arguments given as an object (some compatible servers do) become the arguments text (``build_arguments``).
    A ``custom`` call's free-form ``input`` is its arguments (the caller tells the two kinds apart by the
    part's metadata)."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a tool call object")
    if raw.get("type") == "custom":
        custom = get_map(raw, "custom", where) or {}
        return {
            "id": get_str(raw, "id", where),
            "name": get_str(custom, "name", f"{where}/custom"),
            "arguments": get_str(custom, "input", f"{where}/custom", required=False) or "",
        }
    function = get_map(raw, "function", where) or {}
    arguments = function.get("arguments", "")
    if isinstance(arguments, dict):
        arguments = build_arguments(arguments)
    elif not isinstance(arguments, str):
        arguments = compact_json(arguments)
    return {
        "id": get_str(raw, "id", where),
        "name": get_str(function, "name", f"{where}/function"),
        "arguments": arguments,
    }


def unmapped(value: Any, shape: Shape, where: str) -> list[str]:
    """The pointers of the members of ``value`` that ``shape`` does not list (``_conversion.unmapped_members``),
    leaving out members that are null: a null says nothing, so nothing is lost."""
    if not isinstance(value, Mapping):
        return []
    return unmapped_members({key: item for key, item in value.items() if item is not None}, shape, where)


@dataclass(frozen=True)
class Dialect:
    """What a server adds to OpenAI's replies, for the openai-chat decoders: the issuer of its annotations,
    the body and choice members it keeps whole (in ``provider_metadata.openai``, written back), the message
    (and delta) members a wrapping decoder reads itself (an OpenAI-compatible server's reasoning), and
    whether it numbers whole tool calls.
    The shapes the decoders report unmapped members against follow from it."""

    issuer: str = PROVIDER
    kept_body: tuple[str, ...] = KEPT_BODY
    kept_choice: tuple[str, ...] = KEPT_CHOICE
    message_extra: tuple[str, ...] = ()
    call_index: bool = False
    """Whether the server numbers a reply's whole tool calls (``index``, as a stream does): an ``index`` equal
    to the call's position is then read as that position and written back, another one kept on the part.
    Without it (OpenAI writes none) an ``index`` is kept on the part whatever it is."""

    @functools.cached_property
    def response(self) -> Shape:
        return {**RESPONSE, **dict.fromkeys(self.kept_body)}

    @functools.cached_property
    def choice(self) -> Shape:
        return {**CHOICE, **dict.fromkeys(self.kept_choice)}

    @functools.cached_property
    def message(self) -> Shape:
        return {**MESSAGE, **dict.fromkeys(self.message_extra)}

    @functools.cached_property
    def chunk_keys(self) -> frozenset[str]:
        return frozenset({*CHUNK, *self.kept_body})

    @functools.cached_property
    def chunk_choice_keys(self) -> frozenset[str]:
        return frozenset({*CHUNK_CHOICE, *self.kept_choice})


OPENAI = Dialect()
"""OpenAI's own replies (and Azure OpenAI's)."""
