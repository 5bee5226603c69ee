"""The fast pass over a request's messages for Anthropic Messages (decision 023).

``messages`` writes the top-level ``system`` and the ``messages`` array exactly as ``request_encode``'s
full walk does for the shapes that need no warning and no refusal: text (with its ``cache_control``),
inline images of the four types and image URLs, PDF and file-id documents and document URLs from the user,
text, tool calls with compact object arguments (and the ``tool_use`` members their provider data keeps)
and Anthropic's own signed thinking from the assistant, plain tool results. Anything else (message names,
ids or provider data, foreign provider data on a part, reasoning that is dropped, data parts, citations,
provider-run calls and results, arguments that are not compact...) raises ``Slow`` and the full walk runs
instead.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    FileBase64,
    FileId,
    FilePart,
    FileUri,
    ImagePart,
    MediaBase64,
    MediaUrl,
    Message,
    ReasoningPart,
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from wirechat.adapters._encode_fast import Slow, arguments_object
from wirechat.adapters.anthropic.shapes import IMAGE_TYPES, PROVIDER, TOOL_USE_MEMBERS

__all__ = ["messages"]


Fast = tuple[Any, list[dict[str, Any]], list[str]]


def messages(canonical: list[Message]) -> Fast | None:
    """``(system, messages, loose)``: the top-level ``system`` (MISSING when the first message is not a
    system message), the ``messages`` array, and the pointers of the tool calls whose arguments were not
    compact (the caller degrades ``tool_call.arguments_not_compact`` at each, in order); None when a
    message needs the full walk."""
    try:
        return _messages(canonical)
    except Slow:
        return None


def _messages(canonical: list[Message]) -> Fast:
    missing, text_part = MISSING, TextPart
    system: Any = missing
    out: list[dict[str, Any]] = []
    append = out.append
    loose: list[str] = []
    for i, message in enumerate(canonical):
        if message.name is not missing or message.id is not missing or message.provider_metadata is not missing:
            raise Slow
        role, parts = message.role, message.parts
        content: Any
        if (
            len(parts) == 1
            and role in {"user", "system"}
            and type(parts[0]) is text_part
            and parts[0].provider_metadata is missing
            and parts[0].citations is missing
        ):
            content = parts[0].text  # a lone plain text block is sent as a string: no block to build and drop
        else:
            content = _blocks(role, parts, i, loose)
            if len(content) == 1 and len(content[0]) == 2 and content[0]["type"] == "text":
                content = content[0]["text"]
        if role == "system" and i == 0:
            system = content
        else:
            append({"role": "user" if role == "tool" else role, "content": content})
    return system, out, loose


def _blocks(role: str, parts: list[Any], i: int, loose: list[str]) -> list[dict[str, Any]]:
    """The content blocks of message ``i`` (user, system, assistant or tool)."""
    missing, text_part = MISSING, TextPart
    blocks: list[dict[str, Any]] = []
    block: dict[str, Any]
    if role in {"user", "system"}:
        for part in parts:
            if type(part) is text_part and part.citations is missing:
                block = {"type": "text", "text": part.text}
            elif role == "user":
                block = _user_block(part)
            else:
                raise Slow
            if part.provider_metadata is not missing:
                _cache_control(part.provider_metadata, block)
            blocks.append(block)
    elif role == "assistant":
        for j, part in enumerate(parts):
            if type(part) is ToolCallPart:
                call = part.tool_call
                value, compact = arguments_object(call.arguments)
                if not compact:
                    loose.append(f"/messages/{i}/parts/{j}/tool_call/arguments")
                block = {"type": "tool_use", "id": call.id, "name": call.name, "input": value}
                if part.provider_metadata is not missing:
                    _tool_use_extras(part.provider_metadata, block)
                blocks.append(block)
            else:
                blocks.append(_assistant_block(part))
    else:  # tool
        blocks = _tool_results(parts)
    return blocks


def _tool_results(parts: list[Any]) -> list[dict[str, Any]]:
    if not parts:
        raise Slow
    blocks = []
    for part in parts:
        if type(part) is not ToolResultPart:
            raise Slow
        result = part.tool_result
        if result.parts is not MISSING:
            raise Slow
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": result.tool_call_id, "content": result.content}
        if result.is_error is not MISSING:
            block["is_error"] = result.is_error
        if part.provider_metadata is not MISSING:
            _cache_control(part.provider_metadata, block)
        blocks.append(block)
    return blocks


def _cache_control(metadata: Any, block: dict[str, Any]) -> None:
    """Add the part's ``cache_control``; Slow for provider data the full walk degrades."""
    if not metadata:
        return
    own = metadata.get(PROVIDER)
    if len(metadata) != 1 or type(own) is not dict:
        raise Slow
    for key in own:
        if key != "cache_control":
            raise Slow
    if "cache_control" in own:
        block["cache_control"] = own["cache_control"]


def _tool_use_extras(metadata: Any, block: dict[str, Any]) -> None:
    """Add the ``tool_use`` members kept in the part's provider data (``caller``, ``cache_control``...);
    Slow for provider data the full walk degrades."""
    if not metadata:
        return
    own = metadata.get(PROVIDER)
    if len(metadata) != 1 or type(own) is not dict or not TOOL_USE_MEMBERS.isdisjoint(own):
        raise Slow
    block.update(own)


def _user_block(part: Any) -> dict[str, Any]:
    kind = type(part)
    if kind is ImagePart:
        source = part.image
        if type(source) is MediaBase64 and source.media_type in IMAGE_TYPES:
            image = {"type": "base64", "media_type": source.media_type, "data": source.base64}
        elif type(source) is MediaUrl and source.media_type is MISSING:
            image = {"type": "url", "url": source.url}
        else:
            raise Slow
        return {"type": "image", "source": image}
    if kind is FilePart:
        source = part.file
        kind = type(source)
        if kind is FileBase64 and source.media_type == "application/pdf":
            document = {"type": "base64", "media_type": "application/pdf", "data": source.base64}
        elif kind is FileId and source.issuer == PROVIDER and source.media_type is MISSING:
            document = {"type": "file", "file_id": source.file_id}
        elif kind is FileUri and source.media_type is MISSING:
            document = {"type": "url", "url": source.uri}
        else:
            raise Slow
        block = {"type": "document", "source": document}
        if source.name is not MISSING:
            block["title"] = source.name
        return block
    raise Slow


def _assistant_block(part: Any) -> dict[str, Any]:
    kind = type(part)
    if kind is TextPart and part.citations is MISSING:
        block = {"type": "text", "text": part.text}
    elif kind is ReasoningPart and part.provider_metadata is MISSING:
        # Anthropic's own thinking (feature reasoning.own, lossless) is replayed as is: signed text, or
        # redacted data alone; any other reasoning is dropped or refused by the full walk
        reasoning = part.reasoning
        if reasoning.issuer != PROVIDER:
            raise Slow
        text, signature, redacted = reasoning.text, reasoning.signature, reasoning.redacted_data
        if redacted is MISSING and signature is not MISSING and text is not MISSING and text != "":
            return {"type": "thinking", "thinking": text, "signature": signature}
        if redacted is not MISSING and signature is MISSING and text is MISSING:
            return {"type": "redacted_thinking", "data": redacted}
        raise Slow
    else:
        raise Slow
    if part.provider_metadata is not MISSING:
        _cache_control(part.provider_metadata, block)
    return block
