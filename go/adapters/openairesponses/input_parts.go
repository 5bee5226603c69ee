package openairesponses

// The user-side content of a request body read back, as Python's openai_responses/request_decode.py does:
// input_text, input_image (a data: URL as an inline source, a detail other than auto kept), input_file, and
// a function_call_output / custom_tool_call_output item as a tool result (its first plain text the content).

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

func decodeContent(content any, where string) ([]any, error) {
	if text, ok := content.(string); ok {
		return []any{textPart(text)}, nil
	}
	list, ok := content.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected a string or an array of content parts")
	}
	return shared.MapEach(list, where, decodePart)
}

func decodePart(value any, where string) (*obj, error) {
	part, ok := value.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content part object")
	}
	switch kind := part.Get("type"); kind {
	case "input_text":
		text, _, err := shared.GetStr(part, "text", where, true)
		if err != nil {
			return nil, err
		}
		return textPart(text), nil
	case "input_image":
		url, _, err := shared.GetStr(part, "image_url", where, true)
		if err != nil {
			return nil, err
		}
		image := newObj().Set("source", "url").Set("url", url)
		if mediaType, data, ok := shared.DataURL(url); ok {
			image = newObj().Set("source", "base64").Set("base64", data).Set("media_type", mediaType)
		}
		out := newObj().Set("type", "image").Set("image", image)
		if detail := part.Get("detail"); detail != nil && detail != "auto" {
			out.Set("provider_metadata", newObj().Set(Provider, newObj().Set("detail", detail)))
		}
		return out, nil
	case "input_file":
		source, err := decodeFile(part, where)
		if err != nil {
			return nil, err
		}
		return newObj().Set("type", "file").Set("file", source), nil
	default:
		return nil, shared.Invalid(where+"/type", "expected input_text, input_image or input_file, got %s", pyStr(kind))
	}
}

func decodeFile(part *obj, where string) (*obj, error) {
	var source *obj
	switch {
	case part.Get("file_data") != nil:
		text, _, err := shared.GetStr(part, "file_data", where, true)
		if err != nil {
			return nil, err
		}
		mediaType, data, ok := shared.DataURL(text)
		if !ok {
			return nil, shared.Invalid(where+"/file_data", "expected a data: URL with base64 content")
		}
		source = newObj().Set("source", "base64").Set("base64", data).Set("media_type", mediaType)
	case part.Get("file_url") != nil:
		uri, _, err := shared.GetStr(part, "file_url", where, true)
		if err != nil {
			return nil, err
		}
		source = newObj().Set("source", "uri").Set("uri", uri)
	case part.Get("file_id") != nil:
		id, _, err := shared.GetStr(part, "file_id", where, true)
		if err != nil {
			return nil, err
		}
		source = newObj().Set("source", "file_id").Set("file_id", id).Set("issuer", Provider)
	default:
		return nil, shared.Invalid(where, "an input_file needs file_data, file_url or file_id")
	}
	if name, ok := part.Get("filename").(string); ok {
		source.Set("name", name)
	}
	return source, nil
}

func decodeToolResult(item *obj, where string) (*obj, error) {
	callID, err := nonEmpty(item, "call_id", where)
	if err != nil {
		return nil, err
	}
	result := newObj().Set("tool_call_id", callID).Set("content", "")
	switch output := item.Get("output").(type) {
	case string:
		result.Set("content", output)
	case []any:
		parts, err := shared.MapEach(output, where+"/output", decodePart)
		if err != nil {
			return nil, err
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
	default:
		return nil, shared.Invalid(where+"/output", "expected a string or an array of content parts")
	}
	part := newObj().Set("type", "tool_result").Set("tool_result", result)
	if item.Get("type") == "custom_tool_call_output" {
		part.Set("provider_metadata", newObj().Set(Provider, newObj().Set("item_type", "custom_tool_call_output")))
	}
	return part, nil
}
