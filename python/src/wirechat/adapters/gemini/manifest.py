"""The capability manifest of the ``gemini`` adapter (Gemini API ``generateContent``, ``v1beta``)."""

from __future__ import annotations

from typing import Any

from wirechat.adapters._contract import LOSSLESS, Manifest, degraded, refused

__all__ = ["FINISH_REASONS", "MANIFEST", "OPTIONS_SCHEMA"]

_L, _d, _r = LOSSLESS, degraded, refused  # short names: the table below is long

_HARM_CATEGORIES = [
    "HARM_CATEGORY_HARASSMENT",
    "HARM_CATEGORY_HATE_SPEECH",
    "HARM_CATEGORY_SEXUALLY_EXPLICIT",
    "HARM_CATEGORY_DANGEROUS_CONTENT",
    "HARM_CATEGORY_CIVIC_INTEGRITY",
]
_THRESHOLDS = ["BLOCK_LOW_AND_ABOVE", "BLOCK_MEDIUM_AND_ABOVE", "BLOCK_ONLY_HIGH", "BLOCK_NONE", "OFF"]

_TYPES = ["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]


def _either_case(*names: str) -> list[str]:
    """An enum's names as Gemini takes them: proto3 JSON enum names, which it reads in either case."""
    return [*names, *(name.lower() for name in names)]


_SCALAR_MEMBERS: dict[str, Any] = {
    "type": {"enum": _TYPES},
    "format": {"type": "string"},
    "description": {"type": "string"},
    "nullable": {"type": "boolean"},
    "enum": {"type": "array", "items": {"type": "string"}},
}
_LEAF: dict[str, Any] = {
    "type": "object",
    "required": ["type"],
    "propertyNames": {"enum": list(_SCALAR_MEMBERS)},
    "properties": _SCALAR_MEMBERS,
}
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "structured output as an OpenAPI-subset Schema, two levels deep (responseJsonSchema comes from "
    "response_format)",
    "required": ["type"],
    "propertyNames": {"enum": [*_SCALAR_MEMBERS, "properties", "items", "required", "propertyOrdering"]},
    "properties": {
        **_SCALAR_MEMBERS,
        "properties": {"type": "object", "additionalProperties": _LEAF},
        "items": _LEAF,
        "required": {"type": "array", "items": {"type": "string"}},
        "propertyOrdering": {"type": "array", "items": {"type": "string"}},
    },
}

GENERATION_OPTIONS: dict[str, Any] = {
    "topK": {"type": "integer", "minimum": 1, "maximum": 1000},
    "candidateCount": {"type": "integer", "minimum": 1, "maximum": 8},
    "presencePenalty": {"type": "number", "minimum": -2, "maximum": 2},
    "frequencyPenalty": {"type": "number", "minimum": -2, "maximum": 2},
    "responseLogprobs": {"type": "boolean"},
    "logprobs": {"type": "integer", "minimum": 0, "maximum": 20},
    "responseModalities": {"type": "array", "items": {"enum": _either_case("TEXT", "IMAGE", "AUDIO")}, "maxItems": 3},
    "mediaResolution": {"enum": ["MEDIA_RESOLUTION_LOW", "MEDIA_RESOLUTION_MEDIUM", "MEDIA_RESOLUTION_HIGH"]},
    "thinkingConfig": {
        "type": "object",
        "properties": {
            "includeThoughts": {"type": "boolean"},
            "thinkingBudget": {"type": "integer", "minimum": -1, "maximum": 32768},
            "thinkingLevel": {"enum": _either_case("MINIMAL", "LOW", "MEDIUM", "HIGH")},
        },
        "additionalProperties": False,
    },
    "responseSchema": _SCHEMA,
    "imageConfig": {
        "type": "object",
        "properties": {
            "aspectRatio": {"type": "string", "minLength": 1},
            "imageSize": {"type": "string", "minLength": 1},
        },
        "additionalProperties": False,
    },
}
"""The ``generationConfig`` members with no canonical option, given as ``provider_options.gemini.generationConfig``."""

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": (
        "Extra generateContent members: generationConfig members merged into the body's generationConfig, "
        "top-level members (safetySettings, cachedContent, toolConfig...) sent as given; Gemini's own tools "
        "(googleSearch, codeExecution, urlContext...) are ChatRequest.provider_tools"
    ),
    "properties": {
        "generationConfig": {
            "type": "object",
            "properties": GENERATION_OPTIONS,
            "minProperties": 1,
            "additionalProperties": False,
        },
        "safetySettings": {
            "type": "array",
            "maxItems": 5,
            "items": {
                "type": "object",
                "properties": {"category": {"enum": _HARM_CATEGORIES}, "threshold": {"enum": _THRESHOLDS}},
                "required": ["category", "threshold"],
                "additionalProperties": False,
            },
        },
        "cachedContent": {"type": "string", "minLength": 1, "maxLength": 256},
    },
    "additionalProperties": True,
}

