"""The ``anthropic`` adapter: Anthropic Messages (``POST /v1/messages``, API version 2026-10-21).

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream``, ``usage``, ``finish``, ``errors``, ``manifest``; this module
binds them into the ``ADAPTER`` object the registry hands out.
"""

from __future__ import annotations

from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters.anthropic import errors, request_decode, request_encode, response, stream
from wirechat.adapters.anthropic.manifest import MANIFEST

__all__ = ["ADAPTER", "AnthropicAdapter"]

PATHS = {"chat": "/v1/messages", "complete": "/v1/complete"}
API_VERSION = "2026-10-21"


class AnthropicAdapter(ModuleAdapter):
    """Anthropic Messages. Pure: every method maps values, none does I/O."""

    name = "anthropic"
    provider = "anthropic"
    manifest = MANIFEST
    paths = PATHS
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    default_base_url = "https://api.anthropic.com"
    request_oracle = "anthropic.types.message_create_params:MessageCreateParamsNonStreaming"
    """The official SDK request type the gate validates bodies against."""
    error_cases = errors.ERROR_CASES
    fixtures_dir = recorded_dir(__file__)
    api_key_env = "ANTHROPIC_API_KEY"

    def auth_headers(self, api_key: str) -> dict[str, str]:
        return {"x-api-key": api_key, "anthropic-version": API_VERSION}


ADAPTER = AnthropicAdapter()
