package openaicompatible

// OpenAI-compatible chat.completion bodies <-> canonical ChatResponse, as Python's
// openai_compatible/response.py: openaichat's codec with the profile's quirks around it.
//
// Decoding: the reasoning (reasoning.go: the profile's text members, OpenRouter's reasoning_details;
// chunks.go: Mistral's thinking chunks in content, on every profile) becomes reasoning parts put first,
// the tools the server ran (executed_tools.go) provider-run parts after them; a tool call without an id
// gets synthesisedID where the profile allows it (else the body is invalid, naming the pointer), flagged
// on the part; the finish reason is read with the profile's table; usage keeps what servers add
// (usage.go); the body and choice members the profile keeps go to provider_metadata.openai (the dialect).
// Encoding: openaichat's, with the messageWriter writing the reasoning and the tools the server ran, and
// the finish reason from the profile; reasoning goes into Mistral's chunks where the profile writes them
// or the reply was read from them.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// reasoningMember is the provider_metadata.openai member naming the reasoning text member a reply used,
// where the server may use either spelling and did not use the profile's first.
const reasoningMember = "reasoning_member"

// dialectOf is how openaichat's decoders read the profile's server: its issuer, the members it keeps and
// those read here.
func dialectOf(profile *Profile) *openaichat.Dialect {
	extra := reasoningRead(profile)
	if profile.ReasoningDetails {
		extra = append(extra, details)
	}
	if profile.ExecutedTools {
		extra = append(extra, executed)
	}
	// Ollama, DeepSeek, OpenRouter number whole calls; writing the position back is harmless.
	return openaichat.NewDialect(profile.Issuer, profile.KeptBody, profile.KeptChoice, extra, true)
}

// fillToolCallIDs gives each call of calls without an id its synthesised id, in place; it returns the
// positions of the calls changed. For a profile whose server always sends ids, a missing id is an error
// naming its pointer. A repeated id is kept as sent.
func fillToolCallIDs(calls []any, responseID string, profile *Profile, where string, firstPosition int) ([]int, error) {
	var changed []int
	for k, raw := range calls {
		call, ok := raw.(*obj)
		if !ok {
			continue
		}
		if id, ok := call.Get("id").(string); ok && id != "" {
			continue
		}
		at := where + "/" + strconv.Itoa(k)
		if profile.ToolCallIDs != "synthesise" {
			return nil, shared.Invalid(at+"/id", "a tool call without an id; %s always sends one", profile.Title)
		}
		name, _ := call.Obj("function").Get("name").(string)
		if name == "" {
			return nil, shared.Invalid(at+"/function/name", "a tool call without a name")
		}
		call.Set("id", synthesisedID(responseID, firstPosition+k, name))
		changed = append(changed, firstPosition+k)
	}
	return changed, nil
}

// partsOf is the canonical parts of part trees.
func partsOf(trees []any, where string) ([]wirechat.Part, error) {
	out := make([]wirechat.Part, 0, len(trees))
	for _, tree := range trees {
		part, err := wirechat.Decode[wirechat.Part](providerjson.MustMarshal(tree))
		if err != nil {
			return nil, shared.Invalid(where, "%v", err)
		}
		out = append(out, part)
	}
	return out, nil
}

func decodeResponse(data []byte, profile *Profile) (wirechat.ChatResponse, []adapters.Warning, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatResponse{}, nil, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	var first []any
	var changed []int
	var rawFinish *string
	member := ""
	var kept *obj
	if choices, ok := body.Get("choices").([]any); ok && len(choices) > 0 {
		if given, ok := choices[0].(*obj); ok {
			choice := given.Copy()
			if raw, ok := choice.Get("finish_reason").(string); ok {
				rawFinish = &raw
			}
			if message, ok := choice.Get("message").(*obj); ok {
				where := "/choices/0/message"
				chunked := splitChunks(message.Get("content"))
				if chunked != nil { // Mistral's thinking and text chunks (chunks.go)
					message = message.Copy().Set("content", chunked.text)
				}
				thoughts, rest, read, err := readReasoningMessage(message, profile, where)
				if err != nil {
					return wirechat.ChatResponse{}, nil, err
				}
				message, member = rest, read
				if chunked != nil && chunked.thinking != "" && len(thoughts) == 0 {
					thoughts = []any{newObj().Set("type", "reasoning").Set("reasoning", newObj().Set("text", chunked.thinking))}
					member, kept = chunksMember, chunked.kept
				}
				ran, rest, err := readExecuted(message, profile, where)
				if err != nil {
					return wirechat.ChatResponse{}, nil, err
				}
				message = rest
				first = append(thoughts, ran...)
				if calls, ok := message.Get("tool_calls").([]any); ok && len(calls) > 0 {
					copies := make([]any, len(calls))
					for i, call := range calls {
						if object, ok := call.(*obj); ok {
							copies[i] = object.Copy()
						} else {
							copies[i] = call
						}
					}
					message = message.Copy().Set("tool_calls", copies)
					responseID, _ := body.Get("id").(string)
					if changed, err = fillToolCallIDs(copies, responseID, profile, where+"/tool_calls", 0); err != nil {
						return wirechat.ChatResponse{}, nil, err
					}
				}
				choice.Set("message", message)
			}
			body = body.Copy().Set("choices", append([]any{choice}, choices[1:]...))
		}
	}
	conv := &shared.Conversion{Manifest: openaichat.Manifest}
	decoded, err := openaichat.DecodeResponseObject(body, conv, dialectOf(profile))
	if err != nil {
		return wirechat.ChatResponse{}, nil, err
	}
	if decoded, err = adjust(decoded, body, profile, first, changed, rawFinish); err != nil {
		return wirechat.ChatResponse{}, nil, err
	}
	if member == "" || member == profile.ReasoningFields[0] {
		return decoded, conv.Warnings, nil
	}
	metadata, _ := shared.MetadataFor(decoded.ProviderMetadata, Provider)
	metadata.Set(reasoningMember, member)
	if kept.Len() > 0 {
		metadata.Set(thinkingMembers, kept)
	}
	decoded.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	return decoded, conv.Warnings, nil
}

