package anthropic

// Canonical ChatResponse -> Anthropic message body (EncodeResponse), as Python's anthropic/response.py
// encodes it (usage through usage.go's EncodeUsage): parts become blocks in order, Anthropic's own
// reasoning, provider-run calls and results and citations are replayed byte for byte (others' are dropped
// with a warning), a tool call gets back its kept tool_use members (caller), the blocks of unknown types a
// reply kept go back where they were, input_tokens is sent without the cached tokens.

import (
	"cmp"
	"slices"
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
		_, isCall := part.(*wirechat.ToolCallPart)
		if foreign || (own.Len() > 0 && !isCall) {
			conv.Degrade("part.provider_metadata", where+"/provider_metadata")
		}
		switch p := part.(type) {
		case *wirechat.TextPart:
			block, err := textBlock(p, where, conv)
			if err != nil {
				return nil, nil, err
			}
			content = append(content, block)
		case *wirechat.ToolCallPart:
			extras := toolUseExtras(own, where, conv)
			block, err := encodeToolCall(p.ToolCall, where+"/tool_call", conv)
			if err != nil {
				return nil, nil, err
			}
			content = append(content, withMembers(block, extras))
		case *wirechat.ReasoningPart:
			block, err := encodeReasoning(p, where, conv)
			if err != nil {
				return nil, nil, err
			}
			if block != nil {
				content = append(content, block)
			}
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
	for _, key := range responseKept {
		if own.Has(key) && key != "stop_sequence" {
			body.Set(key, own.Get(key))
		}
	}
	body.Set("content", putBack(content, own.Get(unknownBlocks)))
	return body, conv.Warnings, nil
}

// putBack writes the reply's blocks of unknown types back at their positions.
func putBack(content []any, unknown any) []any {
	type entry struct {
		index int64
		block *obj
	}
	var entries []entry
	for _, item := range shared.Items(unknown) {
		object, ok := item.(*obj)
		if !ok {
			continue
		}
		index, isInt := shared.IntValue(object.Get("index"))
		if n, ok := object.Get("index").(int64); ok {
			index, isInt = n, true
		}
		if block, ok := object.Get("block").(*obj); isInt && ok {
			entries = append(entries, entry{index, block})
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return cmp.Compare(a.index, b.index) })
	for _, e := range entries {
		at := int(min(max(e.index, 0), int64(len(content))))
		content = slices.Insert(content, at, any(e.block))
	}
	return content
}
