"""OpenAI Responses' own JSON shapes, written in one place: the names, and the items both ways.

Items and canonical parts (decision 016; provider-run items are ``hosted``'s):

* ``reasoning`` item <-> a reasoning part with issuer ``openai``: the item ``id`` (``rs_...``) is the
  ``signature`` (the handle OpenAI needs to continue from it), ``encrypted_content`` is ``redacted_data``,
  the ``summary`` texts joined by a blank line are ``text`` (the split list, when there are several, and the
  raw ``content`` are kept in the part's ``provider_metadata["openai"]``). An item with no summary whose
  ``content`` is ``reasoning_text`` entries (DeepSeek's, LM Studio's and gpt-oss servers' Responses APIs) has
  those texts as its ``text``, marked ``{"text_in": "content"}`` so that it is written back the same way.
* ``compaction`` item (the conversation so far, compacted and encrypted: state only OpenAI reads) <-> a
  reasoning part with no text: its id the ``signature``, ``encrypted_content`` the ``redacted_data``, marked
  ``{"item_type": "compaction"}`` (the replay rule of spec section 10 applies as to any signed reasoning).
* ``function_call`` item <-> a tool-call part: ``call_id`` is the tool call's id; the item ``id``
  (``fc_...``), ``namespace`` (a deferred tool found by tool search) and ``caller`` (a call made by a program,
  programmatic tool calling) are kept in ``provider_metadata["openai"]`` (``item_id``, ``namespace``,
  ``caller``). A ``custom_tool_call`` (a custom tool: the caller's, with free-form input) is a tool call too,
  its ``input`` the arguments, marked ``{"item_type": "custom_tool_call"}``.
* ``message`` item (assistant) <-> one text part per ``output_text`` (or ``refusal``, marked
  ``{"refusal": true}``), each with the item id as ``item_id`` and the item's ``phase`` (``commentary``,
  ``final_answer``) as ``phase``; ``annotations`` are the part's citations (``citations``), ``logprobs`` kept.

Every reader here checks what it relies on and raises ``ValueError`` naming the pointer: a function call
without ``call_id`` or ``name`` is an error, never an invented value. ``unmapped_in_item`` lists the members of
an item these readers neither map nor keep (``ITEM_SHAPES``), for the decoders' ``provider.unmapped`` warnings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ReasoningPart, ToolCall
from wirechat._tables.openai_responses import NAME, PROVIDER
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion, Shape, get_list, get_str, metadata_for, unmapped_members
from wirechat.adapters.openai_responses.citations import decode_annotations
from wirechat.adapters.openai_responses.hosted import Pairing, is_provider_run, provider_run_parts

__all__ = [
    "CALL_KEYS",
    "ECHO_EVENTS",
    "EVENT_MEMBERS",
    "ITEM_SHAPES",
    "NAME",
    "PROVIDER",
    "REASONING_KEYS",
    "REPLY_STATUS",
    "REQUEST_STATUS",
    "SUMMARY_JOIN",
    "TEXT_KEYS",
    "decode_function_call",
    "decode_output_item",
    "decode_reasoning",
    "encode_function_call",
    "encode_reasoning",
    "output_text",
    "present_unmapped",
    "progress_event",
    "unmapped_in_item",
]

SUMMARY_JOIN = "\n\n"
"""Between two summary texts of one reasoning item, in the canonical text."""

_TEXT_ENTRY: Shape = {"type": None, "text": None}
_CONTENT: dict[str, Shape] = {
    "output_text": {"type": None, "text": None, "annotations": None, "logprobs": None},
    "refusal": {"type": None, "refusal": None},
}
ITEM_SHAPES: dict[str, Shape] = {
    "message": {"type": None, "id": None, "role": None, "status": None, "content": None, "phase": None},
    "reasoning": dict.fromkeys(("type", "id", "status", "summary", "encrypted_content", "content")),
    "function_call": dict.fromkeys(("type", "id", "status", "call_id", "name", "arguments", "namespace", "caller")),
    "custom_tool_call": dict.fromkeys(("type", "id", "status", "call_id", "name", "input")),
    "compaction": dict.fromkeys(("type", "id", "status", "encrypted_content")),
}
"""The members of each item type the readers here map or keep (provider-run items are kept whole)."""
_KEPT_CALL_MEMBERS = ("namespace", "caller")
TEXT_KEYS = frozenset({"item_id", "logprobs", "refusal", "phase", "status"})
CALL_KEYS = frozenset({"item_id", "item_type", "status", *_KEPT_CALL_MEMBERS})
REASONING_KEYS = frozenset({"summary", "content", "text_in", "content_split", "item_type", "status"})
"""The ``provider_metadata["openai"]`` members each kind of part carries back to an item."""
REPLY_STATUS: Mapping[str, str] = {
    "message": "completed",
    "function_call": "completed",
    "custom_tool_call": "completed",
}
REQUEST_STATUS: Mapping[str, str] = {"message": "completed"}
"""The item ``status`` an encoder writes when a part kept none, in a reply and in a request's input (an input
message item in its long form): a decoder keeps an item's ``status`` (as ``status``) only when it is another."""


