"""OpenAI Responses' own JSON shapes, written in one place: the names, and the items both ways.

Items and canonical parts (decision 016):

* ``reasoning`` item <-> a reasoning part with issuer ``openai``: the item ``id`` (``rs_...``) is the
  ``signature`` (the handle OpenAI needs to continue from it), ``encrypted_content`` is ``redacted_data``,
  the ``summary`` texts joined by a blank line are ``text`` (the split list, when there are several, and the
  raw ``content`` are kept in the part's ``provider_metadata["openai"]``).
* ``function_call`` item <-> a tool-call part: ``call_id`` is the tool call's id; the item ``id``
  (``fc_...``) is kept as ``provider_metadata["openai"]["item_id"]``.
* ``message`` item (assistant) <-> one text part per ``output_text`` (or ``refusal``, marked
  ``{"refusal": true}``), each with the item id as ``item_id``.

Every reader here checks what it relies on and raises ``ValueError`` naming the pointer: a function call
without ``call_id`` or ``name`` is an error, never an invented value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ReasoningPart, ToolCall
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion, get_list, get_str, metadata_for

__all__ = [
    "NAME",
    "PROVIDER",
    "SUMMARY_JOIN",
    "decode_function_call",
    "decode_output_item",
    "decode_reasoning",
    "encode_function_call",
    "encode_reasoning",
    "output_text",
]

NAME = "openai-responses"
"""The registry name (the key of ``provider_options``)."""
PROVIDER = "openai"
"""The ``provider_metadata`` key and reasoning issuer: OpenAI, as for ``openai-chat``."""
SUMMARY_JOIN = "\n\n"
"""Between two summary texts of one reasoning item, in the canonical text."""


def _nonempty(item: Mapping[str, Any], key: str, where: str) -> str:
    value = get_str(item, key, where)
    if not value:
        raise ValueError(f"{where}/{key}: required non-empty string is missing")
    return value


def encode_function_call(call: ToolCall, own: Mapping[str, Any]) -> dict[str, Any]:
    """A ``function_call`` item (``arguments`` is the JSON text as is; ``id`` when the part kept one)."""
    item: dict[str, Any] = {"type": "function_call", "call_id": call.id, "name": call.name, "arguments": call.arguments}
    if isinstance(own.get("item_id"), str) and own["item_id"]:
        item["id"] = own["item_id"]
    return item


def decode_function_call(item: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A tool-call part (as a dict) for a ``function_call`` item."""
    call = {
        "id": _nonempty(item, "call_id", where),
        "name": _nonempty(item, "name", where),
        "arguments": get_str(item, "arguments", where),
    }
    part: dict[str, Any] = {"type": "tool_call", "tool_call": call}
    if isinstance(item.get("id"), str) and item["id"]:
        part["provider_metadata"] = {PROVIDER: {"item_id": item["id"]}}
    return part


def encode_reasoning(part: ReasoningPart, where: str, conv: Conversion) -> dict[str, Any] | None:
    """A ``reasoning`` item for reasoning OpenAI issued (with its id); None when the replay rule, or a
    missing id, drops it (with a warning)."""
    if not conv.handle(_parts.reasoning_feature(part, PROVIDER), where):
        return None
    reasoning = part.reasoning
    if reasoning.signature is MISSING:
        conv.degrade("reasoning.own_no_id", where)
        return None
    own, _ = metadata_for(part.provider_metadata, PROVIDER)
    split = own.get("summary")
    if reasoning.text is MISSING:
        texts = []
    elif (
        isinstance(split, list)
        and all(isinstance(s, str) for s in split)
        and SUMMARY_JOIN.join(split) == reasoning.text
    ):
        texts = list(split)
    else:
        texts = [reasoning.text]
    item: dict[str, Any] = {
        "type": "reasoning",
        "id": reasoning.signature,
        "summary": [{"type": "summary_text", "text": t} for t in texts],
    }
    if reasoning.redacted_data is not MISSING:
        item["encrypted_content"] = reasoning.redacted_data
    if isinstance(own.get("content"), list):
        item["content"] = own["content"]
    return item


def decode_reasoning(item: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A reasoning part (as a dict) for a ``reasoning`` item."""
    reasoning: dict[str, Any] = {"issuer": PROVIDER}
    texts = []
    for k, summary in enumerate(get_list(item, "summary", where, required=False) or []):
        if not isinstance(summary, Mapping):
            raise ValueError(f"{where}/summary/{k}: expected a summary_text object")
        texts.append(get_str(summary, "text", f"{where}/summary/{k}"))
    if texts:
        reasoning["text"] = SUMMARY_JOIN.join(t or "" for t in texts)
    if isinstance(item.get("id"), str) and item["id"]:
        reasoning["signature"] = item["id"]
    if isinstance(item.get("encrypted_content"), str) and item["encrypted_content"]:
        reasoning["redacted_data"] = item["encrypted_content"]
    part: dict[str, Any] = {"type": "reasoning", "reasoning": reasoning}
    own: dict[str, Any] = {}
    if len(texts) > 1:
        own["summary"] = texts
    if item.get("content") is not None:
        own["content"] = item["content"]
    if own:
        part["provider_metadata"] = {PROVIDER: own}
    return part


def output_text(item_id: str, entry: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A text part for one ``output_text`` or ``refusal`` entry of an assistant message item."""
    kind = entry.get("type")
    own: dict[str, Any] = {"item_id": item_id} if item_id else {}
    if kind == "output_text":
        part: dict[str, Any] = {"type": "text", "text": get_str(entry, "text", where)}
        if entry.get("annotations"):
            own["annotations"] = entry["annotations"]
        if entry.get("logprobs"):
            own["logprobs"] = entry["logprobs"]
    elif kind == "refusal":
        part = {"type": "text", "text": get_str(entry, "refusal", where)}
        own["refusal"] = True
    else:
        raise ValueError(f"{where}/type: expected output_text or refusal, got {kind!r}")
    if own:
        part["provider_metadata"] = {PROVIDER: own}
    return part


def decode_output_item(item: Any, where: str) -> list[dict[str, Any]]:
    """The canonical parts (as dicts) for one output item of a response (or an assistant-side input item).
    An item type this adapter does not map (hosted tool calls...) is kept whole as a data part marked
    ``{"openai": {"item": true}}``."""
    if not isinstance(item, Mapping):
        raise ValueError(f"{where}: expected an item object")
    kind = item.get("type", "message")
    if kind == "message":
        item_id = str(item["id"]) if isinstance(item.get("id"), str) else ""
        content = item.get("content")
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        entries = get_list(item, "content", where) or []
        return [output_text(item_id, entry, f"{where}/content/{k}") for k, entry in enumerate(entries)]
    if kind == "reasoning":
        return [decode_reasoning(item, where)]
    if kind == "function_call":
        return [decode_function_call(item, where)]
    return [{"type": "data", "data": {"value": dict(item)}, "provider_metadata": {PROVIDER: {"item": True}}}]