func adjust(decoded wirechat.ChatResponse, body *obj, profile *Profile, first []any, changed []int, rawFinish *string) (wirechat.ChatResponse, error) {
	parts := decoded.Message.Parts
	if len(changed) > 0 {
		var calls []int
		for i, part := range parts {
			if _, ok := part.(*wirechat.ToolCallPart); ok {
				calls = append(calls, i)
			}
		}
		for _, position := range changed {
			call := parts[calls[position]].(*wirechat.ToolCallPart)
			own, _ := shared.MetadataFor(call.ProviderMetadata, Provider)
			flagged := *call
			flagged.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(own.Set(idFlag, true))}
			parts[calls[position]] = &flagged
		}
	}
	if len(first) > 0 {
		prefix, err := partsOf(first, "/choices/0/message")
		if err != nil {
			return decoded, err
		}
		decoded.Message.Parts = append(prefix, parts...)
	}
	hasCalls := false
	for _, part := range parts {
		if _, ok := part.(*wirechat.ToolCallPart); ok {
			hasCalls = true
		}
	}
	if rawFinish != nil {
		decoded.FinishReason = decodeFinish(*rawFinish, hasCalls, profile)
	}
	if raw, ok := body.Get("usage").(*obj); ok {
		metadata, _ := shared.MetadataFor(decoded.ProviderMetadata, Provider)
		usage, extra, err := decodeUsage(raw, "/usage")
		if err != nil {
			return decoded, err
		}
		decoded.Usage = &usage
		if extra.Len() > 0 {
			metadata.Set("usage", extra)
		}
		if metadata.Len() > 0 {
			decoded.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
		}
	}
	return decoded, nil
}

func encodeResponse(response wirechat.ChatResponse, profile *Profile) (*providerjson.Object, []adapters.Warning, error) {
	manifest := profile.Adapter.Manifest
	conv := &shared.Conversion{Manifest: manifest}
	sent := shared.EncodeFinish(response.FinishReason, manifest, conv, "/finish_reason")
	standIn := response
	stop := "stop"
	standIn.FinishReason = wirechat.FinishReason{Kind: wirechat.FinishKindStop, Raw: &stop}
	own, _ := shared.MetadataFor(response.ProviderMetadata, Provider)
	field, _ := own.Get(reasoningMember).(string)
	writer := newMessageWriter(profile, conv, true, field)
	inner := &shared.Conversion{Manifest: openaichat.Manifest}
	body, err := openaichat.EncodeResponseWith(standIn, inner, dialectOf(profile), writer)
	if err != nil {
		return nil, nil, err
	}
	choice := body.Get("choices").([]any)[0].(*obj)
	choice.Set("finish_reason", sent)
	if profile.ReasoningChunks || field == chunksMember { // Mistral's chunks (chunks.go)
		message := choice.Obj("message")
		thinking, _ := message.Get(profile.ReasoningFields[0]).(string)
		message.Delete(profile.ReasoningFields[0])
		text, _ := message.Get("content").(string)
		keptMembers := own.Obj(thinkingMembers)
		if thinking != "" {
			message.Set("content", writeChunks(thinking, text, keptMembers))
		}
	}
	return body, append(conv.Warnings, reworded(inner.Warnings, profile)...), nil
}
