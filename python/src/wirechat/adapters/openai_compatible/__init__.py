"""The ``openai-compatible`` adapter: servers that speak OpenAI Chat Completions with quirks (Ollama, vLLM,
llama.cpp's llama-server, LM Studio, DeepSeek, Groq, OpenRouter, Mistral), one named profile each (``profiles``).

Each profile is its own registered adapter, ``openai-compatible:<profile>`` (``openai-compatible`` alone is
the ``generic`` profile), with its own manifest, options schema, default base URL and key variable;
``Client("openai-compatible", profile="ollama")`` resolves to ``openai-compatible:ollama``. The modules
compose openai-chat's codec with the profile's quirks; see ``docs/decisions/017-openai-compatible.md``.
Base URLs include the version path, as the OpenAI SDK's ``base_url`` does (``http://localhost:11434/v1``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatResponse, EmbedRequest, EmbedResponse
from wirechat._tables import openai_compatible as tables
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters.openai_chat import embed
from wirechat.adapters.openai_compatible import (
    errors,
    gate_reductions,
    request_decode,
    request_encode,
    response,
    stream,
)
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.profiles import PROFILES, Profile
from wirechat.adapters.openai_compatible.shapes import NAME, PROVIDER

__all__ = ["ADAPTER", "ADAPTERS", "OpenAICompatibleAdapter"]


class OpenAICompatibleAdapter(ModuleAdapter):
    """One profile of the openai-compatible adapter. Pure: every method maps values, none does I/O."""

    provider = PROVIDER
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    error_cases = errors.ERROR_CASES
    gate_reductions = gate_reductions
    """What the profiles' own manifest features do to a document (``wirechat.testing.gate_expected``)."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.name = NAME if profile.name == "generic" else f"{NAME}:{profile.name}"
        self.manifest = MANIFESTS[profile.name]
        self.request_oracle = tables.REQUEST_ORACLES[profile.name]
        """The openai SDK's request type plus the profile's own members, for the gate (``compatible_oracle``)."""
        self.default_base_url = profile.base_url
        self.api_key_env = profile.api_key_env
        self.default_api_key = profile.default_api_key
        """A placeholder key for servers that check none (the client sends it when no key is given)."""
        self.paths = tables.PATHS[profile.name]
        self.stream_body = tables.STREAM_BODIES[profile.name]
        self.auth_header_templates = tables.AUTH_HEADERS[profile.name]
        recorded = recorded_dir(__file__)
        self.fixtures_dir = recorded / profile.name if recorded is not None else None

    @property
    def quirks(self) -> dict[str, str]:
        """How the profile's server differs on the wire, for the generated provider matrix."""
        profile = self.profile
        finishes = ", ".join(f"`{raw}` ({kind})" for raw, kind in profile.finish_reasons.items())
        refused = ", ".join(f"`{member}`" for member in profile.refused_options)
        return {
            "reasoning read from": " then ".join(f"`{name}`" for name in profile.reasoning_read),
            "streamed usage": _STREAM_USAGE[profile.stream_usage],
            "tool call without an id": "id synthesised (flagged)"
            if profile.tool_call_ids == "synthesise"
            else "invalid response",
            "token limit sent as": f"`{profile.max_tokens_field}`",
            "finish reasons beyond OpenAI's": finishes or "none",
            "options not in its schema": "sent as given" if profile.open_options else "refused",
            "options refused (400)": refused or "none",
            "default base URL": f"`{profile.base_url}`",
            "key variable (placeholder)": f"`{profile.api_key_env}` ({profile.default_api_key or 'none: required'})",
            "notes": profile.notes,
        }

    def decode_response(self, body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        return response.decode_response(body, warnings, self.profile)

    def encode_response(
        self, response_: ChatResponse, warnings: list[ConversionWarning] | None = None
    ) -> dict[str, Any]:
        return response.encode_response(response_, warnings, self.profile)

    def stream_decoder(self) -> stream.StreamDecoder:
        return stream.StreamDecoder(self.profile)

    def stream_encoder(self) -> stream.StreamEncoder:
        return stream.StreamEncoder(self.profile)

    # optional capability (wirechat.adapters.EmbedCodec): the servers with /v1/embeddings
    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        if not self.profile.embeddings:
            self.endpoint_path("embed")  # raises ConversionRefused naming the endpoints there are
        return embed.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        return embed.decode_embed_response(body)


_STREAM_USAGE = {
    "stream_options": "asked with `stream_options`",
    "x_groq": "read from `x_groq.usage`; `stream_options` not sent",
    "last_chunk": "sent unasked on the last chunk; `stream_options` not sent",
}
"""The matrix's words for each ``Profile.stream_usage``."""

ADAPTERS = {name: OpenAICompatibleAdapter(profile) for name, profile in PROFILES.items()}
"""Every profile's adapter by profile name."""
ADAPTER = ADAPTERS["generic"]
OLLAMA, VLLM, LLAMA_CPP, LM_STUDIO = ADAPTERS["ollama"], ADAPTERS["vllm"], ADAPTERS["llama-cpp"], ADAPTERS["lm-studio"]
DEEPSEEK, GROQ, OPENROUTER = ADAPTERS["deepseek"], ADAPTERS["groq"], ADAPTERS["openrouter"]
MISTRAL = ADAPTERS["mistral"]
