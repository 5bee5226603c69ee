"""The feature vocabulary of capability manifests: every name an adapter's manifest must declare.

Each feature names one thing a canonical request or response can hold that a provider may carry
losslessly, carry in a degraded form (the adapter returns a ``ConversionWarning`` naming the feature),
or refuse (``ConversionRefused`` naming the feature). The gate detects which features a generated
document uses (``wirechat.adapters._reduce``) and checks the adapter against its declared levels: a
refused feature must raise, a degraded one must warn and change the document exactly as the feature's
description says, a lossless one must come back unchanged.
"""

from __future__ import annotations

__all__ = ["FEATURES"]

FEATURES: dict[str, str] = {
    # the envelope
    "model.absent": "a request without a model (the provider needs one)",
    "provider_options": "this adapter's own provider_options (the keys its options_schema lists)",
    "provider_options.foreign": "provider_options keyed by other adapters: ignored by design (spec section 11)",
    "provider.unmapped": "a member of a provider document the adapter does not map: reported with its pointer",
    # messages
    "text": "text parts in user, assistant and system messages",
    "system": "system messages made of text, before the first other message",
    "system.later": "a system message after the conversation has started, or any but the first message",
    "system.non_text": "a system message with parts other than text: refused or dropped",
    "message.name": "Message.name: kept, or dropped",
    "message.id": "Message.id: kept, or dropped",
    "message.provider_metadata": "Message.provider_metadata: kept, or dropped",
    "part.provider_metadata": "provider_metadata on a part, under keys the adapter has no field for: dropped",
    "part.misplaced": "a part the role cannot carry (a tool call in a user message, an image from the assistant)",
    # media and data
    "image.url": "an image given by URL",
    "image.base64": "an image given inline",
    "audio.url": "audio given by URL",
    "audio.base64": "audio given inline",
    "file.uri": "a file given by URI",
    "file.base64": "a file given inline",
    "file.file_id": "a file given by a provider's file id",
    "data": "a data part (any JSON value): kept, or sent as its JSON text in a text part",
    # reasoning (spec section 10)
    "reasoning.text": "reasoning with text only (no signature, no redacted data): kept, or dropped",
    "reasoning.own": "signed or redacted reasoning whose issuer is this adapter's provider: replayed byte for byte",
    "reasoning.own_empty_text": "own signed reasoning whose text is empty: the same as no text on the wire",
    "reasoning.own_mixed": "own reasoning holding both redacted data and a signature or text",
    "reasoning.foreign": "signed or redacted reasoning from another issuer (or none): dropped, never turned into text",
    # tools
    "tools": "tool definitions (name, description, input schema)",
    "tools.strict": "ToolDefinition.strict",
    "tools.output_schema": "ToolDefinition.output_schema",
    "tools.annotations": "ToolDefinition.annotations",
    "tool_choice": "tool_choice (auto, none, required, a named tool)",
    "tool_call": "tool calls in assistant messages",
    "tool_call.arguments_not_compact": "arguments that are a JSON object, but not in compact form: re-serialised",
    "tool_call.arguments_not_object": "arguments that are not a JSON object (truncated or malformed output)",
    "tool_result": "tool results",
    "tool_result.is_error": "ToolResult.is_error",
    "tool_result.parts": "ToolResult.parts (rich results: images, files, data)",
    # options
    "options.temperature": "ChatOptions.temperature",
    "options.top_p": "ChatOptions.top_p",
    "options.max_tokens": "ChatOptions.max_tokens",
    "options.max_tokens.absent": "no max_tokens, where the provider requires one: a default is sent",
    "options.stop": "ChatOptions.stop",
    "options.seed": "ChatOptions.seed",
    "options.parallel_tool_calls": "ChatOptions.parallel_tool_calls",
    "response_format.text": "response_format text",
    "response_format.json_object": "response_format json_object",
    "response_format.json_schema": "response_format json_schema (structured output)",
    # responses
    "response.id": "ChatResponse.id",
    "response.model": "ChatResponse.model",
    "response.provider_metadata.foreign": "ChatResponse.provider_metadata under other providers' keys: dropped",
    "finish_reason.raw_foreign": "a raw finish reason this provider does not use: replaced by its own value",
    "usage": "input, output and total tokens",
    "usage.cache": "cache read and write counts",
    "usage.reasoning": "reasoning token counts",
    "usage.extra": "TokenUsage.model, latency_ms and cost_micros",
    "usage.absent": "a response without usage, where the provider always reports it: zeros are sent",
}
FEATURES.update(
    {
        "media.data_url": "a URL source that is a data: URL: read back as an inline source",
        "media.media_type_dropped": "a media type beside a URL or file id, where the provider takes none",
        "media.unsupported_type": "a media type the provider does not take",
        "file.file_id_foreign": "a file id issued by another provider, or by none named",
        "tool_call.interleaved": "text after a tool call in one message: the provider puts text first",
        "tool_result.grouped": "a tool message with several results, where the provider takes one per message: split",
        "tool_result.empty": "a tool message without results: sent as an empty user message",
        "response.part_unsupported": "a part a provider's reply cannot hold (images, audio, files, data)",
        "tool_result.parts_ambiguous": "rich results read back differently: empty parts, or no content before text",
        "message.name_tool": "a name on a tool message",
        "response.message_members": "name, id or provider_metadata on a reply's message: a reply has none",
        "response.text_joined": "several text parts, or an empty one, where a reply has one text",
        "data.not_object": "a data part whose value is not a JSON object (nor null)",
        "zero_values": "is_error false, an empty tool description, latency_ms or cost_micros 0: written as absent",
        # provider-run tools, provider tools and citations (spec section 15)
        "provider_tool.own": "a provider-run call or result this adapter's API issued: its block written back as is",
        "provider_tool.foreign": "a provider-run call or result another API issued: dropped, never sent as a call",
        "provider_tool.unblocked": "an own provider-run call without its block (which the adapter cannot rebuild)",
        "provider_tools.own": "a provider-defined tool of this adapter's API: its definition sent unchanged",
        "provider_tools.foreign": "a provider-defined tool of another API: not sent",
        "citations.own": "citations this adapter's API issued on a text part: their blocks written back unchanged",
        "citations.foreign": "citations another API issued (or without the issuer's block): the text goes without them",
    }
)
