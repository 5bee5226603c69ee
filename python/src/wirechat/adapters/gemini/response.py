"""Gemini ``GenerateContentResponse`` bodies <-> canonical ``ChatResponse``.

The first candidate is the reply: its parts map in order (``shapes``); ``finishReason`` is kept raw; its
other members (``safetyRatings``, ``citationMetadata``, ``groundingMetadata``, ``avgLogprobs``...) go to
``provider_metadata.gemini.candidate``, and the body's own (``promptFeedback``, further candidates, the
raw rest of ``usageMetadata``) beside it. ``responseId`` is the id, ``modelVersion`` the model. A prompt
blocked before any candidate has ``promptFeedback.blockReason`` as its finish reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ChatResponse
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, get_list, metadata_for
from wirechat.adapters.gemini import finish, usage
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.shapes import PROVIDER, decode_part, encode_model_parts

__all__ = ["decode_candidate", "decode_response", "encode_response", "split_body"]

_CANDIDATE_OWN = ("content", "finishReason", "index")
_BODY_OWN = ("candidates", "usageMetadata", "modelVersion", "responseId")


def split_body(body: Mapping[str, Any], where: str = "") -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The first candidate (None when there is none) and the members for ``provider_metadata``: the
    candidate's own rest under ``candidate``, the body's rest by name (``candidates`` for further ones)."""
    candidates = get_list(body, "candidates", where, required=False) or []
    metadata = {key: value for key, value in body.items() if key not in _BODY_OWN and value is not None}
    if len(candidates) > 1:
        metadata["candidates"] = candidates[1:]
    if not candidates:
        return None, metadata
    candidate = candidates[0]
    if not isinstance(candidate, Mapping):
        raise ValueError(f"{where}/candidates/0: expected a candidate object")
    rest = {key: value for key, value in candidate.items() if key not in _CANDIDATE_OWN and value is not None}
    if candidate.get("index") not in (None, 0):
        rest["index"] = candidate["index"]
    if rest:
        metadata["candidate"] = rest
    return dict(candidate), metadata


def decode_candidate(candidate: Mapping[str, Any], where: str, first_call: int = 0) -> list[dict[str, Any]]:
    """The canonical parts of a candidate's content (function calls without an id numbered from
    ``first_call``)."""
    content = candidate.get("content")
    if content is None:
        return []
    if not isinstance(content, Mapping):
        raise ValueError(f"{where}/content: expected a content object")
    role = content.get("role", "model")
    if role != "model":
        raise ValueError(f"{where}/content/role: expected model, got {role!r}")
    raw_parts = get_list(content, "parts", f"{where}/content", required=False) or []
    parts: list[dict[str, Any]] = []
    k = first_call
    for j, raw in enumerate(raw_parts):
        parts += decode_part(raw, f"{where}/content/parts/{j}", call_index=k)
        if isinstance(raw, Mapping) and "functionCall" in raw:
            k += 1
    return parts


def _finish_raw(candidate: Mapping[str, Any] | None, metadata: Mapping[str, Any]) -> str | None:
    if candidate is not None:
        raw = candidate.get("finishReason")
        return raw if isinstance(raw, str) else None
    feedback = metadata.get("promptFeedback")
    reason = feedback.get("blockReason") if isinstance(feedback, Mapping) else None
    return reason if isinstance(reason, str) else None


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    candidate, metadata = split_body(body)
    parts = decode_candidate(candidate, "/candidates/0") if candidate is not None else []
    has_calls = any(part["type"] == "tool_call" for part in parts)
    fields: dict[str, Any] = {
        "message": {"role": "assistant", "parts": parts},
        "finish_reason": finish.decode(_finish_raw(candidate, metadata), has_tool_calls=has_calls),
    }
    if isinstance(body.get("usageMetadata"), Mapping):
        fields["usage"], extra = usage.decode(body["usageMetadata"])
        if extra:
            metadata["usage"] = extra
    if isinstance(body.get("responseId"), str) and body["responseId"]:
        fields["id"] = body["responseId"]
    if isinstance(body.get("modelVersion"), str) and body["modelVersion"]:
        fields["model"] = body["modelVersion"]
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    return ChatResponse.model_validate(fields)


def encode_response(response: ChatResponse, warnings: list[ConversionWarning] | None = None) -> dict[str, Any]:
    conv = Conversion(MANIFEST, warnings)
    message = response.message
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            conv.degrade("response.message_members", f"/message/{name}")
    parts = encode_model_parts(list(message.parts), "/message/parts", conv, reply=True)
    own, foreign = metadata_for(response.provider_metadata, PROVIDER)
    if foreign:
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts},
                                 "finishReason": finish.encode(response.finish_reason, conv), "index": 0}  # fmt: skip
    candidate.update(own.pop("candidate", {}) or {})
    body: dict[str, Any] = {"candidates": [candidate, *(own.pop("candidates", []) or [])]}
    extra = own.pop("usage", None)
    if response.usage is not MISSING:
        body["usageMetadata"] = usage.encode(response.usage, conv, extra)
    if response.model is not MISSING:
        body["modelVersion"] = response.model
    if response.id is not MISSING:
        body["responseId"] = response.id
    body.update(own)
    return body
