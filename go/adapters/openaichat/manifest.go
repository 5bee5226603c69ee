package openaichat

// The capability manifest of the openai-chat adapter (OpenAI Chat Completions): the same entries and
// texts as Python's adapters/openai_chat/manifest.py.

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

const dropReplay = "Chat Completions cannot replay reasoning: dropped"

// Manifest is the adapter's capability manifest.
var Manifest = &adapters.Manifest{
	Features: map[string]adapters.Support{
		"model.absent":                       refused("Chat Completions needs a model: set ChatRequest.model"),
		"provider_options":                   lossless,
		"provider_options.foreign":           lossless,
		"provider.unmapped":                  degraded("not a member this adapter maps: dropped"),
		"data.not_object":                    lossless,
		"zero_values":                        lossless,
		"provider_tool.own":                  degraded("Chat Completions has no provider-run tool calls: dropped"),
		"provider_tool.foreign":              degraded("a tool call another API ran is replayed only to that API: dropped"),
		"provider_tool.unblocked":            degraded("Chat Completions has no provider-run tool calls: dropped"),
		"provider_tools.own":                 degraded("Chat Completions has no provider-defined tools: not sent"),
		"provider_tools.foreign":             degraded("a tool another API defines is not sent"),
		"citations.own":                      degraded("Chat Completions takes no citations in request messages: the text is sent without them (a reply writes its own as message.annotations)"),
		"citations.foreign":                  degraded("citations another API issued are replayed only to it: the text is sent without them"),
		"audio.reply_by_id":                  degraded("an assistant's audio reply goes back as its OpenAI id (audio: {id}); its data and transcript stay with OpenAI: it reads back as the message's provider_metadata.openai.audio"),
		"text":                               lossless,
		"system":                             lossless,
		"system.later":                       lossless,
		"system.non_text":                    refused("system messages take only text"),
		"message.name":                       lossless,
		"message.name_tool":                  degraded("Chat Completions tool messages have no name: dropped"),
		"response.message_members":           degraded("a reply's message has no name, id or provider data: dropped"),
		"message.id":                         degraded("Chat Completions messages have no id: dropped"),
		"message.provider_metadata":          degraded("provider data on a message has no Chat Completions field: dropped"),
		"part.provider_metadata":             degraded("provider data for other providers is not sent: dropped"),
		"part.misplaced":                     refused("Chat Completions takes images, audio and files only from the user, tool calls only from the assistant and tool results only in tool messages"),
		"media.data_url":                     degraded("a data: URL is read back as an inline (base64) source"),
		"media.media_type_dropped":           degraded("Chat Completions takes no media type beside a URL or file id: dropped"),
		"media.unsupported_type":             refused("audio must be audio/wav or audio/mpeg"),
		"image.url":                          lossless,
		"image.base64":                       lossless,
		"audio.url":                          refused("Chat Completions takes audio only inline (base64)"),
		"audio.base64":                       lossless,
		"file.uri":                           refused("Chat Completions takes files inline (base64) or by OpenAI file id, not by URI"),
		"file.base64":                        lossless,
		"file.file_id":                       lossless,
		"file.file_id_foreign":               refused("a file id not issued by OpenAI cannot be resolved by OpenAI"),
		"data":                               degraded("data parts are sent as their JSON text in a text part"),
		"reasoning.text":                     degraded("Chat Completions takes no reasoning in input: dropped"),
		"reasoning.own":                      degraded(dropReplay),
		"reasoning.own_empty_text":           degraded(dropReplay),
		"reasoning.own_mixed":                degraded(dropReplay),
		"reasoning.foreign":                  degraded("signed reasoning is replayed only to its issuer: dropped"),
		"tools":                              lossless,
		"tools.strict":                       lossless,
		"tools.output_schema":                degraded("Chat Completions tools have no output schema: dropped"),
		"tools.annotations":                  degraded("Chat Completions tools have no annotations: dropped"),
		"tool_choice":                        lossless,
		"tool_call":                          lossless,
		"tool_call.interleaved":              degraded("Chat Completions puts an assistant's text before its tool calls"),
		"tool_call.arguments_not_compact":    lossless,
		"tool_call.arguments_not_object":     lossless,
		"tool_result":                        lossless,
		"tool_result.grouped":                degraded("Chat Completions takes one tool result per tool message: split"),
		"tool_result.empty":                  degraded("a tool message without results is sent as an empty user message"),
		"tool_result.is_error":               degraded("Chat Completions has no tool error flag: dropped (say so in the content)"),
		"tool_result.parts":                  degraded("Chat Completions tool results are text only: rich parts dropped, content kept"),
		"tool_result.parts_ambiguous":        lossless,
		"options.temperature":                lossless,
		"options.top_p":                      lossless,
		"options.max_tokens":                 lossless,
		"options.max_tokens.absent":          lossless,
		"options.stop":                       lossless,
		"options.seed":                       lossless,
		"options.parallel_tool_calls":        lossless,
		"response_format.text":               lossless,
		"response_format.json_object":        lossless,
		"response_format.json_schema":        lossless,
		"response.id":                        lossless,
		"response.model":                     lossless,
		"response.provider_metadata.foreign": degraded("provider data for other providers is not sent: dropped"),
		"response.part_unsupported":          refused("a Chat Completions reply holds only text, refusals and tool calls"),
		"response.text_joined":               degraded("a Chat Completions reply has one text: text parts are joined, empty text is none"),
		"finish_reason.raw_foreign":          degraded("the finish reason is sent as Chat Completions spells it (a kind it has no value for is sent as its raw value, which reads back as other)"),
		"usage":                              lossless,
		"usage.cache":                        lossless,
		"usage.reasoning":                    lossless,
		"usage.extra":                        degraded("Chat Completions usage has no model, latency or cost: dropped"),
		"usage.absent":                       lossless,
	},
	FinishReasons: map[string]wirechat.FinishKind{
		"stop": wirechat.FinishKindStop, "length": wirechat.FinishKindLength,
		"tool_calls": wirechat.FinishKindToolCalls, "content_filter": wirechat.FinishKindContentFilter,
		"function_call": wirechat.FinishKindToolCalls,
	},
	FinishDefaults: map[wirechat.FinishKind]string{
		wirechat.FinishKindStop: "stop", wirechat.FinishKindLength: "length",
		wirechat.FinishKindToolCalls: "tool_calls", wirechat.FinishKindContentFilter: "content_filter",
	},
	// OptionsSchema is Python's manifest options_schema, checked before encoding (shared.CheckOptions).
	OptionsSchema: `{"type":"object","description":"Extra Chat Completions body members, sent as given (the keys the adapter sets itself are refused).","properties":{"reasoning_effort":{"enum":["none","minimal","low","medium","high","xhigh"]},"frequency_penalty":{"type":"number","minimum":-2,"maximum":2},"presence_penalty":{"type":"number","minimum":-2,"maximum":2},"logprobs":{"type":"boolean"},"top_logprobs":{"type":"integer","minimum":0,"maximum":20},"service_tier":{"enum":["auto","default","flex","priority"]},"store":{"type":"boolean"},"user":{"type":"string","maxLength":40}},"additionalProperties":true}`,
}
