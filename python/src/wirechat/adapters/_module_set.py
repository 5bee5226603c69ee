"""The module set every provider adapter package has, one Protocol per module.

A reader looking for how a provider writes a tool call, maps usage or reads an error finds it in the same
module of every provider (``openai_chat/usage.py``, ``anthropic/usage.py``), and the TypeScript and Go
adapters keep the same set. ``tests/adapters/test_structure.py`` holds every provider package to it:

=================  ==================================================================================
``shapes``         the provider's own JSON shapes, written once (``NAME``, ``PROVIDER``, tool calls...)
``request_encode`` canonical ``ChatRequest`` -> provider request body
``request_decode`` provider request body -> canonical ``ChatRequest``
``response``       provider response body <-> canonical ``ChatResponse``
``stream``         ``StreamDecoder`` / ``StreamEncoder``: provider SSE events <-> canonical stream events
``usage``          provider usage <-> canonical ``TokenUsage`` (normalised, the raw rest kept)
``finish``         provider finish reasons <-> canonical ``FinishReason`` (the table is the manifest's)
``errors``         HTTP failures and error payloads <-> canonical ``Error`` (``ERROR_CASES``: the gate's table)
``manifest``       ``MANIFEST``: per feature lossless / degraded / refused, and the options schema
=================  ==================================================================================

``ModuleAdapter`` (``_binding``) binds these modules into the ``Adapter`` contract.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from wirechat._generated.models import ChatRequest, ChatResponse, Error, FinishReason, TokenUsage
from wirechat.adapters._contract import ConversionWarning, Manifest
from wirechat.adapters._conversion import Conversion
from wirechat.exchange import StreamDecoder, StreamEncoder

__all__ = [
    "MODULE_SET",
    "ErrorsModule",
    "FinishModule",
    "ManifestModule",
    "RequestDecodeModule",
    "RequestEncodeModule",
    "ResponseModule",
    "ShapesModule",
    "StreamModule",
    "UsageModule",
]


class ShapesModule(Protocol):
    @property
    def NAME(self) -> str: ...  # noqa: N802 (module constants)

    @property
    def PROVIDER(self) -> str: ...  # noqa: N802


class RequestEncodeModule(Protocol):
    def encode_request(
        self, request: ChatRequest, adapter_name: str = ...
    ) -> tuple[dict[str, Any], list[ConversionWarning]]: ...


class RequestDecodeModule(Protocol):
    def decode_request(
        self, body: Mapping[str, Any], adapter_name: str = ...
    ) -> tuple[ChatRequest, list[ConversionWarning]]: ...


class ResponseModule(Protocol):
    def decode_response(
        self, body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None
    ) -> ChatResponse: ...

    def encode_response(
        self, response: ChatResponse, warnings: list[ConversionWarning] | None = None
    ) -> dict[str, Any]: ...


class StreamModule(Protocol):
    @property
    def StreamDecoder(self) -> Callable[[], StreamDecoder]: ...  # noqa: N802 (the class a stream module exports)

    @property
    def StreamEncoder(self) -> Callable[[], StreamEncoder]: ...  # noqa: N802


class UsageModule(Protocol):
    def decode(self, raw: Mapping[str, Any], where: str = ...) -> tuple[TokenUsage, dict[str, Any]]: ...

    def encode(self, usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]: ...


class FinishModule(Protocol):
    def decode(self, raw: str | None, *, has_tool_calls: bool) -> FinishReason: ...

    def encode(self, reason: FinishReason, conv: Conversion, where: str = ...) -> str: ...


class ErrorsModule(Protocol):
    @property
    def ERROR_CASES(self) -> Sequence[tuple[Any, ...]]: ...  # noqa: N802 (the table the gate reads)

    def decode_error(
        self, status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None
    ) -> Error: ...

    def encode_error(self, error: Error) -> tuple[int, dict[str, str], dict[str, Any]]: ...


class ManifestModule(Protocol):
    @property
    def MANIFEST(self) -> Manifest: ...  # noqa: N802


MODULE_SET: Mapping[str, type[Any]] = {
    "shapes": ShapesModule,
    "request_encode": RequestEncodeModule,
    "request_decode": RequestDecodeModule,
    "response": ResponseModule,
    "stream": StreamModule,
    "usage": UsageModule,
    "finish": FinishModule,
    "errors": ErrorsModule,
    "manifest": ManifestModule,
}
"""Module name -> the Protocol it satisfies, in the order a request travels."""
