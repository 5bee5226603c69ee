"""The fast pass over a request's messages for the OpenAI Responses API (decision 023).

``messages`` writes ``instructions`` and the ``input`` items exactly as ``request_encode``'s full walk does
for the shapes that need no warning and no refusal: system and user messages of text, inline images of the
API's types, image URLs and files; assistant text and function calls (one assistant message after
another merges, which warns: handed over); one plain tool result per tool message. Anything else (names,
ids or provider data on a message or a part, reasoning, data parts, data: URLs, an error flag...) raises
``Slow`` and the full walk runs instead.
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
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from wirechat.adapters._encode_fast import Slow
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.shapes import PROVIDER

__all__ = ["messages"]

_IMAGE_TYPES = frozenset(MANIFEST.media_types["image"])


def messages(canonical: list[Message]) -> tuple[Any, list[dict[str, Any]]] | None:
    """``(instructions, items)``: the ``instructions`` (MISSING unless the first message is a system
    message of one text part) and the ``input`` items; None when a message needs the full walk."""
    try:
        return _messages(canonical)
    except Slow:
        return None


def _messages(canonical: list[Message]) -> tuple[Any, list[dict[str, Any]]]:
    missing, text_part = MISSING, TextPart
    instructions: Any = missing
    items: list[dict[str, Any]] = []
    append = items.append
    previous = ""
    for i, message in enumerate(canonical):
        if message.name is not missing or message.id is not missing or message.provider_metadata is not missing:
            raise Slow
        role = message.role
        parts: list[Any] = message.parts  # dispatched on exact types below, which mypy does not follow
        if role == "user" or role == "system":  # noqa: PLR1714 (two compares beat a set lookup here)
            content = []
            for part in parts:
                if part.provider_metadata is not missing:
                    raise Slow
                if type(part) is text_part and part.citations is missing:
                    content.append({"type": "input_text", "text": part.text})
                elif role == "user":
                    content.append(_user_part(part))
                else:
                    raise Slow
            if role == "system" and i == 0 and len(content) == 1:
                instructions = content[0]["text"]
            else:
                append({"type": "message", "role": role, "content": content})
        elif role == "assistant":
            if previous == "assistant":
                raise Slow
            run = len(items)
            for part in parts:
                if part.provider_metadata is not missing:
                    raise Slow
                kind = type(part)
                if kind is text_part and part.citations is missing:
                    append({"type": "message", "role": "assistant", "content": part.text})
                elif kind is ToolCallPart:
                    call = part.tool_call
                    append(
                        {"type": "function_call", "call_id": call.id, "name": call.name, "arguments": call.arguments}
                    )
                else:
                    raise Slow
            if len(items) == run:
                append({"type": "message", "role": "assistant", "content": []})
        else:  # tool
            if len(parts) != 1:
                raise Slow
            part = parts[0]
            if type(part) is not ToolResultPart or part.provider_metadata is not missing:
                raise Slow
            result = part.tool_result
            if result.is_error is not missing or result.parts is not missing:
                raise Slow
            append({"type": "function_call_output", "call_id": result.tool_call_id, "output": result.content})
        previous = role
    return instructions, items


def _user_part(part: Any) -> dict[str, Any]:
    kind = type(part)
    if kind is ImagePart:
        source = part.image
        if type(source) is MediaBase64 and source.media_type in _IMAGE_TYPES:
            url = f"data:{source.media_type};base64,{source.base64}"
        elif type(source) is MediaUrl and source.media_type is MISSING and not source.url.startswith("data:"):
            url = source.url
        else:
            raise Slow
        return {"type": "input_image", "image_url": url, "detail": "auto"}
    if kind is FilePart:
        source = part.file
        kind = type(source)
        out: dict[str, Any] = {"type": "input_file"}
        if kind is FileBase64:
            out["file_data"] = f"data:{source.media_type};base64,{source.base64}"
        elif kind is FileUri and source.media_type is MISSING:
            out["file_url"] = source.uri
        elif kind is FileId and source.issuer == PROVIDER and source.media_type is MISSING:
            out["file_id"] = source.file_id
        else:
            raise Slow
        if source.name is not MISSING:
            out["filename"] = source.name
        return out
    raise Slow
