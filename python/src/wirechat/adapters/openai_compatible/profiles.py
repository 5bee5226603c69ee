"""The named profiles of the ``openai-compatible`` adapter: one ``Profile`` per server family that speaks
OpenAI Chat Completions with quirks (provider-formats reference, section 5, and each server's docs).

A profile is data, not code: the name it issues what only it can take back under (``issuer``), where the
server writes reasoning text and what of it a request sends back, whether it writes OpenRouter's
``reasoning_details``, whether it streams usage (and takes ``stream_options``), whether tool-call ids may be
missing (then synthesised, see ``shapes.synthesised_id``), the members it adds to a reply that are kept,
its extra finish reasons, the manifest features it carries differently from OpenAI (refused media, dropped
parameters), the ``provider_options`` it takes (its own options schema) and those it answers 400 for. The
codec modules read it; ``manifest.manifest_for`` turns it into the profile's manifest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from wirechat.adapters._contract import LOSSLESS, Support, degraded, refused

__all__ = ["GENERIC", "PROFILES", "Profile", "oracle_name", "profile_of"]

NAME = "openai-compatible"

StreamUsage = Literal["stream_options", "x_groq"]
ToolCallIds = Literal["required", "synthesise"]
ReasoningReplay = Literal["none", "text", "details"]


@dataclass(frozen=True)
class Profile:
    """One server family's quirks. ``base_url`` includes the version path, as the OpenAI SDK's does."""

    name: str
    title: str
    issuer: str
    """The ``issuer`` of what the server writes that only it takes back (reasoning details, annotations,
    executed tools): replayed to this profile and to no other adapter."""
    base_url: str
    api_key_env: str
    default_api_key: str | None
    """The placeholder bearer token sent when no key is given (servers without auth still want one)."""
    reasoning_fields: tuple[str, ...]
    """The message / delta members holding reasoning text, in the order they are read (a reply writes the
    first)."""
    reasoning_replay: ReasoningReplay
    """What a request sends back of an assistant's reasoning: ``none``; ``text``, plain reasoning text as the
    first of ``reasoning_fields`` (DeepSeek needs it after tool calls); ``details``, the ``reasoning_details``
    the server issued, unchanged (OpenRouter's way to keep signed reasoning across turns)."""
    stream_usage: StreamUsage
    """``stream_options``: ask with ``stream_options.include_usage`` (the final ``choices: []`` chunk);
    ``x_groq``: the server refuses nothing but reports usage in ``x_groq.usage`` of the last chunk."""
    tool_call_ids: ToolCallIds
    """``required``: a call without an id is an invalid response; ``synthesise``: the id is made by rule."""
    max_tokens_field: Literal["max_tokens", "max_completion_tokens"]
    features: Mapping[str, Support]
    """Manifest features carried differently from OpenAI Chat (the rest are openai-chat's)."""
    options: Mapping[str, Any]
    """JSON Schema ``properties`` of the profile's own ``provider_options``."""
    open_options: bool
    """Whether members the schema does not list are sent as given (the server takes engine-specific ones)."""
    refused_options: Mapping[str, str] = field(default_factory=dict)
    """``provider_options`` members the server answers 400 for, and why (refused before sending)."""
    finish_reasons: Mapping[str, str] = field(default_factory=dict)
    """Finish reasons beyond OpenAI's, and their kind (only ``error`` or ``other``: see ``stream.py``)."""
    reasoning_details: bool = False
    """Whether the server writes OpenRouter's ``reasoning_details`` (typed, signed or encrypted reasoning)."""
    kept_body: tuple[str, ...] = ()
    """Members the server adds to a reply's body (and chunks) that are kept in ``provider_metadata.openai``."""
    kept_choice: tuple[str, ...] = ()
    """Members the server adds to a reply's choice that are kept the same way."""
    executed_tools: bool = False
    """Whether the server runs tools itself and reports them in ``message.executed_tools`` (Groq)."""
    provider_tools: bool = False
    """Whether the server defines tools of its own, given in ``tools`` beside functions (OpenRouter's
    ``openrouter:web_search``, Groq's ``browser_search`` and ``code_interpreter``): read into and written from
    ``ChatRequest.provider_tools`` with the profile's ``issuer``."""
    embeddings: bool = True
    notes: str = ""

    @property
    def reasoning_read(self) -> tuple[str, ...]:
        """Where reasoning is read from: the profile's own members first, then the other known spelling."""
        return tuple(dict.fromkeys((*self.reasoning_fields, "reasoning_content", "reasoning")))


_PENALTY = {"type": "number", "minimum": -2, "maximum": 2}
_PENALTIES = {"frequency_penalty": _PENALTY, "presence_penalty": _PENALTY}
_TOP_K = {"type": "integer", "minimum": -1}
_TEXT_ONLY_REASON = "takes only text and image_url content parts"

_NO_REPLAY = "reasoning is not sent back to OpenAI-compatible servers: dropped"
_SIGNED = ("reasoning.own", "reasoning.own_empty_text", "reasoning.own_mixed")


def _reasoning(message: str) -> dict[str, Support]:
    """Plain reasoning text in a request is dropped with ``message``; OpenAI's signed reasoning always is."""
    return {
        "reasoning.text_not_sent": degraded(message),
        **{feature: degraded("OpenAI's signed reasoning is not sent to OpenAI-compatible servers: dropped")
           for feature in _SIGNED},
    }  # fmt: skip


_COMMON: dict[str, Support] = {
    **_reasoning(_NO_REPLAY),
    "reasoning.text": LOSSLESS,
    "reasoning.text_merged": degraded(
        "a message has one reasoning text, sent before its content: several are joined, an empty one is none, "
        "and its issuer is not kept"
    ),
    "file.file_id": refused("a file id names a file in OpenAI's file store, which OpenAI-compatible servers lack"),
}

GENERIC = Profile(
    name="generic",
    title="any OpenAI-compatible server",
    issuer="openai-compatible",
    base_url="http://localhost:8000/v1",
    api_key_env="OPENAI_COMPATIBLE_API_KEY",
    default_api_key="unused",
    reasoning_fields=("reasoning_content", "reasoning"),
    reasoning_replay="details",
    stream_usage="stream_options",
    tool_call_ids="synthesise",
    max_tokens_field="max_tokens",
    features=_COMMON,
    options=_PENALTIES,
    open_options=True,
    reasoning_details=True,
    notes="the OpenAI Chat shapes with every documented deviation accepted when reading; gateways that route "
    "to many models (Vercel's AI Gateway) write OpenRouter's reasoning_details, sent back as they came",
)

PROFILES: dict[str, Profile] = {
    "generic": GENERIC,
    "ollama": Profile(
        name="ollama",
        title="Ollama (/v1)",
        issuer="ollama",
        base_url="http://localhost:11434/v1",
        api_key_env="OLLAMA_API_KEY",
        default_api_key="ollama",
        reasoning_fields=("reasoning",),
        reasoning_replay="text",
        stream_usage="stream_options",
        tool_call_ids="required",
        max_tokens_field="max_tokens",
        features={
            **_COMMON,
            "image.url": refused("Ollama's /v1 takes images only as base64 data URLs"),
            "audio.base64": refused(f"Ollama's /v1 {_TEXT_ONLY_REASON}"),
            "file.base64": refused(f"Ollama's /v1 {_TEXT_ONLY_REASON}"),
        },
        options={**_PENALTIES, "reasoning_effort": {"enum": ["high", "medium", "low", "none"]}},
        open_options=False,
        notes="tool calls arrive whole in one chunk; finish_reason passes Ollama's done_reason through",
    ),
    "vllm": Profile(
        name="vllm",
        title="vLLM",
        issuer="vllm",
        base_url="http://localhost:8000/v1",
        api_key_env="VLLM_API_KEY",
        default_api_key="EMPTY",
        reasoning_fields=("reasoning", "reasoning_content"),
        reasoning_replay="none",
        stream_usage="stream_options",
        tool_call_ids="synthesise",
        max_tokens_field="max_completion_tokens",
        features={**_COMMON, "file.base64": refused("vLLM takes no file parts")},
        options={
            **_PENALTIES,
            "top_k": _TOP_K,
            "min_p": {"type": "number", "minimum": 0, "maximum": 1},
            "repetition_penalty": {"type": "number", "exclusiveMinimum": 0},
            "guided_json": {"type": "object"},
        },
        open_options=True,
        kept_choice=("stop_reason",),
        finish_reasons={"abort": "error"},
        notes="reasoning is `reasoning` (0.10+) or `reasoning_content` (older); some tool parsers omit ids",
    ),
    "llama-cpp": Profile(
        name="llama-cpp",
        title="llama.cpp llama-server",
        issuer="llama-cpp",
        base_url="http://localhost:8080/v1",
        api_key_env="LLAMA_API_KEY",
        default_api_key="no-key",
        reasoning_fields=("reasoning_content",),
        reasoning_replay="text",
        stream_usage="stream_options",
        tool_call_ids="synthesise",
        max_tokens_field="max_completion_tokens",
        features={
            **_COMMON,
            "image.url": refused("llama-server takes images only as base64 data URLs"),
            "file.base64": refused("llama-server takes no file parts"),
        },
        options={
            **_PENALTIES,
            "top_k": _TOP_K,
            "min_p": {"type": "number", "minimum": 0, "maximum": 1},
            "repeat_penalty": {"type": "number", "minimum": 0},
            "cache_prompt": {"type": "boolean"},
            "grammar": {"type": "string"},
        },
        open_options=False,
        kept_body=("timings",),
        notes="adds a `timings` object (kept in provider_metadata); a named tool_choice is treated as auto",
    ),
    "lm-studio": Profile(
        name="lm-studio",
        title="LM Studio",
        issuer="lm-studio",
        base_url="http://localhost:1234/v1",
        api_key_env="LM_STUDIO_API_KEY",
        default_api_key="lm-studio",
        reasoning_fields=("reasoning_content", "reasoning"),
        reasoning_replay="none",
        stream_usage="stream_options",
        tool_call_ids="synthesise",
        max_tokens_field="max_tokens",
        features={
            **_COMMON,
            "response_format.json_object": refused("LM Studio takes structured output only as json_schema"),
            "image.url": refused("LM Studio takes images only as base64 data URLs"),
            "audio.base64": refused(f"LM Studio {_TEXT_ONLY_REASON}"),
            "file.base64": refused(f"LM Studio {_TEXT_ONLY_REASON}"),
        },
        options={**_PENALTIES, "top_k": _TOP_K, "repeat_penalty": {"type": "number", "minimum": 0}},
        open_options=False,
    ),
    "deepseek": Profile(
        name="deepseek",
        title="DeepSeek",
        issuer="deepseek",
        base_url="https://api.deepseek.com/v1",
        api_key_env="DEEPSEEK_API_KEY",
        default_api_key=None,
        reasoning_fields=("reasoning_content",),
        reasoning_replay="text",
        stream_usage="stream_options",
        tool_call_ids="required",
        max_tokens_field="max_tokens",
        features={
            **_COMMON,
            "image.url": refused("DeepSeek's chat API takes text only"),
            "image.base64": refused("DeepSeek's chat API takes text only"),
            "audio.base64": refused("DeepSeek's chat API takes text only"),
            "file.base64": refused("DeepSeek's chat API takes text only"),
            "response_format.json_schema": refused("DeepSeek takes only json_object structured output"),
            "options.seed": degraded("DeepSeek takes no seed: dropped"),
        },
        options={
            **_PENALTIES,
            "logprobs": {"type": "boolean"},
            "top_logprobs": {"type": "integer", "minimum": 0, "maximum": 20},
            # thinking mode (https://api-docs.deepseek.com/guides/thinking_mode): the switch and the effort
            "thinking": {"type": "object", "properties": {"type": {"enum": ["enabled", "disabled"]}}},
            "reasoning_effort": {"enum": ["minimal", "low", "medium", "high", "xhigh", "max", "ultra"]},
        },
        open_options=False,
        finish_reasons={"insufficient_system_resource": "error"},
        embeddings=False,
        notes="usage counts cache hits in prompt_cache_hit_tokens",
    ),
    "groq": Profile(
        name="groq",
        title="Groq",
        issuer="groq",
        base_url="https://api.groq.com/openai/v1",
        api_key_env="GROQ_API_KEY",
        default_api_key=None,
        reasoning_fields=("reasoning",),
        reasoning_replay="text",
        stream_usage="x_groq",
        tool_call_ids="required",
        max_tokens_field="max_completion_tokens",
        features={
            **_COMMON,
            "message.name": degraded("Groq answers 400 for messages[].name: dropped"),
            "provider_tools.own": LOSSLESS,
            "provider_tool.own": degraded(
                "Groq writes the tools it ran in replies only: its assistant message takes no executed_tools back, "
                "so a request drops them"
            ),
            "audio.base64": refused("Groq's chat API takes no audio parts"),
            "file.base64": refused("Groq's chat API takes no file parts"),
        },
        options={
            **_PENALTIES,
            "reasoning_format": {"enum": ["parsed", "raw", "hidden"]},
            "reasoning_effort": {"enum": ["none", "default", "low", "medium", "high"]},
            "service_tier": {"enum": ["auto", "on_demand", "flex", "performance"]},
        },
        open_options=False,
        kept_body=("x_groq", "usage_breakdown"),
        executed_tools=True,
        provider_tools=True,
        refused_options={
            "logprobs": "Groq answers 400 for logprobs",
            "top_logprobs": "Groq answers 400 for top_logprobs",
            "logit_bias": "Groq answers 400 for logit_bias",
        },
        embeddings=False,
        notes="streamed usage arrives in x_groq.usage of the last chunk; stream_options is not sent",
    ),
    "openrouter": Profile(
        name="openrouter",
        title="OpenRouter",
        issuer="openrouter",
        base_url="https://openrouter.ai/api/v1",
        api_key_env="OPENROUTER_API_KEY",
        default_api_key=None,
        reasoning_fields=("reasoning",),
        reasoning_replay="details",
        stream_usage="stream_options",
        tool_call_ids="required",
        max_tokens_field="max_tokens",
        features={**_COMMON, "provider_tools.own": LOSSLESS},
        options={
            **_PENALTIES,
            "top_k": _TOP_K,
            "reasoning": {
                "type": "object",
                "properties": {
                    "effort": {"enum": ["none", "minimal", "low", "medium", "high", "xhigh"]},
                    "max_tokens": {"type": "integer", "minimum": 1},
                    "exclude": {"type": "boolean"},
                    "enabled": {"type": "boolean"},
                },
            },
            "models": {"type": "array", "items": {"type": "string"}},
            "provider": {"type": "object"},
        },
        open_options=True,
        reasoning_details=True,
        provider_tools=True,
        kept_body=("provider",),
        kept_choice=("native_finish_reason",),
        finish_reasons={"error": "error"},
        embeddings=False,
        notes="routes to many models; normalises finish reasons (adds error), keeping the model's own in "
        "native_finish_reason; reasoning_details (signed or encrypted reasoning) sent back as they came",
    ),
}
"""Every profile by name; ``generic`` is the one ``openai-compatible`` without a profile uses."""


def profile_of(adapter_name: str) -> Profile:
    """The profile an adapter name selects: ``openai-compatible`` is generic, ``openai-compatible:NAME`` is
    NAME's; ``KeyError`` listing the profiles for anything else."""
    base, _, name = adapter_name.partition(":")
    profile = PROFILES.get(name or "generic") if base == NAME else None
    if profile is None:
        raise KeyError(f"no openai-compatible profile {name!r}; profiles: {', '.join(PROFILES)}")
    return profile


def oracle_name(profile: str) -> str:
    """The attribute of ``wirechat.testing.compatible_oracle`` holding ``profile``'s SDK request type
    (``LlamaCppParams``)."""
    return "".join(word.capitalize() for word in profile.split("-")) + "Params"
