"""``ModuleAdapter``: the one place that binds an adapter's modules into the ``Adapter`` contract.

Every built-in adapter has the same module set (``wirechat.adapters._module_set``).
A subclass names its modules and takes what is its own (name, provider, endpoints, auth headers, the
manifest) from its generated tables (``wirechat._tables``, decision 028); the methods that only forward to
those modules, or read those tables, live here once instead of in every adapter.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wirechat._generated.models import ChatRequest, ChatResponse, Error
from wirechat.adapters._contract import (
    ConversionRefused,
    ConversionWarning,
    Manifest,
    ProviderShapeError,
    RequestKind,
)
from wirechat.adapters._module_set import (
    ErrorsModule,
    RequestDecodeModule,
    RequestEncodeModule,
    ResponseModule,
    StreamModule,
)
from wirechat.exchange import UNREADABLE
from wirechat.exchange import StreamDecoder as Decoder
from wirechat.exchange import StreamEncoder as Encoder

__all__ = ["ModuleAdapter", "recorded_dir"]


def recorded_dir(module_file: str) -> Path | None:
    """An adapter package's ``recorded/`` folder (recorded-shape responses and streams), if it has one."""
    folder = Path(module_file).with_name("recorded")
    return folder if folder.is_dir() else None


_SHAPE_FAULTS = tuple(fault for fault in UNREADABLE if fault is not ValueError)


def _shape_error(adapter: str, what: str, fault: Exception) -> ProviderShapeError:
    return ProviderShapeError(
        f"{adapter}: the {what} is not shaped as the provider writes it ({type(fault).__name__}: {fault})"
    )


class ModuleAdapter:
    """Forwards the contract's codec methods to the adapter's modules. Pure: nothing here does I/O."""

    name: str
    provider: str
    manifest: Manifest
    paths: Mapping[str, str]
    """The path of each request kind the provider serves, such as ``{"chat": "/v1/messages"}``."""
    stream_body: Mapping[str, Any] = {}
    """Members merged into a request body to stream it (an object member is merged into the body's own)."""
    auth_header_templates: Mapping[str, str] = {}
    """Headers sent on every request; ``{api_key}`` stands for the key."""
    request_encode_module: RequestEncodeModule
    request_decode_module: RequestDecodeModule
    response_module: ResponseModule
    stream_module: StreamModule
    errors_module: ErrorsModule

    def encode_request(self, request: ChatRequest) -> tuple[dict[str, Any], list[ConversionWarning]]:
        return self.request_encode_module.encode_request(request, self.name)

    def decode_request(self, body: Mapping[str, Any]) -> tuple[ChatRequest, list[ConversionWarning]]:
        try:
            return self.request_decode_module.decode_request(body, self.name)
        except _SHAPE_FAULTS as fault:
            raise _shape_error(self.name, "request body", fault) from fault

    def decode_response(self, body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        try:
            return self.response_module.decode_response(body, warnings)
        except _SHAPE_FAULTS as fault:
            raise _shape_error(self.name, "response body", fault) from fault

    def encode_response(
        self, response: ChatResponse, warnings: list[ConversionWarning] | None = None
    ) -> dict[str, Any]:
        return self.response_module.encode_response(response, warnings)

    def stream_decoder(self) -> Decoder:
        return self.stream_module.StreamDecoder()

    def stream_encoder(self) -> Encoder:
        return self.stream_module.StreamEncoder()

    def decode_error(
        self, status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None
    ) -> Error:
        return self.errors_module.decode_error(status, headers, body)

    def encode_error(self, error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
        return self.errors_module.encode_error(error)

    def endpoint_path(self, kind: RequestKind) -> str:
        if kind not in self.paths:
            raise ConversionRefused("endpoint", f"no endpoint for {kind!r}; known: {', '.join(self.paths)}")
        return self.paths[kind]

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {name: value.replace("{api_key}", api_key) for name, value in self.auth_header_templates.items()}

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        flagged = dict(body)
        for key, value in self.stream_body.items():
            flagged[key] = {**(flagged.get(key) or {}), **value} if isinstance(value, Mapping) else value
        return flagged

    def __repr__(self) -> str:
        return f"<wirechat adapter {self.name}>"
