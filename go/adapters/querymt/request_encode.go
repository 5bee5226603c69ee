package querymt

// Canonical ChatRequest -> QueryMT ExtismChatRequest (EncodeRequest), as Python's querymt/request_encode.
//
// One canonical message becomes one QueryMT message: a user message is one text, one media part (an image
// or a PDF), or a non-empty text followed by one media part (QueryMT's content beside an Image
// message_type); an assistant message is one text, tool calls (ToolUse) with at most one text before them,
// or nothing (an empty ToolUse); a tool message is a ToolResult User message whose calls hold each
// result's text in function.arguments and the tool's name, found from the call it answers. A message of
// any other shape has no QueryMT form and is refused (message.shape), after every manifest refusal has had
// its turn. The model and provider_options.querymt.cfg become the plugin's cfg.

import (
	"encoding/base64"
	"errors"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// pluginCfg is the cfg a request carries: provider_options[querymt].cfg (checked against the options
// schema; a *wirechat.WireError of typeName) with the request's model as cfg.model.
func pluginCfg(options wirechat.ProviderOptions, model *string, typeName string) (*obj, error) {
	cfg := newObj()
	if raw, ok := options[Name]; ok && raw != nil {
		own, err := providerjson.ParseObject(raw)
		if err != nil {
			return nil, shared.Invalid("/provider_options/"+Name, "not a JSON object")
		}
		if err := shared.CheckOptions(own, Name, Manifest.OptionsSchema); err != nil {
			var wire *wirechat.WireError
			if errors.As(err, &wire) {
				wire.Type = typeName
			}
			return nil, err
		}
		if given, ok := own.Get("cfg").(*obj); ok {
			cfg = given.Copy()
		}
	}
	if model != nil {
		cfg.Set("model", *model)
	}
	return cfg, nil
}

// EncodeRequest is the ExtismChatRequest for a canonical request.
func EncodeRequest(request wirechat.ChatRequest) (*obj, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	cfg, err := pluginCfg(request.ProviderOptions, request.Model, "ChatRequest")
	if err != nil {
		return nil, nil, err
	}
	names := map[string]string{}
	for _, message := range request.Messages {
		for _, part := range message.Parts {
			if call, ok := part.(*wirechat.ToolCallPart); ok {
				names[call.ToolCall.ID] = call.ToolCall.Name
			}
		}
	}
	var misfits []error
	messages := []any{}
	for i, message := range request.Messages {
		encoded, err := encodeMessage(message, "/messages/"+strconv.Itoa(i), conv, names, &misfits)
		if err != nil {
			return nil, nil, err
		}
		messages = append(messages, encoded)
	}
	var tools any
	if request.Tools != nil {
		list := []any{}
		for i, tool := range request.Tools {
			encoded, err := encodeTool(tool, "/tools/"+strconv.Itoa(i), conv)
			if err != nil {
				return nil, nil, err
			}
			list = append(list, encoded)
		}
		tools = list
	}
	if _, err := shared.ProviderToolsOut(request, conv, Provider); err != nil { // QueryMT defines none
		return nil, nil, err
	}
	if request.ToolChoice != nil {
		return nil, nil, conv.Refuse("tool_choice", "/tool_choice")
	}
	if request.Options != nil {
		if err := checkOptions(request.Options, conv); err != nil {
			return nil, nil, err
		}
	}
	if len(misfits) > 0 {
		return nil, nil, misfits[0]
	}
	return newObj().Set("cfg", cfg).Set("messages", messages).Set("tools", tools), conv.Warnings, nil
}

// checkOptions refuses every option: the plugin interface has no place for any (they go in the cfg).
func checkOptions(options *wirechat.ChatOptions, conv *shared.Conversion) error {
	present := []struct {
		name string
		set  bool
	}{
		{"temperature", options.Temperature != nil}, {"top_p", options.TopP != nil},
		{"max_tokens", options.MaxTokens != nil}, {"stop", options.Stop != nil}, {"seed", options.Seed != nil},
		{"parallel_tool_calls", options.ParallelToolCalls != nil},
	}
	for _, option := range present {
		if option.set {
			return conv.Refuse("options."+option.name, "/options/"+option.name)
		}
	}
	switch options.ResponseFormat.(type) {
	case nil:
		return nil
	case *wirechat.ResponseFormatText:
		return conv.Refuse("response_format.text", "/options/response_format")
	case *wirechat.ResponseFormatJsonObject:
		return conv.Refuse("response_format.json_object", "/options/response_format")
	}
	return conv.Refuse("response_format.json_schema", "/options/response_format")
}

// misfit is the refusal of a message QueryMT has no shape for.
func misfit(where, why string) error {
	return &adapters.RefusedError{Feature: "message.shape", Reason: "a QueryMT message holds " + why, Where: where}
}

func members(message wirechat.Message, where string, conv *shared.Conversion) {
	if message.Name != nil {
		if message.Role == wirechat.RoleTool {
			conv.Degrade("message.name_tool", where+"/name")
		} else {
			conv.Degrade("message.name", where+"/name")
		}
	}
	if message.ID != nil {
		conv.Degrade("message.id", where+"/id")
	}
	if message.ProviderMetadata != nil {
		conv.Degrade("message.provider_metadata", where+"/provider_metadata")
	}
}

// partMetadata degrades a part's provider_metadata: QueryMT parts have none.
func partMetadata(part wirechat.Part, where string, conv *shared.Conversion) {
	if len(shared.PartMetadata(part)) > 0 {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
}

func encodeMessage(message wirechat.Message, where string, conv *shared.Conversion, names map[string]string, misfits *[]error) (any, error) {
	members(message, where, conv)
	switch message.Role {
	case wirechat.RoleSystem:
		for j, part := range message.Parts {
			if _, ok := part.(*wirechat.TextPart); !ok {
				return nil, conv.Refuse("system.non_text", where+"/parts/"+strconv.Itoa(j))
			}
		}
		if where != "/messages/0" {
			return nil, conv.Refuse("system.later", where)
		}
		return nil, conv.Refuse("system", where)
	case wirechat.RoleUser:
		return encodeUser(message, where, conv, misfits)
	case wirechat.RoleAssistant:
		return encodeAssistant(message, where, conv, misfits)
	}
	calls := []any{}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		result, ok := part.(*wirechat.ToolResultPart)
		if !ok {
			return nil, conv.Refuse("part.misplaced", at)
		}
		partMetadata(part, at, conv)
		if result.ToolResult.IsError != nil {
			conv.Degrade("tool_result.is_error", at+"/tool_result/is_error")
		}
		if result.ToolResult.Parts != nil {
			conv.Degrade("tool_result.parts", at+"/tool_result/parts")
		}
		id := result.ToolResult.ToolCallID
		calls = append(calls, toolCall(id, names[id], result.ToolResult.Content))
	}
	return newObj().Set("role", "User").Set("message_type", newObj().Set("ToolResult", calls)).Set("content", ""), nil
}

// bytesOf is base64 text as serde's Vec<u8>: an array of numbers.
func bytesOf(data, where string) ([]any, error) {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, shared.Invalid(where, "not valid base64")
	}
	out := make([]any, len(raw))
	for i, b := range raw {
		out[i] = int64(b)
	}
	return out, nil
}

func encodeTool(tool wirechat.ToolDefinition, where string, conv *shared.Conversion) (*obj, error) {
	if tool.Strict != nil {
		conv.Degrade("tools.strict", where+"/strict")
	}
	if err := shared.ToolDefinitionExtras(tool, where, conv); err != nil {
		return nil, err
	}
	description := ""
	if tool.Description != nil {
		description = *tool.Description
		if description == "" {
			conv.Degrade("zero_values", where+"/description")
		}
	}
	fn := newObj().Set("name", tool.Name).Set("description", description).Set("parameters", shared.Raw(tool.InputSchema))
	return newObj().Set("type", function).Set("function", fn), nil
}
