"""Provider adapters: pure codecs between canonical wirechat values and a provider API's JSON.

The contract (stable; see ``docs/decisions/005-adapter-contract.md``):

* ``get(name) -> Adapter`` (``UnknownAdapterError``, a ``KeyError``, lists the known names), ``names()``,
  ``register(adapter)``. Built in: ``openai-chat`` (OpenAI Chat Completions) and ``anthropic`` (Anthropic
  Messages). Third-party
  adapters register through the entry point group ``wirechat.adapters``; each entry point loads an
  ``Adapter`` object, and its name is the adapter's name::

      [project.entry-points."wirechat.adapters"]
      my-provider = "my_package.adapter:ADAPTER"

* An ``Adapter`` has ``name`` (registry and ``provider_options`` key), ``provider`` (``provider_metadata``
  key and reasoning ``issuer``), ``manifest`` (per feature of ``wirechat.adapters.features.FEATURES``:
  lossless, degraded with its warning text, or refused with its reason; plus the JSON Schema of its
  ``provider_options``), and pure functions, no I/O:

  - ``encode_request(ChatRequest) -> (body, [ConversionWarning])``, ``decode_request(body) -> (ChatRequest,
    [ConversionWarning])``; refusals raise ``ConversionRefused`` (a ``ValueError``) with the feature and
    the reason;
  - ``decode_response(body, warnings=None) -> ChatResponse``, ``encode_response(ChatResponse, warnings=None) -> body``
    (degradations appended to ``warnings`` when a list is given);
  - ``stream_decoder()`` -> an object with ``feed(SseEvent) -> [StreamEvent]`` and ``close() ->
    [StreamEvent]``; ``stream_encoder()`` -> the reverse (``feed(StreamEvent) -> [SseEvent]``, ``close()``).
    ``SseEvent(event, data)`` is one parsed server-sent event; the transport produces them;
  - ``decode_error(status, headers, body) -> wirechat.Error`` (kind, retryable, retry_after_ms from
    ``retry-after-ms``/``retry-after``, provider_code, request_id; ``status`` None for an error payload
    that arrived inside a 200 stream), ``encode_error(Error) -> (status, headers, body)``;
  - for the transport: ``endpoint_path(kind)`` (``"chat"``, ``"embed"``, ``"complete"``),
    ``auth_headers(api_key)`` (credentials and version headers), ``default_base_url`` (no version path),
    ``api_key_env``, ``stream_request_flags(body)`` (a copy of the body that asks for a stream, with usage).

* Optional capabilities, offered by having the methods: ``EmbedCodec`` (``encode_embed_request(EmbedRequest)
  -> body``, ``decode_embed_response(body) -> EmbedResponse``) and ``CompleteCodec``
  (``encode_complete_request``, ``decode_complete_response``). ``openai-chat`` has both; ``anthropic`` neither.

The adapter gate, ``wirechat.testing.gate.run(name)``, holds any adapter to this contract; it needs the
gate-only dependencies (hypothesis, hypothesis-jsonschema, and the provider SDKs it validates against).
"""

from wirechat.adapters._contract import (
    LOSSLESS,
    Adapter,
    CompleteCodec,
    ConversionRefused,
    ConversionWarning,
    EmbedCodec,
    Level,
    Manifest,
    ProviderShapeError,
    RequestKind,
    SseEvent,
    StreamDecoder,
    StreamEncoder,
    Support,
    degraded,
    refused,
)
from wirechat.adapters._registry import ENTRY_POINT_GROUP, UnknownAdapterError, get, names, register, unregister

__all__ = [
    "ENTRY_POINT_GROUP",
    "LOSSLESS",
    "Adapter",
    "CompleteCodec",
    "ConversionRefused",
    "ConversionWarning",
    "EmbedCodec",
    "Level",
    "Manifest",
    "ProviderShapeError",
    "RequestKind",
    "SseEvent",
    "StreamDecoder",
    "StreamEncoder",
    "Support",
    "UnknownAdapterError",
    "degraded",
    "get",
    "names",
    "refused",
    "register",
    "unregister",
]
