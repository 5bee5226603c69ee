package openaichat

// Canonical ChatRequest -> OpenAI Chat Completions request body (EncodeRequest), rule for rule as
// Python's adapters/openai_chat/request_encode.py: the same members, the same warnings, the same refusals.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

// PartSink is where an adapter for a server that writes more into Chat Completions messages (an
// OpenAI-compatible server's reasoning, the tools Groq ran) takes an assistant message's reasoning and
// provider-run parts: Take answers whether it took the part (it warns for what it drops; a part it does not
// take goes the Chat Completions way), then Members gives what the message gets, once per assistant
// message.
type PartSink interface {
	Take(part wirechat.Part, where string) (bool, error)
	Members() *providerjson.Object
}

// sunk is whether sink took part (it is offered only reasoning and provider-run parts).
func sunk(sink PartSink, part wirechat.Part, where string) (bool, error) {
	if sink == nil {
		return false, nil
	}
	switch part.(type) {
	case *wirechat.ReasoningPart, *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
		return sink.Take(part, where)
	}
	return false, nil
}

// EncodeRequest is the provider body for request, the warnings of what was degraded, or a refusal.
func EncodeRequest(request wirechat.ChatRequest) (*providerjson.Object, []adapters.Warning, error) {
	return EncodeRequestWith(request, Name, nil)
}

// EncodeRequestWith is EncodeRequest for the adapter named name (its provider_options entry), with sink (nil:
// none) taking each assistant message's reasoning and provider-run parts.
func EncodeRequestWith(request wirechat.ChatRequest, name string, sink PartSink) (*providerjson.Object, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	if request.Model == nil {
		return nil, nil, conv.Refuse("model.absent", "/model")
	}
	messages := []any{}
	for i, message := range request.Messages {
		encoded, err := encodeMessage(message, "/messages/"+strconv.Itoa(i), conv, sink)
		if err != nil {
			return nil, nil, err
		}
		messages = append(messages, encoded...)
	}
	body := newObj().Set("model", *request.Model).Set("messages", messages)
	if request.Tools != nil {
		tools := make([]any, 0, len(request.Tools))
		for i, tool := range request.Tools {
			encoded, err := encodeTool(tool, "/tools/"+strconv.Itoa(i), conv)
			if err != nil {
				return nil, nil, err
			}
			tools = append(tools, encoded)
		}
		body.Set("tools", tools)
	}
	// Chat Completions defines no provider tools: each is dropped with a warning.
	if _, err := shared.ProviderToolsOut(request, conv, Provider); err != nil {
		return nil, nil, err
	}
	if request.ToolChoice != nil {
		body.Set("tool_choice", encodeToolChoice(request.ToolChoice))
	}
	if request.Options != nil {
		encodeOptions(request.Options, body)
	}
	if err := shared.MergeProviderOptions(request.ProviderOptions, name, body, Manifest.OptionsSchema); err != nil {
		return nil, nil, err
	}
	return body, conv.Warnings, nil
}

func encodeOptions(options *wirechat.ChatOptions, body *obj) {
	if options.Temperature != nil {
		body.Set("temperature", *options.Temperature)
	}
	if options.TopP != nil {
		body.Set("top_p", *options.TopP)
	}
	if options.Seed != nil {
		body.Set("seed", *options.Seed)
	}
	if options.Stop != nil {
		body.Set("stop", options.Stop)
	}
	if options.ParallelToolCalls != nil {
		body.Set("parallel_tool_calls", *options.ParallelToolCalls)
	}
	if options.MaxTokens != nil {
		body.Set("max_completion_tokens", *options.MaxTokens)
	}
	if options.ResponseFormat != nil {
		body.Set("response_format", encodeResponseFormat(options.ResponseFormat))
	}
}

