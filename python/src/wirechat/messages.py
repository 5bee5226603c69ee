"""Build messages and read them back: the constructors and accessors users reach for first.

Constructors return validated generated models (``Message``, parts, payloads); accessors read the parts
of a message without the caller matching on the part union by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeVar, overload

from pydantic import BaseModel

from wirechat._generated.models import (
    AudioPart,
    ContentPart,
    DataPart,
    DataRef,
    FileBase64,
    FileId,
    FilePart,
    FileUri,
    ImagePart,
    MediaBase64,
    MediaUrl,
    Message,
    Part,
    ReasoningPart,
    TextPart,
    ToolCall,
    ToolCallPart,
    ToolResult,
    ToolResultPart,
)
from wirechat.tool_arguments import build_arguments

__all__ = [
    "audio_message",
    "data_message",
    "deep_copy",
    "file_message",
    "has_tool_calls",
    "image_message",
    "message_text",
    "reasoning_text",
    "text_message",
    "tool_call",
    "tool_call_message",
    "tool_calls",
    "tool_result_message",
    "tool_results",
    "tool_results_message",
]

M = TypeVar("M", bound=BaseModel)
TextRole = Literal["system", "user", "assistant"]


def text_message(role: TextRole, text: str) -> Message:
    """A message with one text part: ``text_message("user", "Hello")``."""
    return Message(role=role, parts=[TextPart(text=text)])


def image_message(
    *,
    url: str | None = None,
    base64: str | None = None,
    media_type: str | None = None,
    text: str | None = None,
    role: Literal["user", "assistant"] = "user",
) -> Message:
    """A message with one image, by ``url`` or inline ``base64`` (exactly one), optionally after some text.

    ``media_type`` is required with ``base64`` (the bytes do not say what they are) and optional with a URL.
    """
    source = _media_source("image_message", url, base64, media_type)
    return _with_text(role, text, ImagePart(image=source))


def audio_message(
    *,
    url: str | None = None,
    base64: str | None = None,
    media_type: str | None = None,
    text: str | None = None,
    role: Literal["user", "assistant"] = "user",
) -> Message:
    """A message with one audio clip, by ``url`` or inline ``base64`` (exactly one), optionally after
    some text; ``media_type`` as for ``image_message``."""
    source = _media_source("audio_message", url, base64, media_type)
    return _with_text(role, text, AudioPart(audio=source))


def _media_source(helper: str, url: str | None, base64: str | None, media_type: str | None) -> MediaUrl | MediaBase64:
    if (url is None) == (base64 is None):
        raise ValueError(f"{helper}() needs exactly one of url= or base64=")
    if url is not None:
        return MediaUrl(url=url) if media_type is None else MediaUrl(url=url, media_type=media_type)
    if media_type is None:
        raise ValueError(f"{helper}(base64=...) needs media_type=, such as 'image/png'")
    return MediaBase64(base64=base64 or "", media_type=media_type)


def _with_text(role: str, text: str | None, part: Part) -> Message:
    parts: list[Part] = [TextPart(text=text)] if text is not None else []
    parts.append(part)
    return Message(role=role, parts=parts)  # type: ignore[arg-type]


def file_message(
    *,
    uri: str | None = None,
    base64: str | None = None,
    file_id: str | None = None,
    issuer: str | None = None,
    media_type: str | None = None,
    name: str | None = None,
    text: str | None = None,
    role: Literal["user", "assistant"] = "user",
) -> Message:
    """A message with one file, by ``uri``, inline ``base64`` (needs ``media_type``) or a provider's
    ``file_id`` (with the ``issuer`` that issued it): exactly one; optionally after some text."""
    if sum(source is not None for source in (uri, base64, file_id)) != 1:
        raise ValueError("file_message() needs exactly one of uri=, base64= or file_id=")
    extra: dict[str, Any] = {"media_type": media_type, "name": name}
    extra = {key: value for key, value in extra.items() if value is not None}
    source: FileUri | FileBase64 | FileId
    if uri is not None:
        source = FileUri(uri=uri, **extra)
    elif base64 is not None:
        if media_type is None:
            raise ValueError("file_message(base64=...) needs media_type=, such as 'application/pdf'")
        source = FileBase64(base64=base64, **extra)
    else:
        source = (
            FileId(file_id=file_id or "", **extra)
            if issuer is None
            else FileId(file_id=file_id or "", issuer=issuer, **extra)
        )
    return _with_text(role, text, FilePart(file=source))


def data_message(
    value: Any, *, media_type: str | None = None, text: str | None = None, role: Literal["user", "assistant"] = "user"
) -> Message:
    """A message with one data part (any JSON value), optionally after some text."""
    data = DataRef(value=value) if media_type is None else DataRef(value=value, media_type=media_type)
    return _with_text(role, text, DataPart(data=data))


def tool_call(id: str, name: str, arguments: str | Mapping[str, Any]) -> ToolCall:
    """A ``ToolCall``; ``arguments`` may be the JSON text itself or an object to serialise."""
    text = arguments if isinstance(arguments, str) else build_arguments(arguments)
    return ToolCall(id=id, name=name, arguments=text)


def tool_call_message(calls: Iterable[ToolCall], text: str | None = None) -> Message:
    """An assistant message that calls tools (several calls are parallel calls), optionally after text."""
    parts: list[Part] = [TextPart(text=text)] if text is not None else []
    parts.extend(ToolCallPart(tool_call=call) for call in calls)
    if not any(isinstance(part, ToolCallPart) for part in parts):
        raise ValueError("tool_call_message() needs at least one tool call")
    return Message(role="assistant", parts=parts)


def tool_result_message(
    tool_call_id: str, content: str, *, is_error: bool = False, parts: Iterable[ContentPart] = ()
) -> Message:
    """A ``tool`` message answering one call; ``parts`` carries rich results (images, files, data)."""
    fields: dict[str, Any] = {"tool_call_id": tool_call_id, "content": content}
    if is_error:
        fields["is_error"] = True
    rich = list(parts)
    if rich:
        fields["parts"] = rich
    return Message(role="tool", parts=[ToolResultPart(tool_result=ToolResult(**fields))])


def tool_results_message(results: Iterable[ToolResult]) -> Message:
    """A ``tool`` message answering several calls at once (the results of parallel calls), in order."""
    return Message(role="tool", parts=[ToolResultPart(tool_result=result) for result in results])


def message_text(message: Message, separator: str = "") -> str:
    """The text of a message: its text parts joined by ``separator`` (reasoning is not text)."""
    return separator.join(part.text for part in message.parts if isinstance(part, TextPart))


def reasoning_text(message: Message, separator: str = "") -> str:
    """The readable reasoning of a message (redacted or signature-only reasoning adds nothing)."""
    texts = (part.reasoning.text for part in message.parts if isinstance(part, ReasoningPart))
    return separator.join(text for text in texts if isinstance(text, str))


def tool_calls(message: Message) -> list[ToolCall]:
    """The tool calls of a message, in order."""
    return [part.tool_call for part in message.parts if isinstance(part, ToolCallPart)]


def tool_results(message: Message) -> list[ToolResult]:
    """The tool results of a message, in order."""
    return [part.tool_result for part in message.parts if isinstance(part, ToolResultPart)]


def has_tool_calls(message: Message) -> bool:
    """Whether the message calls at least one tool."""
    return any(isinstance(part, ToolCallPart) for part in message.parts)


@overload
def deep_copy(obj: M) -> M: ...
@overload
def deep_copy(obj: list[M]) -> list[M]: ...
def deep_copy(obj: M | list[M]) -> M | list[M]:
    """An independent copy of any wire object, or of a list of them (messages, parts): changing the copy
    never changes the original."""
    if isinstance(obj, list):
        return [item.model_copy(deep=True) for item in obj]
    return obj.model_copy(deep=True)