def present_unmapped(value: Any, where: str, shape: Shape) -> list[str]:
    """``unmapped_members`` of an object's non-null members (a null carries nothing to lose)."""
    if not isinstance(value, Mapping):
        return []
    return unmapped_members({key: member for key, member in value.items() if member is not None}, shape, where)


def unmapped_in_item(item: Mapping[str, Any], where: str) -> list[str]:
    """The pointers of the members of an output item that its reader neither maps nor keeps."""
    kind = str(item.get("type", "message"))
    if kind not in ITEM_SHAPES:
        return []  # provider-run items are kept whole; an unknown type is reported whole by the decoder
    found = present_unmapped(item, where, ITEM_SHAPES[kind])
    if kind == "message" and isinstance(item.get("content"), list):
        for k, entry in enumerate(item["content"]):
            shape = _CONTENT.get(str(entry.get("type"))) if isinstance(entry, Mapping) else None
            found += present_unmapped(entry, f"{where}/content/{k}", shape) if shape is not None else []
    if kind == "reasoning":
        for key in ("summary", "content"):
            entries = item.get(key)
            for k, entry in enumerate(entries if isinstance(entries, list) else []):
                if isinstance(entry, Mapping) and entry.get("type") in ("summary_text", "reasoning_text"):
                    found += present_unmapped(entry, f"{where}/{key}/{k}", _TEXT_ENTRY)
    return found


def _status(item: Mapping[str, Any], implied: Mapping[str, str]) -> dict[str, Any]:
    status = item.get("status")
    kind = str(item.get("type", "message"))
    return {"status": status} if isinstance(status, str) and status != implied.get(kind) else {}


def _nonempty(item: Mapping[str, Any], key: str, where: str) -> str:
    value = get_str(item, key, where)
    if not value:
        raise ValueError(f"{where}/{key}: required non-empty string is missing")
    return value


def encode_function_call(call: ToolCall, own: Mapping[str, Any]) -> dict[str, Any]:
    """A ``function_call`` item (``arguments`` is the JSON text as is; ``id``, ``namespace``, ``caller`` when the
    part kept them), or a ``custom_tool_call`` item for a call read from one."""
    item: dict[str, Any]
    if own.get("item_type") == "custom_tool_call":
        item = {"type": "custom_tool_call", "call_id": call.id, "name": call.name, "input": call.arguments}
    else:
        item = {"type": "function_call", "call_id": call.id, "name": call.name, "arguments": call.arguments}
        item.update({key: own[key] for key in _KEPT_CALL_MEMBERS if own.get(key) is not None})
    if isinstance(own.get("item_id"), str) and own["item_id"]:
        item["id"] = own["item_id"]
    if isinstance(own.get("status"), str):
        item["status"] = own["status"]
    return item


def decode_function_call(
    item: Mapping[str, Any], where: str, implied: Mapping[str, str] = REPLY_STATUS
) -> dict[str, Any]:
    """A tool-call part (as a dict) for a ``function_call`` or ``custom_tool_call`` item."""
    custom = item.get("type") == "custom_tool_call"
    call = {
        "id": _nonempty(item, "call_id", where),
        "name": _nonempty(item, "name", where),
        "arguments": get_str(item, "input" if custom else "arguments", where),
    }
    part: dict[str, Any] = {"type": "tool_call", "tool_call": call}
    own: dict[str, Any] = {key: item[key] for key in _KEPT_CALL_MEMBERS if item.get(key) is not None}
    if isinstance(item.get("id"), str) and item["id"]:
        own["item_id"] = item["id"]
    if custom:
        own["item_type"] = "custom_tool_call"
    own.update(_status(item, implied))
    if own:
        part["provider_metadata"] = {PROVIDER: own}
    return part


