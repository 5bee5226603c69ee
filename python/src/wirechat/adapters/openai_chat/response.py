"""OpenAI ``chat.completion`` bodies <-> canonical ``ChatResponse``.

The reply's parts come in the order the stream decoder assigns indices: the text (with the message's
``annotations`` as its citations, ``citations.py``), a refusal (a text part marked ``{"openai": {"refusal":
true}}``), the audio (``audio.py``), then the tool calls. What has no canonical field is kept in
``provider_metadata["openai"]`` and written back: ``created``, the usage details (``usage.py``), and the body
and choice members of ``shapes.KEPT_BODY`` and ``shapes.KEPT_CHOICE``; a whole tool call's ``index`` (some
servers write one) and the ``custom`` type of a free-form call are kept on its part.

Nothing else is dropped without a word (decision 011): every other member of the body, its choice, message
and tool calls is reported to ``warnings`` as ``provider.unmapped`` with its pointer, and so is every choice
after the first (``n`` > 1: a canonical reply has one message).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    AudioPart,
    ChatResponse,
    DataPart,
    FilePart,
    ImagePart,
    Part,
    ProviderToolCallPart,
    ProviderToolResultPart,
    ReasoningPart,
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, get_list, get_map, get_str, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.openai_chat import audio, citations, finish, shapes, usage
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.request_encode import PartSink, sunk
from wirechat.adapters.openai_chat.shapes import OPENAI, PROVIDER, Dialect, decode_tool_call, unmapped

__all__ = ["METADATA_KEYS", "decode_message", "decode_response", "encode_response", "tool_call_part"]

METADATA_KEYS = ("system_fingerprint", "service_tier")
"""The chunk members a stream keeps (with ``created``) on its finish event."""


def tool_call_part(raw: Any, where: str, position: int, dialect: Dialect = OPENAI) -> dict[str, Any]:
    """The tool-call part (as a dict) of a whole call, with its ``index`` (where ``dialect`` says it is not the
    position) and ``custom`` type kept."""
    part: dict[str, Any] = {"type": "tool_call", "tool_call": decode_tool_call(raw, where)}
    index = raw.get("index")
    kept = {} if index is None or (dialect.call_index and index == position) else {"index": index}
    if raw.get("type") == "custom":
        kept["type"] = "custom"
    if kept:
        part["provider_metadata"] = {PROVIDER: kept}
    return part


def decode_message(
    message: Mapping[str, Any], where: str, conv: Conversion, dialect: Dialect = OPENAI
) -> list[dict[str, Any]]:
    """The parts (as dicts) of a reply's message; members it does not read are reported."""
    for pointer in unmapped(message, dialect.message, where):
        conv.degrade("provider.unmapped", pointer)
    parts: list[dict[str, Any]] = []
    content = message.get("content")
    if isinstance(content, str) and content:
        parts.append({"type": "text", "text": content})
    elif content is not None and not isinstance(content, str):
        conv.degrade("provider.unmapped", f"{where}/content")  # not OpenAI's shape: a server's own
    annotations = message.get("annotations")
    if annotations:
        found = citations.decode_annotations(annotations, f"{where}/annotations", dialect.issuer)
        if parts:
            parts[0]["citations"] = found
        else:
            conv.degrade("provider.unmapped", f"{where}/annotations")  # no text for them to cite
    if isinstance(message.get("refusal"), str):
        parts.append({"type": "text", "text": message["refusal"], "provider_metadata": {PROVIDER: {"refusal": True}}})
    if message.get("audio") is not None:
        parts.append(audio.decode_audio(message["audio"], f"{where}/audio"))
    for i, call in enumerate(get_list(message, "tool_calls", where, required=False) or []):
        at = f"{where}/tool_calls/{i}"
        for pointer in unmapped(call, shapes.TOOL_CALL, at):
            conv.degrade("provider.unmapped", pointer)
        parts.append(tool_call_part(call, at, i, dialect))
    return parts


