"""The ``openai-chat`` adapter: OpenAI Chat Completions (``POST /v1/chat/completions``), plus the optional
embeddings (``POST /v1/embeddings``, module ``embed``) and legacy completions (``POST /v1/completions``,
module ``complete``) codecs.

The same module set as every adapter: ``request``, ``response``, ``stream``, ``usage``, ``finish``,
``errors``, ``manifest``; this module binds them into the ``ADAPTER`` object the registry hands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    CompleteRequest,
    CompleteResponse,
    EmbedRequest,
    EmbedResponse,
    Error,
)
from wirechat.adapters._contract import ConversionRefused, ConversionWarning, Manifest, RequestKind
from wirechat.adapters.openai_chat import complete, embed, errors, request, response, stream
from wirechat.adapters.openai_chat.manifest import MANIFEST

__all__ = ["ADAPTER", "OpenAIChatAdapter"]

_PATHS = {"chat": "/v1/chat/completions", "embed": "/v1/embeddings", "complete": "/v1/completions"}

# recorded-shape responses and streams (written from the provider reference), shipped with the package
_FIXTURES = Path(__file__).with_name("recorded")


class OpenAIChatAdapter:
    """OpenAI Chat Completions. Pure: every method maps values, none does I/O."""

    name = "openai-chat"
    provider = "openai"
    manifest: Manifest = MANIFEST
    default_base_url = "https://api.openai.com"
    request_oracle = "openai.types.chat.completion_create_params:CompletionCreateParamsNonStreaming"
    """The official SDK request type the gate validates bodies against."""
    error_cases = errors.ERROR_CASES
    fixtures_dir: Path | None = _FIXTURES if _FIXTURES.is_dir() else None
    api_key_env = "OPENAI_API_KEY"

    def encode_request(self, request_: ChatRequest) -> tuple[dict[str, Any], list[ConversionWarning]]:
        return request.encode_request(request_, self.name)

    def decode_request(self, body: Mapping[str, Any]) -> tuple[ChatRequest, list[ConversionWarning]]:
        return request.decode_request(body, self.name)

    def decode_response(self, body: Mapping[str, Any]) -> ChatResponse:
        return response.decode_response(body)

    def encode_response(
        self, response_: ChatResponse, warnings: list[ConversionWarning] | None = None
    ) -> dict[str, Any]:
        return response.encode_response(response_, warnings)

    # optional capabilities (wirechat.adapters.EmbedCodec, CompleteCodec)
    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        return embed.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        return embed.decode_embed_response(body)

    def encode_complete_request(self, request_: CompleteRequest) -> dict[str, Any]:
        return complete.encode_complete_request(request_, self.name)

    def decode_complete_response(self, body: Mapping[str, Any]) -> CompleteResponse:
        return complete.decode_complete_response(body)

    def stream_decoder(self) -> stream.StreamDecoder:
        return stream.StreamDecoder()

    def stream_encoder(self) -> stream.StreamEncoder:
        return stream.StreamEncoder()

    def decode_error(
        self, status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None
    ) -> Error:
        return errors.decode_error(status, headers, body)

    def encode_error(self, error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
        return errors.encode_error(error)

    def endpoint_path(self, kind: RequestKind) -> str:
        if kind not in _PATHS:
            raise ConversionRefused("endpoint", f"no endpoint for {kind!r}; known: {', '.join(_PATHS)}")
        return _PATHS[kind]

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {"authorization": f"Bearer {api_key}"}

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        flagged = dict(body)
        flagged["stream"] = True
        options = dict(flagged.get("stream_options") or {})
        options["include_usage"] = True
        flagged["stream_options"] = options
        return flagged

    def __repr__(self) -> str:
        return f"<wirechat adapter {self.name}>"


ADAPTER = OpenAIChatAdapter()
