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
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters.openai_chat import complete, embed, errors, request_decode, request_encode, response, stream
from wirechat.adapters.openai_chat.manifest import MANIFEST

__all__ = ["ADAPTER", "OpenAIChatAdapter"]

PATHS = {"chat": "/v1/chat/completions", "embed": "/v1/embeddings", "complete": "/v1/completions"}


class OpenAIChatAdapter(ModuleAdapter):
    """OpenAI Chat Completions. Pure: every method maps values, none does I/O."""

    name = "openai-chat"
    provider = "openai"
    manifest = MANIFEST
    paths = PATHS
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    default_base_url = "https://api.openai.com"
    request_oracle = "openai.types.chat.completion_create_params:CompletionCreateParamsNonStreaming"
    """The official SDK request type the gate validates bodies against."""
    error_cases = errors.ERROR_CASES
    fixtures_dir = recorded_dir(__file__)
    api_key_env = "OPENAI_API_KEY"

    # optional capabilities (wirechat.adapters.EmbedCodec, CompleteCodec)
    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        return embed.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Mapping[str, Any]) -> EmbedResponse:
        return embed.decode_embed_response(body)

    def encode_complete_request(self, request_: CompleteRequest) -> dict[str, Any]:
        return complete.encode_complete_request(request_, self.name)

    def decode_complete_response(self, body: Mapping[str, Any]) -> CompleteResponse:
        return complete.decode_complete_response(body)

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {"authorization": f"Bearer {api_key}"}

    def stream_request_flags(self, body: Mapping[str, Any]) -> dict[str, Any]:
        flagged = super().stream_request_flags(body)
        options = dict(flagged.get("stream_options") or {})
        options["include_usage"] = True  # the usage chunk arrives only when asked for
        flagged["stream_options"] = options
        return flagged


ADAPTER = OpenAIChatAdapter()
