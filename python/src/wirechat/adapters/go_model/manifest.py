"""The capability manifest of the ``go-model`` format: the JSON of a Go LLM SDK's ``model`` package
(Message, Part, MediaRef, FileRef, DataRef, ToolCall, ToolResult, ToolDefinition, TokenUsage,
StreamChunk). Every level here is argued field by field in ``docs/decisions/013-go-model.md``."""

from __future__ import annotations

from wirechat.adapters import LOSSLESS, Manifest, degraded, refused

__all__ = ["MANIFEST"]

_L, _d, _r = LOSSLESS, degraded, refused  # short names: the table below is long


_NO_REASONING = _d("go-model messages have no reasoning part: dropped")

MANIFEST = Manifest(
    features={
        "model.absent": _L,
        "provider_options": _r("go-model requests carry no provider options"),
        "provider_options.foreign": _L,
        "provider.unmapped": _r("a member the seed's types do not have: refused, naming its pointer"),
        "text": _L,
        "system": _L,
        "system.later": _L,
        "system.non_text": _L,
        "message.name": _d("a go-model Message has no name: dropped"),
        "message.name_tool": _d("a go-model Message has no name: dropped"),
        "message.id": _d("a go-model Message has no id: dropped"),
        "message.provider_metadata": _d("a go-model Message has no provider data: dropped"),
        "part.provider_metadata": _d("a go-model Part has no provider data: dropped"),
        "part.misplaced": _L,
        "image.url": _L,
        "image.base64": _L,
        "audio.url": _L,
        "audio.base64": _L,
        "media.data_url": _L,
        "media.media_type_dropped": _L,
        "media.unsupported_type": _L,
        "file.uri": _L,
        "file.base64": _r("a go-model FileRef holds a URI only; send the file by URI"),
        "file.file_id": _r("a go-model FileRef holds a URI only, not a provider's file id"),
        "file.file_id_foreign": _r("a go-model FileRef holds a URI only, not a provider's file id"),
        "data": _L,
        "data.not_object": _r("a go-model DataRef value is a JSON object (Go map[string]any) or null"),
        "reasoning.text": _NO_REASONING,
        "reasoning.own": _NO_REASONING,
        "reasoning.own_empty_text": _NO_REASONING,
        "reasoning.own_mixed": _NO_REASONING,
        "reasoning.foreign": _NO_REASONING,
        "tools": _L,
        "tools.strict": _d("a go-model ToolDefinition has no strict flag: dropped"),
        "tools.output_schema": _d("a go-model ToolDefinition has no output schema: dropped"),
        "tools.annotations": _d("a go-model ToolDefinition has no annotations: dropped"),
        "tool_choice": _r("go-model requests carry no tool choice"),
        "tool_call": _L,
        "tool_call.interleaved": _L,
        "tool_call.arguments_not_compact": _L,
        "tool_call.arguments_not_object": _L,
        "tool_result": _L,
        "tool_result.grouped": _L,
        "tool_result.empty": _L,
        "tool_result.is_error": _L,
        "tool_result.parts": _d("a go-model ToolResult is text only: rich parts dropped, content kept"),
        "tool_result.parts_ambiguous": _L,
        "provider_tool.own": _d("the Go model package has no provider-run tool calls: dropped"),
        "provider_tool.foreign": _d("a tool call another API ran is replayed only to that API: dropped"),
        "provider_tool.unblocked": _d("the Go model package has no provider-run tool calls: dropped"),
        "provider_tools.own": _d("the Go model package has no provider-defined tools: not sent"),
        "provider_tools.foreign": _d("a tool another API defines is not sent"),
        "citations.own": _d("the Go model package has no citations: the text is sent without them"),
        "citations.foreign": _d("citations another API issued are replayed only to it: the text is sent without them"),
        "zero_values": _d(
            "Go writes no false is_error, no zero latency_ms or cost_micros, and an empty description for "
            "none: read back as absent"
        ),
        "options.temperature": _d("go-model requests carry no sampling options: dropped"),
        "options.top_p": _d("go-model requests carry no sampling options: dropped"),
        "options.max_tokens": _d("go-model requests carry no sampling options: dropped"),
        "options.max_tokens.absent": _L,
        "options.stop": _d("go-model requests carry no sampling options: dropped"),
        "options.seed": _d("go-model requests carry no sampling options: dropped"),
        "options.parallel_tool_calls": _r("go-model requests carry no parallel_tool_calls"),
        "response_format.text": _d("go-model requests carry no response format: dropped"),
        "response_format.json_object": _d("go-model requests carry no response format: dropped"),
        "response_format.json_schema": _r("go-model requests carry no response format (structured output)"),
        "response.id": _d("a go-model reply has no response id: dropped"),
        "response.model": _d("a go-model reply has no model beside its usage: dropped"),
        "response.provider_metadata.foreign": _d("a go-model reply has no provider data: dropped"),
        "response.message_members": _d("a reply's message has no name, id or provider data: dropped"),
        "response.part_unsupported": _r(
            "a go-model reply streams as StreamChunks, which hold only text and tool calls"
        ),
        "response.text_joined": _d("a go-model stream has one run of text: text parts are joined, empty text is none"),
        "finish_reason.raw_foreign": _d(
            "the finish reason is sent as the SDK spells it (a kind it has no value for is sent as its raw "
            "value, which reads back as other)"
        ),
        "usage": _L,
        "usage.cache": _d("a go-model TokenUsage has no cache counts: dropped (input_tokens still counts them)"),
        "usage.reasoning": _d("a go-model TokenUsage has no reasoning count: dropped (output_tokens counts it)"),
        "usage.extra": _L,
        "usage.absent": _L,
    },
    options_schema={"type": "object", "description": "go-model takes no provider options.", "maxProperties": 0},
    finish_reasons={"stop": "stop", "length": "length", "tool_calls": "tool_calls", "content_filter": "content_filter"},
    finish_defaults={
        "stop": "stop",
        "length": "length",
        "tool_calls": "tool_calls",
        "content_filter": "content_filter",
    },
)
