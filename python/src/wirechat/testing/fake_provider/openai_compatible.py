"""OpenAI-compatible servers as a fake provider speaks them: OpenAI Chat (``openai_chat.OpenAIChatWire``)
with one server family's quirks switched on (provider-formats reference, section 5, and the servers' docs),
so that the ``openai-compatible`` adapter's profiles are checked against a second reading of those docs.

Quirks: the member reasoning text is written in (``reasoning_content`` for llama-server, LM Studio and
DeepSeek, ``reasoning`` for Ollama, vLLM, Groq and OpenRouter) on the message and on deltas streamed before
the content; Ollama sends each tool call whole in one chunk; Groq reports streamed usage in ``x_groq.usage``
of the last chunk whether asked or not; llama-server adds ``timings``; DeepSeek's usage counts cache hits in
``prompt_cache_hit_tokens`` / ``prompt_cache_miss_tokens``; the local servers' usage has no details. A
scripted tool call whose ``id`` is ``""`` is sent without an id (servers that omit them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from wirechat.testing.fake_provider.openai_chat import OpenAIChatWire
from wirechat.testing.fake_provider.script import Reply, ScriptError
from wirechat.testing.fake_provider.wire import Frame, dumps, fragments, reply_usage

__all__ = ["QUIRKS", "WIRES", "OpenAICompatibleWire", "Quirks"]


@dataclass(frozen=True)
class Quirks:
    reasoning: str = "reasoning_content"
    whole_tool_calls: bool = False
    x_groq_usage: bool = False
    timings: bool = False
    usage: Literal["plain", "deepseek", "openai"] = "plain"


QUIRKS: dict[str, Quirks] = {
    "generic": Quirks(),
    "ollama": Quirks(reasoning="reasoning", whole_tool_calls=True),
    "vllm": Quirks(reasoning="reasoning"),
    "llama-cpp": Quirks(timings=True),
    "lm-studio": Quirks(),
    "deepseek": Quirks(usage="deepseek"),
    "mistral": Quirks(),
    "groq": Quirks(reasoning="reasoning", x_groq_usage=True),
    "openrouter": Quirks(reasoning="reasoning", usage="openai"),
}

_TIMINGS = {"prompt_n": 12, "prompt_ms": 30.5, "predicted_n": 5, "predicted_ms": 80.25}


class OpenAICompatibleWire(OpenAIChatWire):
    """The OpenAI Chat fake with the quirks of ``profile`` (a key of ``QUIRKS``)."""

    def __init__(self, profile: str = "generic") -> None:
        if profile not in QUIRKS:
            raise ValueError(f"no fake profile {profile!r}; known: {', '.join(QUIRKS)}")
        self.profile, self.quirks = profile, QUIRKS[profile]
        self.name = "openai-compatible" if profile == "generic" else f"openai-compatible:{profile}"

    def check_reply(self, where: str, reply: Reply) -> None:
        if reply.reasoning_signature is not None:
            raise ScriptError(f"{where}.reasoning.signature", "OpenAI-compatible servers return unsigned reasoning")

    def _usage_body(self, reply: Reply) -> dict[str, Any]:
        usage = reply_usage(reply)
        out: dict[str, Any] = {
            "prompt_tokens": usage.input,
            "completion_tokens": usage.output,
            "total_tokens": usage.input + usage.output,
        }
        if self.quirks.usage == "deepseek":
            out["prompt_cache_hit_tokens"] = usage.cache_read
            out["prompt_cache_miss_tokens"] = usage.input - usage.cache_read
        elif self.quirks.usage == "openai":
            out["prompt_tokens_details"] = {"cached_tokens": usage.cache_read}
            out["completion_tokens_details"] = {"reasoning_tokens": usage.reasoning}
        return out

    def chat_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        body = super().chat_body(reply, request)
        message = body["choices"][0]["message"]
        for key in ("refusal", "annotations"):
            message.pop(key, None)
        if reply.reasoning_text is not None:
            message[self.quirks.reasoning] = reply.reasoning_text
        for call in message.get("tool_calls", []):
            if not call["id"]:
                del call["id"]
        body["usage"] = self._usage_body(reply)
        body.pop("service_tier", None)
        if self.quirks.timings:
            body["timings"] = _TIMINGS
        if self.quirks.x_groq_usage:
            body["x_groq"] = {"id": "req_fake"}  # Groq's request id, in the body as in the stream
        return body

    def chat_frames(self, reply: Reply, request: Mapping[str, Any]) -> list[Frame]:
        frames = super().chat_frames(reply, request)
        chunks: list[dict[str, Any]] = [json.loads(data) for _, data in frames if data != "[DONE]"]
        head = {key: chunks[0][key] for key in ("id", "object", "created", "model")}
        out: list[dict[str, Any]] = [chunks[0]]
        for piece in fragments(reply.reasoning_text or "", reply.chunk_size):
            out.append(
                {**head, "choices": [{"index": 0, "delta": {self.quirks.reasoning: piece}, "finish_reason": None}]}
            )
        whole: dict[int, dict[str, Any]] = {}
        for chunk in chunks[1:]:
            if chunk["choices"] and "usage" in chunk and not chunk.get("usage"):
                del chunk["usage"]
            calls = chunk["choices"][0]["delta"].get("tool_calls") if chunk["choices"] else None
            for call in calls or ():
                if call.get("id") == "":
                    del call["id"]
            if calls and self.quirks.whole_tool_calls:
                call = calls[0]
                if call["index"] in whole:
                    whole[call["index"]]["function"]["arguments"] += call["function"]["arguments"]
                    continue
                whole[call["index"]] = call
            if not chunk["choices"]:  # the usage chunk
                chunk["usage"] = self._usage_body(reply)
            out.append(chunk)
        last = out[-1]
        if self.quirks.x_groq_usage:
            last["x_groq"] = {"id": "req_fake", "usage": self._usage_body(reply)}
        if self.quirks.timings:
            last["timings"] = _TIMINGS
        done: Frame = (None, "[DONE]")
        return [(None, dumps(chunk)) for chunk in out] + [done]


WIRES: dict[str, Callable[[], OpenAICompatibleWire]] = {
    OpenAICompatibleWire(profile).name: partial(OpenAICompatibleWire, profile) for profile in QUIRKS
}
"""The fakes by adapter name (``openai-compatible``, ``openai-compatible:ollama``, ...), for ``PROVIDERS``."""
