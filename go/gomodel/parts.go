package gomodel

// Messages and parts between go-model trees and canonical wirechat trees, both ways. Going to wirechat,
// presence decides (Go's omitempty writes a member only when it is not empty); coming from wirechat,
// members are written the way encoding/json writes the seed's structs.

import "slices"

var roles = []string{"system", "user", "assistant", "tool"}
var partMembers = []string{"type", "text", "image", "audio", "file", "data", "tool_call", "tool_result"}

func messageToWirechat(v any, at string) (object, error) {
	o, err := readObject(v, at)
	if err != nil {
		return nil, err
	}
	if err := expectMembers(o, []string{"role", "parts"}, at, "Message"); err != nil {
		return nil, err
	}
	role, err := requireString(o, "role", at)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(roles, role) {
		return nil, errorf(at+"/role", "%q is not a role (system, user, assistant, tool)", role)
	}
	var parts []any
	switch p := o["parts"].(type) {
	case nil:
	case []any:
		parts = p
	default:
		return nil, errorf(at+"/parts", "expected an array or null")
	}
	out := make([]any, len(parts))
	for i, part := range parts {
		if out[i], err = partToWirechat(part, at+"/parts/"+itoa(i)); err != nil {
			return nil, err
		}
	}
	return object{"role": role, "parts": out}, nil
}

func partToWirechat(v any, at string) (object, error) {
	o, err := readObject(v, at)
	if err != nil {
		return nil, err
	}
	if err := expectMembers(o, partMembers, at, "Part"); err != nil {
		return nil, err
	}
	kind, err := requireString(o, "type", at)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(partMembers[1:], kind) {
		return nil, errorf(at+"/type", "%q is not a part type (text, image, audio, file, data, tool_call, tool_result)", kind)
	}
	for _, other := range partMembers[1:] {
		if _, ok := o[other]; ok && other != kind {
			return nil, errorf(at+"/"+other, "a %q part carries a %q payload; a wirechat part holds one", kind, other)
		}
	}
	if kind == "text" {
		text, _, err := readString(o, "text", at)
		return object{"type": "text", "text": text}, err
	}
	if o[kind] == nil {
		return nil, errorf(at+"/"+kind, "a %q part needs its %q payload", kind, kind)
	}
	payloadAt := at + "/" + kind
	payload, err := readObject(o[kind], payloadAt)
	if err != nil {
		return nil, err
	}
	var converted object
	switch kind {
	case "image", "audio":
		converted, err = mediaToWirechat(payload, payloadAt)
	case "file":
		converted, err = fileToWirechat(payload, payloadAt)
	case "data":
		converted, err = dataToWirechat(payload, payloadAt)
	case "tool_call":
		converted, err = toolCallToWirechat(payload, payloadAt)
	default:
		converted, err = toolResultToWirechat(payload, payloadAt)
	}
	if err != nil {
		return nil, err
	}
	return object{"type": kind, kind: converted}, nil
}

func mediaToWirechat(o object, at string) (object, error) {
	if err := expectMembers(o, []string{"url", "base64", "media_type"}, at, "MediaRef"); err != nil {
		return nil, err
	}
	url, hasURL, err := readString(o, "url", at)
	if err != nil {
		return nil, err
	}
	data, hasData, err := readString(o, "base64", at)
	if err != nil {
		return nil, err
	}
	mediaType, hasType, err := readString(o, "media_type", at)
	if err != nil {
		return nil, err
	}
	switch {
	case hasURL && hasData:
		return nil, errorf(at, "both url and base64 are set; a wirechat MediaRef has exactly one source")
	case !hasURL && !hasData:
		return nil, errorf(at, "neither url nor base64 is set; a wirechat MediaRef needs one source")
	case hasURL:
		out := object{"source": "url", "url": url}
		if hasType {
			out["media_type"] = mediaType
		}
		return out, nil
	case !hasType:
		return nil, errorf(at+"/media_type", "inline (base64) media needs a media type in wirechat")
	}
	return object{"source": "base64", "base64": data, "media_type": mediaType}, nil
}

func fileToWirechat(o object, at string) (object, error) {
	if err := expectMembers(o, []string{"uri", "mime_type", "name"}, at, "FileRef"); err != nil {
		return nil, err
	}
	uri, err := requireString(o, "uri", at)
	if err != nil {
		return nil, err
	}
	out := object{"source": "uri", "uri": uri}
	if err := copyNonEmpty(o, "mime_type", out, "media_type", at); err != nil {
		return nil, err
	}
	return out, copyNonEmpty(o, "name", out, "name", at)
}

// copyNonEmpty copies a non-empty string member under a new name (Go writes none for an empty one).
func copyNonEmpty(from object, key string, to object, as, at string) error {
	s, _, err := readString(from, key, at)
	if s != "" {
		to[as] = s
	}
	return err
}

func dataToWirechat(o object, at string) (object, error) {
	if err := expectMembers(o, []string{"mime_type", "value"}, at, "DataRef"); err != nil {
		return nil, err
	}
	value := o["value"]
	if _, isObject := value.(object); value != nil && !isObject {
		return nil, errorf(at+"/value", "a DataRef value is an object or null (Go map[string]any)")
	}
	out := object{"value": value}
	return out, copyNonEmpty(o, "mime_type", out, "media_type", at)
}

func toolCallToWirechat(o object, at string) (object, error) {
	if err := expectMembers(o, []string{"id", "name", "arguments"}, at, "ToolCall"); err != nil {
		return nil, err
	}
	out := object{}
	for _, key := range []string{"id", "name", "arguments"} {
		s, err := requireString(o, key, at)
		if err != nil {
			return nil, err
		}
		out[key] = s
	}
	return out, nil
}

