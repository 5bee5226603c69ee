"""The ``gemini`` adapter: the Gemini API (``POST /v1beta/models/{model}:generateContent``, streamed with
``:streamGenerateContent?alt=sse``, embeddings with ``:batchEmbedContents``; key in ``x-goog-api-key``).

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream``, ``usage``, ``finish``, ``errors``, ``manifest``, plus
``embed``. Gemini's URL holds the model and the streaming method, so the adapter offers the optional
``RoutedCodec`` capability (``request_target``): the body's ``model`` member moves into the path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from wirechat._generated.models import EmbedRequest, EmbedResponse
from wirechat._tables import gemini as tables
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters._contract import ConversionRefused, RequestKind
from wirechat.adapters.gemini import embed, errors, request_decode, request_encode, response, stream

__all__ = ["ADAPTER", "GeminiAdapter"]


class GeminiAdapter(ModuleAdapter):
    """The Gemini API. Pure: every method maps values, none does I/O."""

    name, provider, manifest = tables.NAME, tables.PROVIDER, tables.MANIFEST
    paths, stream_body, auth_header_templates = tables.PATHS, tables.STREAM_BODY, tables.AUTH_HEADERS
    default_base_url, api_key_env, request_oracle = tables.BASE_URL, tables.API_KEY_ENV, tables.REQUEST_ORACLE
    """The request type the gate validates bodies against (``module:attribute``)."""
    error_cases = tables.ERROR_CASES
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    fixtures_dir = recorded_dir(__file__)

    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        return embed.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        return embed.decode_embed_response(body)

    def request_target(self, kind: RequestKind, body: Mapping[str, Any], *, stream: bool) -> tuple[str, dict[str, Any]]:
        """The path (with the model, and ``alt=sse`` for a stream) and the body to send: a chat body's
        ``model`` moves into the path; an embeddings body names it in each item."""
        sent = dict(body)
        if kind == "chat":
            model = sent.pop("model", None)
            template = tables.STREAM_PATHS["chat"] if stream else tables.PATHS["chat"]
        elif kind == "embed":
            items = sent.get("requests") or [{}]
            model = items[0].get("model")
            template = tables.PATHS["embed"]
        else:
            raise ConversionRefused("endpoint", f"no endpoint for {kind!r}; known: {', '.join(self.paths)}")
        if not isinstance(model, str) or not model:
            raise ConversionRefused("model.absent", "the model is part of the Gemini URL: set the request's model")
        # the tables spell the path for a base model (models/{model}); a tuned model's resource name replaces both
        return template.replace("models/{model}", quote(embed.model_path(model), safe="/")), sent


ADAPTER = GeminiAdapter()
