"""The ``querymt`` adapter: QueryMT's Extism plugin interface (decision 014), the JSON a QueryMT provider
plugin's ``chat``, ``embed`` and ``complete`` exports take and return. A plugin format, not an HTTP API:
no endpoint, no credentials; ``wirechat.transport.plugin`` runs the plugin (``wirechat.Client("querymt",
plugin="provider.wasm", config={...})``) and this adapter translates.

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream``, ``usage``, ``finish``, ``errors``, ``manifest``, plus
``calls`` for embed and complete; this module binds them into ``ADAPTER``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse
from wirechat._tables import querymt as tables
from wirechat.adapters._binding import ModuleAdapter
from wirechat.adapters.querymt import (
    calls,
    errors,
    gate_reductions,
    request_decode,
    request_encode,
    response,
    stream,
)

__all__ = ["ADAPTER", "QueryMTAdapter"]


class QueryMTAdapter(ModuleAdapter):
    """QueryMT Extism plugins. Pure: every method maps values, none does I/O."""

    name, provider, manifest = tables.NAME, tables.PROVIDER, tables.MANIFEST
    paths, stream_body, auth_header_templates = tables.PATHS, tables.STREAM_BODY, tables.AUTH_HEADERS
    default_base_url, api_key_env, request_oracle = tables.BASE_URL, tables.API_KEY_ENV, tables.REQUEST_ORACLE
    """QueryMT's ExtismChatRequest as TypedDicts. No paths, no auth: a plugin is called through its exports
    (``wirechat.transport.plugin``), not over HTTP."""
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    error_cases = tables.ERROR_CASES
    fixtures_dir = None
    gate_reductions = gate_reductions
    """The gate's model of ``message.shape``, this format's own feature."""

    def encode_embed_request(self, request_: EmbedRequest) -> dict[str, Any]:
        return calls.encode_embed_request(request_, self.name)

    def decode_embed_response(self, body: Any) -> EmbedResponse:
        return calls.decode_embed_response(body)

    def encode_complete_request(self, request_: CompleteRequest) -> dict[str, Any]:
        return calls.encode_complete_request(request_, self.name)

    def decode_complete_response(self, body: Mapping[str, Any]) -> CompleteResponse:
        return calls.decode_complete_response(body)


ADAPTER = QueryMTAdapter()