FINISH_REASONS = {
    "STOP": "stop",
    "MAX_TOKENS": "length",
    "SAFETY": "content_filter",
    "RECITATION": "content_filter",
    "LANGUAGE": "other",
    "OTHER": "other",
    "BLOCKLIST": "content_filter",
    "PROHIBITED_CONTENT": "content_filter",
    "SPII": "content_filter",
    "MALFORMED_FUNCTION_CALL": "error",
    "IMAGE_SAFETY": "content_filter",
    "IMAGE_PROHIBITED_CONTENT": "content_filter",
    "IMAGE_OTHER": "other",
    "NO_IMAGE": "other",
    "IMAGE_RECITATION": "content_filter",
    "UNEXPECTED_TOOL_CALL": "error",
    "TOO_MANY_TOOL_CALLS": "error",
    "MISSING_THOUGHT_SIGNATURE": "error",
    "MALFORMED_RESPONSE": "error",
    "ESCALATION": "other",
    "PUP_LIMITED_DISABLED": "other",
    "CONTINUATION": "other",
    "MODEL_ARMOR": "content_filter",
    "FINISH_REASON_UNSPECIFIED": "other",
}
"""Every finishReason of google-genai 3.x, and its kind. Gemini has no tool-call reason: a call ends with
``STOP`` (kind ``stop``; the parts say that a tool is wanted)."""

