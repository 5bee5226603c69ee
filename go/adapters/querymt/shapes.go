// Package querymt is the querymt adapter in Go: QueryMT's Extism plugin interface (decision 014,
// QueryMT as of 5ef33da4), the JSON a QueryMT provider plugin's chat, embed and complete exports take and
// return. A plugin format, not an HTTP API: no endpoint, no credentials. Laid out as Python's
// adapters/querymt (shapes, request_encode, request_decode, response, stream, usage, finish, errors, calls;
// its tables generated into go/internal/tables) and held to the same bytes by the shared vectors.
//
// This file holds QueryMT's own JSON shapes: the names, the ImageMime table, and the ToolCall written and
// read. Serde writes QueryMT's enums externally tagged with the variant names as spelled in Rust ("User",
// "Text", {"Image": ["PNG", [137, 80, ...]]}, {"ToolUse": [ToolCall]}); Vec<u8> is a JSON array of
// numbers.
package querymt

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
)

// Name is the registry name and provider_options key; Provider the provider_metadata key and issuer.
var (
	Name     = tables.Querymt.Name
	Provider = tables.Querymt.Provider
)

const function = "function"

// imageMime is canonical media type -> QueryMT ImageMime variant (the only four it has); mimeOf the reverse.
var (
	imageMime = map[string]string{"image/jpeg": "JPEG", "image/png": "PNG", "image/gif": "GIF", "image/webp": "WEBP"}
	mimeOf    = map[string]string{"JPEG": "image/jpeg", "PNG": "image/png", "GIF": "image/gif", "WEBP": "image/webp"}
)

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

// toolCall is a QueryMT ToolCall.
func toolCall(id, name, arguments string) *obj {
	return newObj().Set("id", id).Set("type", function).
		Set("function", newObj().Set("name", name).Set("arguments", arguments))
}

// toolCallPart is the canonical tool_call part (a tree) for a QueryMT ToolCall read by decodeToolCall.
func toolCallPart(id, name, arguments string) *obj {
	call := newObj().Set("id", id).Set("name", name).Set("arguments", arguments)
	return newObj().Set("type", "tool_call").Set("tool_call", call)
}

// decodeToolCall is (id, name, arguments) of a QueryMT ToolCall; an *adapters.InvalidBodyError naming the
// member otherwise.
func decodeToolCall(value any, where string) (id, name, arguments string, err error) {
	call, ok := value.(*obj)
	if !ok {
		return "", "", "", shared.Invalid(where, "expected a ToolCall object")
	}
	fn, ok := call.Get("function").(*obj)
	if !ok {
		return "", "", "", shared.Invalid(where+"/function", "expected an object with name and arguments")
	}
	fields := [3]string{}
	for i, member := range []struct {
		key    string
		holder *obj
		at     string
	}{{"id", call, where}, {"name", fn, where + "/function"}, {"arguments", fn, where + "/function"}} {
		text, ok := member.holder.Get(member.key).(string)
		if !ok {
			return "", "", "", shared.Invalid(member.at+"/"+member.key, "expected a string, got %s", shared.TypeName(member.holder.Get(member.key)))
		}
		fields[i] = text
	}
	return fields[0], fields[1], fields[2], nil
}
