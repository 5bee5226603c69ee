"""The capability manifest of the ``querymt`` adapter: what QueryMT's Extism plugin interface (decision 014)
carries losslessly, what it degrades (with the warning) and what it refuses.

The interface is small: a message is a role (User or Assistant), one ``message_type`` and one ``content``
string, so one canonical message becomes one QueryMT message; there is no system role, no tool choice, no
response format and no sampling option (those live in the plugin's ``cfg``), and no streaming export a
host other than QueryMT's can serve (``chat_stream`` pushes chunks through QueryMT's own host function):
``Client.stream`` yields the events of the whole reply.
"""

from __future__ import annotations

from wirechat.adapters._contract import LOSSLESS, Manifest, degraded, refused

__all__ = ["MANIFEST", "OPTIONS_SCHEMA", "STREAMING"]

_L, _d, _r = LOSSLESS, degraded, refused

STREAMING = (
    "no streaming export a generic host can serve (QueryMT's chat_stream needs its qmt_yield_chunk host "
    "function): Client.stream calls chat and yields the events of the whole reply"
)
"""How streaming works through a QueryMT plugin (the README and decision 014 say the same)."""

_IN_CFG = "the plugin interface has no place for it: set it in the plugin's cfg (provider_options.querymt.cfg)"

OPTIONS_SCHEMA = {
    "type": "object",
    "description": "The plugin's cfg (ExtismChatRequest.cfg), checked against the plugin's config_schema() "
    "when a plugin is loaded; the model goes in ChatRequest.model.",
    "properties": {"cfg": {"type": "object", "not": {"required": ["model"]}}},
    "additionalProperties": False,
}

