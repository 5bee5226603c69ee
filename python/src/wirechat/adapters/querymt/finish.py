"""QueryMT's ``FinishReason`` (``"Stop"``, ``"Length"``, ``"ContentFilter"``, ``"ToolCalls"``, ``"Error"``,
``"Other"``, ``"Unknown"``) to canonical finish reasons and back; the table is the manifest's. A reply
without one (plugins built before QueryMT added the member) is derived: ``tool_calls`` when it calls
tools, else ``other``, with no raw value."""

from __future__ import annotations

from wirechat._generated.models import FinishReason
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._finish import decode_finish, encode_finish
from wirechat.adapters.querymt.manifest import MANIFEST

__all__ = ["decode", "encode"]


def decode(raw: str | None, *, has_tool_calls: bool) -> FinishReason:
    if raw is None:
        return FinishReason(kind="tool_calls" if has_tool_calls else "other")
    return decode_finish(raw, MANIFEST, has_tool_calls=has_tool_calls)


def encode(reason: FinishReason, conv: Conversion, where: str = "/finish_reason") -> str:
    return encode_finish(reason, MANIFEST, conv, where)
