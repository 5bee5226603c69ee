package openairesponses

// Responses response objects <-> canonical ChatResponse, as Python's openai_responses/response.py. Output
// items map to parts in order (shapes.go): a message item gives one text part per output_text / refusal
// (annotations as its citations), a reasoning item one reasoning part (issuer openai), a function or
// custom tool call one tool-call part, a hosted-tool item a provider-run call (and its result: hosted.go).
// The finish reason comes from status and incomplete_details (finish.go); what has no canonical field goes
// to provider_metadata.openai (metadataKeys), the members the API repeats from the request (requestEchoes)
// too. Any other member, and any item of a type this adapter does not know, is reported in the warnings
// with its pointer (provider.unmapped), never dropped without a word.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// requestEchoes are the response members that repeat the request's parameters, as the server applied them.
var requestEchoes = []string{
	"instructions", "max_output_tokens", "max_tool_calls", "metadata", "parallel_tool_calls", "frequency_penalty",
	"presence_penalty", "prompt", "prompt_cache_key", "prompt_cache_retention", "reasoning", "safety_identifier",
	"store", "temperature", "text", "tool_choice", "tools", "top_logprobs", "top_p", "truncation", "user",
	"include", "input",
}

// metadataKeys are the response members with no canonical field that provider_metadata.openai keeps
// (content_filters: Azure OpenAI's), the request's echoes included.
var metadataKeys = append([]string{
	"created_at", "service_tier", "error", "previous_response_id", "background", "conversation", "completed_at",
	"billing", "tool_usage", "moderation", "content_filters",
}, requestEchoes...)

// writtenWhenAbsent is what EncodeResponse writes for a member the SDKs require when nothing was kept; read
// back as nothing.
var writtenWhenAbsent = []struct {
	key   string
	value func() any
}{
	{"created_at", func() any { return int64(0) }},
	{"parallel_tool_calls", func() any { return true }},
	{"tool_choice", func() any { return "auto" }},
	{"tools", func() any { return []any{} }},
}

var responseShape = func() set {
	shape := setOf("id", "object", "model", "status", "incomplete_details", "output", "output_text", "usage")
	for _, key := range metadataKeys {
		shape[key] = true
	}
	return shape
}()

func writtenDefault(key string, value any) bool {
	for _, w := range writtenWhenAbsent {
		if w.key == key {
			return providerjson.MustCompact(w.value()) == providerjson.MustCompact(value)
		}
	}
	return false
}

// metadataOf is the response members kept in provider_metadata.openai.
func metadataOf(body *obj) *obj {
	out := newObj()
	for _, key := range metadataKeys {
		if v := body.Get(key); v != nil && !writtenDefault(key, v) {
			out.Set(key, v)
		}
	}
	return out
}

// DecodeResponse is the canonical response for a Responses body.
func DecodeResponse(data []byte) (wirechat.ChatResponse, []adapters.Warning, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatResponse{}, nil, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	conv := &shared.Conversion{Manifest: Manifest}
	response, err := decodeResponse(body, conv)
	if err != nil {
		return wirechat.ChatResponse{}, nil, err
	}
	return response, conv.Warnings, nil
}

func decodeResponse(body *obj, conv *shared.Conversion) (wirechat.ChatResponse, error) {
	var response wirechat.ChatResponse
	items, err := shared.GetList(body, "output", "", true)
	if err != nil {
		return response, err
	}
	pairs, unmapped := newPairing(), presentUnmapped(body, "", responseShape)
	parts := []any{}
	for i, item := range items {
		decoded, err := decodeOutputItem(item, "/output/"+strconv.Itoa(i), pairs, &unmapped, replyStatus)
		if err != nil {
			return response, err
		}
		parts = append(parts, decoded...)
	}
	for _, where := range unmapped {
		conv.Degrade("provider.unmapped", where)
	}
	hasCalls := false
	for _, part := range parts {
		hasCalls = hasCalls || part.(*obj).Get("type") == "tool_call"
	}
	raw, err := rawFinish(body, "")
	if err != nil {
		return response, err
	}
	fields := newObj().Set("message", newObj().Set("role", "assistant").Set("parts", parts))
	reason := DecodeFinish(raw, hasCalls)
	fields.Set("finish_reason", shared.Raw(mustEncode(reason)))
	metadata := metadataOf(body)
	if usageBody, ok := body.Get("usage").(*obj); ok {
		usage, extra, err := DecodeUsage(usageBody, "/usage")
		if err != nil {
			return response, err
		}
		fields.Set("usage", shared.Raw(mustEncode(usage)))
		if extra.Len() > 0 {
			metadata.Set("usage", extra)
		}
	}
	for _, key := range []string{"id", "model"} {
		if s, ok := body.Get(key).(string); ok && s != "" {
			fields.Set(key, s)
		}
	}
	if metadata.Len() > 0 {
		fields.Set("provider_metadata", newObj().Set(Provider, metadata))
	}
	response, err = wirechat.Decode[wirechat.ChatResponse](providerjson.MustMarshal(fields))
	if err != nil {
		return response, shared.Invalid("", "%v", err)
	}
	return response, nil
}

