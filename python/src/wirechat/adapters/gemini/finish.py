"""Gemini ``finishReason`` values (``STOP``, ``MAX_TOKENS``, ``SAFETY``, ... every value of google-genai 3.x)
to canonical ones and back; the table lives in the manifest. Gemini has no tool-call reason: a function
call ends with ``STOP``, kind ``stop``."""

from __future__ import annotations

from wirechat._generated.models import FinishReason
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._finish import decode_finish, encode_finish
from wirechat.adapters.gemini.manifest import MANIFEST

__all__ = ["decode", "encode"]


def decode(raw: str | None, *, has_tool_calls: bool) -> FinishReason:
    return decode_finish(raw, MANIFEST, has_tool_calls=has_tool_calls)


def encode(reason: FinishReason, conv: Conversion, where: str = "/finish_reason") -> str:
    return encode_finish(reason, MANIFEST, conv, where)
