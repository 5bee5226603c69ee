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

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
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

// own is the part's provider_metadata.gemini members listed in allowed; any other member, or another
// provider's entry, is degraded.
func own(part wirechat.Part, where string, conv *shared.Conversion, allowed ...string) *obj {
	mine, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider)
	extra := false
	for _, key := range mine.Keys() {
		extra = extra || !contains(allowed, key)
	}
	if foreign || extra {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	out := newObj()
	for _, key := range allowed {
		if mine.Has(key) {
			out.Set(key, mine.Get(key))
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, item := range list {
		if item == s {
			return true
		}
	}
	return false
}

// encodeUserPart is a part of a user turn: text, media, files (a data part becomes its JSON text).
func encodeUserPart(part wirechat.Part, where string, conv *shared.Conversion) (*obj, error) {
	if data, ok := part.(*wirechat.DataPart); ok {
		mine := own(part, where, conv, "part")
		value := shared.Raw(data.Data.Value)
		if object, ok := value.(*obj); ok && mine.Get("part") == true {
			return object, nil
		}
		conv.Degrade("data", where)
		return newObj().Set("text", compactJSON(value)), nil
	}
	own(part, where, conv)
	switch p := part.(type) {
	case *wirechat.TextPart:
		if _, err := shared.CitationsOut(p, where, conv, Provider); err != nil { // Gemini takes none in contents
			return nil, err
		}
		return newObj().Set("text", p.Text), nil
	case *wirechat.ImagePart, *wirechat.AudioPart, *wirechat.FilePart:
		return encodeMedia(part, where, conv)
	}
	return nil, conv.Refuse("part.misplaced", where)
}

// encodeToolResult is a functionResponse part; its name is the name of the call with that id (names), or
// the id itself when the conversation holds no such call.
func encodeToolResult(part *wirechat.ToolResultPart, names map[string]string, where string, conv *shared.Conversion) *obj {
	mine := own(part, where, conv, "response")
	result := part.ToolResult
	if result.Parts != nil {
		conv.Degrade("tool_result.parts", where+"/tool_result/parts")
	}
	isError := result.IsError != nil && *result.IsError
	if result.IsError != nil && !*result.IsError {
		conv.Degrade("zero_values", where+"/tool_result/is_error")
	}
	var response *obj
	if raw, ok := mine.Get("response").(*obj); ok && !isError && compactJSON(raw) == result.Content {
		response = raw
	} else if isError {
		response = newObj().Set("error", result.Content)
	} else {
		response = newObj().Set("output", result.Content)
	}
	name, ok := names[result.ToolCallID]
	if !ok {
		name = result.ToolCallID
	}
	return newObj().Set("functionResponse", newObj().Set("id", result.ToolCallID).Set("name", name).Set("response", response))
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

func encodeCall(call wirechat.ToolCall, where string, conv *shared.Conversion) (*obj, error) {
	value, err := parseArguments(call.Arguments)
	if err != nil {
		return nil, conv.Refuse("tool_call.arguments_not_object", where+"/arguments")
	}
	if compactJSON(value) != call.Arguments {
		conv.Degrade("tool_call.arguments_not_compact", where+"/arguments")
	}
	return newObj().Set("functionCall", newObj().Set("id", call.ID).Set("name", call.Name).Set("args", value)), nil
}

// encodeReasoning is a thought part (thought), the opaque data to put on the next part (pending), or
// neither when the reasoning is dropped. A reply writes unsigned reasoning as a thought part (Gemini's
// thought summaries); a request does not replay it.
func encodeReasoning(part *wirechat.ReasoningPart, where string, conv *shared.Conversion, reply bool) (thought *obj, pending *string, err error) {
	feature := shared.ReasoningFeature(part.Reasoning, Provider)
	r := part.Reasoning
	if reply && feature == "reasoning.text" {
		if r.Issuer != nil {
			conv.Degrade("response.reasoning_issuer", where+"/reasoning/issuer")
		}
		out := newObj().Set("thought", true)
		if r.Text != nil {
			out.Set("text", *r.Text)
		}
		return out, nil, nil
	}
	carried, err := conv.Handle(feature, where)
	if err != nil {
		return nil, nil, err
	}
	if !carried && feature != "reasoning.own_empty_text" {
		return nil, nil, nil
	}
	if r.RedactedData != nil {
		return nil, r.RedactedData, nil
	}
	out := newObj().Set("thought", true)
	if r.Text != nil && *r.Text != "" {
		out.Set("text", *r.Text)
	}
	return out.Set("thoughtSignature", shared.Deref(r.Signature)), nil, nil
}

func carrier(signature string) *obj {
	return newObj().Set("text", "").Set("thoughtSignature", signature)
}

// encodeModelParts is the parts of a model turn (or a candidate, when reply): text, thoughts, function
// calls, code execution, media; opaque reasoning goes on the part after it.
func encodeModelParts(parts []wirechat.Part, where string, conv *shared.Conversion, reply bool) ([]any, error) {
	out := []any{}
	var pending *string
	for j, part := range parts {
		at := where + "/" + strconv.Itoa(j)
		if reasoning, ok := part.(*wirechat.ReasoningPart); ok {
			own(part, at, conv)
			thought, opaque, err := encodeReasoning(reasoning, at, conv, reply)
			if err != nil {
				return nil, err
			}
			if thought == nil && opaque == nil {
				continue
			}
			if pending != nil {
				out = append(out, carrier(*pending))
				pending = nil
			}
			if opaque != nil {
				pending = opaque
			} else {
				out = append(out, thought)
			}
			continue
		}
		encoded, err := modelPart(part, at, conv, reply)
		if err != nil {
			return nil, err
		}
		if encoded == nil {
			continue
		}
		text, isText := part.(*wirechat.TextPart)
		emptyText := isText && text.Text == ""
		if pending != nil && (emptyText || encoded.Has("thoughtSignature")) {
			out = append(out, carrier(*pending)) // on a part of its own, as it came
			pending = nil
		}
		if pending != nil {
			encoded.Set("thoughtSignature", *pending)
			pending = nil
		}
		out = append(out, encoded)
	}
	if pending != nil {
		out = append(out, carrier(*pending))
	}
	return out, nil
}

// modelPart is a model turn's part other than reasoning, or nil when it is dropped.
func modelPart(part wirechat.Part, where string, conv *shared.Conversion, reply bool) (*obj, error) {
	if _, ok := part.(*wirechat.DataPart); ok {
		if mine, _ := shared.MetadataFor(shared.PartMetadata(part), Provider); mine.Get("part") == true {
			return encodeUserPart(part, where, conv)
		}
	}
	own(part, where, conv)
	switch p := part.(type) {
	case *wirechat.TextPart:
		if _, err := shared.CitationsOut(p, where, conv, Provider); err != nil {
			return nil, err
		}
		return newObj().Set("text", p.Text), nil
	case *wirechat.ToolCallPart:
		return encodeCall(p.ToolCall, where+"/tool_call", conv)
	case *wirechat.ProviderToolCallPart:
		return shared.ProviderPartOut(part, where, conv, Provider)
	case *wirechat.ProviderToolResultPart:
		result := p.ProviderToolResult
		if result.Issuer == Provider && result.Block == nil && conv.Manifest.Features["provider_tool.own"].Level == adapters.Lossless {
			return nil, conv.Refuse("provider_tool.unblocked", where+"/provider_tool_result")
		}
		return shared.ProviderPartOut(part, where, conv, Provider)
	case *wirechat.ImagePart, *wirechat.AudioPart, *wirechat.FilePart:
		return encodeMedia(part, where, conv)
	}
	if reply {
		return nil, conv.Refuse("response.part_unsupported", where)
	}
	return nil, conv.Refuse("part.misplaced", where)
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