MANIFEST = Manifest(
    features={
        "message.shape": _r(
            "a QueryMT message is one text, one image or PDF, or a text then one of them (assistant: at most one "
            "text, before its tool calls); a PDF has no file name"
        ),
        "model.absent": _L,
        "provider_options": _L,
        "provider_options.foreign": _L,
        "provider.unmapped": _d("not a member of QueryMT's types: dropped"),
        "text": _L,
        "system": _r("QueryMT messages are User or Assistant: put the system prompt in the plugin's cfg"),
        "system.later": _r("QueryMT messages are User or Assistant: put the system prompt in the plugin's cfg"),
        "system.non_text": _r("QueryMT messages are User or Assistant"),
        "message.name": _d("QueryMT messages have no name: dropped"),
        "message.name_tool": _d("QueryMT messages have no name: dropped"),
        "message.id": _d("QueryMT messages have no id: dropped"),
        "message.provider_metadata": _d("QueryMT messages have no provider data: dropped"),
        "response.message_members": _d("a QueryMT reply has no name, id or provider data: dropped"),
        "part.provider_metadata": _d("QueryMT parts have no provider data: dropped"),
        "part.misplaced": _r(
            "QueryMT takes images and PDFs from the user, tool calls from the assistant and tool results in "
            "tool messages only"
        ),
        "media.data_url": _L,
        "media.media_type_dropped": _d("QueryMT's ImageURL takes no media type: dropped"),
        "media.unsupported_type": _r("QueryMT images are JPEG, PNG, GIF or WEBP; files are PDF only"),
        "image.url": _L,
        "image.base64": _L,
        "audio.url": _r("QueryMT's chat messages carry no audio"),
        "audio.base64": _r("QueryMT's chat messages carry no audio"),
        "file.uri": _r("QueryMT takes a PDF only inline (MessageType::Pdf)"),
        "file.base64": _L,
        "file.file_id": _r("QueryMT takes a PDF only inline (MessageType::Pdf)"),
        "file.file_id_foreign": _r("QueryMT takes a PDF only inline (MessageType::Pdf)"),
        "data": _d("data parts are sent as their JSON text in a text message"),
        "data.not_object": _L,
        "reasoning.text": _d("QueryMT replays no reasoning in the wirechat sense: dropped"),
        "reasoning.own": _d("QueryMT has no signed reasoning: dropped"),
        "reasoning.own_empty_text": _d("QueryMT has no signed reasoning: dropped"),
        "reasoning.own_mixed": _d("QueryMT has no signed reasoning: dropped"),
        "reasoning.foreign": _d("signed reasoning is replayed only to its issuer: dropped"),
        "tools": _L,
        "tools.strict": _d("QueryMT tools have no strict flag: dropped"),
        "tools.output_schema": _d("QueryMT tools have no output schema: dropped"),
        "tools.annotations": _d("QueryMT tools have no annotations: dropped"),
        "tool_choice": _r(_IN_CFG),
        "tool_call": _L,
        "tool_call.interleaved": _d("a QueryMT ToolUse message puts its text before its tool calls"),
        "tool_call.arguments_not_compact": _L,
        "tool_call.arguments_not_object": _L,
        "tool_result": _L,
        "tool_result.grouped": _L,
        "tool_result.empty": _L,
        "tool_result.is_error": _d("QueryMT tool results have no error flag: dropped (say so in the content)"),
        "tool_result.parts": _d("QueryMT tool results are text only: rich parts dropped, content kept"),
        "tool_result.parts_ambiguous": _L,
        "options.temperature": _r(_IN_CFG),
        "options.top_p": _r(_IN_CFG),
        "options.max_tokens": _r(_IN_CFG),
        "options.max_tokens.absent": _L,
        "options.stop": _r(_IN_CFG),
        "options.seed": _r(_IN_CFG),
        "options.parallel_tool_calls": _r(_IN_CFG),
        "response_format.text": _r(_IN_CFG),
        "response_format.json_object": _r(_IN_CFG),
        "response_format.json_schema": _r(_IN_CFG),
        "response.id": _d("a QueryMT reply has no id: dropped"),
        "response.model": _d("a QueryMT reply has no model: dropped"),
        "response.provider_metadata.foreign": _d("provider data for other providers is not sent: dropped"),
        "response.part_unsupported": _r("a QueryMT reply holds only text, thinking and tool calls"),
        "response.text_joined": _d("a QueryMT reply has one text: text parts are joined, empty text is none"),
        "finish_reason.raw_foreign": _d("the finish reason is sent as QueryMT's FinishReason for its kind"),
        "usage": _L,
        "usage.cache": _L,
        "usage.reasoning": _L,
        "usage.extra": _d("QueryMT usage has no model, latency or cost: dropped"),
        "usage.absent": _L,
        "provider_tool.own": _d("QueryMT's interface has no provider-run tool calls: dropped"),
        "provider_tool.foreign": _d("a tool call another API ran is replayed only to that API: dropped"),
        "provider_tool.unblocked": _d("QueryMT's interface has no provider-run tool calls: dropped"),
        "provider_tools.own": _d("QueryMT's interface has no provider-defined tools: not sent"),
        "provider_tools.foreign": _d("a tool another API defines is not sent"),
        "citations.own": _d("QueryMT's interface has no citations: the text is sent without them"),
        "citations.foreign": _d("citations another API issued are replayed only to it: the text is sent without them"),
        "zero_values": _d("an empty tool description is written as absent"),
    },
    options_schema=OPTIONS_SCHEMA,
    media_types={"image": tuple(("image/jpeg", "image/png", "image/gif", "image/webp")), "file": ("application/pdf",)},
    finish_reasons={
        "Stop": "stop",
        "Length": "length",
        "ContentFilter": "content_filter",
        "ToolCalls": "tool_calls",
        "Error": "error",
        "Other": "other",
        "Unknown": "other",
    },
    finish_defaults={
        "stop": "Stop",
        "length": "Length",
        "content_filter": "ContentFilter",
        "tool_calls": "ToolCalls",
        "error": "Error",
        "other": "Other",
        "refusal": "Other",
        "pause": "Other",
    },
)
