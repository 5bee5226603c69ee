"""Gemini's own JSON shapes, written once: the names, parts both ways, thought signatures and the id rule.

Parts (``contents[].parts[]``, candidate parts, stream chunk parts) map to canonical parts:

- ``{"text"}`` is a text part; ``{"text", "thought": true}`` a thought summary, a reasoning part (its
  ``thoughtSignature``, when it has one, is the reasoning's ``signature``, issuer ``gemini``).
- A ``thoughtSignature`` on any other part (a ``functionCall``, a text, an empty text) is opaque state with
  no text: a reasoning part ``{redacted_data, issuer: "gemini"}`` placed just before that part. An empty
  text part that carries a signature is only its carrier and reads back as the reasoning alone.
- Encoding reverses it: such reasoning goes on the next part when that is a non-empty text, a function
  call, a provider-run part or media (any part but an empty text or a thought), else on an empty text part
  of its own; so a signature returns on the part it came on.
- ``inlineData`` is an image, audio or file (by media type); ``fileData`` a file by URI or a Files API id
  (``media``).
- ``functionCall`` is a tool call; Gemini's ``id`` is optional, and a call without one gets
  ``gemini_call_<k>``, k counting the function calls of the document (request contents, or the
  candidate) from 0. ``functionResponse`` is a tool result: ``response`` is ``{"output": content}``, or
  ``{"error": content}`` when ``is_error``; any other response object reads back as its compact JSON text,
  the object itself kept in the part's ``provider_metadata.gemini.response``.
- ``executableCode`` / ``codeExecutionResult`` and ``toolCall`` / ``toolResponse`` are provider-run calls
  and their results, numbered as ``provider_parts`` says.
- A part of any other kind travels whole as a data part marked ``provider_metadata.gemini.part``.

A model turn (and a reply) carries text, thoughts, function calls, code execution and media: images, audio
and files come back from Gemini (generated images) and go back to it in the model's turn, with the checks
of a user's media.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    AudioPart,
    DataPart,
    FilePart,
    ImagePart,
    Part,
    ProviderToolCallPart,
    ProviderToolResultPart,
    ReasoningPart,
    TextPart,
    ToolCall,
    ToolCallPart,
    ToolResult,
    ToolResultPart,
)
from wirechat._tables.gemini import NAME, PROVIDER
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion, Shape, compact_json, metadata_for, unmapped_members
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.gemini.media import (
    STANDARD_B64,
    decode_file_data,
    decode_inline,
    encode_media,
    string,
)
from wirechat.adapters.gemini.provider_parts import KINDS as PROVIDER_KINDS
from wirechat.adapters.gemini.provider_parts import CodeIds, decode_provider_part
from wirechat.tool_arguments import ToolArgumentsError, build_arguments, parse_arguments

__all__ = [
    "NAME",
    "PART_SHAPE",
    "PROVIDER",
    "content_warnings",
    "decode_part",
    "encode_model_parts",
    "encode_tool_result",
    "encode_user_part",
    "known_part",
    "synthetic_id",
]

_KNOWN_PART_KEYS = ("text", "inlineData", "fileData", "functionCall", "functionResponse", *PROVIDER_KINDS)
PART_SHAPE: Shape = {
    "text": None,
    "thought": None,
    "thoughtSignature": None,
    "inlineData": {"mimeType": None, "data": None, "displayName": None},
    "fileData": {"mimeType": None, "fileUri": None, "displayName": None},
    "functionCall": {"id": None, "name": None, "args": None},
    "functionResponse": {"id": None, "name": None, "response": None},
    **dict.fromkeys(PROVIDER_KINDS),
}
"""The members of a part this adapter maps; others are reported (unknown part kinds travel whole, and a code
execution part is kept whole in its block)."""


def synthetic_id(k: int) -> str:
    """The id of the k-th function call (from 0) of a document, for a call Gemini sent without one."""
    return f"gemini_call_{k}"


# ---------------------------------------------------------------- decoding


def _decode_call(call: Any, where: str, k: int) -> dict[str, Any]:
    if not isinstance(call, Mapping):
        raise ValueError(f"{where}: expected an object")
    name = call.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{where}/name: a functionCall needs a name, got {name!r}")
    args = call.get("args")
    if args is None:
        args = {}
    if not isinstance(args, Mapping):
        raise ValueError(f"{where}/args: expected an object, got {type(args).__name__}")
    call_id = call.get("id")
    if call_id is not None and (not isinstance(call_id, str) or not call_id):
        raise ValueError(f"{where}/id: expected a non-empty string, got {call_id!r}")
    return {"id": call_id or synthetic_id(k), "name": name, "arguments": build_arguments(args)}


def _decode_response(fr: Any, where: str, call_id: str | None) -> dict[str, Any]:
    if not isinstance(fr, Mapping):
        raise ValueError(f"{where}: expected an object")
    string(fr.get("name"), f"{where}/name")
    response = fr.get("response") if fr.get("response") is not None else {}
    if not isinstance(response, Mapping):
        raise ValueError(f"{where}/response: expected an object, got {type(response).__name__}")
    tool_call_id = fr.get("id") if isinstance(fr.get("id"), str) and fr.get("id") else call_id
    if tool_call_id is None:
        raise ValueError(f"{where}/id: a functionResponse without an id answers no functionCall before it")
    result: dict[str, Any] = {"tool_call_id": tool_call_id}
    part: dict[str, Any] = {"type": "tool_result", "tool_result": result}
    if set(response) == {"output"} and isinstance(response["output"], str):
        result["content"] = response["output"]
    elif set(response) == {"error"} and isinstance(response["error"], str):
        result["content"], result["is_error"] = response["error"], True
    else:
        result["content"] = compact_json(response)
        part["provider_metadata"] = {PROVIDER: {"response": dict(response)}}
    return part


def decode_part(
    raw: Any, where: str, *, call_index: int = 0, response_id: str | None = None, codes: CodeIds | None = None
) -> list[dict[str, Any]]:
    """The canonical parts (as dicts) one Gemini part reads as: one, or a reasoning part and the part its
    signature came on. ``call_index`` numbers a function call without an id; ``response_id`` is the id of
    the call a functionResponse without an id answers; ``codes`` numbers the document's code execution."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a part object")
    signature = raw.get("thoughtSignature")
    if signature is not None and (not isinstance(signature, str) or not signature):
        raise ValueError(f"{where}/thoughtSignature: expected a non-empty string")
    if any(key in raw for key in PROVIDER_KINDS):
        part = decode_provider_part(raw, where, codes if codes is not None else CodeIds(), PROVIDER)
        if signature is None:
            return [part]
        return [{"type": "reasoning", "reasoning": {"redacted_data": signature, "issuer": PROVIDER}}, part]
    if raw.get("thought") is True:
        reasoning: dict[str, Any] = {}
        text = raw.get("text")
        if text is not None and (string(text, f"{where}/text") or signature is None):
            reasoning["text"] = text  # an empty text of a signed thought reads as none (reasoning.own_empty_text)
        if signature is not None:
            reasoning |= {"signature": signature, "issuer": PROVIDER}
        return [{"type": "reasoning", "reasoning": reasoning}]
    out: list[dict[str, Any]] = []
    if signature is not None:
        out.append({"type": "reasoning", "reasoning": {"redacted_data": signature, "issuer": PROVIDER}})
    if "text" in raw:
        text = string(raw["text"], f"{where}/text")
        if text or signature is None:
            out.append({"type": "text", "text": text})
    elif "inlineData" in raw:
        out.append(decode_inline(raw["inlineData"], f"{where}/inlineData"))
    elif "fileData" in raw:
        out.append(decode_file_data(raw["fileData"], f"{where}/fileData"))
    elif "functionCall" in raw:
        call = _decode_call(raw["functionCall"], f"{where}/functionCall", call_index)
        out.append({"type": "tool_call", "tool_call": call})
    elif "functionResponse" in raw:
        out.append(_decode_response(raw["functionResponse"], f"{where}/functionResponse", response_id))
    else:
        rest = {key: value for key, value in raw.items() if key != "thoughtSignature"}
        out.append({"type": "data", "data": {"value": rest}, "provider_metadata": {PROVIDER: {"part": True}}})
    return out


