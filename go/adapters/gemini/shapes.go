// Package gemini is the gemini adapter (the Gemini API, generateContent, v1beta) in Go: a pure codec
// between canonical wirechat values and the provider's JSON, laid out as Python's adapters/gemini
// (shapes, media, provider_parts, request_encode, request_decode, request_tools, spelling, response,
// grounding, stream, partial_args, stream_encode, usage, finish, errors, embed; its tables generated into
// go/internal/tables) and held to the same bytes by the shared vectors.
//
// This file holds Gemini's own part shapes, both ways. A text part is text; {"text", "thought": true} a
// thought summary, a reasoning part (its thoughtSignature, when it has one, is the reasoning's signature,
// issuer gemini). A thoughtSignature on any other part is opaque state with no text: a reasoning part
// {redacted_data, issuer: "gemini"} placed just before that part; an empty text part carrying one reads
// back as the reasoning alone. Encoding reverses it: such reasoning goes on the next part when that is a
// non-empty text, a function call, a provider-run part or media, else on an empty text part of its own.
// functionCall is a tool call (a call without an id gets gemini_call_<k>, k counting the document's
// function calls from 0); functionResponse a tool result ({"output": content}, or {"error": content} when
// is_error; any other response reads back as its compact JSON text, the object kept in the part's
// provider_metadata.gemini.response). A part of any other kind travels whole as a data part marked
// provider_metadata.gemini.part.
package gemini

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
)

// Name is the registry name, Provider the provider_metadata key and reasoning issuer.
const (
	Name       = "gemini"
	Provider   = "gemini"
	schemaName = "response" // the name structured output reads back under (Gemini has none of its own)
)

// Manifest is the adapter's capability manifest (adapters/gemini.adapter.json).
var Manifest = tables.Gemini.Manifest

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

func providerjsonText(v any) string { return providerjson.MustCompact(v) }

// compactJSON is the compact JSON text of a provider's object, Python's compact_json (the form tool-call
// arguments take when a provider hands them over as an object; the Go adapters' one spelling of it).
func compactJSON(v any) string { return providerjson.MustCompact(v) }

var knownPartKeys = append([]string{"text", "inlineData", "fileData", "functionCall", "functionResponse"}, providerKeys...)

// partShape names the members of a part this adapter maps; others are reported.
var partShape = shared.Shape{
	"text": nil, "thought": nil, "thoughtSignature": nil,
	"inlineData":       {"mimeType": nil, "data": nil, "displayName": nil},
	"fileData":         {"mimeType": nil, "fileUri": nil, "displayName": nil},
	"functionCall":     {"id": nil, "name": nil, "args": nil},
	"functionResponse": {"id": nil, "name": nil, "response": nil},
	"executableCode":   nil, "toolCall": nil, "codeExecutionResult": nil, "toolResponse": nil,
}

// syntheticID is the id of the k-th function call (from 0) of a document, for a call sent without one.
func syntheticID(k int) string { return "gemini_call_" + strconv.Itoa(k) }

func opaqueReasoning(signature string) *obj {
	return newObj().Set("type", "reasoning").Set("reasoning", newObj().Set("redacted_data", signature).Set("issuer", Provider))
}

func decodeCall(raw any, where string, k int) (*obj, error) {
	call, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an object")
	}
	name, ok := call.Get("name").(string)
	if !ok || name == "" {
		return nil, shared.Invalid(where+"/name", "a functionCall needs a name, got %s", providerjsonText(call.Get("name")))
	}
	args := call.Get("args")
	if args == nil {
		args = newObj()
	}
	if _, ok := args.(*obj); !ok {
		return nil, shared.Invalid(where+"/args", "expected an object, got %s", shared.TypeName(args))
	}
	id := syntheticID(k)
	if given := call.Get("id"); given != nil {
		s, ok := given.(string)
		if !ok || s == "" {
			return nil, shared.Invalid(where+"/id", "expected a non-empty string, got %s", providerjsonText(given))
		}
		id = s
	}
	return newObj().Set("id", id).Set("name", name).Set("arguments", compactJSON(args)), nil
}

func decodeFunctionResponse(raw any, where string, callID string) (*obj, error) {
	fr, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an object")
	}
	if _, err := str(fr.Get("name"), where+"/name"); err != nil {
		return nil, err
	}
	response := fr.Get("response")
	if response == nil {
		response = newObj()
	}
	object, ok := response.(*obj)
	if !ok {
		return nil, shared.Invalid(where+"/response", "expected an object, got %s", shared.TypeName(response))
	}
	if id, ok := fr.Get("id").(string); ok && id != "" {
		callID = id
	}
	if callID == "" {
		return nil, shared.Invalid(where+"/id", "a functionResponse without an id answers no functionCall before it")
	}
	result := newObj().Set("tool_call_id", callID)
	part := newObj().Set("type", "tool_result").Set("tool_result", result)
	only := func(key string) (string, bool) {
		s, ok := object.Get(key).(string)
		return s, ok && object.Len() == 1
	}
	if text, ok := only("output"); ok {
		result.Set("content", text)
	} else if text, ok := only("error"); ok {
		result.Set("content", text).Set("is_error", true)
	} else {
		result.Set("content", compactJSON(object))
		part.Set("provider_metadata", newObj().Set(Provider, newObj().Set("response", object)))
	}
	return part, nil
}

