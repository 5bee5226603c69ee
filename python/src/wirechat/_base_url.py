"""Where a client sends its calls: ``base_url`` from the argument, else from the provider SDK's own
environment variable, else the adapter's default; then fitted to the adapter's endpoint paths.

The convention (``docs/decisions/030-everyday-surface.md``): ``base_url`` is the server's root, without
the API version, as the adapter contract's ``default_base_url`` is (``https://api.openai.com``,
``https://api.anthropic.com``); the endpoint path brings the version (``/v1/chat/completions``). The other
form, ending in the version (``https://api.openai.com/v1``, the way the OpenAI SDK and ``OPENAI_BASE_URL``
write it), is accepted: the version is not repeated, so no call goes to ``/v1/v1/...``. An
``openai-compatible`` profile's endpoint paths carry no version (its servers put it in varying prefixes,
``/openai/v1``, ``/api/v1``), so its ``base_url`` is the prefix the server documents, version included.

Environment variables are read only where the provider's own SDK reads one (``BASE_URL_ENV``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from wirechat.adapters import Adapter, ConversionRefused

__all__ = ["BASE_URL_ENV", "BaseUrlEnv", "resolve_base_url"]


@dataclass(frozen=True)
class BaseUrlEnv:
    """A provider SDK's base-URL variable: its ``name``, the ``prefix`` that SDK adds to the value before
    its endpoint paths (where wirechat's profile holds it in the base URL instead), and the ``source``
    that shows the SDK reading it."""

    name: str
    source: str
    prefix: str = ""


_OPENAI = BaseUrlEnv("OPENAI_BASE_URL", "openai 3.54.0, openai/lib/_client_auth.py (OpenAI.__init__)")
BASE_URL_ENV: dict[str, BaseUrlEnv] = {
    "openai-chat": _OPENAI,
    "openai-responses": _OPENAI,
    "anthropic": BaseUrlEnv("ANTHROPIC_BASE_URL", "anthropic 2.12.0, anthropic/_client.py (Anthropic.__init__)"),
    "gemini": BaseUrlEnv("GOOGLE_GEMINI_BASE_URL", "google-genai 3.6.1, google/genai/_base_url.py (get_base_url)"),
    "openai-compatible:groq": BaseUrlEnv(
        "GROQ_BASE_URL",
        "groq-python, src/groq/_client.py (Groq.__init__; its default https://api.groq.com)",
        "/openai/v1",
    ),
}
"""Adapter name -> the base-URL variable its provider's SDK reads. None is read for DeepSeek, OpenRouter,
Ollama (``OLLAMA_HOST`` is the native API's host, not the OpenAI-compatible one) or the local servers."""

_VERSION = re.compile(r"v\d+[a-z0-9]*")


def resolve_base_url(adapter: Adapter, base_url: str | None) -> str:
    """The base URL for ``adapter``: ``base_url``, else the SDK's variable, else ``default_base_url``;
    without a trailing ``/`` and without the version segment its endpoint paths begin with."""
    chosen = base_url or _from_env(adapter.name) or adapter.default_base_url
    chosen = chosen.rstrip("/")
    version = _leading_version(adapter)
    if version and chosen.endswith("/" + version):
        chosen = chosen[: -len(version) - 1]
    return chosen


def _from_env(name: str) -> str | None:
    variable = BASE_URL_ENV.get(name)
    value = os.environ.get(variable.name, "").strip() if variable else ""
    if not variable or not value:
        return None
    value = value.rstrip("/")
    return value if not variable.prefix or value.endswith(variable.prefix) else value + variable.prefix


def _leading_version(adapter: Adapter) -> str | None:
    """``v1`` for an adapter whose chat path is ``/v1/...``; None when the path has no version first."""
    try:
        path = adapter.endpoint_path("chat")
    except ConversionRefused:
        return None
    first = path.lstrip("/").partition("/")[0]
    return first if _VERSION.fullmatch(first) else None
