// Package openaichat is the openai-chat adapter (OpenAI Chat Completions) in Go: a pure codec between
// canonical wirechat values and the provider's JSON, laid out as Python's adapters/openai_chat (shapes,
// request_encode, response, stream, usage, finish, errors; its tables generated into go/internal/tables)
// and held to the same bytes.
//
// This file holds the provider's own JSON shapes, written in one place: the names, the audio formats,
// the tool call in a request or a response, and the content parts of a request (read back by
// request_decode).
package openaichat

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Name is the registry name (and provider_options key); Provider the provider_metadata key and issuer.
const (
	Name     = "openai-chat"
	Provider = "openai"
)

// audioFormats is the input_audio.format of each media type the API takes.
var audioFormats = map[string]string{"audio/wav": "wav", "audio/mpeg": "mp3"}

// What the response and stream decoders read, member by member (unmapped): any other member of a body,
// choice, message, tool call, chunk or delta is reported (feature provider.unmapped).
var (
	toolCallMembers = shared.Shape{
		"id": nil, "type": nil,
		"index":    nil, // some servers number whole calls too: kept on the part
		"function": {"name": nil, "arguments": nil},
		"custom":   {"name": nil, "input": nil},
	}
	messageMembers = shared.Shape{
		"role": nil, "content": nil, "refusal": nil, "tool_calls": nil,
		"annotations": nil, // citations (citations.go)
		"audio":       audioMembers,
	}
	audioMembers = shared.Shape{"id": nil, "data": nil, "expires_at": nil, "transcript": nil} // an audio part (audio.go)
	// keptChoice are the choice members kept whole in provider_metadata.openai and written back (Azure's
	// content filter).
	keptChoice    = []string{"logprobs", "content_filter_results"}
	choiceMembers = withKeys(shared.Shape{"index": nil, "message": nil, "finish_reason": nil}, keptChoice)
	// keptBody are the body (and chunk) members kept whole in provider_metadata.openai and written back.
	keptBody        = []string{"system_fingerprint", "service_tier", "prompt_filter_results"}
	responseMembers = withKeys(shared.Shape{
		"id": nil, "object": nil, "created": nil, "model": nil, "choices": nil,
		"usage": nil, // usage.go keeps what it does not map
	}, keptBody)
	chunkChoiceMembers = withKeys(shared.Shape{"index": nil, "delta": nil, "finish_reason": nil}, keptChoice)
	// chunkMembers: obfuscation pads streamed chunks to hide their length (include_obfuscation): noise.
	chunkMembers = withKeys(shared.Shape{
		"id": nil, "object": nil, "created": nil, "model": nil, "choices": nil, "usage": nil, "obfuscation": nil,
	}, keptBody)
)

func withKeys(shape shared.Shape, keys []string) shared.Shape {
	for _, key := range keys {
		shape[key] = nil
	}
	return shape
}

// unmapped is the pointers of the members of value that shape does not list (shared.UnmappedMembers),
// leaving out members that are null: a null says nothing, so nothing is lost.
func unmapped(value any, shape shared.Shape, where string) []string {
	object, ok := value.(*obj)
	if !ok {
		return nil
	}
	present := newObj()
	for _, key := range object.Keys() {
		if v := object.Get(key); v != nil {
			present.Set(key, v)
		}
	}
	return shared.UnmappedMembers(present, shape, where)
}

// toolCallShape is {"id", "type": "function", "function": {"name", "arguments"}}: a call in a request or a
// response; a call of a custom tool (free-form input, GPT-5) is {"id", "type": "custom", "custom": {"name",
// "input"}}.
func toolCallShape(call wirechat.ToolCall) *providerjson.Object {
	function := providerjson.NewObject().Set("name", call.Name).Set("arguments", call.Arguments)
	return providerjson.NewObject().Set("id", call.ID).Set("type", "function").Set("function", function)
}

func customCallShape(call wirechat.ToolCall) *providerjson.Object {
	custom := providerjson.NewObject().Set("name", call.Name).Set("input", call.Arguments)
	return providerjson.NewObject().Set("id", call.ID).Set("type", "custom").Set("custom", custom)
}

func functionTool(function *providerjson.Object) *providerjson.Object {
	return providerjson.NewObject().Set("type", "function").Set("function", function)
}

func namedToolChoice(name string) *providerjson.Object {
	return providerjson.NewObject().Set("type", "function").Set("function", providerjson.NewObject().Set("name", name))
}

