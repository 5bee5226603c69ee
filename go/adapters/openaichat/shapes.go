// Package openaichat is the openai-chat adapter (OpenAI Chat Completions) in Go: a pure codec between
// canonical wirechat values and the provider's JSON, laid out as Python's adapters/openai_chat (shapes,
// request_encode, response, stream, usage, finish, errors, manifest) and held to the same bytes.
//
// This file holds the provider's own JSON shapes, written in one place: the names, the audio formats and
// the tool call in a request or a response.
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

// toolCallShape is {"id", "type": "function", "function": {"name", "arguments"}}.
func toolCallShape(call wirechat.ToolCall) *providerjson.Object {
	function := providerjson.NewObject().Set("name", call.Name).Set("arguments", call.Arguments)
	return providerjson.NewObject().Set("id", call.ID).Set("type", "function").Set("function", function)
}

func functionTool(function *providerjson.Object) *providerjson.Object {
	return providerjson.NewObject().Set("type", "function").Set("function", function)
}

func namedToolChoice(name string) *providerjson.Object {
	return providerjson.NewObject().Set("type", "function").Set("function", providerjson.NewObject().Set("name", name))
}

// decodeToolCall reads a whole tool call; arguments given as an object (some compatible servers do)
// become compact JSON text. A missing id or name is an error, never an invented value.
func decodeToolCall(raw any, where string) (wirechat.ToolCall, error) {
	call, ok := raw.(*providerjson.Object)
	if !ok {
		return wirechat.ToolCall{}, shared.Invalid(where, "expected a tool call object")
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

// argumentsText is a call's arguments as text: a string as is, anything else as compact JSON (null: "null").
func argumentsText(v any, where string) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	}
	text, err := providerjson.Compact(v)
	if err != nil {
		return "", shared.Invalid(where, "%v", err)
	}
	return text, nil
}
