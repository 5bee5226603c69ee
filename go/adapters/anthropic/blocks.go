package anthropic

// Anthropic content blocks -> canonical parts, for every block a request, a response or a stream carries,
// as Python's anthropic/blocks.py.
//
// decodeBlock reads one block: text (with its citations, citations.go), image, document, thinking /
// redacted_thinking (issuer anthropic), tool_use (every member the tool call does not hold, caller
// included, kept in provider_metadata.anthropic), tool_result, and the provider-run calls and results
// (provider_run.go). A block type it does not know gives nil: what becomes of it depends on where it sits
// (a reply keeps it in its provider data, a request's user content reads it as a data part, an assistant
// turn drops it), and the caller decides and reports it (feature provider.unmapped). cache_control on
// a block, and a document's citations setting, go to the part's provider_metadata.anthropic.

import (
	"encoding/base64"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// toolUseMembers are the members of a tool_use block the canonical tool call holds; every other member
// (caller, cache_control, and whatever Anthropic adds) is kept in the part's provider_metadata.anthropic.
var toolUseMembers = map[string]bool{"type": true, "id": true, "name": true, "input": true}

// keep puts the block's members named by keys (when not null) in the part's provider_metadata.anthropic.
func keep(block, part *obj, keys ...string) *obj {
	own := newObj()
	for _, key := range keys {
		if v := block.Get(key); v != nil {
			own.Set(key, v)
		}
	}
	if own.Len() > 0 {
		part.Set("provider_metadata", newObj().Set(Provider, own))
	}
	return part
}

// decodeBlock is the canonical part, as a tree, for one content block of a request or a response; nil
// for a block type this adapter does not know. names maps the provider-run calls read so far (in the same
// content) to their names: a call adds itself, a result takes its call's name from it. A missing tool-call
// id or name is an error, never an invented value.
func decodeBlock(raw any, where string, names map[string]string) (*obj, error) {
	block, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content block object")
	}
	kind := block.Get("type")
	switch kind {
	case "text":
		text, _, err := shared.GetStr(block, "text", where, true)
		if err != nil {
			return nil, err
		}
		part := newObj().Set("type", "text").Set("text", text)
		citations, err := decodeCitations(block.Get("citations"), where+"/citations")
		if err != nil {
			return nil, err
		}
		if len(citations) > 0 {
			part.Set("citations", citations)
		}
		return keep(block, part, "cache_control"), nil
	case "image":
		image, err := decodeImage(block, where)
		if err != nil {
			return nil, err
		}
		return keep(block, newObj().Set("type", "image").Set("image", image), "cache_control"), nil
	case "document":
		file, err := decodeDocument(block, where)
		if err != nil {
			return nil, err
		}
		return keep(block, newObj().Set("type", "file").Set("file", file), "cache_control", "citations"), nil
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
		return decodeToolUse(block, where)
	case "tool_result":
		result, err := decodeToolResult(block, where)
		if err != nil {
			return nil, err
		}
		return keep(block, newObj().Set("type", "tool_result").Set("tool_result", result), "cache_control"), nil
	}
	switch {
	case isProviderCall(kind):
		part, err := decodeProviderCall(block, where)
		if err != nil {
			return nil, err
		}
		call := part.Get("provider_tool_call").(*obj)
		names[call.Get("id").(string)] = call.Get("name").(string)
		return part, nil
	case isProviderResult(kind):
		return decodeProviderResult(block, where, names)
	}
	return nil, nil
}

// decodeToolUse is a tool_call part for a tool_use block: its input as the arguments text
// (wirechat.BuildArguments), its other members in provider_metadata.anthropic.
func decodeToolUse(block *obj, where string) (*obj, error) {
	input := block.Get("input")
	if input == nil {
		input = newObj()
	}
	arguments, err := wirechat.BuildArguments(input)
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
	part := newObj().Set("type", "tool_call").Set("tool_call", newObj().Set("id", id).Set("name", name).Set("arguments", arguments))
	if extras := toolUseExtrasOf(block); extras.Len() > 0 {
		part.Set("provider_metadata", newObj().Set(Provider, extras))
	}
	return part, nil
}

// toolUseExtrasOf is the members of a tool_use block the tool call does not hold (caller, cache_control...).
func toolUseExtrasOf(block *obj) *obj {
	extras := newObj()
	for _, key := range block.Keys() {
		if v := block.Get(key); !toolUseMembers[key] && v != nil {
			extras.Set(key, v)
		}
	}
	return extras
}

func decodeImage(block *obj, where string) (*obj, error) {
	source, err := shared.GetObj(block, "source", where, true)
	if err != nil {
		return nil, err
	}
	switch source.Get("type") {
	case "url":
		url, _, err := shared.GetStr(source, "url", where+"/source", true)
		if err != nil {
			return nil, err
		}
		return newObj().Set("source", "url").Set("url", url), nil
	case "base64":
		return newObj().Set("source", "base64").Set("base64", source.Get("data")).Set("media_type", source.Get("media_type")), nil
	}
	return nil, shared.Invalid(where+"/source/type", "expected url or base64, got %s", providerjson.MustCompact(source.Get("type")))
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
			part, err := decodeBlock(item, where+"/content/"+strconv.Itoa(k), map[string]string{})
			if err != nil {
				return nil, err
			}
			if part == nil { // a block type this adapter does not know is kept whole as data (reported by the request decoder)
				part = newObj().Set("type", "data").Set("data", newObj().Set("value", item))
			}
			parts = append(parts, part)
		}
		if len(parts) > 0 {
			if first := parts[0].(*obj); first.Get("type") == "text" && !first.Has("provider_metadata") && !first.Has("citations") {
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
