package anthropic

// The capability manifest of the anthropic adapter (Anthropic Messages, API version 2026-10-21): the
// same entries and texts as Python's adapters/anthropic/manifest.py.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/wirechat"
)

var lossless = adapters.Support{Level: adapters.Lossless}

func degraded(message string) adapters.Support {
	return adapters.Support{Level: adapters.Degraded, Message: message}
}

func refused(message string) adapters.Support {
	return adapters.Support{Level: adapters.Refused, Message: message}
}

// Manifest is the adapter's capability manifest.
var Manifest = &adapters.Manifest{
	Features: map[string]adapters.Support{
		"model.absent":                       refused("Messages needs a model: set ChatRequest.model"),
		"provider_options":                   lossless,
		"provider_options.foreign":           lossless,
		"provider.unmapped":                  degraded("not a member this adapter maps: dropped (a block of a type it does not know is kept in a reply's provider_metadata and written back, read as a data part in a request's user content, dropped from an assistant turn)"),
		"data.not_object":                    lossless,
		"zero_values":                        lossless,
		"provider_tool.own":                  lossless,
		"provider_tool.foreign":              degraded("a tool call another API ran is replayed only to that API: dropped"),
		"provider_tool.unblocked":            refused("Messages needs its own block for a call it ran; this call has none (it was not read from Messages)"),
		"provider_tools.own":                 lossless,
		"provider_tools.foreign":             degraded("a tool another API defines is not sent"),
		"citations.own":                      lossless,
		"citations.foreign":                  degraded("citations another API issued are replayed only to it: the text is sent without them"),
		"text":                               lossless,
		"system":                             lossless,
		"system.later":                       lossless,
		"system.non_text":                    refused("system prompts take only text"),
		"message.name":                       degraded("Messages messages have no name: dropped"),
		"message.name_tool":                  degraded("Messages messages have no name: dropped"),
		"response.message_members":           degraded("a reply's message has no name, id or provider data: dropped"),
		"message.id":                         degraded("Messages messages have no id: dropped"),
		"message.provider_metadata":          degraded("provider data on a message has no Messages field: dropped"),
		"part.provider_metadata":             degraded("provider data for other providers is not sent: dropped"),
		"part.misplaced":                     refused("Messages takes images and documents only from the user, tool calls only from the assistant and tool results only in tool messages"),
		"media.data_url":                     lossless,
		"media.media_type_dropped":           degraded("Messages takes no media type beside a URL or file id: dropped"),
		"media.unsupported_type":             refused("images must be image/jpeg, image/png, image/gif or image/webp; inline documents application/pdf or UTF-8 text/plain"),
		"image.url":                          lossless,
		"image.base64":                       lossless,
		"audio.url":                          refused("Messages takes no audio"),
		"audio.base64":                       refused("Messages takes no audio"),
		"file.uri":                           lossless,
		"file.base64":                        lossless,
		"file.file_id":                       lossless,
		"file.file_id_foreign":               refused("a file id not issued by Anthropic cannot be resolved by Anthropic"),
		"data":                               degraded("data parts are sent as their JSON text in a text part"),
		"reasoning.text":                     degraded("Messages replays only signed thinking: unsigned reasoning dropped"),
		"reasoning.own":                      lossless,
		"reasoning.own_empty_text":           degraded("empty thinking text reads back as no text"),
		"reasoning.own_mixed":                refused("a thinking block is either signed text or redacted data, not both"),
		"reasoning.foreign":                  degraded("signed reasoning is replayed only to its issuer: dropped"),
		"tools":                              lossless,
		"tools.strict":                       lossless,
		"tools.output_schema":                degraded("Messages tools have no output schema: dropped"),
		"tools.annotations":                  degraded("Messages tools have no annotations: dropped"),
		"tool_choice":                        lossless,
		"tool_call":                          lossless,
		"tool_call.interleaved":              lossless,
		"tool_call.arguments_not_compact":    degraded("tool input is a JSON object: arguments are re-serialised compactly"),
		"tool_call.arguments_not_object":     refused("tool input must be a JSON object; these arguments are not one"),
		"tool_result":                        lossless,
		"tool_result.grouped":                lossless,
		"tool_result.empty":                  degraded("a tool message without results is sent as an empty user message"),
		"tool_result.is_error":               lossless,
		"tool_result.parts":                  lossless,
		"tool_result.parts_ambiguous":        degraded("the first text block of a rich result reads back as its content; empty parts as none"),
		"options.temperature":                degraded("API version 2026-10-21 refuses temperature: dropped"),
		"options.top_p":                      degraded("API version 2026-10-21 refuses top_p: dropped"),
		"options.max_tokens":                 lossless,
		"options.max_tokens.absent":          degraded("Messages requires max_tokens: 4096 is sent"),
		"options.stop":                       lossless,
		"options.seed":                       degraded("Messages has no seed: dropped"),
		"options.parallel_tool_calls":        degraded("sent as tool_choice.disable_parallel_tool_use: an auto tool_choice is added when there is none, and with tool_choice none it is dropped"),
		"response_format.text":               degraded("plain text is the default: not sent"),
		"response_format.json_object":        refused("Messages has structured output only with a schema: use json_schema"),
		"response_format.json_schema":        degraded("Messages takes only the schema: the name reads back as 'response', description and strict are dropped"),
		"response.id":                        lossless,
		"response.model":                     lossless,
		"response.provider_metadata.foreign": degraded("provider data for other providers is not sent: dropped"),
		"response.part_unsupported":          refused("a Messages reply holds only text, thinking, tool calls and the calls and results Anthropic ran"),
		"response.text_joined":               lossless,
		"finish_reason.raw_foreign":          degraded("the finish reason is sent as Messages spells it (a kind it has no value for is sent as its raw value, which reads back as other)"),
		"usage":                              lossless,
		"usage.cache":                        lossless,
		"usage.reasoning":                    lossless,
		"usage.extra":                        degraded("Messages usage has no model, latency or cost: dropped"),
		"usage.absent":                       degraded("a Messages reply always reports usage: zeros are sent"),
	},
	FinishReasons: map[string]wirechat.FinishKind{
		"end_turn":                      wirechat.FinishKind("stop"),
		"stop_sequence":                 wirechat.FinishKind("stop"),
		"max_tokens":                    wirechat.FinishKind("length"),
		"model_context_window_exceeded": wirechat.FinishKind("length"),
		"tool_use":                      wirechat.FinishKind("tool_calls"),
		"pause_turn":                    wirechat.FinishKind("pause"),
		"refusal":                       wirechat.FinishKind("refusal"),
	},
	FinishDefaults: map[wirechat.FinishKind]string{
		wirechat.FinishKind("stop"):       "end_turn",
		wirechat.FinishKind("length"):     "max_tokens",
		wirechat.FinishKind("tool_calls"): "tool_use",
		wirechat.FinishKind("pause"):      "pause_turn",
		wirechat.FinishKind("refusal"):    "refusal",
	},
	DefaultMaxTokens: 4096,
	// billing_error: the account is out of credit; waiting does not help
	StatusRetryable: map[int]bool{402: false},
	// OptionsSchema is Python's manifest options_schema, checked before encoding (shared.CheckOptions).
	OptionsSchema: `{"type":"object","description":"Extra Messages body members, sent as given (the keys the adapter sets itself are refused).","properties":{"thinking":{"oneOf":[{"type":"object","properties":{"type":{"const":"adaptive"},"display":{"type":"string","description":"How thinking comes back: summarized, omitted (signature only), or a display mode added later."}},"required":["type"],"additionalProperties":false},{"type":"object","properties":{"type":{"const":"disabled"}},"required":["type"],"additionalProperties":false},{"type":"object","properties":{"type":{"const":"enabled"},"budget_tokens":{"type":"integer","minimum":1024,"maximum":65536},"display":{"type":"string","description":"How thinking comes back: summarized, omitted (signature only), or a display mode added later."}},"required":["type","budget_tokens"],"additionalProperties":false}]},"metadata":{"type":"object","properties":{"user_id":{"type":"string","maxLength":64}},"additionalProperties":false},"service_tier":{"enum":["auto","standard_only"]},"mcp_servers":{"type":"array","description":"The MCP connector's servers (its tools go in provider_tools as mcp_toolset tools).","items":{"type":"object","properties":{"type":{"const":"url"}},"required":["type"]}}},"additionalProperties":true}`,
}
