"""The ``openai-responses`` adapter: OpenAI Responses (``POST /v1/responses``).

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream`` (its encoder in ``stream_encode``), ``usage``, ``finish``,
``errors``, ``manifest``; this module binds them into the ``ADAPTER`` object the registry hands out.
``gate_reductions`` tells the gate what this format's own manifest features do to a document. The
Responses API has no embeddings or text-completion call: ``endpoint_path`` refuses them and the adapter
offers neither codec, so ``Client.embed`` / ``Client.complete`` raise ``UnsupportedCallError``.
"""

from __future__ import annotations

from wirechat._tables import openai_responses as tables
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters.openai_responses import (
    errors,
    gate_reductions,
    request_decode,
    request_encode,
    response,
    stream,
)

__all__ = ["ADAPTER", "OpenAIResponsesAdapter"]


class OpenAIResponsesAdapter(ModuleAdapter):
    """OpenAI Responses. Pure: every method maps values, none does I/O."""

    name, provider, manifest = tables.NAME, tables.PROVIDER, tables.MANIFEST
    paths, stream_body, auth_header_templates = tables.PATHS, tables.STREAM_BODY, tables.AUTH_HEADERS
    default_base_url, api_key_env, request_oracle = tables.BASE_URL, tables.API_KEY_ENV, tables.REQUEST_ORACLE
    """The official request type the gate validates bodies against (``module:attribute``)."""
    error_cases = tables.ERROR_CASES
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    fixtures_dir = recorded_dir(__file__)
    gate_reductions = gate_reductions
    """What this adapter's own manifest features do to a document (``wirechat.testing.gate_expected``)."""


ADAPTER = OpenAIResponsesAdapter()
