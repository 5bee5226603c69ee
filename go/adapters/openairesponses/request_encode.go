package openairesponses

// Canonical ChatRequest -> OpenAI Responses request body (input items), rule for rule as Python's
// openai_responses/request_encode.py (its full walk; the fast pass there writes the same bytes).
//
// A leading system message of one text part becomes instructions; other system messages are system
// message items (developer for one read from a developer item). Each user message is one message item
// (input_text, input_image, input_file). An assistant message is a run of items, one per part in order:
// text as an assistant message item, reasoning as a reasoning item (replayed only when OpenAI issued it:
// spec section 10), tool calls as function_call items (custom_tool_call for a call read from one),
// provider-run calls and results as OpenAI's items (spec section 15). Each tool result is a
// function_call_output item, or a custom_tool_call_output when it answers a custom tool call. Structured
// output is text.format; max_tokens is max_output_tokens.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// EncodeRequest is the provider body for request, the warnings of what was degraded, or a refusal.
func EncodeRequest(request wirechat.ChatRequest) (*providerjson.Object, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	if request.Model == nil {
		return nil, nil, conv.Refuse("model.absent", "/model")
	}
	body := newObj().Set("model", *request.Model)
	items, err := encodeMessages(request, body, conv)
	if err != nil {
		return nil, nil, err
	}
	body.Set("input", items)
	tools := []any{}
	for i, tool := range request.Tools {
		encoded, err := encodeTool(tool, "/tools/"+strconv.Itoa(i), conv)
		if err != nil {
			return nil, nil, err
		}
		tools = append(tools, encoded)
	}
	providerTools, err := shared.ProviderToolsOut(request, conv, Provider)
	if err != nil {
		return nil, nil, err
	}
	tools = append(tools, providerTools...)
	if len(tools) > 0 || request.Tools != nil {
		body.Set("tools", tools)
	}
	encodeToolChoice(request.ToolChoice, body)
	options := request.Options
	if options == nil {
		options = &wirechat.ChatOptions{}
	}
	format := encodeOptions(options, body, conv)
	if err := shared.MergeProviderOptions(request.ProviderOptions, Name, body, Manifest.OptionsSchema); err != nil {
		return nil, nil, err
	}
	if format != nil { // after the options: their own text members (verbosity) join the format
		text := newObj()
		if own, ok := body.Get("text").(*obj); ok {
			if own.Has("format") {
				return nil, nil, &adapters.RefusedError{
					Feature: "provider_options", Reason: "text.format is set from options.response_format; set it there instead",
					Where: "/provider_options/" + Name + "/text/format",
				}
			}
			text = own.Copy()
		}
		body.Set("text", text.Set("format", format))
	}
	return body, conv.Warnings, nil
}

func encodeMessages(request wirechat.ChatRequest, body *obj, conv *shared.Conversion) ([]any, error) {
	items := []any{}
	previous := wirechat.Role("")
	custom := customCalls(request)
	for i, message := range request.Messages {
		where := "/messages/" + strconv.Itoa(i)
		developer := messageMembers(message, where, conv)
		switch message.Role {
		case wirechat.RoleSystem:
			texts, err := systemTexts(message, where, conv)
			if err != nil {
				return nil, err
			}
			if i == 0 && len(texts) == 1 && !developer {
				body.Set("instructions", texts[0].(*obj).Get("text"))
			} else {
				role := "system"
				if developer {
					role = "developer"
				}
				items = append(items, newObj().Set("type", "message").Set("role", role).Set("content", texts))
			}
		case wirechat.RoleUser:
			content := []any{}
			for j, part := range message.Parts {
				encoded, err := contentPart(part, where+"/parts/"+strconv.Itoa(j), conv)
				if err != nil {
					return nil, err
				}
				content = append(content, encoded)
			}
			items = append(items, newObj().Set("type", "message").Set("role", "user").Set("content", content))
		case wirechat.RoleAssistant:
			run, err := assistantItems(message, where, conv)
			if err != nil {
				return nil, err
			}
			if len(run) == 0 {
				run = []any{newObj().Set("type", "message").Set("role", "assistant").Set("content", []any{})}
			}
			if previous == wirechat.RoleAssistant {
				conv.Degrade("message.assistant_merged", where)
			}
			items = append(items, run...)
		case wirechat.RoleTool:
			run, err := toolItems(message, where, conv, custom)
			if err != nil {
				return nil, err
			}
			items = append(items, run...)
		}
		previous = message.Role
	}
	return items, nil
}

