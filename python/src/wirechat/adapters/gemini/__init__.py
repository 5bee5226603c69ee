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
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters._contract import ConversionRefused, RequestKind
from wirechat.adapters.gemini import embed, errors, request_decode, request_encode, response, stream
from wirechat.adapters.gemini.manifest import MANIFEST

__all__ = ["ADAPTER", "API_VERSION", "GeminiAdapter"]

API_VERSION = "v1beta"
PATHS = {
    "chat": f"/{API_VERSION}/models/{{model}}:generateContent",
    "embed": f"/{API_VERSION}/models/{{model}}:batchEmbedContents",
}


class GeminiAdapter(ModuleAdapter):
    """The Gemini API. Pure: every method maps values, none does I/O."""

    name = "gemini"
    provider = "gemini"
    manifest = MANIFEST
    paths = PATHS
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    default_base_url = "https://generativelanguage.googleapis.com"
    request_oracle = "wirechat.testing.gemini_oracle:GenerateContentBody"
    """google-genai's models of the body's pieces, which the gate validates bodies against."""
    error_cases = errors.ERROR_CASES
    fixtures_dir = recorded_dir(__file__)
    api_key_env = "GEMINI_API_KEY"

    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        return embed.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        return embed.decode_embed_response(body)

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {"x-goog-api-key": api_key}

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        return dict(body)  # streaming is chosen by the URL (request_target), not by a body member

    def request_target(self, kind: RequestKind, body: Mapping[str, Any], *, stream: bool) -> tuple[str, dict[str, Any]]:
        """The path (with the model, and ``alt=sse`` for a stream) and the body to send: a chat body's
        ``model`` moves into the path; an embeddings body names it in each item."""
        sent = dict(body)
        if kind == "chat":
            model = sent.pop("model", None)
            method = "streamGenerateContent?alt=sse" if stream else "generateContent"
        elif kind == "embed":
            items = sent.get("requests") or [{}]
            model = items[0].get("model")
            method = "batchEmbedContents"
        else:
            raise ConversionRefused("endpoint", f"no endpoint for {kind!r}; known: {', '.join(self.paths)}")
        if not isinstance(model, str) or not model:
            raise ConversionRefused("model.absent", "the model is part of the Gemini URL: set the request's model")
        return f"/{API_VERSION}/{quote(embed.model_path(model), safe='/')}:{method}", sent


ADAPTER = GeminiAdapter()
