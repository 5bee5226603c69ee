package querymt

// QueryMT ExtismChatResponse ({text, tool_calls, thinking, usage, finish_reason}) <-> canonical
// ChatResponse, as Python's querymt/response.
//
// Decoding: thinking is a reasoning part (first), then the text, then the tool calls with their ids; usage
// is normalised (usage.go); the finish reason is derived from QueryMT's value and the raw value kept
// (finish.go). Members QueryMT's type does not have are kept in provider_metadata["querymt"] and written
// back by EncodeResponse. Encoding joins the text parts (with a warning) and writes the plain reasoning as
// thinking (thinking.go, decision 044).

import (
	"slices"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// responseMembers are the members of QueryMT's ExtismChatResponse.
var responseMembers = []string{"text", "tool_calls", "thinking", "usage", "finish_reason"}

// DecodeResponse is the canonical response for an ExtismChatResponse body.
func DecodeResponse(data []byte) (wirechat.ChatResponse, []adapters.Warning, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatResponse{}, nil, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	doc, err := decodeResponseTree(body)
	if err != nil {
		return wirechat.ChatResponse{}, nil, err
	}
	response, err := wirechat.Decode[wirechat.ChatResponse](providerjson.MustMarshal(doc))
	if err != nil {
		return wirechat.ChatResponse{}, nil, shared.Invalid("", "%v", err)
	}
	return response, nil, nil
}

func decodeResponseTree(body *obj) (*obj, error) {
	parts := []any{}
	thinking, _, err := shared.GetStr(body, "thinking", "", false)
	if err != nil {
		return nil, err
	}
	if thinking != "" {
		parts = append(parts, newObj().Set("type", "reasoning").Set("reasoning", newObj().Set("text", thinking)))
	}
	text, _, err := shared.GetStr(body, "text", "", false)
	if err != nil {
		return nil, err
	}
	if text != "" {
		parts = append(parts, textPart(text))
	}
	calls, err := shared.GetList(body, "tool_calls", "", false)
	if err != nil {
		return nil, err
	}
	var decoded []any
	if calls != nil {
		decoded, err = decodeCalls(calls, "/tool_calls", toolCallPart)
		if err != nil {
			return nil, err
		}
	}
	parts = append(parts, decoded...)
	raw, _, err := shared.GetStr(body, "finish_reason", "", false)
	if err != nil {
		return nil, err
	}
	var rawFinish *string
	if body.Get("finish_reason") != nil {
		rawFinish = &raw
	}
	finish, err := providerjson.Parse(mustCanonical(DecodeFinish(rawFinish, len(decoded) > 0)))
	if err != nil {
		return nil, err
	}
	doc := newObj().Set("message", newObj().Set("role", "assistant").Set("parts", parts)).Set("finish_reason", finish)
	metadata := newObj()
	for _, key := range body.Keys() {
		if !slices.Contains(responseMembers, key) {
			metadata.Set(key, body.Get(key))
		}
	}
	rawUsage, err := shared.GetObj(body, "usage", "", false)
	if err != nil {
		return nil, err
	}
	if rawUsage != nil {
		usage, extra, err := decodeUsage(rawUsage, "/usage")
		if err != nil {
			return nil, err
		}
		encoded, _ := providerjson.Parse(mustCanonical(usage))
		doc.Set("usage", encoded)
		if extra.Len() > 0 {
			metadata.Set("usage", extra)
		}
	}
	if metadata.Len() > 0 {
		doc.Set("provider_metadata", newObj().Set(Provider, metadata))
	}
	return doc, nil
}

// mustCanonical is a wire value's JSON (the values built here are valid by construction).
func mustCanonical(v any) []byte {
	data, err := wirechat.Encode(v)
	if err != nil {
		panic("querymt: a built wire value does not encode: " + err.Error())
	}
	return data
}

// EncodeResponse is the ExtismChatResponse for a canonical response.
func EncodeResponse(response wirechat.ChatResponse) (*obj, []adapters.Warning, error) {
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
	var texts []string
	calls := []any{}
	thought := &thinking{conv: conv}
	for j, part := range message.Parts {
		where := "/message/parts/" + strconv.Itoa(j)
		partMetadata(part, where, conv)
		switch p := part.(type) {
		case *wirechat.TextPart:
			if len(calls) > 0 {
				conv.Degrade("tool_call.interleaved", where)
			}
			if _, err := shared.CitationsOut(p, where, conv, Provider); err != nil {
				return nil, nil, err
			}
			texts = append(texts, p.Text)
		case *wirechat.ToolCallPart:
			calls = append(calls, toolCall(p.ToolCall.ID, p.ToolCall.Name, p.ToolCall.Arguments))
		case *wirechat.ReasoningPart:
			thought.take(p, where, len(texts)+len(calls) > 0)
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			if _, err := shared.ProviderPartOut(part, where, conv, Provider); err != nil {
				return nil, nil, err
			}
		default:
			return nil, nil, conv.Refuse("response.part_unsupported", where)
		}
	}
	text := thought.text()
	if len(texts) > 1 || slices.Contains(texts, "") {
		conv.Degrade("response.text_joined", "/message/parts")
	}
	if response.ID != nil {
		conv.Degrade("response.id", "/id")
	}
	if response.Model != nil {
		conv.Degrade("response.model", "/model")
	}
	own, foreign := shared.MetadataFor(response.ProviderMetadata, Provider)
	if foreign {
		conv.Degrade("response.provider_metadata.foreign", "/provider_metadata")
	}
	body := newObj()
	joined := ""
	for _, text := range texts {
		joined += text
	}
	body.Set("text", nilIfEmpty(joined))
	if len(calls) > 0 {
		body.Set("tool_calls", calls)
	} else {
		body.Set("tool_calls", nil)
	}
	body.Set("thinking", text)
	if response.Usage != nil {
		body.Set("usage", encodeUsage(*response.Usage, conv))
	} else {
		body.Set("usage", nil)
	}
	body.Set("finish_reason", encodeFinish(response.FinishReason, conv))
	for _, key := range own.Keys() {
		if !body.Has(key) {
			body.Set(key, own.Get(key))
		}
	}
	return body, conv.Warnings, nil
}

func nilIfEmpty(text string) any {
	if text == "" {
		return nil
	}
	return text
}