def encode_reasoning(part: ReasoningPart, where: str, conv: Conversion) -> dict[str, Any] | None:
    """A ``reasoning`` item for reasoning OpenAI issued (with its id; without one, its encrypted content alone,
    as stateless clients of xAI's Responses API send it); None when the replay rule drops it (with a warning)."""
    if not conv.handle(_parts.reasoning_feature(part, PROVIDER), where):
        return None
    reasoning = part.reasoning
    if reasoning.signature is MISSING and not conv.handle("reasoning.own_no_id", where):
        return None
    own, _ = metadata_for(part.provider_metadata, PROVIDER)
    if own.get("item_type") == "compaction":
        compaction = {"type": "compaction", "id": reasoning.signature, "encrypted_content": reasoning.redacted_data,
                      "status": own.get("status", MISSING)}  # fmt: skip
        return {key: value for key, value in compaction.items() if value is not MISSING}
    in_content = own.get("text_in") == "content"
    split = own.get("content_split" if in_content else "summary")
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
    item: dict[str, Any] = {"type": "reasoning", "summary": []}
    if reasoning.signature is not MISSING:
        item = {"type": "reasoning", "id": reasoning.signature, "summary": []}
    if in_content:
        item["content"] = [{"type": "reasoning_text", "text": t} for t in texts]
    else:
        item["summary"] = [{"type": "summary_text", "text": t} for t in texts]
    if reasoning.redacted_data is not MISSING:
        item["encrypted_content"] = reasoning.redacted_data
    if not in_content and isinstance(own.get("content"), list):
        item["content"] = own["content"]
    if isinstance(own.get("status"), str):
        item["status"] = own["status"]
    return item


def _entry_texts(entries: Any, kind: str, where: str) -> list[str] | None:
    """The texts of a list of ``{type: kind, text}`` entries; None when an entry is of another type."""
    texts = []
    for k, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, Mapping) or entry.get("type", kind) != kind:
            return None
        texts.append(get_str(entry, "text", f"{where}/{k}") or "")
    return texts


def decode_reasoning(item: Mapping[str, Any], where: str, implied: Mapping[str, str] = REPLY_STATUS) -> dict[str, Any]:
    """A reasoning part (as a dict) for a ``reasoning`` or ``compaction`` item."""
    reasoning: dict[str, Any] = {"issuer": PROVIDER}
    if item.get("type") == "compaction":  # the compacted conversation: state only OpenAI reads
        for key, member in (("signature", "id"), ("redacted_data", "encrypted_content")):
            if isinstance(item.get(member), str) and item[member]:
                reasoning[key] = item[member]
        kept = {"item_type": "compaction", **_status(item, implied)}
        return {"type": "reasoning", "reasoning": reasoning, "provider_metadata": {PROVIDER: kept}}
    texts = []
    for k, summary in enumerate(get_list(item, "summary", where, required=False) or []):
        if not isinstance(summary, Mapping):
            raise ValueError(f"{where}/summary/{k}: expected a summary_text object")
        texts.append(get_str(summary, "text", f"{where}/summary/{k}") or "")
    own: dict[str, Any] = {}
    content_texts = None if texts else _entry_texts(item.get("content"), "reasoning_text", f"{where}/content")
    if content_texts:  # the reasoning itself, not a summary (DeepSeek, LM Studio, gpt-oss servers)
        texts = content_texts
        own["text_in"] = "content"
    if texts:
        reasoning["text"] = SUMMARY_JOIN.join(texts)
    if isinstance(item.get("id"), str) and item["id"]:
        reasoning["signature"] = item["id"]
    if isinstance(item.get("encrypted_content"), str) and item["encrypted_content"]:
        reasoning["redacted_data"] = item["encrypted_content"]
    part: dict[str, Any] = {"type": "reasoning", "reasoning": reasoning}
    if len(texts) > 1:
        own["content_split" if content_texts else "summary"] = texts
    if item.get("content") is not None and not content_texts:
        own["content"] = item["content"]
    own.update(_status(item, implied))
    if own:
        part["provider_metadata"] = {PROVIDER: own}
    return part