# ---------------------------------------------------------------- encoding


def _own(part: Part, where: str, conv: Conversion, allowed: tuple[str, ...] = ()) -> dict[str, Any]:
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    if foreign or set(own) - set(allowed):
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    return {key: own[key] for key in allowed if key in own}


def encode_user_part(part: Part, where: str, conv: Conversion) -> dict[str, Any]:
    """A part of a user turn: text, media, files (a data part becomes its JSON text)."""
    if isinstance(part, DataPart):
        own = _own(part, where, conv, ("part",))
        if own.get("part") is True and isinstance(part.data.value, dict):
            return dict(part.data.value)
        conv.degrade("data", where)
        return {"text": _parts.data_text(part.data)}
    _own(part, where, conv)
    if isinstance(part, TextPart):
        citations_out(part, where, conv, PROVIDER)  # Gemini takes none in contents: dropped, warned
        return {"text": part.text}
    if isinstance(part, (ImagePart, AudioPart, FilePart)):
        return encode_media(part, where, conv)
    raise conv.refuse("part.misplaced", where)


def encode_tool_result(part: ToolResultPart, names: Mapping[str, str], where: str, conv: Conversion) -> dict[str, Any]:
    """A ``functionResponse`` part; its name is the name of the call with that id (``names``), or the id
    itself when the conversation holds no such call."""
    own = _own(part, where, conv, ("response",))
    result: ToolResult = part.tool_result
    if result.parts is not MISSING:
        conv.degrade("tool_result.parts", f"{where}/tool_result/parts")
    if result.is_error is False:
        conv.degrade("zero_values", f"{where}/tool_result/is_error")
    raw = own.get("response")
    if isinstance(raw, dict) and result.is_error is not True and compact_json(raw) == result.content:
        response: dict[str, Any] = raw
    else:
        response = {"error" if result.is_error is True else "output": result.content}
    name = names.get(result.tool_call_id, result.tool_call_id)
    return {"functionResponse": {"id": result.tool_call_id, "name": name, "response": response}}


