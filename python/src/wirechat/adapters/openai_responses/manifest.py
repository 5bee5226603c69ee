"""The capability manifest of the ``openai-responses`` adapter (OpenAI Responses, ``POST /v1/responses``).

Besides the shared feature vocabulary it declares three features of its own (the Responses input is a flat
list of items, and a tool-call stop is not a status): ``message.assistant_merged``,
``reasoning.own_no_id`` and ``finish_reason.tool_calls_inferred``; ``gate_reductions`` describes them to
the gate.
"""

from __future__ import annotations

from wirechat.adapters._contract import LOSSLESS, Manifest, degraded, refused

__all__ = ["INCOMPLETE_REASONS", "MANIFEST", "OPTIONS_SCHEMA"]

_L, _d, _r = LOSSLESS, degraded, refused  # short names: the table below is long

INCOMPLETE_REASONS = ("max_output_tokens", "max_messages", "content_filter", "steered")
"""``incomplete_details.reason`` values: the raw finish reason of an ``incomplete`` response."""

OPTIONS_SCHEMA = {
    "type": "object",
    "description": "Extra Responses body members, sent as given (the keys the adapter sets itself are refused).",
    "properties": {
        "store": {"type": "boolean"},
        "include": {
            "type": "array",
            "items": {
                "enum": [
                    "reasoning.encrypted_content",
                    "message.output_text.logprobs",
                    "message.input_image.image_url",
                    "file_search_call.results",
                    "web_search_call.action.sources",
                    "web_search_call.results",
                    "code_interpreter_call.outputs",
                    "computer_call_output.output.image_url",
                ]
            },
        },
        "previous_response_id": {"type": "string", "minLength": 1},
        "reasoning": {
            "type": "object",
            "properties": {
                "effort": {"enum": ["none", "minimal", "low", "medium", "high", "xhigh"]},
                "summary": {"enum": ["auto", "concise", "detailed"]},
            },
            "additionalProperties": False,
        },
        "truncation": {"enum": ["auto", "disabled"]},
        "service_tier": {"enum": ["auto", "default", "flex", "scale", "priority"]},
        "top_logprobs": {"type": "integer", "minimum": 0, "maximum": 20},
        "max_tool_calls": {"type": "integer", "minimum": 1},
        "metadata": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 512}},
        "prompt_cache_key": {"type": "string"},
        "safety_identifier": {"type": "string", "maxLength": 64},
        "user": {"type": "string"},
        "background": {"type": "boolean"},
        "text": {
            "type": "object",
            "properties": {"verbosity": {"enum": ["low", "medium", "high"]}},
            "minProperties": 1,
            "additionalProperties": False,
        },
    },
    "additionalProperties": True,
}

