"""Finish reasons of OpenAI-compatible servers: OpenAI's table plus the profile's own spellings
(``insufficient_system_resource`` from DeepSeek, ``abort`` from vLLM, ``error`` from OpenRouter, all of
kind ``error``); an unknown value (Ollama passes its ``done_reason`` through) is ``other``, raw kept."""

from __future__ import annotations

from wirechat._generated.models import FinishReason
from wirechat.adapters._contract import Manifest
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._finish import decode_finish, encode_finish
from wirechat.adapters.openai_compatible.manifest import MANIFEST

__all__ = ["decode", "encode"]


def decode(raw: str | None, *, has_tool_calls: bool, manifest: Manifest = MANIFEST) -> FinishReason:
    return decode_finish(raw, manifest, has_tool_calls=has_tool_calls)


def encode(reason: FinishReason, conv: Conversion, where: str = "/finish_reason") -> str:
    """The value sent (the table is ``conv.manifest``'s, the profile's)."""
    return encode_finish(reason, conv.manifest, conv, where)