// common handles the members every role shares; it returns the name member (if kept) and a developer
// role override from the message's own provider data.
// common is the message members every role shares, and what its own provider_metadata entry says: a
// system message sent as developer, an assistant message's earlier audio reply (audio: {"id"}).
func common(message wirechat.Message, where string, conv *shared.Conversion, named bool) (name *string, role string, audio *obj) {
	if message.Name != nil {
		if named {
			name = message.Name
		} else {
			conv.Degrade("message.name_tool", where+"/name")
		}
	}
	if message.ID != nil {
		conv.Degrade("message.id", where+"/id")
	}
	own, foreign := shared.MetadataFor(message.ProviderMetadata, Provider)
	role, _ = own.Get("role").(string)
	own.Delete("role")
	var reference any
	if message.Role == wirechat.RoleAssistant {
		reference = own.Get("audio")
		own.Delete("audio")
	}
	if foreign || own.Len() > 0 {
		conv.Degrade("message.provider_metadata", where+"/provider_metadata")
	}
	if role != "developer" {
		role = ""
	}
	if object, ok := reference.(*obj); ok {
		if id, ok := object.Get("id").(string); ok {
			audio = newObj().Set("id", id)
		}
	}
	return name, role, audio
}

func withName(out *obj, name *string) *obj {
	if name != nil {
		out.Set("name", *name)
	}
	return out
}

func encodeMessage(message wirechat.Message, where string, conv *shared.Conversion, sink PartSink) ([]any, error) {
	switch message.Role {
	case wirechat.RoleSystem:
		name, override, _ := common(message, where, conv, true)
		texts := []*obj{}
		for j, part := range message.Parts {
			text, ok := part.(*wirechat.TextPart)
			at := where + "/parts/" + strconv.Itoa(j)
			if !ok {
				return nil, conv.Refuse("system.non_text", at)
			}
			block, err := textBlock(text, at, conv)
			if err != nil {
				return nil, err
			}
			texts = append(texts, block)
		}
		role := "system"
		if override != "" {
			role = override
		}
		return []any{withName(newObj().Set("role", role).Set("content", content(texts)), name)}, nil
	case wirechat.RoleUser:
		name, _, _ := common(message, where, conv, true)
		parts := []*obj{}
		for j, part := range message.Parts {
			encoded, err := userPart(part, where+"/parts/"+strconv.Itoa(j), conv)
			if err != nil {
				return nil, err
			}
			parts = append(parts, encoded)
		}
		return []any{withName(newObj().Set("role", "user").Set("content", content(parts)), name)}, nil
	case wirechat.RoleAssistant:
		name, _, audio := common(message, where, conv, true)
		encoded, err := encodeAssistant(message, where, conv, name, audio, sink)
		if err != nil {
			return nil, err
		}
		return []any{encoded}, nil
	case wirechat.RoleTool:
		common(message, where, conv, false)
		if len(message.Parts) == 0 {
			conv.Degrade("tool_result.empty", where+"/parts")
			return []any{newObj().Set("role", "user").Set("content", []any{})}, nil
		}
		if len(message.Parts) > 1 {
			conv.Degrade("tool_result.grouped", where+"/parts")
		}
		results := []any{}
		for j, part := range message.Parts {
			at := where + "/parts/" + strconv.Itoa(j)
			result, ok := part.(*wirechat.ToolResultPart)
			if !ok {
				return nil, conv.Refuse("part.misplaced", at)
			}
			results = append(results, toolMessage(result, at, conv))
		}
		return results, nil
	}
	return nil, shared.Invalid(where+"/role", "unknown role %q", message.Role)
}