def output_text(item_id: str, entry: Mapping[str, Any], where: str, kept: Mapping[str, Any]) -> dict[str, Any]:
    """A text part for one ``output_text`` or ``refusal`` entry of an assistant message item (``kept``: the
    item's own members each of its parts keeps: ``phase``, ``status``)."""
    kind = entry.get("type")
    own: dict[str, Any] = {"item_id": item_id} if item_id else {}
    own.update(kept)
    if kind == "output_text":
        part: dict[str, Any] = {"type": "text", "text": get_str(entry, "text", where)}
        if citations := decode_annotations(entry.get("annotations"), f"{where}/annotations"):
            part["citations"] = citations
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


def decode_output_item(
    item: Any,
    where: str,
    pairing: Pairing,
    unmapped: list[str] | None = None,
    implied: Mapping[str, str] = REPLY_STATUS,
) -> list[dict[str, Any]]:
    """The canonical parts (as dicts) for one output item of a response (or an assistant-side input item, with
    ``implied`` = ``REQUEST_STATUS``). An item type this adapter does not know gives no part: its pointer goes to
    ``unmapped`` (the caller warns), and so do the members of a known item that no reader maps or keeps."""
    if not isinstance(item, Mapping):
        raise ValueError(f"{where}: expected an item object")
    kind = str(item.get("type", "message"))
    if unmapped is not None:
        unmapped += unmapped_in_item(item, where)
    if kind == "message":
        item_id = str(item["id"]) if isinstance(item.get("id"), str) else ""
        content = item.get("content")
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        entries = get_list(item, "content", where) or []
        kept = {"phase": item["phase"]} if isinstance(item.get("phase"), str) else {}
        kept.update(_status(item, implied))
        return [output_text(item_id, entry, f"{where}/content/{k}", kept) for k, entry in enumerate(entries)]
    if kind in ("reasoning", "compaction"):
        return [decode_reasoning(item, where, implied)]
    if kind in ("function_call", "custom_tool_call"):
        return [decode_function_call(item, where, implied)]
    if is_provider_run(kind):
        return provider_run_parts(item, where, pairing)
    if unmapped is None:
        raise ValueError(f"{where}/type: an item type this adapter does not map: {kind!r}")
    unmapped.append(where)
    return []


EVENT_MEMBERS = frozenset({
    "type", "sequence_number", "output_index", "item_id", "content_index", "summary_index", "annotation_index",
    "item", "part", "response", "delta", "text", "refusal", "arguments", "annotation", "logprobs", "obfuscation",
    "input",
})  # fmt: skip
"""The members of the stream events the decoder maps, or which repeat what an item's ``done`` event carries
(``obfuscation`` is padding against length side channels: it carries nothing)."""
ECHO_EVENTS = frozenset({
    "response.in_progress", "response.queued", "response.content_part.done", "response.output_text.done",
    "response.refusal.done", "response.function_call_arguments.done", "response.custom_tool_call_input.done",
    "response.reasoning_summary_part.added", "response.reasoning_summary_part.done",
    "response.reasoning_summary_text.delta", "response.reasoning_summary_text.done", "response.reasoning_text.delta",
    "response.reasoning_text.done",
})  # fmt: skip
"""Events whose content ``response.output_item.done`` repeats (reasoning is read from the finished item,
whole)."""


def progress_event(kind: str) -> bool:
    """Whether an event type is the progress of a provider-run item (``response.web_search_call.searching``,
    ``response.mcp_call_arguments.delta``, ``response.code_interpreter_call_code.delta``,
    ``response.image_generation_call.partial_image``, ``response.mcp_list_tools.completed``...): its subject
    is such an item type, or starts with one. The finished item carries what it tells (a partial image is a
    preview of the final one)."""
    pieces = kind.split(".")
    if len(pieces) != 3 or pieces[0] != "response" or not pieces[2]:
        return False
    subject = pieces[1]
    words = subject.split("_")
    return any(is_provider_run("_".join(words[:k])) for k in range(len(words), 0, -1))
