"""The ``openai-chat`` adapter: OpenAI Chat Completions (``POST /v1/chat/completions``), plus the optional
embeddings (``POST /v1/embeddings``, module ``embed``) and legacy completions (``POST /v1/completions``,
module ``complete``) codecs.

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream``, ``usage``, ``finish``, ``errors``, ``manifest``; this module
binds them into the ``ADAPTER`` object the registry hands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse
from wirechat._tables import openai_chat as tables
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters.openai_chat import complete, embed, errors, request_decode, request_encode, response, stream

__all__ = ["ADAPTER", "OpenAIChatAdapter"]


class OpenAIChatAdapter(ModuleAdapter):
    """OpenAI Chat Completions. Pure: every method maps values, none does I/O."""

    name, provider, manifest = tables.NAME, tables.PROVIDER, tables.MANIFEST
    paths, stream_body, auth_header_templates = tables.PATHS, tables.STREAM_BODY, tables.AUTH_HEADERS
    default_base_url, api_key_env, request_oracle = tables.BASE_URL, tables.API_KEY_ENV, tables.REQUEST_ORACLE
    """The official request type the gate validates bodies against (``module:attribute``)."""
    error_cases = tables.ERROR_CASES
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    fixtures_dir = recorded_dir(__file__)

    # optional capabilities (wirechat.adapters.EmbedCodec, CompleteCodec)
    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        return embed.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        return embed.decode_embed_response(body)

    def encode_complete_request(self, request_: CompleteRequest) -> dict[str, Any]:
        return complete.encode_complete_request(request_, self.name)

    def decode_complete_response(self, body: Mapping[str, Any]) -> CompleteResponse:
        return complete.decode_complete_response(body)


ADAPTER = OpenAIChatAdapter()
