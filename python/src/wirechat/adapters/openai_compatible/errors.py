"""Errors of OpenAI-compatible servers: OpenAI's body (``{"error": {message, type, param, code}}``), which
Ollama, vLLM, llama-server, LM Studio, DeepSeek, Groq and OpenRouter all send, read by
``openai_chat.errors``; ``ERROR_CASES`` adds the types these servers use beside OpenAI's (Ollama's
``api_error`` and ``not_found_error``); a bare ``{"error": "text"}`` (some llama.cpp and Ollama
builds) keeps its text as the message, and the flat ``{"object": "error", "message", "type", "code"}`` that
vLLM and Mistral send is read as that object inside ``error``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import Error
from wirechat._tables.openai_compatible import ERROR_CASES
from wirechat.adapters._errors import parse_body
from wirechat.adapters.openai_chat import errors as openai_errors
from wirechat.adapters.openai_chat.errors import encode_error

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    """OpenAI's reading, with a bare ``{"error": "text"}`` read as ``{"error": {"message": "text"}}`` and a flat
    ``{"object": "error", ...}`` as ``{"error": {...}}``."""
    parsed = parse_body(body)
    if parsed is not None and isinstance(parsed.get("error"), str):
        body = {**parsed, "error": {"message": parsed["error"]}}
    elif parsed is not None and parsed.get("object") == "error" and "error" not in parsed:
        body = {"error": {key: value for key, value in parsed.items() if key != "object"}}
    return openai_errors.decode_error(status, headers, body)