def _call(call: ToolCall, where: str, conv: Conversion) -> dict[str, Any]:
    try:
        value = parse_arguments(call.arguments)
    except ToolArgumentsError:
        raise conv.refuse("tool_call.arguments_not_object", f"{where}/arguments") from None
    if build_arguments(value) != call.arguments:
        conv.degrade("tool_call.arguments_not_compact", f"{where}/arguments")
    return {"functionCall": {"id": call.id, "name": call.name, "args": value}}


def _reasoning(part: ReasoningPart, where: str, conv: Conversion, *, reply: bool) -> dict[str, Any] | str | None:
    """A thought part, the opaque data to put on the next part (a str), or None when dropped. A reply writes
    unsigned reasoning as a thought part (Gemini's thought summaries); a request does not replay it."""
    feature = _parts.reasoning_feature(part, PROVIDER)
    reasoning = part.reasoning
    if reply and feature == "reasoning.text":
        if reasoning.issuer is not MISSING:
            conv.degrade("response.reasoning_issuer", f"{where}/reasoning/issuer")
        return {"thought": True} if reasoning.text is MISSING else {"thought": True, "text": reasoning.text}
    if not conv.handle(feature, where) and feature != "reasoning.own_empty_text":
        return None
    if reasoning.redacted_data is not MISSING:
        return str(reasoning.redacted_data)
    out: dict[str, Any] = {"thought": True}
    if reasoning.text is not MISSING and reasoning.text:
        out["text"] = reasoning.text
    out["thoughtSignature"] = reasoning.signature
    return out


