package querymt

// QueryMT ExtismChatRequest -> canonical ChatRequest (DecodeRequest), as Python's querymt/request_decode.
//
// Each QueryMT message becomes one canonical message: User + ToolResult is a tool message (each call's
// function.arguments is the result's content), other User messages are user messages (the content text,
// then the image or PDF), Assistant messages hold their thinking as a reasoning part, then the text (for
// ToolUse, only when non-empty), then the tool calls. cfg.model is the model and the rest of cfg goes to
// provider_options.querymt.cfg. Members QueryMT's types do not have, and cache hints wirechat has no field
// for, are reported (provider.unmapped), never dropped silently.

import (
	"encoding/base64"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	requestShape = shared.Shape{"cfg": nil, "messages": nil, "tools": nil}
	messageShape = shared.Shape{"role": nil, "message_type": nil, "content": nil, "thinking": nil}
	toolShape    = shared.Shape{"type": nil, "function": {"name": nil, "description": nil, "parameters": nil}}
)

// DecodeRequest is the canonical request for an ExtismChatRequest body.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	return shared.DecodeRequest(data, Manifest, decodeRequestTree, nil)
}

func decodeRequestTree(body *obj, conv *shared.Conversion) (*obj, error) {
	for _, where := range shared.UnmappedMembers(body, requestShape, "") {
		conv.Degrade("provider.unmapped", where)
	}
	cfg, err := shared.GetObj(body, "cfg", "", false)
	if err != nil {
		return nil, err
	}
	doc := newObj()
	if cfg != nil {
		cfg = cfg.Copy()
		if model := cfg.Get("model"); model != nil {
			text, ok := model.(string)
			if !ok || text == "" {
				return nil, shared.Invalid("/cfg/model", "expected a non-empty string")
			}
			doc.Set("model", text)
			cfg.Delete("model")
		} else if cfg.Has("model") {
			cfg.Delete("model")
		}
	}
	if cfg.Len() > 0 {
		doc.Set("provider_options", newObj().Set(Name, newObj().Set("cfg", cfg)))
	}
	raw, err := shared.GetList(body, "messages", "", true)
	if err != nil {
		return nil, err
	}
	messages := []any{}
	for i, item := range raw {
		where := "/messages/" + strconv.Itoa(i)
		message, ok := item.(*obj)
		if !ok {
			return nil, shared.Invalid(where, "expected a ChatMessage object")
		}
		for _, unmapped := range shared.UnmappedMembers(message, messageShape, where) {
			conv.Degrade("provider.unmapped", unmapped)
		}
		decoded, err := decodeMessage(message, where)
		if err != nil {
			return nil, err
		}
		messages = append(messages, decoded)
	}
	doc.Set("messages", messages)
	tools, err := shared.GetList(body, "tools", "", false)
	if err != nil {
		return nil, err
	}
	if tools != nil {
		decoded, err := shared.MapEach(tools, "/tools", func(item any, at string) (*obj, error) {
			return decodeTool(item, at, conv)
		})
		if err != nil {
			return nil, err
		}
		doc.Set("tools", decoded)
	}
	return doc, nil
}

func decodeTool(item any, where string, conv *shared.Conversion) (*obj, error) {
	raw, ok := item.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a Tool object")
	}
	for _, unmapped := range shared.UnmappedMembers(raw, toolShape, where) {
		conv.Degrade("provider.unmapped", unmapped)
	}
	fn, err := shared.GetObj(raw, "function", where, true)
	if err != nil {
		return nil, err
	}
	name, _, err := shared.GetStr(fn, "name", where+"/function", true)
	if err != nil {
		return nil, err
	}
	tool := newObj().Set("name", name)
	description, _, err := shared.GetStr(fn, "description", where+"/function", false)
	if err != nil {
		return nil, err
	}
	if description != "" {
		tool.Set("description", description)
	}
	switch parameters := fn.Get("parameters").(type) {
	case nil:
		tool.Set("input_schema", newObj().Set("type", "object"))
	case *obj:
		tool.Set("input_schema", parameters)
	default:
		return nil, shared.Invalid(where+"/function/parameters", "expected a JSON Schema object")
	}
	return tool, nil
}

// bytesText is serde's Vec<u8> (an array of integers from 0 to 255) as base64.
func bytesText(value any, where string) (string, error) {
	items, ok := value.([]any)
	if !ok {
		return "", shared.Invalid(where, "expected the bytes as an array of integers from 0 to 255")
	}
	raw := make([]byte, len(items))
	for i, item := range items {
		n, ok := shared.IntValue(item)
		if !ok || n < 0 || n > 255 {
			return "", shared.Invalid(where, "expected the bytes as an array of integers from 0 to 255")
		}
		raw[i] = byte(n)
	}
	return base64.StdEncoding.EncodeToString(raw), nil
}

