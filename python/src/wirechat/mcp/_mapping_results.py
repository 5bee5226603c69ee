"""MCP ``CallToolResult`` and the JSON-RPC response that carries it <-> wirechat ``ToolResult``.

Pure functions over JSON values. Content blocks become ``ContentPart``s; what a part has no field for
(MCP ``annotations``, ``_meta``, a resource link's ``title``/``description``/``size``/``icons``, an embedded
resource's ``uri`` and ``mimeType``) is kept under the part's ``provider_metadata.mcp`` with its MCP name,
so that the way back rebuilds the same block. ``structuredContent`` becomes a ``data`` part, ``isError``
becomes ``is_error``. The field table is in ``schema/README.md`` section 13.
"""

from __future__ import annotations

import base64
import re
from typing import Any

from wirechat.mcp._mapping_tools import MappingWarning, McpMappingError, in_pointer_order

__all__ = [
    "call_result_to_tool_result",
    "jsonrpc_to_tool_result",
    "tool_result_to_call_result",
    "tool_result_to_jsonrpc",
]

_BASE64 = re.compile(r"^[A-Za-z0-9+/]*={0,2}\Z")
_MEDIA_TYPE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_KEEP_ON_BLOCK = ("annotations", "_meta")
_KEEP_ON_LINK = ("title", "description", "size", "icons", "annotations", "_meta")


