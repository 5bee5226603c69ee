"""Build messages and read them back: the constructors and accessors users reach for first.

Constructors return validated generated models (``Message``, parts, payloads); accessors read the parts
of a message without the caller matching on the part union by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from wirechat._generated.models import (
    ContentPart,
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
    "deep_copy",
    "image_message",
    "message_text",
    "reasoning_text",
    "text_message",
    "tool_call",
    "tool_call_message",
    "tool_calls",
    "tool_result_message",
    "tool_results",
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
    if (url is None) == (base64 is None):
        raise ValueError("image_message() needs exactly one of url= or base64=")
    if url is not None:
        source: MediaUrl | MediaBase64 = (
            MediaUrl(url=url) if media_type is None else MediaUrl(url=url, media_type=media_type)
        )
    else:
        if media_type is None:
            raise ValueError("image_message(base64=...) needs media_type=, such as 'image/png'")
        source = MediaBase64(base64=base64 or "", media_type=media_type)
    parts: list[Part] = [TextPart(text=text)] if text is not None else []
    parts.append(ImagePart(image=source))
    return Message(role=role, parts=parts)


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


def deep_copy(obj: M) -> M:
    """An independent copy of any wire object: changing the copy never changes the original."""
    return obj.model_copy(deep=True)
