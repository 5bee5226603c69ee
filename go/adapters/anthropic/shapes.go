// Package anthropic is the anthropic adapter (Anthropic Messages, API version 2026-10-21) in Go: a pure
// codec between canonical wirechat values and the provider's JSON, laid out as Python's
// adapters/anthropic (shapes, request_encode, response, stream, usage, finish, errors, manifest) and held
// to the same bytes.
//
// This file holds the provider's own JSON shapes: the names, the media types it takes, and the content
// blocks both ways (tool_use, thinking / redacted_thinking from canonical parts; decodeBlock for every
// block a response or a stream carries).
package anthropic

import (
	"encoding/base64"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Name is the registry name, the provider_metadata key and the reasoning issuer: one word for Anthropic.
const (
	Name       = "anthropic"
	Provider   = "anthropic"
	APIVersion = "2026-10-21"
	schemaName = "response" // the name structured output's schema travels under
)

var imageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

var issuer = Provider

// encodeToolCall is a tool_use block: the arguments must be a JSON object, sent as input.
func encodeToolCall(call wirechat.ToolCall, where string, conv *shared.Conversion) (*obj, error) {
	value, err := parseArguments(call.Arguments)
	if err != nil {
		return nil, conv.Refuse("tool_call.arguments_not_object", where+"/arguments")
	}
	if providerjson.MustCompact(value) != call.Arguments {
		conv.Degrade("tool_call.arguments_not_compact", where+"/arguments")
	}
	return newObj().Set("type", "tool_use").Set("id", call.ID).Set("name", call.Name).Set("input", value), nil
}

// parseArguments reads arguments as wirechat's parse_arguments does: blank text is {}, anything else must
// be an I-JSON object (checked by the wirechat package).
func parseArguments(arguments string) (*obj, error) {
	var checked any
	if err := wirechat.ParseArguments(arguments, &checked); err != nil {
		return nil, err
	}
	if isBlank(arguments) {
		return newObj(), nil
	}
	return providerjson.ParseObject([]byte(arguments))
}

func isBlank(s string) bool {
	for _, c := range s {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// encodeReasoning is a thinking or redacted_thinking block for reasoning Anthropic issued; nil when the
// replay rule drops it.
func encodeReasoning(part *wirechat.ReasoningPart, where string, conv *shared.Conversion) (*obj, error) {
	feature := shared.ReasoningFeature(part.Reasoning, Provider)
	carried, err := conv.Handle(feature, where)
	if err != nil {
		return nil, err
	}
	if !carried && feature != "reasoning.own_empty_text" {
		return nil, nil
	}
	r := part.Reasoning
	if r.RedactedData != nil {
		return newObj().Set("type", "redacted_thinking").Set("data", *r.RedactedData), nil
	}
	text, signature := "", ""
	if r.Text != nil {
		text = *r.Text
	}
	if r.Signature != nil {
		signature = *r.Signature
	}
	return newObj().Set("type", "thinking").Set("thinking", text).Set("signature", signature), nil
}

func withCache(block *obj, metadata wirechat.ProviderMetadata) wirechat.ProviderMetadata {
	own := newObj()
	for _, key := range []string{"cache_control", "citations"} {
		if v := block.Get(key); v != nil {
			own.Set(key, v)
		}
	}
	if own.Len() == 0 {
		return metadata
	}
	return wirechat.ProviderMetadata{Provider: shared.ObjectBytes(own)}
}

// decodeBlock is the canonical part for one response content block: text, thinking, redacted thinking,
// tool_use; any other block is kept whole as a data part marked {"anthropic": {"block": true}}.
func decodeBlock(raw any, where string) (wirechat.Part, error) {
	block, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content block object")
	}
	switch block.Get("type") {
	case "text":
		text, _, err := shared.GetStr(block, "text", where, true)
		if err != nil {
			return nil, err
		}
		return &wirechat.TextPart{Text: text, ProviderMetadata: withCache(block, nil)}, nil
	case "thinking":
		r := wirechat.Reasoning{Issuer: &issuer}
		if text, ok := block.Get("thinking").(string); ok && text != "" {
			r.Text = &text
		} else if shared.Truthy(block.Get("thinking")) {
			return nil, shared.Invalid(where+"/thinking", "expected a string, got %s", shared.TypeName(block.Get("thinking")))
		}
		if signature, ok := block.Get("signature").(string); ok && signature != "" {
			r.Signature = &signature
		} else if shared.Truthy(block.Get("signature")) {
			return nil, shared.Invalid(where+"/signature", "expected a string, got %s", shared.TypeName(block.Get("signature")))
		}
		return &wirechat.ReasoningPart{Reasoning: r}, nil
	case "redacted_thinking":
		data, _, err := shared.GetStr(block, "data", where, true)
		if err != nil {
			return nil, err
		}
		return &wirechat.ReasoningPart{Reasoning: wirechat.Reasoning{RedactedData: &data, Issuer: &issuer}}, nil
	case "tool_use":
		input := block.Get("input")
		if input == nil {
			input = newObj()
		}
		arguments, err := providerjson.Compact(input)
		if err != nil {
			return nil, shared.Invalid(where+"/input", "%v", err)
		}
		id, _, err := shared.GetStr(block, "id", where, true)
		if err != nil {
			return nil, err
		}
		name, _, err := shared.GetStr(block, "name", where, true)
		if err != nil {
			return nil, err
		}
		call := wirechat.ToolCall{ID: id, Name: name, Arguments: arguments}
		return &wirechat.ToolCallPart{ToolCall: call, ProviderMetadata: withCache(block, nil)}, nil
	}
	return blockData(block), nil
}

// blockData keeps a block this adapter has no part for whole, as a data part.
func blockData(block *obj) wirechat.Part {
	return &wirechat.DataPart{
		Data:             wirechat.DataRef{Value: wirechat.JsonValue(providerjson.MustMarshal(block))},
		ProviderMetadata: wirechat.ProviderMetadata{Provider: wirechat.JsonObject(`{"block":true}`)},
	}
}

// textDocument is a text/plain document's base64, or ok false when it is not the base64 of UTF-8 text in
// its canonical form (which would not read back the same).
func textDocument(encoded string) (string, bool) {
	data, err := base64.StdEncoding.Strict().DecodeString(encoded)
	if err != nil || base64.StdEncoding.EncodeToString(data) != encoded {
		return "", false
	}
	text := string(data)
	if !validUTF8(text) {
		return "", false
	}
	return text, true
}
