"""Finish reasons for any adapter, driven by the manifest's tables (spec section 8): the raw value is
always kept, an unknown value is ``other`` (never ``stop``), and ``tool_calls`` needs a tool call."""

from __future__ import annotations

from pydantic import MISSING

from wirechat._generated.models import FinishReason
from wirechat.adapters._contract import Manifest
from wirechat.adapters._conversion import Conversion

__all__ = ["decode_finish", "encode_finish"]


def decode_finish(raw: str | None, manifest: Manifest, *, has_tool_calls: bool) -> FinishReason:
    """The canonical finish reason for a provider value (None: the provider gave none)."""
    if raw is None:
        return FinishReason(kind="other")
    kind = manifest.finish_reasons.get(raw, "other")
    if kind == "tool_calls" and not has_tool_calls:
        kind = "other"
    return FinishReason(kind=kind, raw=raw)  # type: ignore[arg-type]


def encode_finish(reason: FinishReason, manifest: Manifest, conv: Conversion, where: str) -> str:
    """The provider value for a canonical finish reason: the raw value when it is the provider's own for
    that kind, else the provider's value for the kind, else the raw value (or the kind's name) as is."""
    raw = None if reason.raw is MISSING else reason.raw
    if raw is not None and manifest.finish_reasons.get(raw) == reason.kind:
        return raw
    conv.degrade("finish_reason.raw_foreign", where)
    if reason.kind in manifest.finish_defaults:
        return manifest.finish_defaults[reason.kind]
    return raw if raw is not None else reason.kind