// messageMembers degrades the message members Responses has no place for; true for a system message read
// from a developer item (provider_metadata.openai.role), which is written back as one.
func messageMembers(message wirechat.Message, where string, conv *shared.Conversion) bool {
	developer := false
	if message.Role == wirechat.RoleSystem && len(message.ProviderMetadata) == 1 {
		own, foreign := shared.MetadataFor(message.ProviderMetadata, Provider)
		developer = !foreign && own.Len() == 1 && own.Get("role") == "developer"
	}
	if message.Name != nil {
		feature := "message.name"
		if message.Role == wirechat.RoleTool {
			feature = "message.name_tool"
		}
		conv.Degrade(feature, where+"/name")
	}
	if message.ID != nil {
		conv.Degrade("message.id", where+"/id")
	}
	if message.ProviderMetadata != nil && !developer {
		conv.Degrade("message.provider_metadata", where+"/provider_metadata")
	}
	return developer
}

// own is the part's own provider data this encoder carries (the members keys names); foreign or unknown
// data is degraded.
func own(part wirechat.Part, where string, conv *shared.Conversion, keys set) *obj {
	mine, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider)
	unknown := false
	for _, key := range mine.Keys() {
		unknown = unknown || !keys[key]
	}
	if foreign || unknown {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	kept := newObj()
	for _, key := range mine.Keys() {
		if keys[key] {
			kept.Set(key, mine.Get(key))
		}
	}
	return kept
}

func systemTexts(message wirechat.Message, where string, conv *shared.Conversion) ([]any, error) {
	texts := []any{}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		text, ok := part.(*wirechat.TextPart)
		if !ok {
			return nil, conv.Refuse("system.non_text", at)
		}
		own(part, at, conv, set{})
		if _, err := shared.CitationsOut(text, at, conv, Provider); err != nil { // instructions carry no annotations
			return nil, err
		}
		texts = append(texts, newObj().Set("type", "input_text").Set("text", text.Text))
	}
	return texts, nil
}

func assistantItems(message wirechat.Message, where string, conv *shared.Conversion) ([]any, error) {
	items := []any{}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		switch p := part.(type) {
		case *wirechat.TextPart:
			mine := own(part, at, conv, setOf("item_id", "phase", "status"))
			annotations, err := shared.CitationsOut(p, at, conv, Provider)
			if err != nil {
				return nil, err
			}
			if shared.Truthy(mine.Get("item_id")) || shared.Truthy(mine.Get("phase")) || shared.Truthy(mine.Get("status")) || len(annotations) > 0 {
				content := []any{newObj().Set("type", "output_text").Set("text", p.Text).Set("annotations", annotations)}
				item := newObj().Set("type", "message").Set("role", "assistant")
				if shared.Truthy(mine.Get("item_id")) {
					item.Set("id", mine.Get("item_id"))
				}
				if phase, ok := mine.Get("phase").(string); ok {
					item.Set("phase", phase)
				}
				status, ok := mine.Get("status").(string)
				if !ok {
					status = "completed"
				}
				items = append(items, item.Set("status", status).Set("content", content))
			} else {
				items = append(items, newObj().Set("type", "message").Set("role", "assistant").Set("content", p.Text))
			}
		case *wirechat.ToolCallPart:
			items = append(items, encodeFunctionCall(p.ToolCall, own(part, at, conv, callKeys)))
		case *wirechat.ReasoningPart:
			own(part, at, conv, reasoningKeys)
			item, err := encodeReasoning(p, at, conv)
			if err != nil {
				return nil, err
			}
			if item != nil {
				items = append(items, item)
			}
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			own(part, at, conv, set{})
			written, err := shared.ProviderPartOut(part, at, conv, Provider)
			if err != nil {
				return nil, err
			}
			if written != nil {
				items = append(items, written)
			}
		default:
			return nil, conv.Refuse("part.misplaced", at)
		}
	}
	return items, nil
}