func mustEncode(v any) []byte {
	data, err := wirechat.Encode(v)
	if err != nil {
		panic("a canonical value does not encode: " + err.Error())
	}
	return data
}

// textEntry is the output_text (or refusal) entry of a message item for a text part.
func textEntry(text string, own *obj) *obj {
	if own.Get("refusal") == true {
		return newObj().Set("type", "refusal").Set("refusal", text)
	}
	entry := newObj().Set("type", "output_text").Set("text", text).Set("annotations", []any{})
	if shared.Truthy(own.Get("logprobs")) {
		entry.Set("logprobs", own.Get("logprobs"))
	}
	return entry
}

func ownKeysOf(part wirechat.Part) set {
	switch part.(type) {
	case *wirechat.TextPart:
		return textKeys
	case *wirechat.ToolCallPart:
		return callKeys
	case *wirechat.ReasoningPart:
		return reasoningKeys
	}
	return set{}
}

// EncodeResponse is the Responses body for a canonical response.
func EncodeResponse(response wirechat.ChatResponse) (*providerjson.Object, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	message := response.Message
	if message.Name != nil {
		conv.Degrade("response.message_members", "/message/name")
	}
	if message.ID != nil {
		conv.Degrade("response.message_members", "/message/id")
	}
	if message.ProviderMetadata != nil {
		conv.Degrade("response.message_members", "/message/provider_metadata")
	}
	output := []any{}
	var open *obj // the message item consecutive text parts join
	hasCalls := false
	for j, part := range message.Parts {
		where := "/message/parts/" + strconv.Itoa(j)
		mine, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider)
		allowed, unknown := ownKeysOf(part), false
		for _, key := range mine.Keys() {
			unknown = unknown || !allowed[key]
		}
		if foreign || unknown {
			conv.Degrade("part.provider_metadata", where+"/provider_metadata")
		}
		if _, isText := part.(*wirechat.TextPart); !isText {
			open = nil
		}
		switch p := part.(type) {
		case *wirechat.TextPart:
			itemID, _ := mine.Get("item_id").(string)
			phase, hasPhase := mine.Get("phase").(string)
			status, ok := mine.Get("status").(string)
			if !ok {
				status = "completed"
			}
			openPhase, openHasPhase := open.Get("phase").(string)
			if open == nil || open.Get("id") != itemID || openHasPhase != hasPhase || openPhase != phase || open.Get("status") != status {
				open = newObj().Set("type", "message").Set("id", itemID).Set("role", "assistant").Set("status", status).Set("content", []any{})
				if hasPhase {
					open.Set("phase", phase)
				}
				output = append(output, open)
			}
			entry := textEntry(p.Text, mine)
			citations, err := shared.CitationsOut(p, where, conv, Provider)
			if err != nil {
				return nil, nil, err
			}
			if len(citations) > 0 {
				entry.Set("annotations", citations)
			}
			open.Set("content", append(open.Get("content").([]any), entry))
		case *wirechat.ToolCallPart:
			hasCalls = true
			call := encodeFunctionCall(p.ToolCall, mine)
			item := newObj().Set("status", "completed")
			for _, key := range call.Keys() {
				item.Set(key, call.Get(key))
			}
			output = append(output, item)
		case *wirechat.ReasoningPart:
			item, err := encodeReasoning(p, where, conv)
			if err != nil {
				return nil, nil, err
			}
			if item != nil {
				output = append(output, item)
			}
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			written, err := shared.ProviderPartOut(part, where, conv, Provider)
			if err != nil {
				return nil, nil, err
			}
			if written != nil {
				output = append(output, written)
			}
		default:
			return nil, nil, conv.Refuse("response.part_unsupported", where)
		}
	}
	ownMeta, foreignMeta := shared.MetadataFor(response.ProviderMetadata, Provider)
	if foreignMeta {
		conv.Degrade("response.provider_metadata.foreign", "/provider_metadata")
	}
	raw := encodeFinish(response.FinishReason, conv, hasCalls)
	body := newObj().Set("id", shared.Deref(response.ID)).Set("object", "response").Set("model", shared.Deref(response.Model))
	statusFields(raw, body)
	body.Set("output", output)
	for _, w := range writtenWhenAbsent {
		body.Set(w.key, w.value())
	}
	body.Set("error", nil)
	if response.Usage != nil {
		body.Set("usage", encodeUsage(*response.Usage, conv, ownMeta.Get("usage")))
	}
	for _, key := range metadataKeys {
		if ownMeta.Has(key) {
			body.Set(key, ownMeta.Get(key))
		}
	}
	return body, conv.Warnings, nil
}