MANIFEST = Manifest(
    features={
        "model.absent": _r("Responses needs a model: set ChatRequest.model"),
        "provider_options": _L,
        "provider_options.foreign": _L,
        "provider.unmapped": _d("not a member this adapter maps: dropped"),
        "text": _L,
        "system": _L,
        "system.later": _L,
        "system.non_text": _r("system messages take only text"),
        "message.name": _d("Responses input items have no name: dropped"),
        "message.name_tool": _d("Responses input items have no name: dropped"),
        "response.message_members": _d("a reply's message has no name, id or provider data: dropped"),
        "message.id": _d("a Responses message is a run of items, each with its own id: the message id is dropped"),
        "message.provider_metadata": _d("provider data on a message has no Responses field: dropped"),
        "part.provider_metadata": _d("provider data with no Responses field is not sent: dropped"),
        "part.misplaced": _r(
            "Responses takes images and files only from the user, tool calls and reasoning only from the "
            "assistant and tool results only in tool messages"
        ),
        "media.data_url": _d("a data: URL is read back as an inline (base64) source"),
        "media.media_type_dropped": _d("Responses takes no media type beside a URL or file id: dropped"),
        "media.unsupported_type": _r("images must be image/png, image/jpeg, image/webp or image/gif"),
        "image.url": _L,
        "image.base64": _L,
        "audio.url": _r("this adapter sends no audio to Responses (use openai-chat for audio input)"),
        "audio.base64": _r("this adapter sends no audio to Responses (use openai-chat for audio input)"),
        "file.uri": _L,
        "file.base64": _L,
        "file.file_id": _L,
        "file.file_id_foreign": _r("a file id not issued by OpenAI cannot be resolved by OpenAI"),
        "data": _d("data parts are sent as their JSON text in a text part"),
        "reasoning.text": _d(
            "Responses replays reasoning only as its own items (with their id): plain reasoning dropped"
        ),
        "reasoning.own": _L,
        "reasoning.own_empty_text": _L,
        "reasoning.own_mixed": _L,
        "reasoning.own_no_id": _L,  # encrypted content without an item id: written as it came, without an id
        "reasoning.foreign": _d("signed reasoning is replayed only to its issuer: dropped"),
        "tools": _L,
        "tools.strict": _L,
        "tools.output_schema": _d("Responses function tools have no output schema: dropped"),
        "tools.annotations": _d("Responses function tools have no annotations: dropped"),
        "tool_choice": _L,
        "tool_call": _L,
        "tool_call.interleaved": _L,
        "tool_call.arguments_not_compact": _L,
        "tool_call.arguments_not_object": _L,
        "tool_result": _L,
        "tool_result.grouped": _d("Responses takes one function_call_output item per result: split"),
        "tool_result.empty": _d("a tool message without results is sent as an empty user message"),
        "tool_result.is_error": _d("Responses has no tool error flag: dropped (say so in the output)"),
        "tool_result.parts": _L,
        "tool_result.parts_ambiguous": _d(
            "the first input_text of a rich output reads back as its content; empty parts as none"
        ),
        "message.assistant_merged": _d(
            "Responses input is a flat list of items: adjacent assistant messages read back as one"
        ),
        "options.temperature": _L,
        "options.top_p": _L,
        "options.max_tokens": _L,
        "options.max_tokens.absent": _L,
        "options.stop": _d("Responses has no stop sequences: dropped"),
        "options.seed": _d("Responses has no seed: dropped"),
        "options.parallel_tool_calls": _L,
        "response_format.text": _L,
        "response_format.json_object": _L,
        "response_format.json_schema": _L,
        "response.id": _L,
        "response.model": _L,
        "response.provider_metadata.foreign": _d("provider data for other providers is not sent: dropped"),
        "response.part_unsupported": _r(
            "a Responses reply holds only messages, reasoning, function and custom tool calls and provider-run items"
        ),
        "response.text_joined": _L,
        "finish_reason.raw_foreign": _d(
            "the finish reason is sent as Responses spells it (status, or incomplete_details.reason; a kind it "
            "has no value for is sent as its raw value, which reads back as other)"
        ),
        "finish_reason.tool_calls_inferred": _d(
            "Responses has no tool-call status: a completed reply with function calls reads back as tool_calls"
        ),
        "usage": _L,
        "usage.cache": _L,
        "usage.reasoning": _L,
        "usage.extra": _d("Responses usage has no model, latency or cost: dropped"),
        "data.not_object": _L,
        "provider_tool.own": _L,
        "provider_tool.foreign": _d("a tool call another API ran is replayed only to that API: dropped"),
        "provider_tool.unblocked": _r(
            "Responses needs its own block for a call it ran; this call has none (it was not read from Responses)"
        ),
        "provider_tools.own": _L,
        "provider_tools.foreign": _d("a tool another API defines is not sent"),
        "citations.own": _L,
        "citations.foreign": _d("citations another API issued are replayed only to it: the text is sent without them"),
        "zero_values": _L,
        "usage.absent": _L,
    },
    options_schema=OPTIONS_SCHEMA,
    media_types={"image": ("image/png", "image/jpeg", "image/webp", "image/gif")},
    finish_reasons={
        "completed": "stop",
        "max_output_tokens": "length",
        "max_messages": "length",
        "content_filter": "content_filter",
        "failed": "error",
        "cancelled": "other",
        "incomplete": "other",
        "in_progress": "other",
        "queued": "other",
    },
    finish_defaults={
        "stop": "completed",
        "tool_calls": "completed",
        "length": "max_output_tokens",
        "content_filter": "content_filter",
        "error": "failed",
    },
)
