"""Messages and parts between the go-model JSON and canonical wirechat JSON, both ways.

``message_to_wirechat`` reads one go-model Message (as parsed JSON) into a canonical ``Message`` document;
what wirechat cannot say raises ``ValueError`` naming the go-model pointer. ``message_from_wirechat``
writes a canonical message (as plain JSON) the way Go's ``encoding/json`` writes the seed's structs
(``omitempty`` members left out when empty), degrading or refusing through the manifest.
"""

from __future__ import annotations

from typing import Any

from wirechat.adapters.go_model.conversion import Conversion, expect_members, read_object, read_string

__all__ = ["message_from_wirechat", "message_to_wirechat", "reasoning_feature", "tool_call_to_wirechat"]

ROLES = ("system", "user", "assistant", "tool")
_PART_MEMBERS = ("type", "text", "image", "audio", "file", "data", "tool_call", "tool_result")
_PAYLOAD = {"image": "image", "audio": "audio", "file": "file", "data": "data", "tool_call": "tool_call",
            "tool_result": "tool_result"}  # fmt: skip


# ---------------------------------------------------------------- go-model -> wirechat


def message_to_wirechat(value: Any, where: str = "") -> dict[str, Any]:
    """The canonical message document for a go-model Message (``"parts": null``, Go's nil slice, is [])."""
    obj = read_object(value, where)
    expect_members(obj, ("role", "parts"), where, "Message")
    role = read_string(obj, "role", where, required=True)
    if role not in ROLES:
        raise ValueError(f"{where}/role: {role!r} is not a role ({', '.join(ROLES)})")
    parts = obj.get("parts")
    if parts is None:
        parts = []
    if not isinstance(parts, list):
        raise ValueError(f"{where}/parts: expected an array or null")
    return {"role": role, "parts": [_part_to_wirechat(p, f"{where}/parts/{i}") for i, p in enumerate(parts)]}


def _part_to_wirechat(value: Any, where: str) -> dict[str, Any]:
    obj = read_object(value, where)
    expect_members(obj, _PART_MEMBERS, where, "Part")
    kind = read_string(obj, "type", where, required=True)
    if kind not in _PART_MEMBERS[1:]:
        raise ValueError(f"{where}/type: {kind!r} is not a part type ({', '.join(_PART_MEMBERS[1:])})")
    for other in _PART_MEMBERS[1:]:
        if other != kind and other in obj:
            raise ValueError(f"{where}/{other}: a {kind!r} part carries a {other!r} payload; a wirechat part holds one")
    if kind == "text":
        return {"type": "text", "text": read_string(obj, "text", where) or ""}
    if obj.get(kind) is None:
        raise ValueError(f"{where}/{kind}: a {kind!r} part needs its {kind!r} payload")
    payload = read_object(obj[kind], f"{where}/{kind}")
    at = f"{where}/{kind}"
    if kind in ("image", "audio"):
        return {"type": kind, kind: _media_to_wirechat(payload, at)}
    if kind == "file":
        expect_members(payload, ("uri", "mime_type", "name"), at, "FileRef")
        out: dict[str, Any] = {"source": "uri", "uri": read_string(payload, "uri", at, required=True)}
        _copy_nonempty(payload, "mime_type", out, "media_type", at)
        _copy_nonempty(payload, "name", out, "name", at)
        return {"type": "file", "file": out}
    if kind == "data":
        expect_members(payload, ("mime_type", "value"), at, "DataRef")
        data_value = payload.get("value")
        if data_value is not None and not isinstance(data_value, dict):
            raise ValueError(f"{at}/value: a DataRef value is an object or null (Go map[string]any)")
        data: dict[str, Any] = {"value": data_value}
        _copy_nonempty(payload, "mime_type", data, "media_type", at)
        return {"type": "data", "data": data}
    if kind == "tool_call":
        return {"type": "tool_call", "tool_call": tool_call_to_wirechat(payload, at)}
    expect_members(payload, ("tool_call_id", "content", "is_error"), at, "ToolResult")
    result: dict[str, Any] = {
        "tool_call_id": read_string(payload, "tool_call_id", at, required=True),
        "content": read_string(payload, "content", at, required=True),
    }
    is_error = payload.get("is_error", False)
    if not isinstance(is_error, bool):
        raise ValueError(f"{at}/is_error: expected a boolean")
    if is_error:
        result["is_error"] = True
    return {"type": "tool_result", "tool_result": result}


def tool_call_to_wirechat(payload: dict[str, Any], at: str) -> dict[str, Any]:
    expect_members(payload, ("id", "name", "arguments"), at, "ToolCall")
    return {key: read_string(payload, key, at, required=True) for key in ("id", "name", "arguments")}


