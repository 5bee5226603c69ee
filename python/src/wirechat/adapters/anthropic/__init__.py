"""The ``anthropic`` adapter: Anthropic Messages (``POST /v1/messages``, API version 2026-10-21).

The same module set as every adapter: ``request``, ``response``, ``stream``, ``usage``, ``finish``,
``errors``, ``manifest``; this module binds them into the ``ADAPTER`` object the registry hands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wirechat._generated.models import ChatRequest, ChatResponse, Error
from wirechat.adapters._contract import ConversionRefused, ConversionWarning, Manifest, RequestKind
from wirechat.adapters.anthropic import errors, request, response, stream
from wirechat.adapters.anthropic.manifest import MANIFEST

__all__ = ["ADAPTER", "AnthropicAdapter"]

_PATHS = {"chat": "/v1/messages", "complete": "/v1/complete"}
API_VERSION = "2026-10-21"

# recorded-shape responses and streams (written from the provider reference), shipped with the package
_FIXTURES = Path(__file__).with_name("recorded")


class AnthropicAdapter:
    """Anthropic Messages. Pure: every method maps values, none does I/O."""

    name = "anthropic"
    provider = "anthropic"
    manifest: Manifest = MANIFEST
    default_base_url = "https://api.anthropic.com"
    request_oracle = "anthropic.types.message_create_params:MessageCreateParamsNonStreaming"
    """The official SDK request type the gate validates bodies against."""
    error_cases = errors.ERROR_CASES
    fixtures_dir: Path | None = _FIXTURES if _FIXTURES.is_dir() else None
    api_key_env = "ANTHROPIC_API_KEY"

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
        return {"x-api-key": api_key, "anthropic-version": API_VERSION}

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        flagged = dict(body)
        flagged["stream"] = True
        return flagged

    def __repr__(self) -> str:
        return f"<wirechat adapter {self.name}>"


ADAPTER = AnthropicAdapter()
