"""The fast pass over a request's messages for the Gemini API (decision 023).

``messages`` writes ``systemInstruction`` and ``contents`` exactly as ``request_encode``'s full walk does for
the shapes that need no warning and no refusal: a leading system message of text; user text, inline media
of the types Gemini takes and files (inline text files excepted); model text, function calls whose
arguments are an object (not compact ones are noted for the caller's warning) and Gemini's own signed
thoughts and opaque signatures; tool results without rich parts. Anything else (names, ids or provider
data, reasoning that is dropped, data parts, media by URL, ``is_error: false``...) raises ``Slow`` and the
full walk runs instead.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    AudioPart,
    FileBase64,
    FileId,
    FilePart,
    FileUri,
    ImagePart,
    MediaBase64,
    Message,
    ReasoningPart,
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._encode_fast import Slow, arguments_object
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.media import FILES_BASE
from wirechat.adapters.gemini.shapes import PROVIDER

__all__ = ["messages"]

_TYPES = {kind: frozenset(types) - {"text/plain"} for kind, types in MANIFEST.media_types.items()}
"""The media types each kind takes inline; inline text/plain (checked to be UTF-8) is the full walk's."""

Fast = tuple[Any, list[dict[str, Any]], list[str]]


def messages(canonical: list[Message]) -> Fast | None:
    """``(system_instruction, contents, loose)``: the ``systemInstruction`` (MISSING when the first message
    is not a system message), the ``contents``, and the pointers of the function calls whose arguments
    were not compact (the caller degrades ``tool_call.arguments_not_compact`` at each, in order); None
    when a message needs the full walk."""
    try:
        return _messages(canonical)
    except Slow:
        return None


def _messages(canonical: list[Message]) -> Fast:
    missing, text_part = MISSING, TextPart
    system: Any = missing
    contents: list[dict[str, Any]] = []
    loose: list[str] = []
    names: dict[str, str] = {}
    responses: list[dict[str, Any]] = []
    for i, message in enumerate(canonical):
        if message.name is not missing or message.id is not missing or message.provider_metadata is not missing:
            raise Slow
        role: str = message.role
        parts: list[Any] = message.parts  # dispatched on exact types below, which mypy does not follow
        out: list[dict[str, Any]] = []
        if role == "user" or role == "system":  # noqa: PLR1714 (two compares beat a set lookup here)
            if role == "system" and i != 0:
                raise Slow
            for part in parts:
                if part.provider_metadata is not missing:
                    raise Slow
                if type(part) is text_part and part.citations is missing:
                    out.append({"text": part.text})
                elif role == "user":
                    out.append(_user_part(part))
                else:
                    raise Slow
            if role == "system":
                system = {"role": "user", "parts": out}
                continue
        elif role == "assistant":
            out = _model_parts(parts, i, names, loose)
            role = "model"
        else:  # tool
            if not parts:
                raise Slow
            for part in parts:
                if type(part) is not ToolResultPart or part.provider_metadata is not missing:
                    raise Slow
                result = part.tool_result
                if result.parts is not missing or result.is_error is False:
                    raise Slow
                kind = "error" if result.is_error is True else "output"
                response: dict[str, Any] = {"id": result.tool_call_id, "name": result.tool_call_id}
                response["response"] = {kind: result.content}
                responses.append(response)
                out.append({"functionResponse": response})
            role = "user"
        contents.append({"role": role, "parts": out})
    for response in responses:  # named after the call with that id anywhere in the request (the last one)
        response["name"] = names.get(response["id"], response["id"])
    return system, contents, loose


def _user_part(part: Any) -> dict[str, Any]:
    kind = type(part)
    if kind is ImagePart or kind is AudioPart:
        source = part.image if kind is ImagePart else part.audio
        types = _TYPES.get("image" if kind is ImagePart else "audio", frozenset())
        if type(source) is not MediaBase64 or source.media_type not in types:
            raise Slow
        return {"inlineData": {"mimeType": source.media_type, "data": source.base64}}
    if kind is not FilePart:
        raise Slow
    source = part.file
    kind = type(source)
    if kind is FileBase64:
        if source.media_type not in _TYPES.get("file", frozenset()):
            raise Slow
        out: dict[str, Any] = {"mimeType": source.media_type, "data": source.base64}
        block = {"inlineData": out}
    elif kind is FileId or kind is FileUri:
        if kind is FileId and source.issuer != PROVIDER:
            raise Slow
        out = {"fileUri": FILES_BASE + source.file_id if kind is FileId else source.uri}
        if source.media_type is not MISSING:
            out["mimeType"] = source.media_type
        block = {"fileData": out}
    else:
        raise Slow
    if source.name is not MISSING:
        out["displayName"] = source.name
    return block


def _model_parts(parts: list[Any], i: int, names: dict[str, str], loose: list[str]) -> list[dict[str, Any]]:
    """``gemini.shapes.encode_model_parts`` for parts that need no warning: a thought signature without a
    thought (``pending``) goes on the next non-empty text or function call, else on an empty text."""
    out: list[dict[str, Any]] = []
    pending: str | None = None
    for j, part in enumerate(parts):
        if part.provider_metadata is not MISSING:
            raise Slow
        kind = type(part)
        if kind is ReasoningPart:
            if _parts.reasoning_feature(part, PROVIDER) != "reasoning.own":
                raise Slow
            if pending is not None:
                out.append({"text": "", "thoughtSignature": pending})
                pending = None
            reasoning = part.reasoning
            if reasoning.redacted_data is not MISSING:
                pending = str(reasoning.redacted_data)
                continue
            thought: dict[str, Any] = {"thought": True}
            if reasoning.text is not MISSING and reasoning.text:
                thought["text"] = reasoning.text
            thought["thoughtSignature"] = reasoning.signature
            out.append(thought)
            continue
        if kind is TextPart and part.citations is MISSING:
            encoded = {"text": part.text}
            if pending is not None and not part.text:
                out.append({"text": "", "thoughtSignature": pending})
                pending = None
        elif kind is ToolCallPart:
            call = part.tool_call
            value, compact = arguments_object(call.arguments)
            if not compact:
                loose.append(f"/messages/{i}/parts/{j}/tool_call/arguments")
            names[call.id] = call.name
            encoded = {"functionCall": {"id": call.id, "name": call.name, "args": value}}
        else:
            raise Slow
        if pending is not None:
            encoded["thoughtSignature"] = pending
            pending = None
        out.append(encoded)
    if pending is not None:
        out.append({"text": "", "thoughtSignature": pending})
    return out
