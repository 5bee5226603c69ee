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

// metadataKeys are the top-level members kept in provider_metadata as they are.
var metadataKeys = []string{"system_fingerprint", "service_tier"}

// refusalMetadata marks a text part as the model's refusal.
var refusalMetadata = wirechat.ProviderMetadata{Provider: wirechat.JsonObject(`{"refusal":true}`)}

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
	return decodeResponseObject(body)
}

func decodeResponseObject(body *providerjson.Object) (wirechat.ChatResponse, error) {
	var response wirechat.ChatResponse
	choices, err := shared.GetList(body, "choices", "", true)
	if err != nil {
		return response, err
	}
	metadata := providerjson.NewObject()
	parts := []wirechat.Part{}
	var rawFinish *string
	hasCalls := false
	if len(choices) > 0 {
		choice, ok := choices[0].(*providerjson.Object)
		if !ok {
			return response, shared.Invalid("/choices/0", "expected a choice object")
		}
		message, err := shared.GetObj(choice, "message", "/choices/0", true)
		if err != nil {
			return response, err
		}
		if text, ok := message.Get("content").(string); ok && text != "" {
			parts = append(parts, &wirechat.TextPart{Text: text})
		}
		if refusal, ok := message.Get("refusal").(string); ok {
			parts = append(parts, &wirechat.TextPart{Text: refusal, ProviderMetadata: refusalMetadata})
		}
		calls, err := shared.GetList(message, "tool_calls", "/choices/0/message", false)
		if err != nil {
			return response, err
		}
		for i, raw := range calls {
			call, err := decodeToolCall(raw, "/choices/0/message/tool_calls/"+strconv.Itoa(i))
			if err != nil {
				return response, err
			}
			parts = append(parts, &wirechat.ToolCallPart{ToolCall: call})
			hasCalls = true
		}
		if raw, ok, err := shared.GetStr(choice, "finish_reason", "/choices/0", false); err != nil {
			return response, err
		} else if ok {
			rawFinish = &raw
		}
		if logprobs := choice.Get("logprobs"); logprobs != nil {
			metadata.Set("logprobs", logprobs)
		}
		if annotations := message.Get("annotations"); shared.Truthy(annotations) {
			metadata.Set("annotations", annotations)
		}
		if len(choices) > 1 {
			metadata.Set("other_choices", choices[1:])
		}
	}
	response.Message = wirechat.Message{Role: wirechat.RoleAssistant, Parts: parts}
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
	for _, key := range metadataKeys {
		if value := body.Get(key); value != nil {
			metadata.Set(key, value)
		}
	}
	if metadata.Len() > 0 {
		response.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return response, nil
}