// content sends a lone text part as a plain string, anything else as a list of parts.
func content(parts []*obj) any {
	if len(parts) == 1 && parts[0].Get("type") == "text" {
		return parts[0].Get("text")
	}
	out := make([]any, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out
}

func partMetadata(metadata wirechat.ProviderMetadata, where string, conv *shared.Conversion) *obj {
	own, foreign := shared.MetadataFor(metadata, Provider)
	if foreign {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	return own
}

func textBlock(part *wirechat.TextPart, where string, conv *shared.Conversion) (*obj, error) {
	partMetadata(part.ProviderMetadata, where, conv)
	// Chat Completions takes no citations in messages: each is dropped with a warning.
	if _, err := shared.CitationsOut(part, where, conv, Provider); err != nil {
		return nil, err
	}
	return newObj().Set("type", "text").Set("text", part.Text), nil
}

func encodeAssistant(message wirechat.Message, where string, conv *shared.Conversion, name *string, audio *obj, sink PartSink) (*obj, error) {
	texts := []*obj{}
	calls := []any{}
	var refusal *string
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		if taken, err := sunk(sink, part, at); err != nil || taken {
			if err != nil {
				return nil, err
			}
			continue
		}
		switch p := part.(type) {
		case *wirechat.TextPart:
			own := partMetadata(p.ProviderMetadata, at, conv)
			if own.Get("refusal") == true && refusal == nil {
				if _, err := shared.CitationsOut(p, at, conv, Provider); err != nil { // a refusal has no annotations: warned
					return nil, err
				}
				text := p.Text
				refusal = &text
				continue
			}
			if len(calls) > 0 {
				conv.Degrade("tool_call.interleaved", at)
			}
			if _, err := shared.CitationsOut(p, at, conv, Provider); err != nil {
				return nil, err
			}
			texts = append(texts, newObj().Set("type", "text").Set("text", p.Text))
		case *wirechat.ToolCallPart:
			partMetadata(p.ProviderMetadata, at, conv)
			calls = append(calls, toolCallShape(p.ToolCall))
		case *wirechat.ReasoningPart:
			partMetadata(p.ProviderMetadata, at, conv)
			conv.Degrade(shared.ReasoningFeature(p.Reasoning, Provider), at)
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			partMetadata(shared.PartMetadata(part), at, conv)
			// Chat Completions has no place for it: dropped with a warning.
			if _, err := shared.ProviderPartOut(part, at, conv, Provider); err != nil {
				return nil, err
			}
		case *wirechat.AudioPart:
			reference := audioReference(p)
			if reference == nil || audio != nil {
				return nil, conv.Refuse("part.misplaced", at)
			}
			partMetadata(p.ProviderMetadata, at, conv)
			conv.Degrade("audio.reply_by_id", at)
			audio = reference
		default:
			return nil, conv.Refuse("part.misplaced", at)
		}
	}
	result := withName(newObj().Set("role", "assistant"), name)
	if audio != nil {
		result.Set("audio", audio)
	}
	if sink != nil {
		members := sink.Members()
		for _, key := range members.Keys() {
			result.Set(key, members.Get(key))
		}
	}
	if len(texts) > 0 {
		result.Set("content", content(texts))
	} else if len(calls) == 0 && refusal == nil {
		result.Set("content", nil)
	}
	if refusal != nil {
		result.Set("refusal", *refusal)
	}
	if len(calls) > 0 {
		result.Set("tool_calls", calls)
	}
	return result, nil
}

func toolMessage(part *wirechat.ToolResultPart, where string, conv *shared.Conversion) *obj {
	partMetadata(part.ProviderMetadata, where, conv)
	result := part.ToolResult
	if result.IsError != nil {
		conv.Degrade("tool_result.is_error", where+"/tool_result/is_error")
	}
	if result.Parts != nil {
		conv.Degrade("tool_result.parts", where+"/tool_result/parts")
	}
	return newObj().Set("role", "tool").Set("tool_call_id", result.ToolCallID).Set("content", result.Content)
}

func encodeTool(tool wirechat.ToolDefinition, where string, conv *shared.Conversion) (*obj, error) {
	if err := shared.ToolDefinitionExtras(tool, where, conv); err != nil {
		return nil, err
	}
	function := newObj().Set("name", tool.Name)
	if tool.Description != nil {
		function.Set("description", *tool.Description)
	}
	function.Set("parameters", shared.Raw(tool.InputSchema))
	if tool.Strict != nil {
		function.Set("strict", *tool.Strict)
	}
	return functionTool(function), nil
}

func encodeToolChoice(choice wirechat.ToolChoice) any {
	switch c := choice.(type) {
	case *wirechat.ToolChoiceAuto:
		return "auto"
	case *wirechat.ToolChoiceNone:
		return "none"
	case *wirechat.ToolChoiceRequired:
		return "required"
	case *wirechat.ToolChoiceTool:
		return namedToolChoice(c.Tool)
	}
	return nil
}

func encodeResponseFormat(format wirechat.ResponseFormat) *obj {
	switch f := format.(type) {
	case *wirechat.ResponseFormatText:
		return newObj().Set("type", "text")
	case *wirechat.ResponseFormatJsonObject:
		return newObj().Set("type", "json_object")
	case *wirechat.ResponseFormatJsonSchema:
		spec := f.JSONSchema
		out := newObj().Set("name", spec.Name)
		if spec.Description != nil {
			out.Set("description", *spec.Description)
		}
		out.Set("schema", shared.Raw(spec.Schema))
		if spec.Strict != nil {
			out.Set("strict", *spec.Strict)
		}
		return newObj().Set("type", "json_schema").Set("json_schema", out)
	}
	return nil
}
