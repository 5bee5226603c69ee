"""The capability manifest of the ``openai-chat`` adapter (OpenAI Chat Completions).

Besides the shared feature vocabulary it declares one feature of its own: ``audio.reply_by_id``, an
assistant's audio reply sent back in a request as its OpenAI id (``audio.py``). No generated request holds
one (the gate draws no OpenAI audio ids), so the gate needs no reduction for it.
"""

from __future__ import annotations

from wirechat.adapters._contract import LOSSLESS, Manifest, degraded, refused

__all__ = ["MANIFEST"]

_L, _d, _r = LOSSLESS, degraded, refused  # short names: the table below is long


OPTIONS_SCHEMA = {
    "type": "object",
    "description": "Extra Chat Completions body members, sent as given (the keys the adapter sets itself are refused).",
    "properties": {
        "reasoning_effort": {"enum": ["none", "minimal", "low", "medium", "high", "xhigh"]},
        "frequency_penalty": {"type": "number", "minimum": -2, "maximum": 2},
        "presence_penalty": {"type": "number", "minimum": -2, "maximum": 2},
        "logprobs": {"type": "boolean"},
        "top_logprobs": {"type": "integer", "minimum": 0, "maximum": 20},
        "service_tier": {"enum": ["auto", "default", "flex", "priority"]},
        "store": {"type": "boolean"},
        "user": {"type": "string", "maxLength": 40},
    },
    "additionalProperties": True,
}

MANIFEST = Manifest(
    features={
        "model.absent": _r("Chat Completions needs a model: set ChatRequest.model"),
        "provider_options": _L,
        "provider_options.foreign": _L,
        "provider.unmapped": _d("not a member this adapter maps: dropped"),
        "text": _L,
        "system": _L,
        "system.later": _L,
        "system.non_text": _r("system messages take only text"),
        "message.name": _L,
        "message.name_tool": _d("Chat Completions tool messages have no name: dropped"),
        "response.message_members": _d("a reply's message has no name, id or provider data: dropped"),
        "message.id": _d("Chat Completions messages have no id: dropped"),
        "message.provider_metadata": _d("provider data on a message has no Chat Completions field: dropped"),
        "part.provider_metadata": _d("provider data for other providers is not sent: dropped"),
        "part.misplaced": _r(
            "Chat Completions takes images, audio and files only from the user, tool calls only from the "
            "assistant and tool results only in tool messages"
        ),
        "media.data_url": _d("a data: URL is read back as an inline (base64) source"),
        "media.media_type_dropped": _d("Chat Completions takes no media type beside a URL or file id: dropped"),
        "media.unsupported_type": _r("audio must be audio/wav or audio/mpeg"),
        "image.url": _L,
        "image.base64": _L,
        "audio.url": _r("Chat Completions takes audio only inline (base64)"),
        "audio.base64": _L,
        "file.uri": _r("Chat Completions takes files inline (base64) or by OpenAI file id, not by URI"),
        "file.base64": _L,
        "file.file_id": _L,
        "file.file_id_foreign": _r("a file id not issued by OpenAI cannot be resolved by OpenAI"),
        "data": _d("data parts are sent as their JSON text in a text part"),
        "reasoning.text": _d("Chat Completions takes no reasoning in input: dropped"),
        "reasoning.own": _d("Chat Completions cannot replay reasoning: dropped"),
        "reasoning.own_empty_text": _d("Chat Completions cannot replay reasoning: dropped"),
        "reasoning.own_mixed": _d("Chat Completions cannot replay reasoning: dropped"),
        "reasoning.foreign": _d("signed reasoning is replayed only to its issuer: dropped"),
        "tools": _L,
        "tools.strict": _L,
        "tools.output_schema": _d("Chat Completions tools have no output schema: dropped"),
        "tools.annotations": _d("Chat Completions tools have no annotations: dropped"),
        "tool_choice": _L,
        "tool_call": _L,
        "tool_call.interleaved": _d("Chat Completions puts an assistant's text before its tool calls"),
        "tool_call.arguments_not_compact": _L,
        "tool_call.arguments_not_object": _L,
        "tool_result": _L,
        "tool_result.grouped": _d("Chat Completions takes one tool result per tool message: split"),
        "tool_result.empty": _d("a tool message without results is sent as an empty user message"),
        "tool_result.is_error": _d("Chat Completions has no tool error flag: dropped (say so in the content)"),
        "tool_result.parts": _d("Chat Completions tool results are text only: rich parts dropped, content kept"),
        "tool_result.parts_ambiguous": _L,
        "options.temperature": _L,
        "options.top_p": _L,
        "options.max_tokens": _L,
        "options.max_tokens.absent": _L,
        "options.stop": _L,
        "options.seed": _L,
        "options.parallel_tool_calls": _L,
        "response_format.text": _L,
        "response_format.json_object": _L,
        "response_format.json_schema": _L,
        "response.id": _L,
        "response.model": _L,
        "response.provider_metadata.foreign": _d("provider data for other providers is not sent: dropped"),
        "response.part_unsupported": _r("a Chat Completions reply holds only text, refusals and tool calls"),
        "response.text_joined": _d("a Chat Completions reply has one text: text parts are joined, empty text is none"),
        "finish_reason.raw_foreign": _d(
            "the finish reason is sent as Chat Completions spells it (a kind it has no value for is sent as its "
            "raw value, which reads back as other)"
        ),
        "usage": _L,
        "usage.cache": _L,
        "usage.reasoning": _L,
        "usage.extra": _d("Chat Completions usage has no model, latency or cost: dropped"),
        "data.not_object": _L,
        "provider_tool.own": _d("Chat Completions has no provider-run tool calls: dropped"),
        "provider_tool.foreign": _d("a tool call another API ran is replayed only to that API: dropped"),
        "provider_tool.unblocked": _d("Chat Completions has no provider-run tool calls: dropped"),
        "provider_tools.own": _d("Chat Completions has no provider-defined tools: not sent"),
        "provider_tools.foreign": _d("a tool another API defines is not sent"),
        "citations.own": _d(
            "Chat Completions takes no citations in request messages: the text is sent without them (a reply "
            "writes its own as message.annotations)"
        ),
        "citations.foreign": _d("citations another API issued are replayed only to it: the text is sent without them"),
        "zero_values": _L,
        "usage.absent": _L,
        # this adapter's own (module docstring)
        "audio.reply_by_id": _d(
            "an assistant's audio reply goes back as its OpenAI id (audio: {id}); its data and transcript stay "
            "with OpenAI: it reads back as the message's provider_metadata.openai.audio"
        ),
    },
    options_schema=OPTIONS_SCHEMA,
    media_types={"audio": ("audio/wav", "audio/mpeg")},
    finish_reasons={
        "stop": "stop",
        "length": "length",
        "tool_calls": "tool_calls",
        "content_filter": "content_filter",
        "function_call": "tool_calls",
    },
    finish_defaults={
        "stop": "stop",
        "length": "length",
        "tool_calls": "tool_calls",
        "content_filter": "content_filter",
    },
)
