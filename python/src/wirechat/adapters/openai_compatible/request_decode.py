"""An OpenAI-compatible request body -> canonical ``ChatRequest`` (``decode_request``): openai-chat's
decoder, after taking the reasoning text an assistant message carries in history (Ollama's ``reasoning``,
``reasoning_content`` of servers that echo DeepSeek's shape; one member, a second is reported as unmapped)
into a reasoning part put first in that message; everything else is read, carried or reported as
openai-chat does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatRequest, Reasoning, ReasoningPart
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters.openai_chat import request_decode as openai_decode
from wirechat.adapters.openai_compatible.profiles import profile_of
from wirechat.adapters.openai_compatible.shapes import NAME, read_reasoning

__all__ = ["decode_request"]

_ALL_FIELDS = ("reasoning_content", "reasoning")


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    profile = profile_of(adapter_name)
    fields = profile.reasoning_read
    messages = body.get("messages")
    found: dict[int, str] = {}
    if isinstance(messages, list) and any(isinstance(m, Mapping) and _has_reasoning(m) for m in messages):
        stripped = []
        for i, message in enumerate(messages):
            if isinstance(message, Mapping) and message.get("role") == "assistant" and _has_reasoning(message):
                text = read_reasoning(message, fields, f"/messages/{i}")
                if text:
                    found[i] = text
                read = next(name for name in fields if message.get(name) is not None)
                stripped.append({k: v for k, v in message.items() if k != read})  # a second one is reported
                continue
            stripped.append(message)
        body = {**body, "messages": stripped}
    request, warnings = openai_decode.decode_request(body, adapter_name)
    if not found:
        return request, warnings
    decoded = list(request.messages)
    for i, text in found.items():
        part = ReasoningPart(reasoning=Reasoning(text=text))
        decoded[i] = decoded[i].model_copy(update={"parts": [part, *decoded[i].parts]})
    return request.model_copy(update={"messages": decoded}), warnings


def _has_reasoning(message: Mapping[str, Any]) -> bool:
    return any(message.get(name) is not None for name in _ALL_FIELDS)
