"""The independent reader of OpenAI Chat Completions bodies, for openai-chat and every openai-compatible
profile (responses and streams), from the API reference and the servers' documented variants.

Only the first choice is read (``n > 1`` choices are the adapter's to warn about). Text: ``content`` (a
string, or Mistral's list of ``{type: text}`` parts), then ``refusal``. Reasoning: the first of
``reasoning_content`` (DeepSeek, vLLM, llama.cpp) and ``reasoning`` (Ollama, Groq, OpenRouter) that is a
non-empty string, else (responses) the texts of OpenRouter's ``reasoning_details``, or Mistral's ``{type:
thinking}`` content parts. Calls the caller runs: ``tool_calls`` (arguments parsed; a ``custom`` tool's
``input`` is raw text). Calls the provider ran: Groq's ``executed_tools`` (named by their ``type``). Usage in the
canonical meaning: input = ``prompt_tokens``; output = ``completion_tokens``, plus the reasoning tokens when
the server counted them outside (``total_tokens`` = prompt + completion + reasoning, as xAI and Gemini's
OpenAI endpoint report); cache read = ``prompt_tokens_details.cached_tokens`` or DeepSeek's
``prompt_cache_hit_tokens``; reasoning = ``completion_tokens_details.reasoning_tokens``. Groq streams put
usage in ``x_groq.usage``. Finish raw = the choice's ``finish_reason``.
"""

from __future__ import annotations

import json
from typing import Any

from wirechat_conformance.recorded.readers.reading import (
    Call,
    Piece,
    ProviderCall,
    Raw,
    Reading,
    arguments_value,
    pointer,
)
from wirechat_conformance.recorded.sse import Event

__all__ = ["read_response", "read_stream"]

_REASONING = ("reasoning_content", "reasoning")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _usage(counts: dict[str, Any]) -> dict[str, int | None]:
    prompt, completion, total = (_int(counts.get(k)) for k in ("prompt_tokens", "completion_tokens", "total_tokens"))
    prompt_details = counts.get("prompt_tokens_details") or {}
    completion_details = counts.get("completion_tokens_details") or {}
    reasoning = _int(completion_details.get("reasoning_tokens")) if isinstance(completion_details, dict) else None
    cached = _int(prompt_details.get("cached_tokens")) if isinstance(prompt_details, dict) else None
    if cached is None:
        cached = _int(counts.get("prompt_cache_hit_tokens"))
    output = completion
    outside = (
        reasoning
        and completion is not None
        and (reasoning > completion or (prompt is not None and total == prompt + completion + reasoning))
    )  # reasoning above completion cannot be part of it (spec section 7: reasoning <= output)
    if outside and completion is not None and reasoning:
        output = completion + reasoning  # the server counted reasoning outside completion_tokens
    return {
        "input_tokens": prompt,
        "output_tokens": output,
        "total_tokens": None if prompt is None or output is None else prompt + output,
        "cache_read_input_tokens": cached,
        "cache_write_input_tokens": None,
        "reasoning_output_tokens": reasoning,
    }


def _content(reading: Reading, content: Any, at: str) -> None:
    if isinstance(content, str):
        reading.texts.append(Piece(at, content))
        return
    for i, part in enumerate(content if isinstance(content, list) else []):
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text" and isinstance(part.get("text"), str):
            reading.texts.append(Piece(pointer(*_tokens(at), i, "text"), part["text"]))
        elif part.get("type") == "thinking":
            for j, inner in enumerate(part.get("thinking") or []):
                if isinstance(inner, dict) and isinstance(inner.get("text"), str):
                    reading.reasoning.append(Piece(pointer(*_tokens(at), i, "thinking", j, "text"), inner["text"]))


def _tokens(at: str) -> list[str]:
    return [token.replace("~1", "/").replace("~0", "~") for token in at.split("/")[1:]]


def _reasoning_member(message: dict[str, Any]) -> str | None:
    for member in _REASONING:
        if isinstance(message.get(member), str) and message[member]:
            return member
    return None


_DETAIL_TEXT = {"reasoning.text": "text", "reasoning.summary": "summary"}
"""The text member of each typed ``reasoning_details`` entry (OpenRouter's reasoning tokens docs)."""


def _details(details: Any, at: str) -> list[Piece]:
    """The texts of OpenRouter's ``reasoning_details`` (``reasoning.text`` and ``reasoning.summary``; an
    encrypted entry has none), read where the message has no reasoning text member: OpenRouter sends
    ``reasoning: null`` beside a GPT-5's summaries."""
    pieces = []
    for i, entry in enumerate(details if isinstance(details, list) else []):
        member = _DETAIL_TEXT.get(str(entry.get("type"))) if isinstance(entry, dict) else None
        if member is not None and isinstance(entry.get(member), str) and entry[member]:
            pieces.append(Piece(pointer(*_tokens(at), i, member), entry[member]))
    return pieces


