"""What this adapter's own manifest features do to a canonical document, for the gate's expectations.

The shared walk (``wirechat.testing.gate_expected``) knows the shared feature vocabulary; the Responses
format adds three features of its own, and this module states their reductions from the manifest's
descriptions (not from the encoder), after the shared walk has run:

* ``reasoning.own_no_id``: OpenAI reasoning without a signature (the item id) is dropped, when the manifest
  degrades it (this adapter writes such reasoning, its encrypted content, without an id: lossless).
* ``message.assistant_merged``: adjacent assistant messages merge into one.
* ``finish_reason.tool_calls_inferred``: a ``completed`` reply with tool calls reads back as ``tool_calls``.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["request", "response"]


class Walk(Protocol):
    """The part of the gate's walk this module uses."""

    provider: str
    manifest: Any
    result: Any

    def use(self, feature: str) -> bool: ...


def _without_unreplayable(walk: Walk, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    kept = []
    for part in parts:
        reasoning = part.get("reasoning") if part["type"] == "reasoning" else None
        own = isinstance(reasoning, dict) and reasoning.get("issuer") == walk.provider
        if own and "signature" not in (reasoning or {}) and walk.use("reasoning.own_no_id"):
            continue
        kept.append(part)
    return kept


def request(walk: Walk, document: dict[str, Any]) -> None:
    messages: list[dict[str, Any]] = []
    for message in document["messages"]:
        if message["role"] != "assistant":
            messages.append(message)
            continue
        message["parts"] = _without_unreplayable(walk, message["parts"])
        previous = messages[-1] if messages else None
        if previous is not None and previous["role"] == "assistant":
            walk.use("message.assistant_merged")
            previous["parts"] += message["parts"]
        else:
            messages.append(message)
    document["messages"] = messages


def response(walk: Walk, document: dict[str, Any], original_finish: dict[str, Any]) -> None:
    parts = document["message"]["parts"] = _without_unreplayable(walk, document["message"]["parts"])
    has_calls = any(part["type"] == "tool_call" for part in parts)
    manifest = walk.manifest
    walk.result.degraded.discard("finish_reason.raw_foreign")
    raw, kind = original_finish.get("raw"), original_finish["kind"]
    if kind == "other" and raw is None:  # no status is written, and none reads back as other
        document["finish_reason"] = {"kind": "other"}
        return
    if (kind == "tool_calls" and raw == "completed") or (raw is not None and manifest.finish_reasons.get(raw) == kind):
        sent = raw
    else:
        walk.use("finish_reason.raw_foreign")
        sent = manifest.finish_defaults.get(kind) or (raw if raw is not None else kind)
    if sent == "completed" and has_calls:
        if kind != "tool_calls":
            walk.use("finish_reason.tool_calls_inferred")
        document["finish_reason"] = {"kind": "tool_calls", "raw": sent}
        return
    new_kind = manifest.finish_reasons.get(sent, "other")
    document["finish_reason"] = {"kind": "other" if new_kind == "tool_calls" else new_kind, "raw": sent}
