package openaichat

// OpenAI chat.completion bodies -> canonical ChatResponse. The reply's text comes first, then a refusal
// (a text part marked {"openai": {"refusal": true}}), then the tool calls, the order the stream decoder
// assigns indices in; what has no canonical field goes to provider_metadata["openai"].

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeResponse is the canonical response for a chat.completion body.
func DecodeResponse(data []byte) (wirechat.ChatResponse, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	response, err := decodeResponse(data, conv)
	if err != nil {
		return wirechat.ChatResponse{}, nil, err
	}
	return response, conv.Warnings, nil
}

// decodeResponse reads data, reporting what it sets aside in conv (pointers into data).
func decodeResponse(data []byte, conv *shared.Conversion) (wirechat.ChatResponse, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatResponse{}, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	return DecodeResponseObject(body, conv, openAI)
}

// toolCallPart is the tool-call part, as a tree, of a whole call, with its index (kept unless the dialect
// numbers calls and it is the call's position) and custom type kept.
func toolCallPart(raw any, where string, position int, dialect *Dialect) (*obj, error) {
	call, err := decodeToolCall(raw, where)
	if err != nil {
		return nil, err
	}
	tree := newObj().Set("id", call.ID).Set("name", call.Name).Set("arguments", call.Arguments)
	part := newObj().Set("type", "tool_call").Set("tool_call", tree)
	object := raw.(*obj)
	kept := newObj()
	if index := object.Get("index"); index != nil {
		if n, isInt := shared.IntValue(index); !dialect.CallIndex || !isInt || n != int64(position) {
			kept.Set("index", index)
		}
	}
	if object.Get("type") == "custom" {
		kept.Set("type", "custom")
	}
	if kept.Len() > 0 {
		part.Set("provider_metadata", newObj().Set(Provider, kept))
	}
	return part, nil
}

// decodeReplyMessage is the parts, as trees, of a reply's message; members it does not read are reported.
func decodeReplyMessage(message *obj, where string, conv *shared.Conversion, dialect *Dialect) ([]any, error) {
	for _, pointer := range unmapped(message, dialect.message, where) {
		conv.Degrade("provider.unmapped", pointer)
	}
	parts := []any{}
	switch content := message.Get("content").(type) {
	case string:
		if content != "" {
			parts = append(parts, newObj().Set("type", "text").Set("text", content))
		}
	case nil:
	default:
		conv.Degrade("provider.unmapped", where+"/content") // not OpenAI's shape: a server's own
	}
	if annotations := message.Get("annotations"); shared.Truthy(annotations) {
		found, err := decodeAnnotations(annotations, where+"/annotations", dialect.Issuer)
		if err != nil {
			return nil, err
		}
		if len(parts) > 0 {
			parts[0].(*obj).Set("citations", found)
		} else {
			conv.Degrade("provider.unmapped", where+"/annotations") // no text for them to cite
		}
	}
	if refusal, ok := message.Get("refusal").(string); ok {
		parts = append(parts, refusalPart(refusal))
	}
	if audio := message.Get("audio"); audio != nil {
		part, err := decodeAudio(audio, where+"/audio")
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
	}
	calls, err := shared.GetList(message, "tool_calls", where, false)
	if err != nil {
		return nil, err
	}
	for i, call := range calls {
		at := where + "/tool_calls/" + strconv.Itoa(i)
		for _, pointer := range unmapped(call, toolCallMembers, at) {
			conv.Degrade("provider.unmapped", pointer)
		}
		part, err := toolCallPart(call, at, i, dialect)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
	}
	return parts, nil
}

// DecodeResponseObject is the canonical reply of a parsed chat.completion body, read as dialect says (an
// OpenAI-compatible server's adapter passes its own), reporting what it sets aside in conv.
func DecodeResponseObject(body *providerjson.Object, conv *shared.Conversion, dialect *Dialect) (wirechat.ChatResponse, error) {
	var response wirechat.ChatResponse
	for _, pointer := range unmapped(body, dialect.response, "") {
		conv.Degrade("provider.unmapped", pointer)
	}
	choices, err := shared.GetList(body, "choices", "", true)
	if err != nil {
		return response, err
	}
	metadata := providerjson.NewObject()
	parts := []any{}
	var rawFinish *string
	if len(choices) > 0 {
		choice, ok := choices[0].(*providerjson.Object)
		if !ok {
			return response, shared.Invalid("/choices/0", "expected a choice object")
		}
		for _, pointer := range unmapped(choice, dialect.choice, "/choices/0") {
			conv.Degrade("provider.unmapped", pointer)
		}
		for i := 1; i < len(choices); i++ {
			conv.Degrade("provider.unmapped", "/choices/"+strconv.Itoa(i)) // n > 1: one message per reply
		}
		message, err := shared.GetObj(choice, "message", "/choices/0", false)
		if err != nil {
			return response, err
		}
		if parts, err = decodeReplyMessage(message, "/choices/0/message", conv, dialect); err != nil {
			return response, err
		}
		if raw, ok, err := shared.GetStr(choice, "finish_reason", "/choices/0", false); err != nil {
			return response, err
		} else if ok {
			rawFinish = &raw
		}
		for _, key := range dialect.KeptChoice {
			if v := choice.Get(key); v != nil {
				metadata.Set(key, v)
			}
		}
	}
	hasCalls := false
	for _, part := range parts {
		hasCalls = hasCalls || part.(*obj).Get("type") == "tool_call"
	}
	message, err := wirechat.Decode[wirechat.Message](providerjson.MustMarshal(newObj().Set("role", "assistant").Set("parts", parts)))
	if err != nil {
		return response, shared.Invalid("/choices/0/message", "%v", err)
	}
	response.Message = message
	response.FinishReason = DecodeFinish(rawFinish, hasCalls)
	if raw, ok := body.Get("usage").(*providerjson.Object); ok {
		usage, extra, err := DecodeUsage(raw, "/usage")
		if err != nil {
			return response, err
		}
		response.Usage = &usage
		if extra != nil {
			metadata.Set("usage", extra)
		}
	}
	if id, ok := body.Get("id").(string); ok && id != "" {
		response.ID = &id
	}
	if model, ok := body.Get("model").(string); ok && model != "" {
		response.Model = &model
	}
	if created, ok := shared.IntValue(body.Get("created")); ok && created != 0 {
		metadata.Set("created", body.Get("created"))
	}
	for _, key := range dialect.KeptBody {
		if value := body.Get(key); value != nil {
			metadata.Set(key, value)
		}
	}
	if metadata.Len() > 0 {
		response.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return response, nil
}