def _token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _object(value: Any, pointer: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise McpMappingError(pointer, f"must be a JSON object (got {type(value).__name__})")
    return value


def _field(block: dict[str, Any], key: str, pointer: str, check: re.Pattern[str] | None = None) -> str:
    if key not in block:
        raise McpMappingError(f"{pointer}/{key}", "required member is missing")
    value = block[key]
    if not isinstance(value, str):
        raise McpMappingError(f"{pointer}/{key}", f"must be a string (got {type(value).__name__})")
    if check is not None and not check.search(value):
        raise McpMappingError(f"{pointer}/{key}", f"does not match {check.pattern}")
    return value


def _unknown(block: dict[str, Any], known: tuple[str, ...], pointer: str, warnings: list[MappingWarning]) -> None:
    for key in block:
        if key not in known:
            warnings.append(MappingWarning(f"{pointer}/{_token(key)}", "not an MCP member wirechat knows; dropped"))


def _with_meta(part: dict[str, Any], kept: dict[str, Any]) -> dict[str, Any]:
    if kept:
        part["provider_metadata"] = {"mcp": kept}
    return part


def _block_to_part(block: Any, pointer: str, warnings: list[MappingWarning]) -> dict[str, Any]:
    block = _object(block, pointer)
    kind = block.get("type")
    kept = {k: block[k] for k in _KEEP_ON_BLOCK if k in block}
    if kind == "text":
        _unknown(block, ("type", "text", *_KEEP_ON_BLOCK), pointer, warnings)
        return _with_meta({"type": "text", "text": _field(block, "text", pointer)}, kept)
    if kind in ("image", "audio"):
        _unknown(block, ("type", "data", "mimeType", *_KEEP_ON_BLOCK), pointer, warnings)
        media = {
            "source": "base64",
            "base64": _field(block, "data", pointer, _BASE64),
            "media_type": _field(block, "mimeType", pointer, _MEDIA_TYPE),
        }
        return _with_meta({"type": kind, kind: media}, kept)
    if kind == "resource_link":
        _unknown(block, ("type", "uri", "name", "mimeType", *_KEEP_ON_LINK), pointer, warnings)
        kept = {k: block[k] for k in _KEEP_ON_LINK if k in block}
        ref: dict[str, Any] = {"source": "uri", "uri": _field(block, "uri", pointer, _URI)}
        name = _field(block, "name", pointer)
        if name:
            ref["name"] = name
        else:
            kept["name"] = name
        if "mimeType" in block:
            ref["media_type"] = _field(block, "mimeType", pointer, _MEDIA_TYPE)
        return _with_meta({"type": "file", "file": ref}, kept)
    if kind == "resource":
        _unknown(block, ("type", "resource", *_KEEP_ON_BLOCK), pointer, warnings)
        return _resource_to_part(_object(block.get("resource"), f"{pointer}/resource"), pointer, kept, warnings)
    raise McpMappingError(f"{pointer}/type", f"not an MCP content block type (got {kind!r})")


def _resource_to_part(
    res: dict[str, Any], pointer: str, kept: dict[str, Any], warnings: list[MappingWarning]
) -> dict[str, Any]:
    inner = f"{pointer}/resource"
    _unknown(res, ("uri", "mimeType", "text", "blob", "_meta"), inner, warnings)
    if ("text" in res) == ("blob" in res):
        raise McpMappingError(inner, "an embedded resource has exactly one of text and blob")
    meta: dict[str, Any] = {k: res[k] for k in ("uri", "mimeType", "_meta") if k in res}
    _field(res, "uri", inner)
    if "text" in res:
        data = base64.b64encode(_field(res, "text", inner).encode("utf-8")).decode("ascii")
        meta["text"] = True
        fallback = "text/plain"
    else:
        data = _field(res, "blob", inner, _BASE64)
        fallback = "application/octet-stream"
    media_type = _field(res, "mimeType", inner, _MEDIA_TYPE) if "mimeType" in res else fallback
    kept["resource"] = meta
    return _with_meta({"type": "file", "file": {"source": "base64", "base64": data, "media_type": media_type}}, kept)


def call_result_to_tool_result(result: Any, tool_call_id: str) -> tuple[dict[str, Any], list[MappingWarning]]:
    """Map an MCP ``CallToolResult`` to a ``ToolResult`` answering ``tool_call_id``.

    ``content`` (the text form) is the text blocks joined with a line feed. Every block is also a part,
    and ``structuredContent`` is a last ``data`` part; a result that is one plain text block has no
    ``parts`` (its ``content`` says it all)."""
    result = _object(result, "")
    warnings: list[MappingWarning] = []
    blocks = result.get("content")
    if not isinstance(blocks, list):
        raise McpMappingError("/content", "a CallToolResult needs a content array")
    parts = [_block_to_part(block, f"/content/{i}", warnings) for i, block in enumerate(blocks)]
    out: dict[str, Any] = {
        "tool_call_id": tool_call_id,
        "content": "\n".join(p["text"] for p in parts if p["type"] == "text"),
    }
    for key, value in result.items():
        if key == "structuredContent":
            parts.append({"type": "data", "data": {"value": _object(value, "/structuredContent")}})
        elif key == "isError":
            if not isinstance(value, bool):
                raise McpMappingError("/isError", f"must be a boolean (got {type(value).__name__})")
            if value:
                out["is_error"] = True
        elif key != "content":
            warnings.append(MappingWarning(f"/{_token(key)}", "ToolResult has no field for it; dropped"))
    plain_text = len(parts) == 1 and parts[0]["type"] == "text" and "provider_metadata" not in parts[0]
    if not plain_text:
        out["parts"] = parts
    return out, in_pointer_order(warnings)


def _part_to_block(part: dict[str, Any], pointer: str, warnings: list[MappingWarning]) -> dict[str, Any]:
    metadata = part.get("provider_metadata", {})
    for provider in metadata:
        if provider != "mcp":
            warnings.append(
                MappingWarning(f"{pointer}/provider_metadata/{_token(provider)}", "MCP has no place for it; dropped")
            )
    kept = dict(metadata.get("mcp", {}))
    kind = part["type"]
    if kind == "text":
        block: dict[str, Any] = {"type": "text", "text": part["text"]}
    elif kind in ("image", "audio"):
        media = part[kind]
        if media["source"] != "base64":
            raise McpMappingError(f"{pointer}/{kind}/source", "MCP images and audio are inline base64, not URLs")
        block = {"type": kind, "data": media["base64"], "mimeType": media["media_type"]}
    elif kind == "file":
        return _file_to_block(part["file"], pointer, kept, warnings)
    else:
        raise McpMappingError(f"{pointer}/type", f"MCP has no content block for a {kind} part")
    return block | {k: kept[k] for k in _KEEP_ON_BLOCK if k in kept}


def _file_to_block(
    ref: dict[str, Any], pointer: str, kept: dict[str, Any], warnings: list[MappingWarning]
) -> dict[str, Any]:
    if ref["source"] == "uri":
        block = {"type": "resource_link", "uri": ref["uri"]}
        if "name" in ref:
            block["name"] = ref["name"]
        elif "name" in kept:
            block["name"] = kept["name"]
        else:
            block["name"] = ref["uri"]
            warnings.append(MappingWarning(f"{pointer}/file", "an MCP resource link needs a name; the uri stands in"))
        if "media_type" in ref:
            block["mimeType"] = ref["media_type"]
        return block | {k: kept[k] for k in _KEEP_ON_LINK if k in kept}
    if ref["source"] == "base64" and isinstance(kept.get("resource"), dict):
        meta = kept["resource"]
        resource = {k: meta[k] for k in ("uri", "mimeType", "_meta") if k in meta}
        if meta.get("text") is True:
            try:
                resource["text"] = base64.b64decode(ref["base64"]).decode("utf-8")
            except UnicodeDecodeError:
                raise McpMappingError(
                    f"{pointer}/file/base64", "the resource was text, but these bytes are not UTF-8"
                ) from None
        else:
            resource["blob"] = ref["base64"]
        if "name" in ref:
            warnings.append(MappingWarning(f"{pointer}/file/name", "an embedded MCP resource has no name; dropped"))
        return {"type": "resource", "resource": resource} | {k: kept[k] for k in _KEEP_ON_BLOCK if k in kept}
    if ref["source"] == "base64":
        raise McpMappingError(f"{pointer}/file", "an embedded MCP resource needs a uri, and this file has none")
    raise McpMappingError(f"{pointer}/file/source", "MCP cannot reference a provider's file id")


def tool_result_to_call_result(tool_result: dict[str, Any]) -> tuple[dict[str, Any], list[MappingWarning]]:
    """Map a decoded-valid ``ToolResult`` (JSON) to an MCP ``CallToolResult``.

    Without ``parts`` the text form is the one text block. With ``parts``, the text form is not carried
    (MCP has none of its own): a warning says so when it differs from the parts' text."""
    warnings: list[MappingWarning] = []
    out: dict[str, Any] = {}
    if "parts" not in tool_result:
        out["content"] = [{"type": "text", "text": tool_result["content"]}]
    else:
        blocks: list[dict[str, Any]] = []
        for i, part in enumerate(tool_result["parts"]):
            pointer = f"/parts/{i}"
            if part["type"] != "data":
                blocks.append(_part_to_block(part, pointer, warnings))
                continue
            if "structuredContent" in out:
                raise McpMappingError(pointer, "MCP carries one structuredContent; this is a second data part")
            if not isinstance(part["data"]["value"], dict):
                raise McpMappingError(f"{pointer}/data/value", "MCP structuredContent is a JSON object")
            for key in part["data"]:
                if key != "value":
                    warnings.append(
                        MappingWarning(f"{pointer}/data/{key}", "structuredContent has no media type; dropped")
                    )
            out["structuredContent"] = part["data"]["value"]
        out["content"] = blocks
        text = "\n".join(b["text"] for b in blocks if b["type"] == "text")
        if tool_result["content"] != text:
            warnings.append(MappingWarning("/content", "MCP has no text form beside its blocks; dropped"))
    if tool_result.get("is_error"):
        out["isError"] = True
    return out, in_pointer_order(warnings)


def _prefixed(prefix: str, warnings: list[MappingWarning]) -> list[MappingWarning]:
    return [MappingWarning(prefix + w.pointer, w.message) for w in warnings]


_SAFE = 2**53 - 1


def _whole(value: Any) -> int | None:
    """A JSON-RPC id or error code as an integer: a whole number (``1.0`` is 1, as MCP's JSON Schema counts
    it) within -(2^53-1) .. 2^53-1, which every language reads exactly (spec section 13); else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not value.is_integer():
        return None
    return int(value) if -_SAFE <= value <= _SAFE else None


def jsonrpc_to_tool_result(envelope: Any, tool_call_id: str) -> tuple[dict[str, Any], list[MappingWarning]]:
    """Map a JSON-RPC 2.0 response to ``tools/call`` (LibrAgent's ``ToolCallResult``) to a ``ToolResult``.

    A ``result`` maps as a ``CallToolResult``; an ``error`` becomes an error result whose text is
    ``JSON-RPC error CODE: MESSAGE`` and whose one text part keeps the error object under
    ``provider_metadata.mcp.jsonrpc_error``. ``id`` is checked, not carried: the caller matched it."""
    envelope = _object(envelope, "")
    if envelope.get("jsonrpc") != "2.0":
        raise McpMappingError("/jsonrpc", f'must be "2.0" (got {envelope.get("jsonrpc")!r})')
    request_id = envelope.get("id")
    if not isinstance(request_id, str) and _whole(request_id) is None:
        raise McpMappingError("/id", "a JSON-RPC response id is a string or an integer")
    if ("result" in envelope) == ("error" in envelope):
        raise McpMappingError("", "a JSON-RPC response has exactly one of result and error")
    warnings = [
        MappingWarning(f"/{_token(k)}", "not a JSON-RPC response member; dropped")
        for k in envelope
        if k not in ("jsonrpc", "id", "result", "error")
    ]
    if "result" in envelope:
        try:
            out, more = call_result_to_tool_result(envelope["result"], tool_call_id)
        except McpMappingError as error:
            raise McpMappingError("/result" + error.pointer, error.reason) from None
        return out, in_pointer_order(warnings + _prefixed("/result", more))
    rpc_error = _object(envelope["error"], "/error")
    code = _whole(rpc_error.get("code"))
    if code is None:
        raise McpMappingError("/error/code", "a JSON-RPC error code is an integer")
    message = _field(rpc_error, "message", "/error")
    text = f"JSON-RPC error {code}: {message}"
    part = {"type": "text", "text": text, "provider_metadata": {"mcp": {"jsonrpc_error": rpc_error}}}
    return {"tool_call_id": tool_call_id, "content": text, "is_error": True, "parts": [part]}, in_pointer_order(
        warnings
    )


def tool_result_to_jsonrpc(
    tool_result: dict[str, Any], request_id: str | int
) -> tuple[dict[str, Any], list[MappingWarning]]:
    """Map a ``ToolResult`` back to the JSON-RPC response answering request ``request_id``: an error
    response when it came from one (its part keeps ``jsonrpc_error``), a result response otherwise."""
    for part in tool_result.get("parts", []):
        error = part.get("provider_metadata", {}).get("mcp", {}).get("jsonrpc_error")
        if error is not None:
            return {"jsonrpc": "2.0", "id": request_id, "error": error}, []
    result, warnings = tool_result_to_call_result(tool_result)
    return {"jsonrpc": "2.0", "id": request_id, "result": result}, warnings
