package anthropic

// Anthropic message bodies -> canonical ChatResponse, as Python's anthropic/response.py. Content blocks map
// to parts in order (blocks.go; the same parts at the same indices as the stream gives); thinking keeps its
// signature and redacted thinking its data byte for byte, with issuer anthropic; provider-run calls and
// results and citations keep their blocks byte for byte. What has no canonical field goes to
// provider_metadata["anthropic"] and is written back: the usage members beside the counts, the members of
// responseKept, and the blocks of a type this adapter does not know (unknownBlocks, at their positions;
// they are not parts, so a replayed conversation does not carry them). Every member neither mapped nor kept
// is reported in the warnings with its pointer.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// unknownBlocks is the provider_metadata.anthropic key of the blocks of a type this adapter does not know:
// a list of {"index": <position in content>, "block": <the block>}, written back where they were.
const unknownBlocks = "unknown_blocks"

// decodeContent is the parts of a reply's content blocks, and its blocks of unknown types (unknownBlocks
// entries); each unknown block and each member no decoder maps is reported at its pointer.
func decodeContent(blocks []any, where string, conv *shared.Conversion) (parts, unknown []any, err error) {
	names := map[string]string{}
	parts, unknown = []any{}, []any{}
	for i, block := range blocks {
		at := where + "/" + strconv.Itoa(i)
		part, err := decodeBlock(block, at, names)
		if err != nil {
			return nil, nil, err
		}
		if part == nil {
			conv.Degrade("provider.unmapped", at)
			unknown = append(unknown, newObj().Set("index", int64(i)).Set("block", block))
			continue
		}
		for _, pointer := range unmappedBlock(block, at) {
			conv.Degrade("provider.unmapped", pointer)
		}
		parts = append(parts, part)
	}
	return parts, unknown, nil
}

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
	for _, pointer := range shared.UnmappedMembers(body, responseShape, "") {
		conv.Degrade("provider.unmapped", pointer)
	}
	blocks, err := shared.GetList(body, "content", "", true)
	if err != nil {
		return response, err
	}
	parts, unknown, err := decodeContent(blocks, "/content", conv)
	if err != nil {
		return response, err
	}
	hasCalls := false
	for _, part := range parts {
		hasCalls = hasCalls || part.(*obj).Get("type") == "tool_call"
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
	for _, key := range responseKept {
		if v := body.Get(key); v != nil {
			metadata.Set(key, v)
		}
	}
	if len(unknown) > 0 {
		metadata.Set(unknownBlocks, unknown)
	}
	if metadata.Len() > 0 {
		response.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return response, nil
}
