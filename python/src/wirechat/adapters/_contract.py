"""The adapter contract: what every provider adapter offers, and the small types it speaks in.

An adapter is a pure codec between canonical wirechat values and one provider API's JSON, plus the few
facts the transport needs to send a request (endpoint paths, auth headers, base URL, the API-key variable,
the flags that turn streaming on). It does no I/O. The stream codec shapes (``StreamDecoder``,
``StreamEncoder``) and ``SseEvent`` live in ``wirechat.exchange``, which the transport shares; they are
re-exported here as part of the contract. Embeddings and plain text completions are optional
capabilities (``EmbedCodec``, ``CompleteCodec``): an adapter that has the methods offers the call. An API
whose URL depends on the request (Gemini puts the model and the streaming method in the path) offers
``RoutedCodec`` as well, and the client asks it for each request's path. See
``wirechat.adapters`` for the whole contract and ``docs/decisions/005-adapter-contract.md`` for why it
looks like this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    CompleteRequest,
    CompleteResponse,
    EmbedRequest,
    EmbedResponse,
    Error,
)
from wirechat.errors import WirechatError
from wirechat.exchange import ConversionWarning, SseEvent, StreamDecoder, StreamEncoder

__all__ = [
    "LOSSLESS",
    "Adapter",
    "CompleteCodec",
    "ConversionRefused",
    "ConversionWarning",
    "EmbedCodec",
    "ErrorTables",
    "Level",
    "Manifest",
    "ProviderShapeError",
    "RequestKind",
    "RoutedCodec",
    "SseEvent",
    "StreamDecoder",
    "StreamEncoder",
    "Support",
    "UsageMap",
    "degraded",
    "refused",
]

RequestKind = Literal["chat", "embed", "complete"]
Level = Literal["lossless", "degraded", "refused"]


class ConversionRefused(WirechatError, ValueError):  # noqa: N818 (the name the contract promises)
    """A conversion the target cannot express without changing meaning; ``feature`` names the manifest
    feature and ``reason`` says why (and, where there is one, what to do instead)."""

    def __init__(self, feature: str, reason: str, *, where: str = "") -> None:
        self.feature = feature
        self.reason = reason
        self.where = where
        location = f" at {where}" if where else ""
        super().__init__(f"refused ({feature}){location}: {reason}")


class ProviderShapeError(WirechatError, ValueError):
    """A provider body or event that is not shaped as the provider's API writes it (a list where it writes an
    object, a number where it writes text): what the reading met is in the message and ``__cause__``."""


@dataclass(frozen=True, slots=True)
class Support:
    """How an adapter carries one feature: ``lossless``, ``degraded`` (``message`` is the warning text) or
    ``refused`` (``message`` is the reason)."""

    level: Level
    message: str = ""


LOSSLESS = Support("lossless")
"""A feature carried as it is."""


def degraded(message: str) -> Support:
    """A feature carried in a degraded form; ``message`` is the warning text."""
    return Support("degraded", message)


def refused(message: str) -> Support:
    """A feature the adapter refuses; ``message`` is the reason (and what to do instead)."""
    return Support("refused", message)


@dataclass(frozen=True)
class Manifest:
    """The capability manifest: one ``Support`` per feature of ``wirechat.adapters.features.FEATURES``
    (the gate checks that none is missing), and the JSON Schema of the adapter's ``provider_options``."""

    features: Mapping[str, Support]
    options_schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "object"})
    """The JSON Schema of ``provider_options[name]`` on a chat call."""
    call_options_schemas: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Per other call kind (``embed``, ``complete``), the JSON Schema of ``provider_options[name]`` on that
    call; a kind not listed has its options merged unchecked (the codec decides)."""
    finish_reasons: Mapping[str, str] = field(default_factory=dict)
    """The provider's finish reasons and the kind each maps to (``{"end_turn": "stop", ...}``)."""
    finish_defaults: Mapping[str, str] = field(default_factory=dict)
    """The provider value sent for each kind when the canonical raw value is not the provider's own."""
    media_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per source kind (``image``, ``audio``, ``file``), the inline media types the provider takes; a
    kind not listed takes any (feature ``media.unsupported_type`` covers the others)."""
    assistant_media: tuple[str, ...] = ()
    """The media kinds (``image``, ``audio``, ``file``) the provider also takes in the assistant's turn and in
    its replies, with the checks of a user's media (Gemini: the images it generated); others are refused
    there (``part.misplaced``, ``response.part_unsupported``)."""
    reply_reasoning_text: bool = False
    """Whether the provider's replies carry unsigned reasoning (Gemini's thought summaries), written back in a
    reply even where a request does not replay it (``reasoning.text``)."""
    usage_cache_kept: tuple[str, ...] = ()
    """Where ``usage.cache`` is degraded: the cache counts the provider carries all the same (Gemini reports
    cache reads, not writes); the others are the ones dropped."""
    default_max_tokens: int | None = None
    """The ``max_tokens`` sent when a request has none and the provider requires one."""
    status_retryable: Mapping[int, bool] = field(default_factory=dict)
    """Where the provider documents a retry verdict other than the shared table's
    (``wirechat.exchange.classify``) for a status, whatever the body says: ``{402: False}`` for an account
    out of credit. ``x-should-retry`` still overrides it. Empty for most providers."""

    def level(self, feature: str) -> Level:
        """The declared level of ``feature``; ``KeyError`` if the manifest does not mention it."""
        return self.features[feature].level

    def message(self, feature: str) -> str:
        """The warning text (degraded) or the reason (refused) declared for ``feature``."""
        return self.features[feature].message


@dataclass(frozen=True)
class ErrorTables:
    """An adapter's error tables, generated from ``adapters/<name>.adapter.json`` into ``wirechat._tables``:
    per body member read (``type``, ``code``, ``status``), value -> kind; kinds by HTTP status where the
    adapter's differ from the shared table; per member, the values never worth retrying; and what an encoded
    error carries. What computes (message rules, the quirks of a status) stays in each ``errors`` module."""

    kind_of: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    kind_of_status: Mapping[int, str] = field(default_factory=dict)
    not_retryable: Mapping[str, frozenset[str]] = field(default_factory=dict)
    status_of_type: Mapping[str, int] = field(default_factory=dict)
    type_of_kind: Mapping[str, str] = field(default_factory=dict)
    status_of_kind: Mapping[str, int] = field(default_factory=dict)
    type_of_status: Mapping[int, str] = field(default_factory=dict)
    default_type: str = ""
    default_status: int = 500
    request_id_header: str = ""


@dataclass(frozen=True)
class UsageMap:
    """An adapter's usage map, generated from the ``usage`` member of ``adapters/<name>.adapter.json`` into
    ``wirechat._tables``: where the usage object sits (``at``, a JSON pointer), and per canonical count the
    provider members it is read from, each a path of member names under the usage object, summed (``sum``)
    or the first present (``first``). The usage modules take every provider member name from here; the
    arithmetic (sums, raw rests, quirks) stays in each ``usage`` module. Asking for what the map lacks is a
    codegen error (``LookupError``, at import)."""

    at: str
    counts: Mapping[str, Mapping[str, tuple[tuple[str, ...], ...]]]

    def paths(self, count: str) -> tuple[tuple[str, ...], ...]:
        """Every member path of ``count``, summed or first-present alike (none when the map lacks it)."""
        rule = self.counts.get(count, {})
        return rule.get("sum", rule.get("first", ()))

    def path(self, count: str, index: int = 0) -> tuple[str, ...]:
        """The ``index``-th member path of ``count``."""
        paths = self.paths(count)
        if index >= len(paths):
            raise LookupError(f"usage map at {self.at}: {count} has no member number {index}")
        return paths[index]

    def member(self, count: str, index: int = 0) -> str:
        """The ``index``-th member of ``count``, which must sit directly in the usage object."""
        path = self.path(count, index)
        if len(path) != 1:
            raise LookupError(f"usage map at {self.at}: {count} member {index} is /{'/'.join(path)}, not top-level")
        return path[0]

    def details(self) -> dict[str, dict[str, str]]:
        """The members one object down, by group in the map's order: group -> member -> count."""
        groups: dict[str, dict[str, str]] = {}
        for count in self.counts:
            for path in self.paths(count):
                if len(path) == 2:
                    groups.setdefault(path[0], {})[path[1]] = count
        return groups


