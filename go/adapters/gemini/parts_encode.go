package gemini

// The parts this adapter writes from canonical parts, the encoding half of shapes.go (Python's
// gemini/shapes.py): a user turn's parts, functionResponse parts, function calls, thoughts and the opaque
// reasoning carried on the part after it (encodeModelParts), media through media.go and provider-run parts
// through the shared replay rule.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

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
