"""The ``openai-responses`` adapter: OpenAI Responses (``POST /v1/responses``).

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream`` (its encoder in ``stream_encode``), ``usage``, ``finish``,
``errors``, ``manifest``; this module binds them into the ``ADAPTER`` object the registry hands out.
``gate_reductions`` tells the gate what this format's own manifest features do to a document. The
Responses API has no embeddings or text-completion call: ``endpoint_path`` refuses them and the adapter
offers neither codec, so ``Client.embed`` / ``Client.complete`` raise ``UnsupportedCallError``.
"""

from __future__ import annotations

from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters.openai_responses import (
    errors,
    gate_reductions,
    request_decode,
    request_encode,
    response,
    stream,
)
from wirechat.adapters.openai_responses.manifest import MANIFEST

__all__ = ["ADAPTER", "OpenAIResponsesAdapter"]

PATHS = {"chat": "/v1/responses"}


class OpenAIResponsesAdapter(ModuleAdapter):
    """OpenAI Responses. Pure: every method maps values, none does I/O."""

    name = "openai-responses"
    provider = "openai"
    manifest = MANIFEST
    paths = PATHS
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    default_base_url = "https://api.openai.com"
    request_oracle = "openai.types.responses.response_create_params:ResponseCreateParamsNonStreaming"
    """The official SDK request type the gate validates bodies against."""
    error_cases = errors.ERROR_CASES
    fixtures_dir = recorded_dir(__file__)
    api_key_env = "OPENAI_API_KEY"
    gate_reductions = gate_reductions
    """What this adapter's own manifest features do to a document (``wirechat.testing.gate_expected``)."""

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {"authorization": f"Bearer {api_key}"}


ADAPTER = OpenAIResponsesAdapter()
