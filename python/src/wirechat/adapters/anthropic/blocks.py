"""Anthropic content blocks -> canonical parts, for every block a request, a response or a stream carries.

``decode_block`` reads one block: ``text`` (with its citations, ``citations``), ``image``, ``document``,
``thinking`` / ``redacted_thinking`` (issuer ``anthropic``), ``tool_use`` (every member the tool call does not
hold, ``caller`` included, kept in ``provider_metadata.anthropic``), ``tool_result``, and the provider-run
calls and results (``provider_run``). A block type it does not know gives None: what becomes of it depends
on where it sits (a reply keeps it in its provider data, a request's user content reads it as a data part,
an assistant turn drops it), and the caller decides and reports it (feature ``provider.unmapped``).
``cache_control`` on a block, and a document's ``citations`` setting, go to the part's
``provider_metadata.anthropic``.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from wirechat.adapters._conversion import get_map, get_str
from wirechat.adapters.anthropic import provider_run
from wirechat.adapters.anthropic.citations import decode_citations
from wirechat.adapters.anthropic.shapes import PROVIDER, TOOL_USE_MEMBERS
from wirechat.tool_arguments import build_arguments

__all__ = ["decode_block", "decode_tool_use", "tool_use_extras_of"]


def _keep(block: Mapping[str, Any], part: dict[str, Any], keys: tuple[str, ...] = ("cache_control",)) -> dict[str, Any]:
    own = {key: block[key] for key in keys if block.get(key) is not None}
    if own:
        part["provider_metadata"] = {PROVIDER: own}
    return part


def decode_block(block: Any, where: str, names: dict[str, str]) -> dict[str, Any] | None:
    """A canonical part (as a dict) for one Anthropic content block, request or response side; None for a
    block type this adapter does not know. ``names`` maps the provider-run calls read so far (in the same
    content) to their names: a call adds itself, a result takes its call's name from it."""
    if not isinstance(block, Mapping):
        raise ValueError(f"{where}: expected a content block object")
    kind = block.get("type")
    if kind == "text":
        part: dict[str, Any] = {"type": "text", "text": get_str(block, "text", where)}
        if citations := decode_citations(block.get("citations"), f"{where}/citations"):
            part["citations"] = citations
        return _keep(block, part)
    if kind == "image":
        source = get_map(block, "source", where) or {}
        if source.get("type") == "url":
            image = {"source": "url", "url": get_str(source, "url", f"{where}/source")}
        elif source.get("type") == "base64":
            image = {"source": "base64", "base64": source.get("data"), "media_type": source.get("media_type")}
        else:
            raise ValueError(f"{where}/source/type: expected url or base64, got {source.get('type')!r}")
        return _keep(block, {"type": "image", "image": image})
    if kind == "document":
        return _keep(block, {"type": "file", "file": _decode_document(block, where)}, ("cache_control", "citations"))
    if kind == "thinking":
        reasoning: dict[str, Any] = {"issuer": PROVIDER}
        if block.get("thinking"):
            reasoning["text"] = block["thinking"]
        if block.get("signature"):
            reasoning["signature"] = block["signature"]
        return {"type": "reasoning", "reasoning": reasoning}
    if kind == "redacted_thinking":
        return {"type": "reasoning", "reasoning": {"redacted_data": get_str(block, "data", where), "issuer": PROVIDER}}
    if kind == "tool_use":
        return decode_tool_use(block, where)
    if kind == "tool_result":
        return _keep(block, {"type": "tool_result", "tool_result": _decode_tool_result(block, where)})
    if provider_run.is_call(kind):
        part = provider_run.decode_call(block, where)
        call = part["provider_tool_call"]
        names[call["id"]] = call["name"]
        return part
    if provider_run.is_result(kind):
        return provider_run.decode_result(block, where, names)
    return None


def decode_tool_use(block: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A ``tool_call`` part for a ``tool_use`` block: its input as the arguments text (``build_arguments``),
    its other members in ``provider_metadata.anthropic``."""
    value: Any = block.get("input") if block.get("input") is not None else {}
    call = {
        "id": get_str(block, "id", where),
        "name": get_str(block, "name", where),
        "arguments": build_arguments(value),
    }
    part: dict[str, Any] = {"type": "tool_call", "tool_call": call}
    if extras := tool_use_extras_of(block):
        part["provider_metadata"] = {PROVIDER: extras}
    return part


def tool_use_extras_of(block: Mapping[str, Any]) -> dict[str, Any]:
    """The members of a ``tool_use`` block the tool call does not hold (``caller``, ``cache_control``...)."""
    return {key: item for key, item in block.items() if key not in TOOL_USE_MEMBERS and item is not None}


def _decode_document(block: Mapping[str, Any], where: str) -> dict[str, Any]:
    source = get_map(block, "source", where) or {}
    kind = source.get("type")
    out: dict[str, Any]
    if kind == "url":
        out = {"source": "uri", "uri": get_str(source, "url", f"{where}/source")}
    elif kind == "base64":
        out = {"source": "base64", "base64": source.get("data"), "media_type": source.get("media_type")}
    elif kind == "text":
        data = get_str(source, "data", f"{where}/source") or ""
        out = {"source": "base64", "base64": base64.b64encode(data.encode()).decode(), "media_type": "text/plain"}
    elif kind == "file":
        out = {"source": "file_id", "file_id": get_str(source, "file_id", f"{where}/source"), "issuer": PROVIDER}
    else:
        raise ValueError(f"{where}/source/type: expected url, base64, text or file, got {kind!r}")
    if isinstance(block.get("title"), str) and block["title"]:
        out["name"] = block["title"]
    return out


def _decode_tool_result(block: Mapping[str, Any], where: str) -> dict[str, Any]:
    result: dict[str, Any] = {"tool_call_id": get_str(block, "tool_use_id", where), "content": ""}
    content = block.get("content")
    if isinstance(content, str):
        result["content"] = content
    elif isinstance(content, list):
        parts = []
        for k, item in enumerate(content):
            part = decode_block(item, f"{where}/content/{k}", {})
            # a block type this adapter does not know is kept whole as data (reported by request_decode)
            parts.append(part if part is not None else {"type": "data", "data": {"value": dict(item)}})
        if parts and parts[0]["type"] == "text" and "provider_metadata" not in parts[0] and "citations" not in parts[0]:
            result["content"] = parts.pop(0)["text"]
        if parts:
            result["parts"] = parts
    if isinstance(block.get("is_error"), bool):
        result["is_error"] = block["is_error"]
    return result
