"""OpenAI-compatible ``chat.completion`` bodies <-> canonical ``ChatResponse``: openai-chat's codec with
the profile's quirks around it.

Decoding: the reasoning text (``reasoning_content`` / ``reasoning``, per profile) becomes a reasoning part
put first; a tool call without an id gets the id of ``shapes.synthesised_id`` where the
profile allows it (else the body is invalid, naming the pointer), flagged on the part; the finish reason is
read with the profile's table; usage keeps what servers add (``usage.py``); llama-server's ``timings`` go to
``provider_metadata.openai``. Encoding: openai-chat's (reasoning is dropped with a warning), with the
finish reason and the usage members from the profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatResponse, FinishReason, Reasoning, ReasoningPart
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, metadata_for
from wirechat.adapters.openai_chat import response as openai_response
from wirechat.adapters.openai_compatible import finish, usage
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.profiles import GENERIC, Profile
from wirechat.adapters.openai_compatible.request_encode import _CHANGED, reworded
from wirechat.adapters.openai_compatible.shapes import ID_FLAG, PROVIDER, read_reasoning, synthesised_id

__all__ = ["decode_response", "encode_response", "fill_tool_call_ids"]

SERVER_MEMBERS = ("timings",)
"""Top-level body (and chunk) members a server adds that are kept in ``provider_metadata.openai``."""


def fill_tool_call_ids(
    calls: list[Any], response_id: str, profile: Profile, where: str, first_position: int = 0
) -> list[int]:
    """Give each call of ``calls`` without an id its synthesised id, in place; returns the positions of the
    calls changed. For a profile whose server always sends ids, a missing id is an error naming its
    pointer (nothing is invented). A repeated id is kept as sent: it is a valid value, and changing it
    would change what the caller later matches tool results against."""
    changed: list[int] = []
    for k, call in enumerate(calls):
        if not isinstance(call, dict):
            continue
        call_id = call.get("id")
        if isinstance(call_id, str) and call_id:
            continue
        if profile.tool_call_ids != "synthesise":
            raise ValueError(f"{where}/{k}/id: a tool call without an id; {profile.title} always sends one")
        function = call.get("function")
        name = function.get("name") if isinstance(function, Mapping) else None
        if not isinstance(name, str) or not name:
            raise ValueError(f"{where}/{k}/function/name: a tool call without a name")
        call["id"] = synthesised_id(response_id, first_position + k, name)
        changed.append(first_position + k)
    return changed


def decode_response(
    body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None, profile: Profile = GENERIC
) -> ChatResponse:
    choices = body.get("choices")
    reasoning = None
    changed: list[int] = []
    raw_finish = None
    if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
        choice = dict(choices[0])
        raw_finish = choice.get("finish_reason")
        message = choice.get("message")
        if isinstance(message, Mapping):
            reasoning = read_reasoning(message, profile.reasoning_read, "/choices/0/message")
            message = {k: v for k, v in message.items() if k not in profile.reasoning_read}
            calls = message.get("tool_calls")
            if isinstance(calls, list) and calls:
                calls = message["tool_calls"] = [dict(c) if isinstance(c, Mapping) else c for c in calls]
                response_id = body.get("id") if isinstance(body.get("id"), str) else ""
                changed = fill_tool_call_ids(calls, str(response_id), profile, "/choices/0/message/tool_calls")
            choice["message"] = message
        body = {**body, "choices": [choice, *choices[1:]]}
    decoded = openai_response.decode_response(body, warnings)
    return _adjust(decoded, body, profile, reasoning, changed=changed, raw_finish=raw_finish)


def _adjust(
    decoded: ChatResponse,
    body: Mapping[str, Any],
    profile: Profile,
    reasoning: str | None,
    *,
    changed: list[int],
    raw_finish: Any,
) -> ChatResponse:
    update: dict[str, Any] = {}
    parts = list(decoded.message.parts)
    if changed:
        calls = [i for i, part in enumerate(parts) if part.type == "tool_call"]
        for position in changed:
            at = calls[position]
            parts[at] = parts[at].model_copy(update={"provider_metadata": {PROVIDER: {ID_FLAG: True}}})
    if reasoning:
        parts.insert(0, ReasoningPart(reasoning=Reasoning(text=reasoning)))
    if changed or reasoning:
        update["message"] = decoded.message.model_copy(update={"parts": parts})
    has_calls = any(part.type == "tool_call" for part in parts)
    if isinstance(raw_finish, str):
        update["finish_reason"] = finish.decode(raw_finish, has_tool_calls=has_calls, manifest=MANIFESTS[profile.name])
    metadata, _ = metadata_for(decoded.provider_metadata, PROVIDER)
    raw_usage = body.get("usage")
    if isinstance(raw_usage, Mapping):
        update["usage"], extra = usage.decode(raw_usage)
        if extra:
            metadata["usage"] = extra
    for key in SERVER_MEMBERS:
        if body.get(key) is not None:
            metadata[key] = body[key]
    if metadata:
        update["provider_metadata"] = {PROVIDER: metadata}
    return decoded.model_copy(update=update) if update else decoded


def encode_response(
    response: ChatResponse, warnings: list[ConversionWarning] | None = None, profile: Profile = GENERIC
) -> dict[str, Any]:
    manifest = MANIFESTS[profile.name]
    conv = Conversion(manifest, warnings)
    inner: list[ConversionWarning] = []
    sent = finish.encode(response.finish_reason, conv)
    stand_in = response.model_copy(update={"finish_reason": FinishReason(kind="stop", raw="stop")})
    body = openai_response.encode_response(stand_in, inner)
    body["choices"][0]["finish_reason"] = sent
    conv.warnings += reworded(inner, manifest, _CHANGED[profile.name])
    own, _ = metadata_for(response.provider_metadata, PROVIDER)
    members = (own.get("usage") or {}).get("members")
    if "usage" in body and isinstance(members, Mapping):
        body["usage"].update({key: value for key, value in members.items() if key not in body["usage"]})
    for key in SERVER_MEMBERS:
        if key in own:
            body[key] = own[key]
    return body
