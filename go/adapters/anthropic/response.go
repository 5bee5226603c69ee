package anthropic

// Anthropic message bodies -> canonical ChatResponse. Content blocks map to parts in order (block index
// = part index, as in the stream); thinking keeps its signature and redacted thinking its data byte for
// byte, with issuer anthropic; what has no canonical field goes to provider_metadata["anthropic"].

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var metadataKeys = []string{"stop_sequence", "stop_details", "container", "diagnostics"}

// DecodeResponse is the canonical response for a message body.
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
	var response wirechat.ChatResponse
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return response, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	blocks, err := shared.GetList(body, "content", "", true)
	if err != nil {
		return response, err
	}
	parts := make([]any, 0, len(blocks))
	hasCalls := false
	for i, block := range blocks {
		part, err := decodeBlock(block, "/content/"+strconv.Itoa(i))
		if err != nil {
			return response, err
		}
		hasCalls = hasCalls || part.Get("type") == "tool_call"
		parts = append(parts, part)
	}
	message, err := wirechat.Decode[wirechat.Message](providerjson.MustMarshal(newObj().Set("role", "assistant").Set("parts", parts)))
	if err != nil {
		return response, shared.Invalid("/content", "%v", err)
	}
	var rawFinish *string
	if raw, ok := body.Get("stop_reason").(string); ok {
		rawFinish = &raw
	}
	response.Message = message
	response.FinishReason = DecodeFinish(rawFinish, hasCalls)
	metadata := providerjson.NewObject()
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
	for _, key := range metadataKeys {
		if v := body.Get(key); v != nil {
			metadata.Set(key, v)
		}
	}
	if metadata.Len() > 0 {
		response.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return response, nil
}