def _media_to_wirechat(payload: dict[str, Any], at: str) -> dict[str, Any]:
    expect_members(payload, ("url", "base64", "media_type"), at, "MediaRef")
    # Presence decides, as Go's omitempty writes a member only when it is not empty.
    url = read_string(payload, "url", at)
    data = read_string(payload, "base64", at)
    media_type = read_string(payload, "media_type", at)
    if url is not None and data is not None:
        raise ValueError(f"{at}: both url and base64 are set; a wirechat MediaRef has exactly one source")
    if url is None and data is None:
        raise ValueError(f"{at}: neither url nor base64 is set; a wirechat MediaRef needs one source")
    if url is not None:
        out = {"source": "url", "url": url}
        if media_type is not None:
            out["media_type"] = media_type
        return out
    if media_type is None:
        raise ValueError(f"{at}/media_type: inline (base64) media needs a media type in wirechat")
    return {"source": "base64", "base64": data, "media_type": media_type}


def _copy_nonempty(source: dict[str, Any], key: str, target: dict[str, Any], as_key: str, at: str) -> None:
    value = read_string(source, key, at)
    if value:
        target[as_key] = value


# ---------------------------------------------------------------- wirechat -> go-model


def message_from_wirechat(message: dict[str, Any], where: str, conv: Conversion) -> dict[str, Any]:
    """The go-model Message for a canonical message document (plain JSON)."""
    role = message["role"]
    for member in ("name", "id", "provider_metadata"):
        if member in message:
            feature = "message.name_tool" if member == "name" and role == "tool" else f"message.{member}"
            conv.degrade(feature, f"{where}/{member}")
    parts = []
    for index, part in enumerate(message["parts"]):
        converted = part_from_wirechat(part, f"{where}/parts/{index}", conv)
        if converted is not None:
            parts.append(converted)
    return {"role": role, "parts": parts}


def part_from_wirechat(part: dict[str, Any], where: str, conv: Conversion) -> dict[str, Any] | None:
    """The go-model Part for a canonical part; None when it is dropped (reasoning)."""
    kind = part["type"]
    if part.get("provider_metadata"):
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    if kind == "reasoning":
        conv.degrade(reasoning_feature(part["reasoning"]), where)
        return None
    if kind == "text":
        for i, citation in enumerate(part.get("citations", ())):
            own = citation.get("issuer") == "go-model" and "block" in citation
            conv.degrade("citations.own" if own else "citations.foreign", f"{where}/citations/{i}")
        return {"type": "text", "text": part["text"]} if part["text"] else {"type": "text"}
    if kind in ("provider_tool_call", "provider_tool_result"):
        own = part[kind]["issuer"] == "go-model"
        conv.degrade("provider_tool.own" if own else "provider_tool.foreign", f"{where}/{kind}")
        return None
    payload = part[kind]
    at = f"{where}/{kind}"
    if kind in ("image", "audio"):
        media = {"url": payload["url"]} if payload["source"] == "url" else {"base64": payload["base64"]}
        if "media_type" in payload:
            media["media_type"] = payload["media_type"]
        return {"type": kind, kind: media}
    if kind == "file":
        if payload["source"] == "base64":
            raise conv.refuse("file.base64", at)
        if payload["source"] == "file_id":
            own = payload.get("issuer") == "go-model"
            raise conv.refuse("file.file_id" if own else "file.file_id_foreign", at)
        file: dict[str, Any] = {"uri": payload["uri"]}
        if "media_type" in payload:
            file["mime_type"] = payload["media_type"]
        if "name" in payload:
            file["name"] = payload["name"]
        return {"type": "file", "file": file}
    if kind == "data":
        value = payload["value"]
        if value is not None and not isinstance(value, dict):
            raise conv.refuse("data.not_object", f"{at}/value")
        data: dict[str, Any] = {"value": value}
        if "media_type" in payload:
            data = {"mime_type": payload["media_type"], "value": value}
        return {"type": "data", "data": data}
    if kind == "tool_call":
        return {"type": "tool_call", "tool_call": dict(payload)}
    result = {"tool_call_id": payload["tool_call_id"], "content": payload["content"]}
    if payload.get("is_error") is True:
        result["is_error"] = True
    elif "is_error" in payload:
        conv.degrade("zero_values", f"{at}/is_error")
    if "parts" in payload:
        conv.degrade("tool_result.parts", f"{at}/parts")
    return {"type": "tool_result", "tool_result": result}


def reasoning_feature(reasoning: dict[str, Any]) -> str:
    """The manifest feature a dropped reasoning part falls under (spec section 10)."""
    if "signature" not in reasoning and "redacted_data" not in reasoning:
        return "reasoning.text"
    if reasoning.get("issuer") != "go-model":
        return "reasoning.foreign"
    if "redacted_data" in reasoning and ("signature" in reasoning or "text" in reasoning):
        return "reasoning.own_mixed"
    return "reasoning.own_empty_text" if reasoning.get("text") == "" else "reasoning.own"
