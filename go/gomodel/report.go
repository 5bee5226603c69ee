package gomodel

// Warnings, refusals and errors: what a conversion reports, with the manifest texts the Python adapter
// declares for the same features (python/src/wirechat/adapters/go_model/manifest.py).

import "fmt"

// Warning is a degradation applied while writing go-model JSON: the feature and where it was.
type Warning struct {
	Feature string // a manifest feature, such as "zero_values" or "reasoning.text"
	Pointer string // where in the wirechat document
	Message string // what happened to the data
}

func (w Warning) String() string {
	return fmt.Sprintf("%s: %s: %s", w.Feature, orRoot(w.Pointer), w.Message)
}

// Refused is returned when go-model cannot say something without changing its meaning.
type Refused struct {
	Feature string
	Pointer string
	Reason  string
}

func (r *Refused) Error() string {
	return fmt.Sprintf("refused (%s) at %s: %s", r.Feature, orRoot(r.Pointer), r.Reason)
}

// Error is a go-model document that wirechat cannot hold (or that is not a go-model document), at
// Pointer in that document.
type Error struct {
	Pointer string
	Message string
}

func (e *Error) Error() string { return orRoot(e.Pointer) + ": " + e.Message }

func orRoot(pointer string) string {
	if pointer == "" {
		return "(root)"
	}
	return pointer
}

func errorf(pointer, format string, args ...any) *Error {
	return &Error{Pointer: pointer, Message: fmt.Sprintf(format, args...)}
}

// messages holds the warning or refusal text of each feature this package degrades or refuses.
var messages = map[string]string{
	"message.name":                       "a go-model Message has no name: dropped",
	"message.name_tool":                  "a go-model Message has no name: dropped",
	"message.id":                         "a go-model Message has no id: dropped",
	"message.provider_metadata":          "a go-model Message has no provider data: dropped",
	"part.provider_metadata":             "a go-model Part has no provider data: dropped",
	"file.base64":                        "a go-model FileRef holds a URI only; send the file by URI",
	"file.file_id":                       "a go-model FileRef holds a URI only, not a provider's file id",
	"file.file_id_foreign":               "a go-model FileRef holds a URI only, not a provider's file id",
	"data.not_object":                    "a go-model DataRef value is a JSON object (Go map[string]any) or null",
	"reasoning.text":                     "go-model messages have no reasoning part: dropped",
	"reasoning.own":                      "go-model messages have no reasoning part: dropped",
	"reasoning.own_empty_text":           "go-model messages have no reasoning part: dropped",
	"reasoning.own_mixed":                "go-model messages have no reasoning part: dropped",
	"reasoning.foreign":                  "go-model messages have no reasoning part: dropped",
	"tools.strict":                       "a go-model ToolDefinition has no strict flag: dropped",
	"tools.output_schema":                "a go-model ToolDefinition has no output schema: dropped",
	"tools.annotations":                  "a go-model ToolDefinition has no annotations: dropped",
	"tool_choice":                        "go-model requests carry no tool choice",
	"tool_result.parts":                  "a go-model ToolResult is text only: rich parts dropped, content kept",
	"zero_values":                        "Go writes no false is_error, no zero latency_ms or cost_micros, and an empty description for none: read back as absent",
	"options.temperature":                "go-model requests carry no sampling options: dropped",
	"options.top_p":                      "go-model requests carry no sampling options: dropped",
	"options.max_tokens":                 "go-model requests carry no sampling options: dropped",
	"options.stop":                       "go-model requests carry no sampling options: dropped",
	"options.seed":                       "go-model requests carry no sampling options: dropped",
	"options.parallel_tool_calls":        "go-model requests carry no parallel_tool_calls",
	"response_format.text":               "go-model requests carry no response format: dropped",
	"response_format.json_object":        "go-model requests carry no response format: dropped",
	"response_format.json_schema":        "go-model requests carry no response format (structured output)",
	"provider_options":                   "go-model requests carry no provider options",
	"response.id":                        "a go-model reply has no response id: dropped",
	"response.model":                     "a go-model reply has no model beside its usage: dropped",
	"response.provider_metadata.foreign": "a go-model reply has no provider data: dropped",
	"response.message_members":           "a reply's message has no name, id or provider data: dropped",
	"response.part_unsupported":          "a go-model reply streams as StreamChunks, which hold only text and tool calls",
	"response.text_joined":               "a go-model stream has one run of text: text parts are joined, empty text is none",
	"finish_reason.raw_foreign":          "the finish reason is sent as the SDK spells it (a kind it has no value for is sent as its raw value, which reads back as other)",
	"usage.cache":                        "a go-model TokenUsage has no cache counts: dropped (input_tokens still counts them)",
	"usage.reasoning":                    "a go-model TokenUsage has no reasoning count: dropped (output_tokens counts it)",
}

// conversion collects the warnings of one conversion from wirechat.
type conversion struct{ warnings []Warning }

func (c *conversion) degrade(feature, pointer string) {
	c.warnings = append(c.warnings, Warning{Feature: feature, Pointer: pointer, Message: messages[feature]})
}

func refuse(feature, pointer string) *Refused {
	return &Refused{Feature: feature, Pointer: pointer, Reason: messages[feature]}
}
