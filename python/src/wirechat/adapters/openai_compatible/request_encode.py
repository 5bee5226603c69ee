"""Canonical ``ChatRequest`` -> the request body of an OpenAI-compatible server (``encode_request``).

openai-chat's encoder writes the body, with ``message_writer.MessageWriter`` taking each assistant message's
reasoning and provider-run parts (what the server takes back of them: DeepSeek's ``reasoning_content``,
OpenRouter's ``reasoning_details``); around it, the profile (chosen by the adapter name,
``openai-compatible:ollama``) refuses what its server cannot take and drops, with a warning, what it would
reject (``seed`` for DeepSeek, ``messages[].name`` for Groq), sends the tools the server defines itself
(``ChatRequest.provider_tools`` of its issuer) after the function tools, names the token limit as the server does
(``max_tokens`` or ``max_completion_tokens``), rewords openai-chat's warnings with the profile's own texts,
and checks the profile's ``provider_options`` against its own schema (members the server answers 400 for
are refused with the reason) before merging them.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    AudioPart,
    ChatRequest,
    FileBase64,
    FileId,
    FilePart,
    ImagePart,
    MediaUrl,
    ResponseFormatJsonObject,
    ResponseFormatJsonSchema,
    TextPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionRefused, ConversionWarning, Manifest
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._provider_run import provider_tools_out
from wirechat.adapters.openai_chat import request_encode as openai_encode
from wirechat.adapters.openai_chat.manifest import MANIFEST as OPENAI
from wirechat.adapters.openai_compatible import chunks
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.message_writer import MessageWriter
from wirechat.adapters.openai_compatible.profiles import Profile, profile_of
from wirechat.adapters.openai_compatible.shapes import NAME, PROVIDER

__all__ = ["encode_request", "reworded"]


def _differs(manifest: Manifest) -> frozenset[str]:
    return frozenset(f for f, s in manifest.features.items() if OPENAI.features.get(f) != s)


_CHANGED = {name: _differs(manifest) for name, manifest in MANIFESTS.items()}
"""Per profile, the features whose level or text differs from openai-chat's."""


def encode_request(request: ChatRequest, adapter_name: str = NAME) -> tuple[dict[str, Any], list[ConversionWarning]]:
    profile = profile_of(adapter_name)
    manifest, changed = MANIFESTS[profile.name], _CHANGED[profile.name]
    conv = Conversion(manifest)
    if request.model is not MISSING:
        _profile_features(request, conv, changed, _RULES[profile.name])
    options = request.provider_options
    inner = request.model_copy(update={"provider_options": MISSING, "provider_tools": MISSING})
    writer = MessageWriter(profile, conv, reply=False)
    body, warnings = openai_encode.encode_request(inner, adapter_name, writer)
    defined = provider_tools_out(request, conv, profile.issuer)  # the server's own, after the function tools
    if defined:
        body["tools"] = [*body.get("tools", []), *defined]
    if "max_completion_tokens" in body and profile.max_tokens_field == "max_tokens":
        body["max_tokens"] = body.pop("max_completion_tokens")
    if profile.reasoning_chunks:
        for message in body["messages"]:
            _chunked(message, profile.reasoning_fields[0])
    if "options.seed" in changed:
        body.pop("seed", None)
    if "message.name" in changed:
        for message in body["messages"]:
            message.pop("name", None)
    _check_refused_options(options, adapter_name, profile)
    _parts.merge_provider_options(options, adapter_name, body, manifest.options_schema)
    return body, reworded(warnings, manifest, changed) + conv.warnings


def _chunked(message: dict[str, Any], member: str) -> None:
    """An assistant message's reasoning text moved into Mistral's thinking chunk before its content."""
    thinking = message.pop(member, None) if message.get("role") == "assistant" else None
    if not thinking:
        return
    content = message.get("content")
    if isinstance(content, list):
        message["content"] = [*chunks.write(thinking, None, {}), *content]
    else:
        message["content"] = chunks.write(thinking, content if isinstance(content, str) else None, {})


def reworded(warnings: list[ConversionWarning], manifest: Manifest, changed: frozenset[str]) -> list[ConversionWarning]:
    """openai-chat's warnings, with the profile's text where its manifest words a feature differently."""
    out = []
    for warning in warnings:
        if warning.feature not in changed:
            out.append(warning)
            continue
        old, new = OPENAI.message(warning.feature), manifest.message(warning.feature)
        out.append(ConversionWarning(warning.feature, warning.message.replace(old, new), warning.where))
    return out


def _handle(feature: str, where: str, conv: Conversion, changed: frozenset[str]) -> None:
    if feature in changed and conv.manifest.level(feature) != "lossless":
        conv.handle(feature, where)


_PART_FEATURES = frozenset({"image.url", "image.base64", "audio.base64", "file.base64", "file.file_id"})


def _part_feature(part: Any) -> tuple[str, str] | None:
    """The profile-dependent feature a user part falls under, and the member it is about."""
    match part:
        case ImagePart():
            return f"image.{'url' if isinstance(part.image, MediaUrl) else 'base64'}", "image"
        case AudioPart() if not isinstance(part.audio, MediaUrl):
            return "audio.base64", "audio"
        case FilePart() if isinstance(part.file, FileBase64):
            return "file.base64", "file"
        case FilePart() if isinstance(part.file, FileId) and part.file.issuer == PROVIDER:
            return "file.file_id", "file"
        case _:
            return None


def _message_rules(manifest: Manifest, changed: frozenset[str]) -> tuple[bool, frozenset[str]]:
    """Whether the profile handles ``message.name`` differently, and the part features it handles
    differently, each when not lossless (what ``_handle`` would act on)."""
    name_rule = "message.name" in changed and manifest.level("message.name") != "lossless"
    return name_rule, frozenset(f for f in changed & _PART_FEATURES if manifest.level(f) != "lossless")


_RULES = {name: _message_rules(manifest, _CHANGED[name]) for name, manifest in MANIFESTS.items()}


def _profile_features(
    request: ChatRequest, conv: Conversion, changed: frozenset[str], rules: tuple[bool, frozenset[str]]
) -> None:
    """Refuse, or record the degradation of, what the profile's server takes differently from OpenAI.
    Pointers are built only for a feature that fires; a profile that changes no message-level feature
    skips the messages. ``rules`` is ``_message_rules`` of the profile."""
    name_rule, part_rules = rules
    for i, message in enumerate(request.messages if name_rule or part_rules else ()):
        if name_rule and message.name is not MISSING and message.role != "tool":
            conv.handle("message.name", f"/messages/{i}/name")
        if not part_rules or message.role != "user":
            continue
        for j, part in enumerate(message.parts):
            if type(part) is TextPart:
                continue
            found = _part_feature(part)
            if found is not None and found[0] in part_rules:
                conv.handle(found[0], f"/messages/{i}/parts/{j}/{found[1]}")
    options = request.options
    if options is MISSING:
        return
    if options.seed is not MISSING:
        _handle("options.seed", "/options/seed", conv, changed)
    response_format = options.response_format
    if isinstance(response_format, (ResponseFormatJsonObject, ResponseFormatJsonSchema)):
        _handle(f"response_format.{response_format.type}", "/options/response_format", conv, changed)


def _check_refused_options(options: Any, adapter_name: str, profile: Profile) -> None:
    own = None if options is MISSING or options is None else options.get(adapter_name)
    for member, reason in profile.refused_options.items():
        if isinstance(own, dict) and member in own:
            where = f"/provider_options/{adapter_name}/{member}"
            raise ConversionRefused("provider_options", f"{reason} (drop the member)", where=where)
