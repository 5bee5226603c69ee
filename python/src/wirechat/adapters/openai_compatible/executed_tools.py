"""Tools the server ran itself: Groq's ``message.executed_tools`` (browser search, web search, code
interpreter of its compound systems and of gpt-oss with ``browser_search`` / ``code_interpreter``) <->
provider-run parts (spec section 15).

Each entry ``{index, type, arguments, output?, search_results?, code_results?, browser_results?}`` writes the
call and its result as one object, so it becomes a ``provider_tool_call`` (issuer the profile's, ``name`` the
entry's ``type``, ``input`` its ``arguments`` read as JSON where they are, ``block`` the entry verbatim)
followed by a ``provider_tool_result`` without a block (``output``: the entry's ``output`` and results).
Groq sends no id: the call's id is ``<issuer>_executed_<index>``, from the entry's own ``index``. A reply
writes the block back, once. A request cannot: Groq's assistant message has no ``executed_tools``
(``ChatCompletionAssistantMessageParam`` in its SDK), so replay drops them with ``provider_tool.own``.
A stream sends the entries in ``delta.executed_tools`` (``StreamedTools`` collects them by ``index``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    ProviderToolCall,
    ProviderToolCallPart,
    ProviderToolResult,
    ProviderToolResultPart,
)
from wirechat.adapters._conversion import Conversion, metadata_for
from wirechat.adapters.openai_compatible.profiles import Profile
from wirechat.adapters.openai_compatible.shapes import PROVIDER

__all__ = ["EXECUTED", "StreamedTools", "ToolsWriter", "entry_parts", "read_message"]

EXECUTED = "executed_tools"
_RESULTS = ("output", "search_results", "code_results", "browser_results")


def entry_parts(raw: Any, where: str, issuer: str) -> list[ProviderToolCallPart | ProviderToolResultPart]:
    """The call and result parts of one executed tool entry."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected an executed tool object, got {type(raw).__name__}")
    index, name = raw.get("index"), raw.get("type")
    if not isinstance(index, int) or isinstance(index, bool) or not isinstance(name, str) or not name:
        raise ValueError(f"{where}: an executed tool needs its index (an integer) and its type")
    call: dict[str, Any] = {"id": f"{issuer}_executed_{index}", "name": name, "issuer": issuer, "block": dict(raw)}
    arguments = raw.get("arguments")
    if isinstance(arguments, str) and arguments:
        try:
            call["input"] = json.loads(arguments)
        except ValueError:
            call["input"] = arguments
    result: dict[str, Any] = {"tool_call_id": call["id"], "issuer": issuer, "name": name}
    output = {key: raw[key] for key in _RESULTS if raw.get(key) is not None}
    if output:
        result["output"] = output["output"] if list(output) == ["output"] else output
    return [
        ProviderToolCallPart(provider_tool_call=ProviderToolCall(**call)),
        ProviderToolResultPart(provider_tool_result=ProviderToolResult(**result)),
    ]


def read_message(
    message: Mapping[str, Any], profile: Profile, where: str
) -> tuple[list[ProviderToolCallPart | ProviderToolResultPart], dict[str, Any]]:
    """The provider-run parts of a reply's message, and the message without ``executed_tools``."""
    raw = message.get(EXECUTED) if profile.executed_tools else None
    if raw is None:
        return [], dict(message)
    if not isinstance(raw, list):
        raise ValueError(f"{where}/{EXECUTED}: expected an array of executed tools, got {type(raw).__name__}")
    at = f"{where}/{EXECUTED}"
    parts = [part for i, entry in enumerate(raw) for part in entry_parts(entry, f"{at}/{i}", profile.issuer)]
    return parts, {key: value for key, value in message.items() if key != EXECUTED}


class ToolsWriter:
    """The provider-run parts of one assistant message (``message_writer`` asks it): a reply writes the
    profile's own entries back; a request drops them (module docstring); another API's are dropped."""

    def __init__(self, profile: Profile, conv: Conversion, *, reply: bool) -> None:
        self._profile, self._conv, self._reply = profile, conv, reply
        self._entries: list[dict[str, Any]] = []

    def take(self, part: ProviderToolCallPart | ProviderToolResultPart, where: str) -> bool:
        if metadata_for(part.provider_metadata, PROVIDER)[1]:  # another provider's data on the part: not sent
            self._conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        if isinstance(part, ProviderToolCallPart):
            value: Any = part.provider_tool_call
            at = f"{where}/provider_tool_call"
        else:
            value = part.provider_tool_result
            at = f"{where}/provider_tool_result"
        if value.issuer != self._profile.issuer:
            self._conv.degrade("provider_tool.foreign", at)
        elif not self._reply:
            self._conv.degrade("provider_tool.own", at)
        elif value.block is not MISSING:
            self._entries.append(dict(value.block))
        elif isinstance(part, ProviderToolCallPart):
            raise self._conv.refuse("provider_tool.unblocked", at)
        return True  # a result without a block: its call's block holds it

    def members(self) -> dict[str, Any]:
        entries, self._entries = self._entries, []
        return {EXECUTED: entries} if entries else {}


class StreamedTools:
    """``delta.executed_tools`` entries of a stream, merged by their ``index`` (a later fragment's members
    complete or replace an earlier one's), read as whole entries when the stream's parts close."""

    def __init__(self) -> None:
        self.entries: dict[int, dict[str, Any]] = {}

    def add(self, raw: Any, where: str) -> None:
        if not isinstance(raw, list):
            raise ValueError(f"{where}: expected an array of executed tools, got {type(raw).__name__}")
        for i, entry in enumerate(raw):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("index"), int):
                raise ValueError(f"{where}/{i}: an executed tool needs its index (an integer)")
            self.entries.setdefault(entry["index"], {}).update({k: v for k, v in entry.items() if v is not None})