func decodeMedia(kind string, value any, where string) (*obj, error) {
	switch kind {
	case "Image":
		pair, ok := value.([]any)
		if !ok || len(pair) != 2 {
			return nil, shared.Invalid(where, "expected [ImageMime (JPEG, PNG, GIF or WEBP), bytes]")
		}
		variant, _ := pair[0].(string)
		media, known := mimeOf[variant]
		if !known {
			return nil, shared.Invalid(where, "expected [ImageMime (JPEG, PNG, GIF or WEBP), bytes]")
		}
		data, err := bytesText(pair[1], where+"/1")
		if err != nil {
			return nil, err
		}
		source := newObj().Set("source", "base64").Set("base64", data).Set("media_type", media)
		return newObj().Set("type", "image").Set("image", source), nil
	case "ImageURL":
		url, ok := value.(string)
		if !ok {
			return nil, shared.Invalid(where, "expected a URL string")
		}
		return newObj().Set("type", "image").Set("image", newObj().Set("source", "url").Set("url", url)), nil
	}
	data, err := bytesText(value, where)
	if err != nil {
		return nil, err
	}
	source := newObj().Set("source", "base64").Set("base64", data).Set("media_type", "application/pdf")
	return newObj().Set("type", "file").Set("file", source), nil
}

func decodeCalls(value any, where string, build func(id, name, arguments string) *obj) ([]any, error) {
	items, ok := value.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of ToolCall objects")
	}
	return shared.MapEach(items, where, func(item any, at string) (*obj, error) {
		id, name, arguments, err := decodeToolCall(item, at)
		if err != nil {
			return nil, err
		}
		return build(id, name, arguments), nil
	})
}

func textPart(text string) *obj { return newObj().Set("type", "text").Set("text", text) }

// decodeMessage is the canonical message for one QueryMT ChatMessage.
func decodeMessage(raw *obj, where string) (*obj, error) {
	role, _ := raw.Get("role").(string)
	if role != "User" && role != "Assistant" {
		return nil, shared.Invalid(where+"/role", "expected User or Assistant, got %s", shared.TypeName(raw.Get("role")))
	}
	content, _, err := shared.GetStr(raw, "content", where, true)
	if err != nil {
		return nil, err
	}
	at := where + "/message_type"
	kind, value := "", any(nil)
	switch messageType := raw.Get("message_type").(type) {
	case nil:
		if raw.Has("message_type") {
			return nil, shared.Invalid(at, "expected Text or a one-member object (Image, Pdf, ImageURL, ToolUse, ToolResult)")
		}
		kind = "Text"
	case string:
		if messageType != "Text" {
			return nil, shared.Invalid(at, "expected Text or a one-member object (Image, Pdf, ImageURL, ToolUse, ToolResult)")
		}
		kind = "Text"
	case *obj:
		if messageType.Len() != 1 {
			return nil, shared.Invalid(at, "expected Text or a one-member object (Image, Pdf, ImageURL, ToolUse, ToolResult)")
		}
		kind = messageType.Keys()[0]
		value = messageType.Get(kind)
	default:
		return nil, shared.Invalid(at, "expected Text or a one-member object (Image, Pdf, ImageURL, ToolUse, ToolResult)")
	}
	parts := []any{}
	thinking, hasThinking, err := shared.GetStr(raw, "thinking", where, false)
	if err != nil {
		return nil, err
	}
	if hasThinking {
		if role != "Assistant" {
			return nil, shared.Invalid(where+"/thinking", "only an Assistant message has thinking")
		}
		parts = append(parts, newObj().Set("type", "reasoning").Set("reasoning", newObj().Set("text", thinking)))
	}
	switch kind {
	case "ToolResult":
		if role != "User" || content != "" {
			return nil, shared.Invalid(at, "a ToolResult is a User message whose content is empty")
		}
		results, err := decodeCalls(value, at+"/ToolResult", func(id, _, text string) *obj {
			return newObj().Set("type", "tool_result").Set("tool_result", newObj().Set("tool_call_id", id).Set("content", text))
		})
		if err != nil {
			return nil, err
		}
		return newObj().Set("role", "tool").Set("parts", results), nil
	case "ToolUse":
		if role != "Assistant" {
			return nil, shared.Invalid(at, "ToolUse is an Assistant message")
		}
		if content != "" {
			parts = append(parts, textPart(content))
		}
		calls, err := decodeCalls(value, at+"/ToolUse", toolCallPart)
		if err != nil {
			return nil, err
		}
		return newObj().Set("role", "assistant").Set("parts", append(parts, calls...)), nil
	case "Text":
		lower := map[string]string{"User": "user", "Assistant": "assistant"}[role]
		return newObj().Set("role", lower).Set("parts", append(parts, textPart(content))), nil
	case "Image", "ImageURL", "Pdf":
	default:
		return nil, shared.Invalid(at, "unknown MessageType %q", kind)
	}
	if role != "User" {
		return nil, shared.Invalid(at, "wirechat takes images and PDFs from the user only")
	}
	if content != "" {
		parts = append(parts, textPart(content))
	}
	media, err := decodeMedia(kind, value, at+"/"+kind)
	if err != nil {
		return nil, err
	}
	return newObj().Set("role", "user").Set("parts", append(parts, media)), nil
}
