"""The capability manifest of the ``anthropic`` adapter (Anthropic Messages, API version 2026-10-21)."""

from __future__ import annotations

from wirechat.adapters._contract import LOSSLESS, Manifest, degraded, refused

__all__ = ["MANIFEST"]

_L, _d, _r = LOSSLESS, degraded, refused  # short names: the table below is long


_DISPLAY = {
    "type": "string",
    "description": "How thinking comes back: summarized, omitted (signature only), or a display mode added later.",
}
OPTIONS_SCHEMA = {
    "type": "object",
    "description": "Extra Messages body members, sent as given (the keys the adapter sets itself are refused).",
    "properties": {
        "thinking": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"type": {"const": "adaptive"}, "display": _DISPLAY},
                    "required": ["type"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "properties": {"type": {"const": "disabled"}},
                    "required": ["type"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "properties": {
                        "type": {"const": "enabled"},
                        "budget_tokens": {"type": "integer", "minimum": 1024, "maximum": 65536},
                        "display": _DISPLAY,
                    },
                    "required": ["type", "budget_tokens"],
                    "additionalProperties": False,
                },
            ]
        },
        "metadata": {
            "type": "object",
            "properties": {"user_id": {"type": "string", "maxLength": 64}},
            "additionalProperties": False,
        },
        "service_tier": {"enum": ["auto", "standard_only"]},
        "mcp_servers": {
            "type": "array",
            "description": "The MCP connector's servers (its tools go in provider_tools as mcp_toolset tools).",
            "items": {"type": "object", "properties": {"type": {"const": "url"}}, "required": ["type"]},
        },
    },
    "additionalProperties": True,
}

MANIFEST = Manifest(
    status_retryable={402: False},  # billing_error: the account is out of credit; waiting does not help
    features={
        "model.absent": _r("Messages needs a model: set ChatRequest.model"),
        "provider_options": _L,
        "provider_options.foreign": _L,
        "provider.unmapped": _d(
            "not a member this adapter maps: dropped (a block of a type it does not know is kept in a reply's "
            "provider_metadata and written back, read as a data part in a request's user content, dropped from "
            "an assistant turn)"
        ),
        "text": _L,
        "system": _L,
        "system.later": _L,
        "system.non_text": _r("system prompts take only text"),
        "message.name": _d("Messages messages have no name: dropped"),
        "message.name_tool": _d("Messages messages have no name: dropped"),
        "response.message_members": _d("a reply's message has no name, id or provider data: dropped"),
        "message.id": _d("Messages messages have no id: dropped"),
        "message.provider_metadata": _d("provider data on a message has no Messages field: dropped"),
        "part.provider_metadata": _d("provider data for other providers is not sent: dropped"),
        "part.misplaced": _r(
            "Messages takes images and documents only from the user, tool calls only from the assistant "
            "and tool results only in tool messages"
        ),
        "media.data_url": _L,
        "media.media_type_dropped": _d("Messages takes no media type beside a URL or file id: dropped"),
        "media.unsupported_type": _r(
            "images must be image/jpeg, image/png, image/gif or image/webp; inline documents application/pdf or "
            "UTF-8 text/plain"
        ),
        "image.url": _L,
        "image.base64": _L,
        "audio.url": _r("Messages takes no audio"),
        "audio.base64": _r("Messages takes no audio"),
        "file.uri": _L,
        "file.base64": _L,
        "file.file_id": _L,
        "file.file_id_foreign": _r("a file id not issued by Anthropic cannot be resolved by Anthropic"),
        "data": _d("data parts are sent as their JSON text in a text part"),
        "reasoning.text": _d("Messages replays only signed thinking: unsigned reasoning dropped"),
        "reasoning.own": _L,
        "reasoning.own_empty_text": _d("empty thinking text reads back as no text"),
        "reasoning.own_mixed": _r("a thinking block is either signed text or redacted data, not both"),
        "reasoning.foreign": _d("signed reasoning is replayed only to its issuer: dropped"),
        "tools": _L,
        "tools.strict": _L,
        "tools.output_schema": _d("Messages tools have no output schema: dropped"),
        "tools.annotations": _d("Messages tools have no annotations: dropped"),
        "tool_choice": _L,
        "tool_call": _L,
        "tool_call.interleaved": _L,
        "tool_call.arguments_not_compact": _d("tool input is a JSON object: arguments are re-serialised compactly"),
        "tool_call.arguments_not_object": _r("tool input must be a JSON object; these arguments are not one"),
        "tool_result": _L,
        "tool_result.grouped": _L,
        "tool_result.empty": _d("a tool message without results is sent as an empty user message"),
        "tool_result.is_error": _L,
        "tool_result.parts": _L,
        "tool_result.parts_ambiguous": _d(
            "the first text block of a rich result reads back as its content; empty parts as none"
        ),
        "options.temperature": _d("API version 2026-10-21 refuses temperature: dropped"),
        "options.top_p": _d("API version 2026-10-21 refuses top_p: dropped"),
        "options.max_tokens": _L,
        "options.max_tokens.absent": _d("Messages requires max_tokens: 4096 is sent"),
        "options.stop": _L,
        "options.seed": _d("Messages has no seed: dropped"),
        "options.parallel_tool_calls": _d(
            "sent as tool_choice.disable_parallel_tool_use: an auto tool_choice is added when there is none, "
            "and with tool_choice none it is dropped"
        ),
        "response_format.text": _d("plain text is the default: not sent"),
        "response_format.json_object": _r("Messages has structured output only with a schema: use json_schema"),
        "response_format.json_schema": _d(
            "Messages takes only the schema: the name reads back as 'response', description and strict are dropped"
        ),
        "response.id": _L,
        "response.model": _L,
        "response.provider_metadata.foreign": _d("provider data for other providers is not sent: dropped"),
        "response.part_unsupported": _r(
            "a Messages reply holds only text, thinking, tool calls and the calls and results Anthropic ran"
        ),
        "response.text_joined": _L,
        "finish_reason.raw_foreign": _d(
            "the finish reason is sent as Messages spells it (a kind it has no value for is sent as its "
            "raw value, which reads back as other)"
        ),
        "usage": _L,
        "usage.cache": _L,
        "usage.reasoning": _L,
        "usage.extra": _d("Messages usage has no model, latency or cost: dropped"),
        "data.not_object": _L,
        "provider_tool.own": _L,
        "provider_tool.foreign": _d("a tool call another API ran is replayed only to that API: dropped"),
        "provider_tool.unblocked": _r(
            "Messages needs its own block for a call it ran; this call has none (it was not read from Messages)"
        ),
        "provider_tools.own": _L,
        "provider_tools.foreign": _d("a tool another API defines is not sent"),
        "citations.own": _L,
        "citations.foreign": _d("citations another API issued are replayed only to it: the text is sent without them"),
        "zero_values": _L,
        "usage.absent": _d("a Messages reply always reports usage: zeros are sent"),
    },
    options_schema=OPTIONS_SCHEMA,
    media_types={
        "image": ("image/jpeg", "image/png", "image/gif", "image/webp"),
        "file": ("application/pdf", "text/plain"),
    },
    finish_reasons={
        "end_turn": "stop",
        "stop_sequence": "stop",
        "max_tokens": "length",
        "model_context_window_exceeded": "length",
        "tool_use": "tool_calls",
        "pause_turn": "pause",
        "refusal": "refusal",
    },
    finish_defaults={
        "stop": "end_turn",
        "length": "max_tokens",
        "tool_calls": "tool_use",
        "pause": "pause_turn",
        "refusal": "refusal",
    },
    default_max_tokens=4096,
)
