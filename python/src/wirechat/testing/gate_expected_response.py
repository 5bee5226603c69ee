"""What a response round trip through an adapter must give back (``expect_response``), from its manifest
alone: the finish reason as the adapter can carry it, usage and message members reduced as each degraded
feature says. The request side and the shared walk are in ``gate_expected``.
"""

from __future__ import annotations

from typing import Any

from wirechat.adapters._contract import Adapter
from wirechat.testing.gate_expected import Expectation, Walk

__all__ = ["expect_response"]


def _finish(walk: Walk, reason: dict[str, Any], has_calls: bool) -> dict[str, Any]:
    manifest = walk.manifest
    raw, kind = reason.get("raw"), reason["kind"]
    if raw is not None and manifest.finish_reasons.get(raw) == kind:
        return reason
    walk.use("finish_reason.raw_foreign")
    sent = manifest.finish_defaults.get(kind) or (raw if raw is not None else kind)
    new_kind = manifest.finish_reasons.get(sent, "other")
    if new_kind == "tool_calls" and not has_calls:
        new_kind = "other"
    return {"kind": new_kind, "raw": sent}


def expect_response(adapter: Adapter, document: dict[str, Any]) -> Expectation:
    """The refusals, degradations and reduced document for a canonical response (a JSON object)."""
    walk = Walk(adapter)
    original_finish = dict(document["finish_reason"])
    message = document["message"]
    for member in ("name", "id", "provider_metadata"):
        if member in message and walk.use("response.message_members"):
            del message[member]
    message["parts"] = walk.assistant_parts(message["parts"], reply=True)
    has_calls = any(p["type"] == "tool_call" for p in message["parts"])
    document["finish_reason"] = _finish(walk, document["finish_reason"], has_calls)
    usage = document.get("usage")
    if usage is None:
        if walk.use("usage.absent"):
            document["usage"] = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
    else:
        walk.use("usage")
        if any(k in usage for k in ("model", "latency_ms", "cost_micros")) and walk.use("usage.extra"):
            for key in ("model", "latency_ms", "cost_micros"):
                usage.pop(key, None)
        for key in ("latency_ms", "cost_micros"):
            if usage.get(key) == 0 and walk.use("zero_values"):
                del usage[key]
        dropped = [k for k in ("cache_read_input_tokens", "cache_write_input_tokens")
                   if k not in walk.manifest.usage_cache_kept]  # fmt: skip
        if any(k in usage for k in dropped) and walk.use("usage.cache"):
            for key in dropped:
                usage.pop(key, None)
        if "reasoning_output_tokens" in usage and walk.use("usage.reasoning"):
            del usage["reasoning_output_tokens"]
    for member in ("id", "model"):
        if member in document and walk.use(f"response.{member}"):
            del document[member]
    metadata = document.get("provider_metadata")
    foreign = metadata is not None and any(key != walk.provider for key in metadata)
    if foreign and walk.use("response.provider_metadata.foreign"):
        own = {k: v for k, v in (metadata or {}).items() if k == walk.provider}
        if own:
            document["provider_metadata"] = own
        else:
            del document["provider_metadata"]
    own_reductions = getattr(adapter, "gate_reductions", None)  # a format's own manifest features
    if own_reductions is not None:
        own_reductions.response(walk, document, original_finish)
    walk.result.document = document
    return walk.result