def encode_model_parts(parts: list[Part], where: str, conv: Conversion, *, reply: bool) -> list[dict[str, Any]]:
    """The parts of a model turn (or a candidate when ``reply``): text, thoughts, function calls, code
    execution, media; opaque reasoning goes on the part after it (see the module docstring)."""
    out: list[dict[str, Any]] = []
    pending: str | None = None
    for j, part in enumerate(parts):
        at = f"{where}/{j}"
        if isinstance(part, ReasoningPart):
            _own(part, at, conv)
            got = _reasoning(part, at, conv, reply=reply)
            if got is None:
                continue
            if pending is not None:
                out.append({"text": "", "thoughtSignature": pending})
                pending = None
            if isinstance(got, str):
                pending = got
            else:
                out.append(got)
            continue
        encoded = _model_part(part, at, conv, reply=reply)
        if encoded is None:
            continue
        empty_text = isinstance(part, TextPart) and not part.text
        if pending is not None and (empty_text or "thoughtSignature" in encoded):
            out.append({"text": "", "thoughtSignature": pending})  # on a part of its own, as it came
            pending = None
        if pending is not None:
            encoded["thoughtSignature"] = pending
            pending = None
        out.append(encoded)
    if pending is not None:
        out.append({"text": "", "thoughtSignature": pending})
    return out


def _model_part(part: Part, where: str, conv: Conversion, *, reply: bool) -> dict[str, Any] | None:
    """A model turn's part other than reasoning, or None when it is dropped."""
    if isinstance(part, DataPart) and metadata_for(part.provider_metadata, PROVIDER)[0].get("part") is True:
        return encode_user_part(part, where, conv)
    _own(part, where, conv)
    if isinstance(part, TextPart):
        citations_out(part, where, conv, PROVIDER)
        return {"text": part.text}
    if isinstance(part, ToolCallPart):
        return _call(part.tool_call, f"{where}/tool_call", conv)
    if isinstance(part, (ProviderToolCallPart, ProviderToolResultPart)):
        return _provider_part(part, where, conv)
    if isinstance(part, (ImagePart, AudioPart, FilePart)):
        return encode_media(part, where, conv)
    raise conv.refuse("response.part_unsupported" if reply else "part.misplaced", where)


def _provider_part(
    part: ProviderToolCallPart | ProviderToolResultPart, where: str, conv: Conversion
) -> dict[str, Any] | None:
    """A provider-run call or result: Gemini's own part (its block) or None when dropped. A Gemini result is
    a part of its own, so one without a block cannot be written (``provider_part_out`` would drop it as held
    by its call's block, which is the Responses layout)."""
    if isinstance(part, ProviderToolResultPart):
        result = part.provider_tool_result
        if (
            result.issuer == PROVIDER
            and result.block is MISSING
            and conv.manifest.level("provider_tool.own") == "lossless"
        ):
            raise conv.refuse("provider_tool.unblocked", f"{where}/provider_tool_result")
    return provider_part_out(part, where, conv, PROVIDER)


def known_part(raw: Any) -> bool:
    """Whether a raw part is one of the kinds this adapter maps member by member."""
    return isinstance(raw, Mapping) and any(key in raw for key in _KNOWN_PART_KEYS)


_CONTENT: Shape = {"role": None, "parts": None}


def content_warnings(content: Any, where: str, part_shape: Shape = PART_SHAPE) -> list[tuple[str, str]]:
    """The warnings ``(feature, pointer)`` a ``Content`` gives when decoded: each member of it (and of its
    parts) this adapter neither maps nor keeps (``provider.unmapped``; a part of an unknown kind travels
    whole, a code execution part is kept in its block), and each inline base64 in the URL-safe alphabet,
    read as the standard one (``media.base64_url_safe``)."""
    found = [("provider.unmapped", pointer) for pointer in unmapped_members(content, _CONTENT, where)]
    parts = content.get("parts") if isinstance(content, Mapping) else None
    for j, part in enumerate(parts if isinstance(parts, list) else []):
        at = f"{where}/parts/{j}"
        if known_part(part) and not any(key in part for key in PROVIDER_KINDS):
            found += [("provider.unmapped", pointer) for pointer in unmapped_members(part, part_shape, at)]
        blob = part.get("inlineData") if isinstance(part, Mapping) else None
        data = blob.get("data") if isinstance(blob, Mapping) else None
        if isinstance(data, str) and not STANDARD_B64.match(data):
            found.append(("media.base64_url_safe", f"{at}/inlineData/data"))
    return found
