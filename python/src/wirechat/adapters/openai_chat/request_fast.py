"""The fast pass over a request's messages for OpenAI Chat Completions (decision 023).

``messages`` writes the ``messages`` array exactly as ``request_encode``'s full walk does for the shapes
that need no warning and no refusal: system, user and assistant messages (with their names), text,
images, audio and files from the user, text and tool calls from the assistant (text first), one plain
tool result per tool message. Anything else (any ``provider_metadata``, a message id, reasoning, data
parts, a data: URL, a media type beside a URL, a misplaced part...) raises ``Slow`` and the full walk
runs instead. It reads the pydantic models attribute by attribute, dispatching on each part's exact type.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    AudioPart,
    FileBase64,
    FileId,
    FilePart,
    ImagePart,
    MediaBase64,
    MediaUrl,
    Message,
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from wirechat.adapters._encode_fast import Slow
from wirechat.adapters.openai_chat.shapes import AUDIO_FORMATS, PROVIDER

__all__ = ["messages"]


def messages(canonical: list[Message]) -> list[dict[str, Any]] | None:
    """The ``messages`` array, or None when a message needs the full walk."""
    try:
        return _messages(canonical)
    except Slow:
        return None


def _messages(canonical: list[Message]) -> list[dict[str, Any]]:
    missing, text_part = MISSING, TextPart  # locals: read once per request, not once per part
    out: list[dict[str, Any]] = []
    append = out.append
    entry: dict[str, Any]
    for message in canonical:
        if message.id is not missing or message.provider_metadata is not missing:
            raise Slow
        role, parts, name = message.role, message.parts, message.name
        if len(parts) == 1 and role in {"user", "system"}:
            part = parts[0]  # a lone text is sent as a plain string: no part dict to build and drop
            if type(part) is not text_part or part.provider_metadata is not missing or part.citations is not missing:
                if role != "user":
                    raise Slow
                entry = {"role": role, "content": _content([_user_part(part)])}
            else:
                entry = {"role": role, "content": part.text}
        elif role == "user":
            content = []
            for part in parts:
                if type(part) is text_part and part.provider_metadata is missing and part.citations is missing:
                    content.append({"type": "text", "text": part.text})
                else:
                    content.append(_user_part(part))
            if len(content) == 1 and content[0]["type"] == "text":
                entry = {"role": "user", "content": content[0]["text"]}
            else:
                entry = {"role": "user", "content": content}
        elif role == "assistant":
            append(_assistant(parts, name))
            continue
        elif role == "tool":
            if name is not missing or len(parts) != 1:
                raise Slow
            part = parts[0]
            if type(part) is not ToolResultPart or part.provider_metadata is not missing:
                raise Slow
            result = part.tool_result
            if result.is_error is not missing or result.parts is not missing:
                raise Slow
            append({"role": "tool", "tool_call_id": result.tool_call_id, "content": result.content})
            continue
        else:  # system
            texts = []
            for part in parts:
                if (
                    type(part) is not text_part
                    or part.provider_metadata is not missing
                    or part.citations is not missing
                ):
                    raise Slow
                texts.append({"type": "text", "text": part.text})
            entry = {"role": "system", "content": _content(texts)}
        if name is not missing:
            entry["name"] = name
        append(entry)
    return out


def _content(parts: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    if len(parts) == 1 and parts[0]["type"] == "text":
        return str(parts[0]["text"])
    return parts


def _user_part(part: Any) -> dict[str, Any]:
    if part.provider_metadata is not MISSING:
        raise Slow
    kind = type(part)
    if kind is TextPart and part.citations is MISSING:
        return {"type": "text", "text": part.text}
    if kind is ImagePart:
        source = part.image
        if type(source) is MediaBase64:
            url = f"data:{source.media_type};base64,{source.base64}"
        elif type(source) is MediaUrl and source.media_type is MISSING and not source.url.startswith("data:"):
            url = source.url
        else:
            raise Slow
        return {"type": "image_url", "image_url": {"url": url}}
    if kind is AudioPart:
        source = part.audio
        if type(source) is not MediaBase64 or source.media_type not in AUDIO_FORMATS:
            raise Slow
        return {
            "type": "input_audio",
            "input_audio": {"data": source.base64, "format": AUDIO_FORMATS[source.media_type]},
        }
    if kind is FilePart:
        return {"type": "file", "file": _file(part.file)}
    raise Slow


def _file(source: Any) -> dict[str, Any]:
    kind = type(source)
    if kind is FileBase64:
        out = {"file_data": f"data:{source.media_type};base64,{source.base64}"}
    elif kind is FileId and source.issuer == PROVIDER and source.media_type is MISSING:
        out = {"file_id": source.file_id}
    else:
        raise Slow
    if source.name is not MISSING:
        out["filename"] = source.name
    return out


def _assistant(parts: list[Any], name: Any) -> dict[str, Any]:
    texts: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    for part in parts:
        if part.provider_metadata is not MISSING:
            raise Slow
        kind = type(part)
        if kind is TextPart and not calls and part.citations is MISSING:
            texts.append({"type": "text", "text": part.text})
        elif kind is ToolCallPart:
            call = part.tool_call
            calls.append(
                {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
            )
        else:
            raise Slow
    out: dict[str, Any] = {"role": "assistant"}
    if name is not MISSING:
        out["name"] = name
    if texts:
        out["content"] = _content(texts)
    elif not calls:
        out["content"] = None
    if calls:
        out["tool_calls"] = calls
    return out
