"""The ``anthropic`` adapter: Anthropic Messages (``POST /v1/messages``, API version 2026-10-21).

The same module set as every adapter (``wirechat.adapters._module_set``): ``shapes``, ``request_encode``,
``request_decode``, ``response``, ``stream``, ``usage``, ``finish``, ``errors``, ``manifest``; this module
binds them into the ``ADAPTER`` object the registry hands out.
"""

from __future__ import annotations

from wirechat._tables import anthropic as tables
from wirechat.adapters._binding import ModuleAdapter, recorded_dir
from wirechat.adapters.anthropic import errors, request_decode, request_encode, response, stream

__all__ = ["ADAPTER", "AnthropicAdapter"]


class AnthropicAdapter(ModuleAdapter):
    """Anthropic Messages. Pure: every method maps values, none does I/O."""

    name, provider, manifest = tables.NAME, tables.PROVIDER, tables.MANIFEST
    paths, stream_body, auth_header_templates = tables.PATHS, tables.STREAM_BODY, tables.AUTH_HEADERS
    default_base_url, api_key_env, request_oracle = tables.BASE_URL, tables.API_KEY_ENV, tables.REQUEST_ORACLE
    """The official request type the gate validates bodies against (``module:attribute``)."""
    error_cases = tables.ERROR_CASES
    request_encode_module, request_decode_module = request_encode, request_decode
    response_module, stream_module, errors_module = response, stream, errors
    fixtures_dir = recorded_dir(__file__)


ADAPTER = AnthropicAdapter()