// customCalls is the ids of the request's tool calls read from custom_tool_call items (their results
// answer in kind).
func customCalls(request wirechat.ChatRequest) map[string]bool {
	out := map[string]bool{}
	for _, message := range request.Messages {
		if message.Role != wirechat.RoleAssistant {
			continue
		}
		for _, part := range message.Parts {
			if call, ok := part.(*wirechat.ToolCallPart); ok {
				if mine, _ := shared.MetadataFor(call.ProviderMetadata, Provider); shared.Truthy(mine.Get("item_type")) {
					out[call.ToolCall.ID] = true
				}
			}
		}
	}
	return out
}

func toolItems(message wirechat.Message, where string, conv *shared.Conversion, custom map[string]bool) ([]any, error) {
	items := []any{}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		result, ok := part.(*wirechat.ToolResultPart)
		if !ok {
			return nil, conv.Refuse("part.misplaced", at)
		}
		mine := own(part, at, conv, setOf("item_type"))
		item, err := toolResult(result.ToolResult, at, conv)
		if err != nil {
			return nil, err
		}
		if mine.Get("item_type") == "custom_tool_call_output" || custom[result.ToolResult.ToolCallID] {
			item.Set("type", "custom_tool_call_output")
		}
		items = append(items, item)
	}
	if len(message.Parts) == 0 {
		conv.Degrade("tool_result.empty", where+"/parts")
		return []any{newObj().Set("type", "message").Set("role", "user").Set("content", []any{})}, nil
	}
	if len(items) > 1 {
		conv.Degrade("tool_result.grouped", where+"/parts")
	}
	return items, nil
}

func encodeTool(tool wirechat.ToolDefinition, where string, conv *shared.Conversion) (*obj, error) {
	if err := shared.ToolDefinitionExtras(tool, where, conv); err != nil {
		return nil, err
	}
	out := newObj().Set("type", "function").Set("name", tool.Name)
	if tool.Description != nil {
		out.Set("description", *tool.Description)
	}
	out.Set("parameters", shared.Raw(tool.InputSchema))
	if tool.Strict != nil {
		out.Set("strict", *tool.Strict)
	} else {
		out.Set("strict", nil)
	}
	return out, nil
}

func encodeToolChoice(choice wirechat.ToolChoice, body *obj) {
	switch c := choice.(type) {
	case *wirechat.ToolChoiceAuto:
		body.Set("tool_choice", "auto")
	case *wirechat.ToolChoiceNone:
		body.Set("tool_choice", "none")
	case *wirechat.ToolChoiceRequired:
		body.Set("tool_choice", "required")
	case *wirechat.ToolChoiceTool:
		body.Set("tool_choice", newObj().Set("type", "function").Set("name", c.Tool))
	}
}

// encodeOptions sets the sampling options in body; returns the text.format for the response format.
func encodeOptions(options *wirechat.ChatOptions, body *obj, conv *shared.Conversion) *obj {
	if options.Temperature != nil {
		body.Set("temperature", *options.Temperature)
	}
	if options.TopP != nil {
		body.Set("top_p", *options.TopP)
	}
	if options.Stop != nil {
		conv.Degrade("options.stop", "/options/stop")
	}
	if options.Seed != nil {
		conv.Degrade("options.seed", "/options/seed")
	}
	if options.MaxTokens != nil {
		body.Set("max_output_tokens", *options.MaxTokens)
	}
	if options.ParallelToolCalls != nil {
		body.Set("parallel_tool_calls", *options.ParallelToolCalls)
	}
	switch f := options.ResponseFormat.(type) {
	case *wirechat.ResponseFormatText:
		return newObj().Set("type", "text")
	case *wirechat.ResponseFormatJsonObject:
		return newObj().Set("type", "json_object")
	case *wirechat.ResponseFormatJsonSchema:
		spec := f.JSONSchema
		format := newObj().Set("type", "json_schema").Set("name", spec.Name).Set("schema", shared.Raw(spec.Schema))
		if spec.Description != nil {
			format.Set("description", *spec.Description)
		}
		if spec.Strict != nil {
			format.Set("strict", *spec.Strict)
		}
		return format
	}
	return nil
}
