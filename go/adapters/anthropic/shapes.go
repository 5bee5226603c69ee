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
	"strconv"

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

// withCache adds the block's cache_control and citations to a decoded part's provider data.
func withCache(block, part *obj) *obj {
	own := newObj()
	for _, key := range []string{"cache_control", "citations"} {
		if v := block.Get(key); v != nil {
			own.Set(key, v)
		}
	}
	if own.Len() > 0 {
		part.Set("provider_metadata", newObj().Set(Provider, own))
	}
	return part
}

// decodeBlock is the canonical part, as a tree, for one content block of a request or a response, as
// Python's shapes.decode_block: text, image, document, thinking, redacted thinking, tool_use,
// tool_result; any other block is kept whole as a data part marked {"anthropic": {"block": true}}. A
// missing tool-call id or name is an error, never an invented value.
func decodeBlock(raw any, where string) (*obj, error) {
	block, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content block object")
	}
	switch block.Get("type") {
	case "text":
		text, _, err := shared.GetStr(block, "text", where, true)
		return withCache(block, newObj().Set("type", "text").Set("text", text)), err
	case "image":
		source, err := shared.GetObj(block, "source", where, true)
		if err != nil {
			return nil, err
		}
		var image *obj
		switch source.Get("type") {
		case "url":
			url, _, err := shared.GetStr(source, "url", where+"/source", true)
			if err != nil {
				return nil, err
			}
			image = newObj().Set("source", "url").Set("url", url)
		case "base64":
			image = newObj().Set("source", "base64").Set("base64", source.Get("data")).Set("media_type", source.Get("media_type"))
		default:
			return nil, shared.Invalid(where+"/source/type", "expected url or base64, got %s", providerjson.MustCompact(source.Get("type")))
		}
		return withCache(block, newObj().Set("type", "image").Set("image", image)), nil
	case "document":
		file, err := decodeDocument(block, where)
		if err != nil {
			return nil, err
		}
		return withCache(block, newObj().Set("type", "file").Set("file", file)), nil
	case "thinking":
		reasoning := newObj().Set("issuer", Provider)
		if v := block.Get("thinking"); shared.Truthy(v) {
			reasoning.Set("text", v)
		}
		if v := block.Get("signature"); shared.Truthy(v) {
			reasoning.Set("signature", v)
		}
		return newObj().Set("type", "reasoning").Set("reasoning", reasoning), nil
	case "redacted_thinking":
		data, _, err := shared.GetStr(block, "data", where, true)
		reasoning := newObj().Set("redacted_data", data).Set("issuer", Provider)
		return newObj().Set("type", "reasoning").Set("reasoning", reasoning), err
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
		call := newObj().Set("id", id).Set("name", name).Set("arguments", arguments)
		return withCache(block, newObj().Set("type", "tool_call").Set("tool_call", call)), nil
	case "tool_result":
		result, err := decodeToolResult(block, where)
		if err != nil {
			return nil, err
		}
		return withCache(block, newObj().Set("type", "tool_result").Set("tool_result", result)), nil
	}
	return newObj().Set("type", "data").Set("data", newObj().Set("value", block)).
		Set("provider_metadata", newObj().Set(Provider, newObj().Set("block", true))), nil
}

func decodeDocument(block *obj, where string) (*obj, error) {
	source, err := shared.GetObj(block, "source", where, true)
	if err != nil {
		return nil, err
	}
	var out *obj
	switch kind := source.Get("type"); kind {
	case "url":
		url, _, err := shared.GetStr(source, "url", where+"/source", true)
		if err != nil {
			return nil, err
		}
		out = newObj().Set("source", "uri").Set("uri", url)
	case "base64":
		out = newObj().Set("source", "base64").Set("base64", source.Get("data")).Set("media_type", source.Get("media_type"))
	case "text":
		data, _, err := shared.GetStr(source, "data", where+"/source", true)
		if err != nil {
			return nil, err
		}
		out = newObj().Set("source", "base64").Set("base64", base64.StdEncoding.EncodeToString([]byte(data))).Set("media_type", "text/plain")
	case "file":
		id, _, err := shared.GetStr(source, "file_id", where+"/source", true)
		if err != nil {
			return nil, err
		}
		out = newObj().Set("source", "file_id").Set("file_id", id).Set("issuer", Provider)
	default:
		return nil, shared.Invalid(where+"/source/type", "expected url, base64, text or file, got %s", providerjson.MustCompact(kind))
	}
	if title, ok := block.Get("title").(string); ok && title != "" {
		out.Set("name", title)
	}
	return out, nil
}

func decodeToolResult(block *obj, where string) (*obj, error) {
	id, _, err := shared.GetStr(block, "tool_use_id", where, true)
	if err != nil {
		return nil, err
	}
	result := newObj().Set("tool_call_id", id).Set("content", "")
	switch content := block.Get("content").(type) {
	case string:
		result.Set("content", content)
	case []any:
		parts := []any{}
		for k, item := range content {
			part, err := decodeBlock(item, where+"/content/"+strconv.Itoa(k))
			if err != nil {
				return nil, err
			}
			parts = append(parts, part)
		}
		if len(parts) > 0 {
			if first := parts[0].(*obj); first.Get("type") == "text" && !first.Has("provider_metadata") {
				result.Set("content", first.Get("text"))
				parts = parts[1:]
			}
		}
		if len(parts) > 0 {
			result.Set("parts", parts)
		}
	}
	if isError, ok := block.Get("is_error").(bool); ok {
		result.Set("is_error", isError)
	}
	return result, nil
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
