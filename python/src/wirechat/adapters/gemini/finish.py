"""Gemini ``finishReason`` values (``STOP``, ``MAX_TOKENS``, ``SAFETY``, ... every value of google-genai 3.x)
to canonical ones and back; the table lives in the manifest. Gemini has no tool-call reason: a function
call ends with ``STOP``, kind ``stop``. A reason sent as an enum number reads as its name (``raw_name``); the
number itself stays in the candidate's ``provider_metadata``, which a reply is written back with."""

from __future__ import annotations

from wirechat._generated.models import FinishReason
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._finish import decode_finish, encode_finish
from wirechat.adapters.gemini.manifest import MANIFEST

__all__ = ["decode", "encode", "raw_name"]

_NUMBERS = {0: "FINISH_REASON_UNSPECIFIED", 1: "STOP", 2: "MAX_TOKENS", 3: "SAFETY", 4: "RECITATION", 5: "OTHER"}
"""The enum numbers a body sent with integer enums (Vertex AI's ``enum-encoding=int``) uses for a finish reason,
where the Gemini API's and Vertex AI's enums agree (they part after 5; a higher number has no name here)."""


def raw_name(value: object) -> str | None:
    """A candidate's ``finishReason`` as Gemini names it: the name itself, or the name of an enum number."""
    if isinstance(value, str):
        return value
    if type(value) is int:
        return _NUMBERS.get(value)
    return None


def decode(raw: str | None, *, has_tool_calls: bool) -> FinishReason:
    return decode_finish(raw, MANIFEST, has_tool_calls=has_tool_calls)


def encode(reason: FinishReason, conv: Conversion, where: str = "/finish_reason") -> str:
    return encode_finish(reason, MANIFEST, conv, where)
