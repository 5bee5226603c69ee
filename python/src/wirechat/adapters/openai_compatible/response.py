"""OpenAI-compatible ``chat.completion`` bodies <-> canonical ``ChatResponse``: openai-chat's codec with
the profile's quirks around it.

Decoding: the reasoning (``reasoning.py``: the profile's text members, OpenRouter's ``reasoning_details``;
``chunks.py``: Mistral's thinking chunks in ``content``, on every profile) becomes reasoning parts put
first, the tools the server ran (``executed_tools.py``) provider-run parts after them; a tool call without
an id gets the id of ``shapes.synthesised_id`` where the profile allows it (else the body is invalid, naming
the pointer), flagged on the part; the finish reason is read with the profile's table; usage keeps what
servers add (``usage.py``); the body and choice members the profile keeps (``Profile.kept_body``,
``kept_choice``: llama-server's ``timings``, Groq's ``x_groq``, OpenRouter's ``provider``...) go to
``provider_metadata.openai``; openai-chat reports every other member it does not map.
Encoding: openai-chat's, with ``message_writer.MessageWriter`` writing the reasoning and the tools the
server ran, and the finish reason and the usage members from the profile; reasoning goes into Mistral's
chunks where the profile writes them (``reasoning_chunks``) or the reply was read from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatResponse, FinishReason, Reasoning, ReasoningPart
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, metadata_for
from wirechat.adapters.openai_chat import response as openai_response
from wirechat.adapters.openai_chat.shapes import KEPT_BODY, KEPT_CHOICE, Dialect
from wirechat.adapters.openai_compatible import chunks, executed_tools, finish, reasoning, usage
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.message_writer import MessageWriter
from wirechat.adapters.openai_compatible.profiles import GENERIC, PROFILES, Profile
from wirechat.adapters.openai_compatible.request_encode import _CHANGED, reworded
from wirechat.adapters.openai_compatible.shapes import ID_FLAG, PROVIDER, synthesised_id

__all__ = ["REASONING_MEMBER", "decode_response", "dialect", "encode_response", "fill_tool_call_ids"]

REASONING_MEMBER = "reasoning_member"
"""The ``provider_metadata.openai`` member naming the reasoning text member a reply used, where the server may
use either spelling and did not use the profile's first."""


def _dialect(profile: Profile) -> Dialect:
    extra = (*profile.reasoning_read, *((reasoning.DETAILS,) if profile.reasoning_details else ()))
    return Dialect(
        issuer=profile.issuer,
        kept_body=(*KEPT_BODY, *profile.kept_body),
        kept_choice=(*KEPT_CHOICE, *profile.kept_choice),
        message_extra=(*extra, *((executed_tools.EXECUTED,) if profile.executed_tools else ())),
        call_index=True,  # Ollama, DeepSeek, OpenRouter number them; writing the position back is harmless
    )


_DIALECTS = {name: _dialect(profile) for name, profile in PROFILES.items()}


def dialect(profile: Profile) -> Dialect:
    """How openai-chat's decoders read the profile's server (its issuer and the members it keeps)."""
    return _DIALECTS.get(profile.name) or _dialect(profile)


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
    first: list[Any] = []
    member = None
    kept: dict[str, Any] = {}
    changed: list[int] = []
    raw_finish = None
    if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
        choice = dict(choices[0])
        raw_finish = choice.get("finish_reason")
        message = choice.get("message")
        if isinstance(message, Mapping):
            where = "/choices/0/message"
            chunked = chunks.split(message.get("content"))
            if chunked is not None:  # Mistral's thinking and text chunks (chunks.py)
                message = {**message, "content": chunked.text}
            thoughts, message, member = reasoning.read_message(message, profile, where)
            if chunked is not None and chunked.thinking and not thoughts:
                thoughts = [ReasoningPart(reasoning=Reasoning(text=chunked.thinking))]
                member, kept = chunks.CHUNKS, chunked.kept
            ran, message = executed_tools.read_message(message, profile, where)
            first = [*thoughts, *ran]
            calls = message.get("tool_calls")
            if isinstance(calls, list) and calls:
                calls = message["tool_calls"] = [dict(c) if isinstance(c, Mapping) else c for c in calls]
                response_id = body.get("id") if isinstance(body.get("id"), str) else ""
                changed = fill_tool_call_ids(calls, str(response_id), profile, f"{where}/tool_calls")
            choice["message"] = message
        body = {**body, "choices": [choice, *choices[1:]]}
    decoded = openai_response.decode_response(body, warnings, dialect(profile))
    decoded = _adjust(decoded, body, profile, first, changed=changed, raw_finish=raw_finish)
    if member is None or member == profile.reasoning_fields[0]:
        return decoded
    metadata, _ = metadata_for(decoded.provider_metadata, PROVIDER)
    metadata[REASONING_MEMBER] = member
    if kept:
        metadata[chunks.THINKING_MEMBERS] = kept
    return decoded.model_copy(update={"provider_metadata": {PROVIDER: metadata}})


def _adjust(
    decoded: ChatResponse,
    body: Mapping[str, Any],
    profile: Profile,
    first: list[Any],
    *,
    changed: list[int],
    raw_finish: Any,
) -> ChatResponse:
    update: dict[str, Any] = {}
    parts: list[Any] = list(decoded.message.parts)
    if changed:
        calls = [i for i, part in enumerate(parts) if part.type == "tool_call"]
        for position in changed:
            at = calls[position]
            own, _ = metadata_for(parts[at].provider_metadata, PROVIDER)
            parts[at] = parts[at].model_copy(update={"provider_metadata": {PROVIDER: {**own, ID_FLAG: True}}})
    if changed or first:
        update["message"] = decoded.message.model_copy(update={"parts": [*first, *parts]})
    has_calls = any(part.type == "tool_call" for part in parts)
    if isinstance(raw_finish, str):
        update["finish_reason"] = finish.decode(raw_finish, has_tool_calls=has_calls, manifest=MANIFESTS[profile.name])
    raw_usage = body.get("usage")
    if isinstance(raw_usage, Mapping):
        metadata, _ = metadata_for(decoded.provider_metadata, PROVIDER)
        update["usage"], extra = usage.decode(raw_usage)
        if extra:
            metadata["usage"] = extra
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
    own, _ = metadata_for(response.provider_metadata, PROVIDER)
    writer = MessageWriter(profile, conv, reply=True, field=own.get(REASONING_MEMBER))
    body = openai_response.encode_response(stand_in, inner, dialect(profile), writer)
    body["choices"][0]["finish_reason"] = sent
    if profile.reasoning_chunks or own.get(REASONING_MEMBER) == chunks.CHUNKS:  # Mistral's chunks (chunks.py)
        message = body["choices"][0]["message"]
        thinking = message.pop(profile.reasoning_fields[0], None)
        kept = own.get(chunks.THINKING_MEMBERS)
        written = chunks.write(thinking, message.get("content"), kept if isinstance(kept, dict) else {})
        if thinking:
            message["content"] = written
    conv.warnings += reworded(inner, manifest, _CHANGED[profile.name])
    return body