// decodePart is the canonical parts one Gemini part reads as: one, or a reasoning part and the part its
// signature came on. callIndex numbers a function call without an id; responseID is the id of the call a
// functionResponse without an id answers ("" for none); codes numbers the document's code execution.
func decodePart(raw any, where string, callIndex int, responseID string, codes *codeIDs) ([]any, error) {
	part, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a part object")
	}
	signature, signed := "", part.Get("thoughtSignature") != nil
	if signed {
		s, ok := part.Get("thoughtSignature").(string)
		if !ok || s == "" {
			return nil, shared.Invalid(where+"/thoughtSignature", "expected a non-empty string")
		}
		signature = s
	}
	if providerKind(part) != "" {
		if codes == nil {
			codes = newCodeIDs()
		}
		decoded, err := decodeProviderPart(part, where, codes)
		if err != nil {
			return nil, err
		}
		if !signed {
			return []any{decoded}, nil
		}
		return []any{opaqueReasoning(signature), decoded}, nil
	}
	if part.Get("thought") == true {
		reasoning := newObj()
		if text := part.Get("text"); text != nil {
			s, err := str(text, where+"/text")
			if err != nil {
				return nil, err
			}
			if s != "" || !signed {
				reasoning.Set("text", s) // an empty text of a signed thought reads as none
			}
		}
		if signed {
			reasoning.Set("signature", signature).Set("issuer", Provider)
		}
		return []any{newObj().Set("type", "reasoning").Set("reasoning", reasoning)}, nil
	}
	out := []any{}
	if signed {
		out = append(out, opaqueReasoning(signature))
	}
	var decoded *obj
	var err error
	switch {
	case part.Has("text"):
		text, err := str(part.Get("text"), where+"/text")
		if err != nil {
			return nil, err
		}
		if text != "" || !signed {
			out = append(out, newObj().Set("type", "text").Set("text", text))
		}
		return out, nil
	case part.Has("inlineData"):
		decoded, err = decodeInline(part.Get("inlineData"), where+"/inlineData")
	case part.Has("fileData"):
		decoded, err = decodeFileData(part.Get("fileData"), where+"/fileData")
	case part.Has("functionCall"):
		var call *obj
		call, err = decodeCall(part.Get("functionCall"), where+"/functionCall", callIndex)
		decoded = newObj().Set("type", "tool_call").Set("tool_call", call)
	case part.Has("functionResponse"):
		decoded, err = decodeFunctionResponse(part.Get("functionResponse"), where+"/functionResponse", responseID)
	default:
		rest := newObj()
		for _, key := range part.Keys() {
			if key != "thoughtSignature" {
				rest.Set(key, part.Get(key))
			}
		}
		decoded = newObj().Set("type", "data").Set("data", newObj().Set("value", rest)).
			Set("provider_metadata", newObj().Set(Provider, newObj().Set("part", true)))
	}
	if err != nil {
		return nil, err
	}
	return append(out, decoded), nil
}

// knownPart reports whether a raw part is one of the kinds this adapter maps member by member.
func knownPart(raw any) bool {
	part, ok := raw.(*obj)
	if !ok {
		return false
	}
	for _, key := range knownPartKeys {
		if part.Has(key) {
			return true
		}
	}
	return false
}

var contentShape = shared.Shape{"role": nil, "parts": nil}

// found is one warning a decoder gives: the feature and the pointer.
type found struct{ feature, where string }

// contentWarnings is the warnings a Content gives when decoded: each member of it (and of its parts) this
// adapter neither maps nor keeps, and each inline base64 in the URL-safe alphabet.
func contentWarnings(content any, where string, shape shared.Shape) []found {
	out := []found{}
	for _, pointer := range shared.UnmappedMembers(content, contentShape, where) {
		out = append(out, found{"provider.unmapped", pointer})
	}
	object, _ := content.(*obj)
	parts, _ := object.Get("parts").([]any)
	for j, part := range parts {
		at := where + "/parts/" + strconv.Itoa(j)
		raw, _ := part.(*obj)
		if knownPart(part) && providerKind(raw) == "" {
			for _, pointer := range shared.UnmappedMembers(part, shape, at) {
				out = append(out, found{"provider.unmapped", pointer})
			}
		}
		blob, _ := raw.Get("inlineData").(*obj)
		if data, ok := blob.Get("data").(string); ok && !standardB64.MatchString(data) {
			out = append(out, found{"media.base64_url_safe", at + "/inlineData/data"})
		}
	}
	return out
}
