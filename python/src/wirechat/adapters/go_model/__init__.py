"""The ``go-model`` format: the JSON of a Go LLM SDK's ``model`` package (seed 003), in and out of
wirechat. Not a provider API: no HTTP endpoint, no credentials. The converters are pure functions over
parsed JSON (``request``, ``response``, ``stream``, ``parts``, ``usage``, ``errors``); ``ADAPTER`` binds
them into the adapter contract so that ``wirechat convert --from go-model`` and the gate take it by name.

The same conversions are held to ``conformance/conversions/go-model`` in Python and in Go
(``go/gomodel``); ``docs/decisions/013-go-model.md`` lists every field of the seed and where it goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wirechat._generated.models import ChatRequest, ChatResponse, Error
from wirechat._tables import go_model as tables
from wirechat.adapters import ConversionRefused, ConversionWarning, RequestKind
from wirechat.adapters.go_model import errors, request, response
from wirechat.adapters.go_model.stream import StreamDecoder, StreamEncoder

__all__ = ["ADAPTER", "GoModelAdapter"]


class GoModelAdapter:
    """The go-model format as an adapter. Pure: every method maps values, none does I/O."""

    name, provider, manifest = tables.NAME, tables.PROVIDER, tables.MANIFEST
    default_base_url, api_key_env = tables.BASE_URL, tables.API_KEY_ENV
    """None: the SDK's JSON is stored and passed in-process, never served."""
    request_oracle = tables.REQUEST_ORACLE
    """The seed's shapes as TypedDicts: bodies use only the Go structs' members."""
    error_cases = tables.ERROR_CASES
    fixtures_dir = Path(__file__).with_name("recorded")

    def encode_request(self, request_: ChatRequest) -> tuple[dict[str, Any], list[ConversionWarning]]:
        return request.encode_request(request_, self.name)

    def decode_request(self, body: Mapping[str, Any]) -> tuple[ChatRequest, list[ConversionWarning]]:
        return request.decode_request(body, self.name)

    def decode_response(self, body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        return response.decode_response(body, warnings)

    def encode_response(
        self, response_: ChatResponse, warnings: list[ConversionWarning] | None = None
    ) -> dict[str, Any]:
        return response.encode_response(response_, warnings)

    def stream_decoder(self) -> StreamDecoder:
        return StreamDecoder()

    def stream_encoder(self) -> StreamEncoder:
        return StreamEncoder()

    def decode_error(
        self, status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None
    ) -> Error:
        return errors.decode_error(status, headers, body)

    def encode_error(self, error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
        return errors.encode_error(error)

    def endpoint_path(self, kind: RequestKind) -> str:
        raise ConversionRefused("endpoint", "go-model is a stored format, not an API: it has no endpoint")

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {}

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        return dict(body)

    def __repr__(self) -> str:
        return "<wirechat adapter go-model>"


ADAPTER = GoModelAdapter()
