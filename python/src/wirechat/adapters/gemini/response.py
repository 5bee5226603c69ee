"""Gemini ``GenerateContentResponse`` bodies <-> canonical ``ChatResponse``.

The first candidate is the reply: its parts map in order (``shapes``); ``finishReason`` is kept raw; its
other members (``safetyRatings``, ``citationMetadata``, ``groundingMetadata``, ``avgLogprobs``...) go to
``provider_metadata.gemini.candidate``, and the body's own (``promptFeedback``, further candidates, the
raw rest of ``usageMetadata``) beside it. ``responseId`` is the id, ``modelVersion`` the model. A prompt
blocked before any candidate has ``promptFeedback.blockReason`` as its finish reason. The grounding
metadata is also read as citations on the reply's text (``grounding``). A member of the content or its
parts that is neither mapped nor kept is reported (``provider.unmapped``, with its pointer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ChatResponse, TextPart
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, get_list, metadata_for
from wirechat.adapters.gemini import finish, grounding, usage
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.provider_parts import CodeIds
from wirechat.adapters.gemini.shapes import PROVIDER, content_warnings, decode_part, encode_model_parts

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
    if candidate.get("finishReason") is not None and not isinstance(candidate["finishReason"], str):
        rest["finishReason"] = candidate["finishReason"]  # an enum number: read by its name, kept as sent
    if candidate.get("index") not in (None, 0):
        rest["index"] = candidate["index"]
    if rest:
        metadata["candidate"] = rest
    return dict(candidate), metadata


def decode_candidate(candidate: Mapping[str, Any], where: str, conv: Conversion | None = None) -> list[dict[str, Any]]:
    """The canonical parts of a candidate's content; members neither mapped nor kept are reported to ``conv``."""
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
    k, codes = 0, CodeIds()
    for j, raw in enumerate(raw_parts):
        parts += decode_part(raw, f"{where}/content/parts/{j}", call_index=k, codes=codes)
        if isinstance(raw, Mapping) and "functionCall" in raw:
            k += 1
    if conv is not None:
        for feature, pointer in content_warnings(content, f"{where}/content"):
            conv.degrade(feature, pointer)
    return parts


def _finish_raw(candidate: Mapping[str, Any] | None, metadata: Mapping[str, Any]) -> str | None:
    if candidate is not None:
        return finish.raw_name(candidate.get("finishReason"))
    feedback = metadata.get("promptFeedback")
    reason = feedback.get("blockReason") if isinstance(feedback, Mapping) else None
    return reason if isinstance(reason, str) else None


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    candidate, metadata = split_body(body)
    parts: list[dict[str, Any]] = []
    if candidate is not None:
        parts = decode_candidate(candidate, "/candidates/0", Conversion(MANIFEST, warnings))
        grounding.attach(parts, candidate.get("groundingMetadata"))
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
    own, foreign = metadata_for(response.provider_metadata, PROVIDER)
    parts = encode_model_parts(_without_read_citations(response, own), "/message/parts", conv, reply=True)
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


def _without_read_citations(response: ChatResponse, own: Mapping[str, Any]) -> list[Any]:
    """The reply's parts, with the text part's citations left out when they are exactly the reading of the
    ``groundingMetadata`` the reply is written with (``grounding``): that metadata carries them."""
    parts = list(response.message.parts)
    candidate = own.get("candidate")
    if not isinstance(candidate, Mapping) or "groundingMetadata" not in candidate:
        return parts
    bare = [part.model_dump(mode="json", by_alias=True, exclude={"citations"}) for part in parts]
    grounding.attach(bare, candidate["groundingMetadata"])
    for j, part in enumerate(parts):
        if isinstance(part, TextPart) and part.citations is not MISSING:
            read = bare[j].get("citations")
            if read is not None and [c.model_dump(mode="json", by_alias=True) for c in part.citations] == read:
                parts[j] = TextPart.model_validate(part.model_dump(mode="json", by_alias=True, exclude={"citations"}))
    return parts