def _executed(reading: Reading, tools: Any, at: str) -> None:
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        if isinstance(tool, dict):
            reading.provider_calls.append(ProviderCall(pointer(*_tokens(at), i), None, tool.get("type")))


def read_response(body: dict[str, Any]) -> Reading:
    reading = Reading(id=body.get("id"))
    choices = body.get("choices") or []
    if choices:
        choice = choices[0]
        message = choice.get("message") or {}
        member = _reasoning_member(message)
        if member is not None:
            reading.reasoning.append(Piece(pointer("choices", 0, "message", member), message[member]))
        else:
            reading.reasoning += _details(message.get("reasoning_details"), "/choices/0/message/reasoning_details")
        _content(reading, message.get("content"), "/choices/0/message/content")
        if isinstance(message.get("refusal"), str):
            reading.texts.append(Piece("/choices/0/message/refusal", message["refusal"]))
        for i, call in enumerate(message.get("tool_calls") or []):
            at = pointer("choices", 0, "message", "tool_calls", i)
            if call.get("type") == "custom":  # a custom tool's call: free-form input, not JSON arguments
                custom = call.get("custom") or {}
                reading.tool_calls.append(
                    Call(at, call.get("id"), custom.get("name", ""), Raw(custom.get("input") or ""))
                )
                continue
            function = call.get("function") or {}
            arguments = arguments_value(function.get("arguments") or "")
            reading.tool_calls.append(Call(at, call.get("id"), function.get("name", ""), arguments))
        _executed(reading, message.get("executed_tools"), "/choices/0/message/executed_tools")
        reading.finish, reading.finish_at = choice.get("finish_reason"), "/choices/0/finish_reason"
    reading.usage, reading.usage_at = _usage(body.get("usage") or {}), "/usage"
    return reading


class _Stream:
    """The first choice's fragments, gathered chunk by chunk."""

    def __init__(self) -> None:
        self.reading = Reading()
        self.content: list[Piece] = []
        self.refusal: list[Piece] = []
        self.reasoning_member: str | None = None
        self.calls: dict[Any, dict[str, Any]] = {}

    def delta(self, delta: dict[str, Any], at: str) -> None:
        if self.reasoning_member is None:
            self.reasoning_member = _reasoning_member(delta)
        member = self.reasoning_member
        if member is not None and isinstance(delta.get(member), str):
            self.reading.reasoning.append(Piece(f"{at}/{member}", delta[member]))
        if isinstance(delta.get("content"), (str, list)):
            scratch = Reading()
            _content(scratch, delta["content"], f"{at}/content")
            self.content += scratch.texts
            self.reading.reasoning += scratch.reasoning
        if isinstance(delta.get("refusal"), str):
            self.refusal.append(Piece(f"{at}/refusal", delta["refusal"]))
        for j, fragment in enumerate(delta.get("tool_calls") or []):
            call = self.calls.setdefault(fragment.get("index", j), {"at": f"{at}/tool_calls/{j}", "arguments": ""})
            if fragment.get("id") and not call.get("id"):
                call["id"] = fragment["id"]
            function = fragment.get("function") or {}
            if function.get("name") and not call.get("name"):
                call["name"] = function["name"]
            call["arguments"] += function.get("arguments") or ""
        _executed(self.reading, delta.get("executed_tools"), f"{at}/executed_tools")

    def close(self, counts: dict[str, Any]) -> Reading:
        self.reading.texts = self.content + self.refusal
        for call in self.calls.values():
            arguments = arguments_value(call["arguments"])
            self.reading.tool_calls.append(Call(call["at"], call.get("id"), call.get("name", ""), arguments))
        self.reading.usage = _usage(counts)
        return self.reading


def read_stream(events: list[Event]) -> Reading:
    """The reading of a stream's chunks (``[DONE]`` ends it); pointers are ``/<n>/...``."""
    stream = _Stream()
    reading = stream.reading
    counts: dict[str, Any] = {}
    for n, event in enumerate(events):
        if event.data.strip() == "[DONE]":
            break
        try:
            chunk = json.loads(event.data)
        except ValueError:
            continue
        if not isinstance(chunk, dict):
            continue
        if "error" in chunk and not chunk.get("choices"):
            reading.error = pointer(n, "error")
            continue
        reading.id = reading.id or chunk.get("id")
        usage = chunk.get("usage") or (chunk.get("x_groq") or {}).get("usage")
        if isinstance(usage, dict):
            counts, reading.usage_at = usage, pointer(n, "usage" if chunk.get("usage") else "x_groq")
        for i, choice in enumerate(chunk.get("choices") or []):
            if choice.get("index", 0) != 0:
                continue
            stream.delta(choice.get("delta") or {}, pointer(n, "choices", i, "delta"))
            if choice.get("finish_reason") is not None:
                reading.finish, reading.finish_at = choice["finish_reason"], pointer(n, "choices", i, "finish_reason")
    return stream.close(counts)
