"""An OpenAI-compatible request body -> canonical ``ChatRequest`` (``decode_request``): openai-chat's
decoder, after taking what an assistant message carries beside OpenAI's members in history (the profile's
``reasoning``, ``reasoning_content``, OpenRouter's ``reasoning_details``: ``reasoning.py``) into reasoning
parts put first in that message; everything else is read, carried or reported as openai-chat does.

A body ``decode_request`` accepts is one ``encode_request`` sends back: what the profile's server does not
take is reported as ``provider.unmapped`` and not carried. That is a member openai-chat carries whole in
``provider_options`` that the profile's own options schema rejects (a closed schema that does not list it,
one the server answers 400 for, a value outside the schema), a member the profile drops on encoding
(DeepSeek's ``seed``, Groq's ``messages[].name``) and, for a server whose streamed usage is not asked for
with ``stream_options`` (Groq), ``stream_options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ChatRequest, Reasoning, ReasoningPart
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._options import check_options
from wirechat.adapters.openai_chat import request_decode as openai_decode
from wirechat.adapters.openai_compatible import chunks, reasoning
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.profiles import Profile, profile_of
from wirechat.adapters.openai_compatible.shapes import NAME
from wirechat.errors import WireError

__all__ = ["ANY", "decode_request"]

ANY = "any"
"""Mistral's ``tool_choice`` for a call of any tool: OpenAI's ``required``, which Mistral takes too."""


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    profile = profile_of(adapter_name)
    conv = Conversion(MANIFESTS[profile.name])
    messages = body.get("messages")
    found: dict[int, list[ReasoningPart]] = {}
    if isinstance(messages, list) and any(reasoning.has_reasoning(m) or _thinking(m) for m in messages):
        stripped = []
        for i, given in enumerate(messages):
            message = given
            if isinstance(given, Mapping) and given.get("role") == "assistant" and reasoning.has_reasoning(given):
                parts, message, _ = reasoning.read_message(given, profile, f"/messages/{i}")
                if parts:
                    found[i] = parts
            chunked = chunks.split(message.get("content")) if _thinking(message) else None
            if chunked is not None and chunked.thinking and i not in found:  # Mistral's chunks (chunks.py)
                message = {**message, "content": chunked.text or None}
                found[i] = [ReasoningPart(reasoning=Reasoning(text=chunked.thinking))]
                for member in chunked.kept:
                    conv.degrade("provider.unmapped", f"/messages/{i}/content/0/{member}")
            stripped.append(message)
        body = {**body, "messages": stripped}
    if body.get("tool_choice") == ANY:  # Mistral's name for "required" (its API takes both)
        body = {**body, "tool_choice": "required"}
    request, warnings = openai_decode.decode_request(
        body, adapter_name, profile.issuer if profile.provider_tools else None
    )
    request = _fit_options(request, body, profile, adapter_name, conv)
    request = _fit_dropped(request, profile, conv)
    if found:
        decoded = list(request.messages)
        for i, parts in found.items():
            decoded[i] = decoded[i].model_copy(update={"parts": [*parts, *decoded[i].parts]})
        request = request.model_copy(update={"messages": decoded})
    return request, warnings + conv.warnings


def _thinking(message: Any) -> bool:
    """Whether ``message`` is an assistant message whose content holds a Mistral thinking chunk."""
    content = message.get("content") if isinstance(message, Mapping) and message.get("role") == "assistant" else None
    return isinstance(content, list) and any(isinstance(c, Mapping) and c.get("type") == "thinking" for c in content)


def _fit_options(
    request: ChatRequest, body: Mapping[str, Any], profile: Profile, adapter_name: str, conv: Conversion
) -> ChatRequest:
    """``request`` with the carried members the profile's server does not take reported and removed."""
    mode = body.get("stream_options")
    if profile.stream_usage != "stream_options" and isinstance(mode, Mapping) and mode.get("include_usage") is True:
        conv.degrade("provider.unmapped", "/stream_options/include_usage")
    options = request.provider_options
    if options is MISSING or options is None:
        return request
    own = options.get(adapter_name)
    if not isinstance(own, Mapping):
        return request
    schema = MANIFESTS[profile.name].options_schema
    kept: dict[str, Any] = {}
    for key, value in own.items():
        if key in profile.refused_options or not _fits({key: value}, adapter_name, schema):
            conv.degrade("provider.unmapped", f"/{key}")
        else:
            kept[key] = value
    if len(kept) == len(own):
        return request
    rest = {name: value for name, value in options.items() if name != adapter_name}
    if kept:
        rest[adapter_name] = kept
    return request.model_copy(update={"provider_options": rest or MISSING})


def _fit_dropped(request: ChatRequest, profile: Profile, conv: Conversion) -> ChatRequest:
    """``request`` without what the profile drops on encoding (``seed``, message names), each reported."""
    manifest = MANIFESTS[profile.name]
    update: dict[str, Any] = {}
    options = request.options
    if manifest.level("options.seed") != "lossless" and options is not MISSING and options.seed is not MISSING:
        conv.degrade("provider.unmapped", "/seed")
        rest = {name: getattr(options, name) for name in type(options).model_fields if name != "seed"}
        rest = {name: value for name, value in rest.items() if value is not MISSING}
        update["options"] = type(options)(**rest) if rest else MISSING
    if manifest.level("message.name") != "lossless":
        messages = list(request.messages)
        for i, message in enumerate(messages):
            if message.name is not MISSING and message.role != "tool":
                conv.degrade("provider.unmapped", f"/messages/{i}/name")
                messages[i] = message.model_copy(update={"name": MISSING})
        update["messages"] = messages
    return request.model_copy(update=update) if update else request


def _fits(member: dict[str, Any], adapter_name: str, schema: Mapping[str, Any]) -> bool:
    try:
        check_options(member, adapter_name, schema)
    except WireError:
        return False
    return True