@runtime_checkable
class Adapter(Protocol):
    """A provider adapter. Every method is pure: no I/O, no clock, no randomness."""

    name: str
    """The registry name (``openai-chat``, ``anthropic``): the key of ``provider_options``."""
    provider: str
    """The ``provider_metadata`` key and reasoning ``issuer`` this API uses (``openai``, ``anthropic``)."""
    manifest: Manifest
    default_base_url: str
    """Scheme and host, without the version path (``https://api.openai.com``)."""
    api_key_env: str
    """The environment variable that conventionally holds the key (``OPENAI_API_KEY``)."""

    # requests
    def encode_request(self, request: ChatRequest) -> tuple[dict[str, Any], list[ConversionWarning]]:
        """The provider's request body (non-streaming) for ``request``; raises ``ConversionRefused``."""
        ...

    def decode_request(self, body: Mapping[str, Any]) -> tuple[ChatRequest, list[ConversionWarning]]:
        """The canonical request for a provider body; raises ``ConversionRefused`` (or ``ValueError``
        naming the field for a body that is not a valid request)."""
        ...

    # responses
    def decode_response(self, body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        """The canonical response for a provider's non-streamed response body. What the adapter sets aside
        or changes (a member it does not map, a value it cannot carry) is appended to ``warnings`` when a
        list is given, each with the pointer into ``body``; nothing is dropped without one."""
        ...

    def encode_response(
        self, response: ChatResponse, warnings: list[ConversionWarning] | None = None
    ) -> dict[str, Any]:
        """The provider's response body for a canonical response; raises ``ConversionRefused``.
        Degradations are appended to ``warnings`` when a list is given."""
        ...

    # streams
    def stream_decoder(self) -> StreamDecoder:
        """A fresh decoder for one streamed response."""
        ...

    def stream_encoder(self) -> StreamEncoder:
        """A fresh encoder for one streamed response."""
        ...

    # errors
    def decode_error(
        self, status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None
    ) -> Error:
        """The canonical error for an HTTP failure (header names in any case) or a mid-stream error
        payload (``status`` None). Never raises: an unreadable body gives kind ``provider``/``invalid_response``
        with the status's default meaning."""
        ...

    def encode_error(self, error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
        """The HTTP status, headers and body this provider would send for ``error``."""
        ...

    # what the transport needs
    def endpoint_path(self, kind: RequestKind) -> str:
        """The URL path for a kind of call (``/v1/chat/completions``); ``ConversionRefused`` if the API
        has no such endpoint."""
        ...

    def auth_headers(self, api_key: str) -> dict[str, str]:
        """Every header the provider needs on each request: credentials and API version."""
        ...

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A copy of ``body`` that asks for a streamed response (with usage, where that is opt-in)."""
        ...


@runtime_checkable
class EmbedCodec(Protocol):
    """Optional capability: an adapter with these two methods offers embeddings (``Client.embed``), sent to
    ``endpoint_path("embed")``. Without them the client raises ``UnsupportedCallError`` before sending.
    Pure, like the rest of the contract."""

    def encode_embed_request(self, request: EmbedRequest) -> dict[str, Any]:
        """The provider's embeddings body; raises ``ConversionRefused`` (no model, an option it cannot carry)."""
        ...

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        """The canonical response, ``embeddings[i]`` for ``inputs[i]``; ``ValueError`` naming the member
        for a body that is not an embeddings response."""
        ...


@runtime_checkable
class CompleteCodec(Protocol):
    """Optional capability: an adapter with these two methods offers plain text completions
    (``Client.complete``), sent to ``endpoint_path("complete")``. Without them the client raises
    ``UnsupportedCallError`` before sending."""

    def encode_complete_request(self, request: CompleteRequest) -> dict[str, Any]:
        """The provider's completions body; raises ``ConversionRefused`` for what it cannot carry."""
        ...

    def decode_complete_response(self, body: Mapping[str, Any]) -> CompleteResponse:
        """The canonical response (one continuation); ``ValueError`` naming the member for a bad body."""
        ...


@runtime_checkable
class RoutedCodec(Protocol):
    """Optional capability: an API whose URL depends on the request (Gemini's
    ``/v1beta/models/{model}:streamGenerateContent?alt=sse``). The client sends each encoded body to the
    path this returns instead of ``endpoint_path(kind)``. Pure, like the rest of the contract."""

    def request_target(self, kind: RequestKind, body: Mapping[str, Any], *, stream: bool) -> tuple[str, dict[str, Any]]:
        """The path (query included) for an encoded ``body`` of ``kind``, and the body to send (members that
        travel in the URL removed); raises ``ConversionRefused`` when the body lacks what the URL needs."""
        ...