def decode_response(
    body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None, dialect: Dialect = OPENAI
) -> ChatResponse:
    """The canonical reply of a ``chat.completion`` body, read as ``dialect`` says (an OpenAI-compatible
    server's adapter passes its own)."""
    conv = Conversion(MANIFEST, warnings)
    for pointer in unmapped(body, dialect.response, ""):
        conv.degrade("provider.unmapped", pointer)
    choices = get_list(body, "choices", "") or []
    metadata: dict[str, Any] = {}
    parts: list[dict[str, Any]] = []
    raw_finish = None
    if choices:
        choice = choices[0]
        if not isinstance(choice, Mapping):
            raise ValueError("/choices/0: expected a choice object")
        for pointer in unmapped(choice, dialect.choice, "/choices/0"):
            conv.degrade("provider.unmapped", pointer)
        for i in range(1, len(choices)):
            conv.degrade("provider.unmapped", f"/choices/{i}")  # n > 1: one message per reply
        message = get_map(choice, "message", "/choices/0", required=False) or {}
        parts = decode_message(message, "/choices/0/message", conv, dialect)
        raw_finish = get_str(choice, "finish_reason", "/choices/0", required=False)
        metadata.update({key: choice[key] for key in dialect.kept_choice if choice.get(key) is not None})
    fields: dict[str, Any] = {
        "message": {"role": "assistant", "parts": parts},
        "finish_reason": finish.decode(raw_finish, has_tool_calls=any(p["type"] == "tool_call" for p in parts)),
    }
    if isinstance(body.get("usage"), Mapping):
        fields["usage"], extra = usage.decode(body["usage"])
        if extra:
            metadata["usage"] = extra
    for key in ("id", "model"):
        if isinstance(body.get(key), str) and body[key]:
            fields[key] = body[key]
    if isinstance(body.get("created"), int) and body["created"]:
        metadata["created"] = body["created"]
    metadata.update({key: body[key] for key in dialect.kept_body if body.get(key) is not None})
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    return ChatResponse(**fields)


def _tool_call(part: ToolCallPart, own: Mapping[str, Any], position: int, dialect: Dialect) -> dict[str, Any]:
    call = shapes.tool_call(part.tool_call, "custom" if own.get("type") == "custom" else "function")
    if "index" in own or dialect.call_index:
        call["index"] = own.get("index", position)
    return call


def encode_response(
    response: ChatResponse,
    warnings: list[ConversionWarning] | None = None,
    dialect: Dialect = OPENAI,
    sink: PartSink | None = None,
) -> dict[str, Any]:
    """The ``chat.completion`` body of a reply; ``sink`` takes the reasoning and provider-run parts a server
    writes more of than OpenAI (an OpenAI-compatible server's adapter passes its writer), else they are
    dropped with their warnings."""
    conv = Conversion(MANIFEST, warnings)
    message = response.message
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            conv.degrade("response.message_members", f"/message/{name}")
    out_message = _message(message.parts, conv, dialect, sink)
    own_meta, foreign_meta = metadata_for(response.provider_metadata, PROVIDER)
    if foreign_meta:
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    choice: dict[str, Any] = {
        "index": 0,
        "message": out_message,
        "finish_reason": finish.encode(response.finish_reason, conv),
        "logprobs": own_meta.get("logprobs"),
    }
    choice.update({key: own_meta[key] for key in dialect.kept_choice if key in own_meta})
    body: dict[str, Any] = {
        "id": "" if response.id is MISSING else response.id,
        "object": "chat.completion",
        "created": own_meta.get("created", 0),
        "model": "" if response.model is MISSING else response.model,
        "choices": [choice],
    }
    if response.usage is not MISSING:
        body["usage"] = usage.encode(response.usage, conv, own_meta.get("usage"))
    body.update({key: own_meta[key] for key in dialect.kept_body if key in own_meta})
    return body


def _message(parts: list[Part], conv: Conversion, dialect: Dialect, sink: PartSink | None) -> dict[str, Any]:
    """A reply's ``message``: one text (with its annotations), the refusal, the audio, the tool calls, and what
    ``sink`` writes of the reasoning and provider-run parts."""
    texts: list[str] = []
    out: dict[str, Any] = {"role": "assistant", "content": None}
    annotations: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    for j, part in enumerate(parts):
        where = f"/message/parts/{j}"
        if isinstance(part, AudioPart) and "audio" not in out:
            out["audio"] = audio.encode_audio(part, where, conv)
            continue
        if sunk(sink, part, where):
            continue
        own, foreign = metadata_for(part.provider_metadata, PROVIDER)
        if foreign:
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        match part:
            case TextPart():
                if own.get("refusal") is True and "refusal" not in out:
                    citations_out(part, where, conv, dialect.issuer)  # a refusal has no annotations: warned
                    out["refusal"] = part.text
                    continue
                if calls:
                    conv.degrade("tool_call.interleaved", where)
                annotations += citations.encode_annotations(part, where, conv, dialect.issuer)
                texts.append(part.text)
            case ToolCallPart():
                calls.append(_tool_call(part, own, len(calls), dialect))
            case ReasoningPart():
                _parts.drop_reasoning(part, where, conv, PROVIDER)
            case ProviderToolCallPart() | ProviderToolResultPart():
                provider_part_out(part, where, conv, PROVIDER)  # no place for it in a Chat Completions reply
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("response.part_unsupported", where)
            case _:
                assert_never(part)
    if len(texts) > 1 or "" in texts:
        conv.degrade("response.text_joined", "/message/parts")
    out["content"] = "".join(texts) or None
    if calls:
        out["tool_calls"] = calls
    if annotations:
        out["annotations"] = annotations
    if sink is not None:
        out.update(sink.members())
    return out