func toolResultToWirechat(o object, at string) (object, error) {
	if err := expectMembers(o, []string{"tool_call_id", "content", "is_error"}, at, "ToolResult"); err != nil {
		return nil, err
	}
	out := object{}
	for _, key := range []string{"tool_call_id", "content"} {
		s, err := requireString(o, key, at)
		if err != nil {
			return nil, err
		}
		out[key] = s
	}
	if v, ok := o["is_error"]; ok {
		isError, isBool := v.(bool)
		if !isBool {
			return nil, errorf(at+"/is_error", "expected a boolean, got %s", kindOf(v))
		}
		if isError {
			out["is_error"] = true
		}
	}
	return out, nil
}

// ---------------------------------------------------------------- wirechat -> go-model

func messageFromWirechat(m object, at string, c *conversion) (seed, error) {
	role := m["role"].(string)
	for _, member := range []string{"name", "id", "provider_metadata"} {
		if _, ok := m[member]; ok {
			feature := "message." + member
			if member == "name" && role == "tool" {
				feature = "message.name_tool"
			}
			c.degrade(feature, at+"/"+member)
		}
	}
	parts := []any{}
	for i, p := range m["parts"].([]any) {
		part, err := partFromWirechat(p.(object), at+"/parts/"+itoa(i), c)
		if err != nil {
			return nil, err
		}
		if part != nil {
			parts = append(parts, part)
		}
	}
	return seed{"role": role, "parts": parts}, nil
}

// partFromWirechat returns nil for a part that is dropped (reasoning, provider-run calls and results).
func partFromWirechat(p object, at string, c *conversion) (seed, error) {
	kind := p["type"].(string)
	if meta, ok := p["provider_metadata"].(object); ok && len(meta) > 0 {
		c.degrade("part.provider_metadata", at+"/provider_metadata")
	}
	if kind == "reasoning" {
		c.degrade(reasoningFeature(p["reasoning"].(object)), at)
		return nil, nil
	}
	if kind == "text" {
		citations, _ := p["citations"].([]any)
		for i, raw := range citations {
			citation := raw.(object)
			_, hasBlock := citation["block"]
			feature := "citations.foreign"
			if citation["issuer"] == "go-model" && hasBlock {
				feature = "citations.own"
			}
			c.degrade(feature, at+"/citations/"+itoa(i))
		}
		if text := p["text"].(string); text != "" {
			return seed{"type": "text", "text": text}, nil
		}
		return seed{"type": "text"}, nil
	}
	if kind == "provider_tool_call" || kind == "provider_tool_result" {
		feature := "provider_tool.foreign"
		if p[kind].(object)["issuer"] == "go-model" {
			feature = "provider_tool.own"
		}
		c.degrade(feature, at+"/"+kind) // the SDK's Part has no provider-run calls: dropped
		return nil, nil
	}
	payload := p[kind].(object)
	payloadAt := at + "/" + kind
	switch kind {
	case "image", "audio":
		media := seed{}
		if payload["source"] == "url" {
			media["url"] = payload["url"]
		} else {
			media["base64"] = payload["base64"]
		}
		if mt, ok := payload["media_type"]; ok {
			media["media_type"] = mt
		}
		return seed{"type": kind, kind: media}, nil
	case "file":
		switch payload["source"] {
		case "base64":
			return nil, refuse("file.base64", payloadAt)
		case "file_id":
			if payload["issuer"] == "go-model" {
				return nil, refuse("file.file_id", payloadAt)
			}
			return nil, refuse("file.file_id_foreign", payloadAt)
		}
		file := seed{"uri": payload["uri"]}
		if mt, ok := payload["media_type"]; ok {
			file["mime_type"] = mt
		}
		if name, ok := payload["name"]; ok {
			file["name"] = name
		}
		return seed{"type": "file", "file": file}, nil
	case "data":
		value := payload["value"]
		if _, isObject := value.(object); value != nil && !isObject {
			return nil, refuse("data.not_object", payloadAt+"/value")
		}
		data := seed{"value": value}
		if mt, ok := payload["media_type"]; ok {
			data["mime_type"] = mt
		}
		return seed{"type": "data", "data": data}, nil
	case "tool_call":
		return seed{"type": "tool_call", "tool_call": seed{"id": payload["id"], "name": payload["name"], "arguments": payload["arguments"]}}, nil
	}
	result := seed{"tool_call_id": payload["tool_call_id"], "content": payload["content"]}
	switch payload["is_error"] {
	case true:
		result["is_error"] = true
	case false:
		c.degrade("zero_values", payloadAt+"/is_error")
	}
	if _, ok := payload["parts"]; ok {
		c.degrade("tool_result.parts", payloadAt+"/parts")
	}
	return seed{"type": "tool_result", "tool_result": result}, nil
}

// reasoningFeature is the manifest feature a dropped reasoning part falls under (spec section 10).
func reasoningFeature(r object) string {
	_, signed := r["signature"]
	_, redacted := r["redacted_data"]
	_, hasText := r["text"]
	switch {
	case !signed && !redacted:
		return "reasoning.text"
	case r["issuer"] != "go-model":
		return "reasoning.foreign"
	case redacted && (signed || hasText):
		return "reasoning.own_mixed"
	case r["text"] == "":
		return "reasoning.own_empty_text"
	}
	return "reasoning.own"
}