// decodeToolCall reads a whole tool call; arguments given as an object (some compatible servers do)
// become compact JSON text. A custom call's free-form input is its arguments (the caller tells the two
// kinds apart by the part's metadata). A missing id or name is an error, never an invented value.
func decodeToolCall(raw any, where string) (wirechat.ToolCall, error) {
	call, ok := raw.(*providerjson.Object)
	if !ok {
		return wirechat.ToolCall{}, shared.Invalid(where, "expected a tool call object")
	}
	if call.Get("type") == "custom" {
		custom, err := shared.GetObj(call, "custom", where, true)
		if err != nil {
			return wirechat.ToolCall{}, err
		}
		id, _, err := shared.GetStr(call, "id", where, true)
		if err != nil {
			return wirechat.ToolCall{}, err
		}
		name, _, err := shared.GetStr(custom, "name", where+"/custom", true)
		if err != nil {
			return wirechat.ToolCall{}, err
		}
		input, _, err := shared.GetStr(custom, "input", where+"/custom", false)
		if err != nil {
			return wirechat.ToolCall{}, err
		}
		return wirechat.ToolCall{ID: id, Name: name, Arguments: input}, nil
	}
	function, err := shared.GetObj(call, "function", where, true)
	if err != nil {
		return wirechat.ToolCall{}, err
	}
	rawArguments := function.Get("arguments")
	if rawArguments == nil && !function.Has("arguments") {
		rawArguments = ""
	}
	arguments, err := argumentsText(rawArguments, where+"/function/arguments")
	if err != nil {
		return wirechat.ToolCall{}, err
	}
	id, _, err := shared.GetStr(call, "id", where, true)
	if err != nil {
		return wirechat.ToolCall{}, err
	}
	name, _, err := shared.GetStr(function, "name", where+"/function", true)
	if err != nil {
		return wirechat.ToolCall{}, err
	}
	return wirechat.ToolCall{ID: id, Name: name, Arguments: arguments}, nil
}

// argumentsText is a call's arguments as text: a string as is, an object as wirechat.BuildArguments writes
// it, anything else as compact JSON (null: "null").
func argumentsText(v any, where string) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case *obj:
		text, err := wirechat.BuildArguments(x)
		if err != nil {
			return "", shared.Invalid(where, "%v", err)
		}
		return text, nil
	}
	text, err := providerjson.Compact(v)
	if err != nil {
		return "", shared.Invalid(where, "%v", err)
	}
	return text, nil
}

func refusalPart(text string) *obj {
	return newObj().Set("type", "text").Set("text", text).Set("provider_metadata", newObj().Set(Provider, newObj().Set("refusal", true)))
}

func decodePart(raw any, where string) (*obj, error) {
	part, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content part object")
	}
	switch kind := part.Get("type"); kind {
	case "text":
		text, _, err := shared.GetStr(part, "text", where, true)
		return newObj().Set("type", "text").Set("text", text), err
	case "refusal":
		text, _, err := shared.GetStr(part, "refusal", where, true)
		return refusalPart(text), err
	case "image_url":
		image, err := shared.GetObj(part, "image_url", where, true)
		if err != nil {
			return nil, err
		}
		url, _, err := shared.GetStr(image, "url", where+"/image_url", true)
		if err != nil {
			return nil, err
		}
		decoded := newObj().Set("type", "image").Set("image", mediaSource(url))
		if detail := image.Get("detail"); detail != nil {
			decoded.Set("provider_metadata", newObj().Set(Provider, newObj().Set("detail", detail)))
		}
		return decoded, nil
	case "input_audio":
		audio, err := shared.GetObj(part, "input_audio", where, true)
		if err != nil {
			return nil, err
		}
		format, _, err := shared.GetStr(audio, "format", where+"/input_audio", true)
		if err != nil {
			return nil, err
		}
		mediaType, ok := audioTypes[format]
		if !ok {
			return nil, shared.Invalid(where+"/input_audio/format", "expected wav or mp3, got '%s'", format)
		}
		data, _, err := shared.GetStr(audio, "data", where+"/input_audio", true)
		source := newObj().Set("source", "base64").Set("base64", data).Set("media_type", mediaType)
		return newObj().Set("type", "audio").Set("audio", source), err
	case "file":
		return decodeFilePart(part, where)
	}
	return nil, shared.Invalid(where+"/type", "unknown content part type %s", providerjson.MustCompact(part.Get("type")))
}

func decodeFilePart(part *obj, where string) (*obj, error) {
	file, err := shared.GetObj(part, "file", where, true)
	if err != nil {
		return nil, err
	}
	var source *obj
	switch {
	case file.Get("file_data") != nil:
		url, _, err := shared.GetStr(file, "file_data", where+"/file", true)
		if err != nil {
			return nil, err
		}
		mediaType, data, ok := shared.DataURL(url)
		if !ok {
			return nil, shared.Invalid(where+"/file/file_data", "expected a data:<type>;base64,<data> URL")
		}
		source = newObj().Set("source", "base64").Set("media_type", mediaType).Set("base64", data)
	case file.Get("file_id") != nil:
		id, _, err := shared.GetStr(file, "file_id", where+"/file", true)
		if err != nil {
			return nil, err
		}
		source = newObj().Set("source", "file_id").Set("file_id", id).Set("issuer", Provider)
	default:
		return nil, shared.Invalid(where+"/file", "expected file_data or file_id")
	}
	if file.Get("filename") != nil {
		name, _, err := shared.GetStr(file, "filename", where+"/file", true)
		if err != nil {
			return nil, err
		}
		source.Set("name", name)
	}
	return newObj().Set("type", "file").Set("file", source), nil
}

func mediaSource(url string) *obj {
	if mediaType, data, ok := shared.DataURL(url); ok {
		return newObj().Set("source", "base64").Set("media_type", mediaType).Set("base64", data)
	}
	return newObj().Set("source", "url").Set("url", url)
}
