package anthropic

// Canonical ChatResponse -> Anthropic message body (EncodeResponse), as Python's anthropic/response.py
// encodes it (usage through usage.go's EncodeUsage): parts become blocks in order, Anthropic's own reasoning is replayed byte for byte (others' is dropped), input_tokens is sent
// without the cached tokens.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// EncodeResponse is the provider body for response, with the warnings of what was degraded.
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
	content := []any{}
	for j, part := range message.Parts {
		where := "/message/parts/" + strconv.Itoa(j)
		own, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider)
		extra := false
		for _, key := range own.Keys() {
			extra = extra || (key != "citations" && key != "block")
		}
		if foreign || extra {
			conv.Degrade("part.provider_metadata", where+"/provider_metadata")
		}
		switch p := part.(type) {
		case *wirechat.TextPart:
			block := newObj().Set("type", "text").Set("text", p.Text)
			if own.Has("citations") {
				block.Set("citations", own.Get("citations"))
			}
			block, err := withCitations(block, p, where, conv)
			if err != nil {
				return nil, nil, err
			}
			content = append(content, block)
		case *wirechat.ToolCallPart:
			block, err := encodeToolCall(p.ToolCall, where+"/tool_call", conv)
			if err != nil {
				return nil, nil, err
			}
			content = append(content, block)
		case *wirechat.ReasoningPart:
			block, err := encodeReasoning(p, where, conv)
			if err != nil {
				return nil, nil, err
			}
			if block != nil {
				content = append(content, block)
			}
		case *wirechat.DataPart:
			value, isObject := shared.Raw(p.Data.Value).(*obj)
			if own.Get("block") != true || !isObject {
				return nil, nil, conv.Refuse("response.part_unsupported", where)
			}
			content = append(content, value)
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			block, err := shared.ProviderPartOut(part, where, conv, Provider)
			if err != nil {
				return nil, nil, err
			}
			if block != nil {
				content = append(content, block)
			}
		default:
			return nil, nil, conv.Refuse("response.part_unsupported", where)
		}
	}
	own, foreign := shared.MetadataFor(response.ProviderMetadata, Provider)
	if foreign {
		conv.Degrade("response.provider_metadata.foreign", "/provider_metadata")
	}
	var usage *obj
	if response.Usage == nil {
		conv.Degrade("usage.absent", "/usage")
		usage = newObj().Set("input_tokens", int64(0)).Set("output_tokens", int64(0))
	} else {
		usage = EncodeUsage(*response.Usage, conv, own.Obj("usage"))
	}
	body := newObj().Set("id", shared.Deref(response.ID)).Set("type", "message").Set("role", "assistant").
		Set("content", content).Set("model", shared.Deref(response.Model)).
		Set("stop_reason", shared.EncodeFinish(response.FinishReason, Manifest, conv, "/finish_reason")).
		Set("stop_sequence", own.Get("stop_sequence")).Set("usage", usage)
	for _, key := range metadataKeys {
		if own.Has(key) && key != "stop_sequence" {
			body.Set(key, own.Get(key))
		}
	}
	return body, conv.Warnings, nil
}