MANIFEST = Manifest(
    features={
        "model.absent": _r("the model is part of the Gemini URL: set ChatRequest.model"),
        "provider_options": _L,
        "provider_options.foreign": _L,
        "provider.unmapped": _d("not a member this adapter maps: dropped"),
        "text": _L,
        "system": _L,
        "system.later": _r("Gemini takes one system instruction, before the conversation (systemInstruction)"),
        "system.non_text": _r("the system instruction is sent as text parts only"),
        "message.name": _d("Gemini contents have no name: dropped"),
        "message.name_tool": _d("Gemini contents have no name: dropped"),
        "response.message_members": _d("a candidate's content has no name, id or provider data: dropped"),
        "message.id": _d("Gemini contents have no id: dropped"),
        "message.provider_metadata": _d("provider data on a message has no Gemini field: dropped"),
        "part.provider_metadata": _d("provider data for other providers is not sent: dropped"),
        "part.misplaced": _r(
            "Gemini takes function calls, thoughts and code execution only from the model, function responses "
            "only in tool messages, and no data parts from the model"
        ),
        "media.data_url": _L,
        "media.media_type_dropped": _L,
        "media.unsupported_type": _r(
            "inline images must be image/png, image/jpeg, image/webp, image/heic or image/heif; audio "
            "audio/wav, audio/mp3, audio/aiff, audio/aac, audio/ogg or audio/flac; documents "
            "application/pdf, UTF-8 text/plain, text/html, text/csv, text/markdown or text/xml"
        ),
        "image.url": _r("Gemini takes media by URI only as fileData: send a file part (uri and media_type)"),
        "image.base64": _L,
        "audio.url": _r("Gemini takes media by URI only as fileData: send a file part (uri and media_type)"),
        "audio.base64": _L,
        "file.uri": _L,
        "file.base64": _L,
        "file.file_id": _L,
        "file.file_id_foreign": _r("a file id not issued by the Gemini Files API cannot be resolved by Gemini"),
        "data": _d("data parts are sent as their JSON text in a text part"),
        "reasoning.text": _d("Gemini replays only signed thoughts: unsigned reasoning dropped"),
        "reasoning.own": _L,
        "reasoning.own_empty_text": _d("an empty thought text reads back as no text"),
        "reasoning.own_mixed": _r("a Gemini thought signature is either on a thought or opaque state, not both"),
        "reasoning.foreign": _d("signed reasoning is replayed only to its issuer: dropped"),
        "tools": _L,
        "tools.strict": _d("Gemini function declarations have no strict flag: dropped"),
        "tools.output_schema": _L,
        "tools.annotations": _d("Gemini function declarations have no annotations: dropped"),
        "tool_choice": _L,
        "tool_call": _L,
        "tool_call.interleaved": _L,
        "tool_call.arguments_not_compact": _d("function call args are a JSON object: re-serialised compactly"),
        "tool_call.arguments_not_object": _r("function call args must be a JSON object; these arguments are not one"),
        "tool_result": _L,
        "tool_result.grouped": _L,
        "tool_result.empty": _d("a tool message without results is sent as an empty user turn"),
        "tool_result.is_error": _L,
        "tool_result.parts": _d("a functionResponse carries no text or data parts: the result's parts are dropped"),
        "tool_result.parts_ambiguous": _L,
        "options.temperature": _L,
        "options.top_p": _L,
        "options.max_tokens": _L,
        "options.max_tokens.absent": _L,
        "options.stop": _L,
        "options.seed": _L,
        "options.parallel_tool_calls": _r("Gemini has no switch for parallel function calls"),
        "response_format.text": _L,
        "response_format.json_object": _L,
        "response_format.json_schema": _d(
            "Gemini takes only the schema (responseJsonSchema): the name reads back as 'response', "
            "description and strict are dropped"
        ),
        "response.id": _L,
        "response.model": _L,
        "response.provider_metadata.foreign": _d("provider data for other providers is not sent: dropped"),
        "response.part_unsupported": _r(
            "this adapter writes Gemini replies of text, thoughts, function calls, code execution and media"
        ),
        "response.text_joined": _L,
        "finish_reason.raw_foreign": _d(
            "the finish reason is sent as Gemini spells it (a kind it has no value for is sent as its raw "
            "value, which reads back as other)"
        ),
        "usage": _L,
        "usage.cache": _d("Gemini reports cache reads (cachedContentTokenCount) but no cache writes: dropped"),
        "usage.reasoning": _L,
        "usage.extra": _d("Gemini usage has no model, latency or cost: dropped"),
        "data.not_object": _L,
        "provider_tool.own": _L,
        "provider_tool.foreign": _d("a tool call another API ran is replayed only to that API: dropped"),
        "provider_tool.unblocked": _r(
            "Gemini needs its own block for a call it ran; this call has none (it was not read from Gemini)"
        ),
        "provider_tools.own": _L,
        "provider_tools.foreign": _d("a tool another API defines is not sent"),
        "citations.own": _d(
            "Gemini takes no citations in contents (grounding is reported per candidate): the text is sent without them"
        ),
        "citations.foreign": _d("citations another API issued are replayed only to it: the text is sent without them"),
        "zero_values": _d("is_error false and an empty tool description are written as absent"),
        "usage.absent": _L,
        # the gemini adapter's own features
        "request.spelling": _d(
            "a request member in the API's other spelling (a snake_case name, one object for a list, the role "
            "'function') is read as its canonical twin and written in camelCase, as a list, as 'user'"
        ),
        "media.base64_url_safe": _d(
            "inline base64 in the URL-safe alphabet (which Gemini also takes) is read and written in the standard one"
        ),
        "request.openapi_schema": _d(
            "an OpenAPI Schema (a function's parameters or response, a responseSchema) is read as the JSON Schema "
            "it describes (lower-case type names) and written as parametersJsonSchema / responseJsonSchema"
        ),
        "tools.layout": _d(
            "tools are written as one functionDeclarations entry, then one entry per provider tool: a body laid "
            "out otherwise reads the same and is written in that layout"
        ),
        "response.reasoning_issuer": _d(
            "a reply's unsigned reasoning is a thought part, which names no issuer: the issuer is dropped"
        ),
        "stream.member_superseded": _d(
            "a stream chunk repeated a candidate or response member with another value: the last value is kept"
        ),
    },
    options_schema=OPTIONS_SCHEMA,
    media_types={
        "image": ("image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"),
        "audio": ("audio/wav", "audio/mp3", "audio/aiff", "audio/aac", "audio/ogg", "audio/flac"),
        "file": ("application/pdf", "text/plain", "text/html", "text/csv", "text/markdown", "text/xml"),
    },
    assistant_media=("image", "audio", "file"),
    reply_reasoning_text=True,
    usage_cache_kept=("cache_read_input_tokens",),
    finish_reasons=FINISH_REASONS,
    finish_defaults={
        "stop": "STOP",
        "tool_calls": "STOP",
        "length": "MAX_TOKENS",
        "content_filter": "SAFETY",
        "error": "MALFORMED_RESPONSE",
    },
)
