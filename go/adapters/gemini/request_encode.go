package gemini

// Canonical ChatRequest -> Gemini generateContent request body, as Python's gemini/request_encode.py.
// The first message, when it is a system message, becomes systemInstruction (role user, as Google's SDKs
// write it); user messages are user contents, assistant messages model contents, tool messages user
// contents of functionResponse parts. Sampling, limits and structured output go in generationConfig. The
// body keeps the model as its model member; the client moves it into the URL (RequestTarget).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// EncodeRequest is the generateContent body for request.
func EncodeRequest(request wirechat.ChatRequest) (*obj, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	if request.Model == nil {
		return nil, nil, conv.Refuse("model.absent", "/model")
	}
	body := newObj().Set("model", *request.Model)
	contents, err := encodeMessages(request, body, conv)
	if err != nil {
		return nil, nil, err
	}
	body.Set("contents", contents)
	if request.Tools != nil {
		declarations := []any{}
		for i, tool := range request.Tools {
			declaration, err := encodeTool(tool, "/tools/"+strconv.Itoa(i), conv)
			if err != nil {
				return nil, nil, err
			}
			declarations = append(declarations, declaration)
		}
		body.Set("tools", []any{newObj().Set("functionDeclarations", declarations)})
	}
	ownTools, err := shared.ProviderToolsOut(request, conv, Provider)
	if err != nil {
		return nil, nil, err
	}
	if len(ownTools) > 0 {
		tools, _ := body.Get("tools").([]any)
		body.Set("tools", append(tools, ownTools...))
	}
	encodeToolChoice(request.ToolChoice, body)
	options := wirechat.ChatOptions{}
	if request.Options != nil {
		options = *request.Options
	}
	if options.ParallelToolCalls != nil {
		return nil, nil, conv.Refuse("options.parallel_tool_calls", "/options/parallel_tool_calls")
	}
	if config := generationConfig(options, conv); config.Len() > 0 {
		body.Set("generationConfig", config)
	}
	if err := mergeOptions(request.ProviderOptions, Name, body); err != nil {
		return nil, nil, err
	}
	return body, conv.Warnings, nil
}

// encodeMessages is the contents (systemInstruction goes into body), with every warning.
func encodeMessages(request wirechat.ChatRequest, body *obj, conv *shared.Conversion) ([]any, error) {
	names := map[string]string{}
	for _, message := range request.Messages {
		for _, part := range message.Parts {
			if call, ok := part.(*wirechat.ToolCallPart); ok {
				names[call.ToolCall.ID] = call.ToolCall.Name
			}
		}
	}
	contents := []any{}
	for i, message := range request.Messages {
		where := "/messages/" + strconv.Itoa(i)
		messageMembers(message, where, conv)
		switch message.Role {
		case wirechat.RoleSystem:
			if i != 0 {
				return nil, conv.Refuse("system.later", where)
			}
			parts := []any{}
			for j, part := range message.Parts {
				at := where + "/parts/" + strconv.Itoa(j)
				if _, ok := part.(*wirechat.TextPart); !ok {
					return nil, conv.Refuse("system.non_text", at)
				}
				encoded, err := encodeUserPart(part, at, conv)
				if err != nil {
					return nil, err
				}
				parts = append(parts, encoded)
			}
			body.Set("systemInstruction", newObj().Set("role", "user").Set("parts", parts))
		case wirechat.RoleUser:
			parts := []any{}
			for j, part := range message.Parts {
				encoded, err := encodeUserPart(part, where+"/parts/"+strconv.Itoa(j), conv)
				if err != nil {
					return nil, err
				}
				parts = append(parts, encoded)
			}
			contents = append(contents, newObj().Set("role", "user").Set("parts", parts))
		case wirechat.RoleAssistant:
			parts, err := encodeModelParts(message.Parts, where+"/parts", conv, false)
			if err != nil {
				return nil, err
			}
			contents = append(contents, newObj().Set("role", "model").Set("parts", parts))
		default:
			parts := []any{}
			for j, part := range message.Parts {
				result, ok := part.(*wirechat.ToolResultPart)
				if !ok {
					return nil, conv.Refuse("part.misplaced", where+"/parts/"+strconv.Itoa(j))
				}
				parts = append(parts, encodeToolResult(result, names, where+"/parts/"+strconv.Itoa(j), conv))
			}
			if len(parts) == 0 {
				conv.Degrade("tool_result.empty", where+"/parts")
			}
			contents = append(contents, newObj().Set("role", "user").Set("parts", parts))
		}
	}
	return contents, nil
}

func messageMembers(message wirechat.Message, where string, conv *shared.Conversion) {
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

// mergeOptions checks provider_options[name] against the options schema, then merges it: generationConfig
// members into the body's generationConfig, tools appended to its tools, the rest top-level; a member the
// adapter set from the canonical request is refused (set it there instead).
func mergeOptions(options wirechat.ProviderOptions, name string, body *obj) error {
	raw, ok := options[name]
	if !ok || raw == nil {
		return nil
	}
	mine, ok := shared.Raw(raw).(*obj)
	if !ok {
		return nil
	}
	if err := shared.CheckOptions(mine, name, Manifest.OptionsSchema); err != nil {
		return err
	}
	for _, key := range mine.Keys() {
		value := mine.Get(key)
		switch {
		case key == "generationConfig" && shared.Truthy(value):
			config, _ := value.(*obj)
			target, ok := body.Get("generationConfig").(*obj)
			if !ok {
				target = newObj()
				body.Set("generationConfig", target)
			}
			for _, member := range config.Keys() {
				if target.Has(member) {
					return &adapters.RefusedError{Feature: "provider_options",
						Reason: "'" + member + "' is set from the canonical request; set it there",
						Where:  "/provider_options/" + name + "/generationConfig/" + member}
				}
				target.Set(member, config.Get(member))
			}
		case key == "generationConfig":
		case key == "tools" && shared.Truthy(value):
			tools, _ := body.Get("tools").([]any)
			added, _ := value.([]any)
			body.Set("tools", append(tools, added...))
		case key == "tools":
		default:
			if body.Has(key) {
				return &adapters.RefusedError{Feature: "provider_options",
					Reason: "'" + key + "' is set by the adapter from the canonical request; set it there instead",
					Where:  "/provider_options/" + name + "/" + key}
			}
			body.Set(key, value)
		}
	}
	return nil
}

func encodeTool(tool wirechat.ToolDefinition, where string, conv *shared.Conversion) (*obj, error) {
	if err := shared.ToolDefinitionExtras(tool, where, conv); err != nil {
		return nil, err
	}
	out := newObj().Set("name", tool.Name)
	if tool.Description != nil {
		if *tool.Description != "" {
			out.Set("description", *tool.Description)
		} else {
			conv.Degrade("zero_values", where+"/description")
		}
	}
	if tool.Strict != nil {
		conv.Degrade("tools.strict", where+"/strict")
	}
	out.Set("parametersJsonSchema", shared.Raw(tool.InputSchema))
	if tool.OutputSchema != nil {
		out.Set("responseJsonSchema", shared.Raw(tool.OutputSchema))
	}
	return out, nil
}

func encodeToolChoice(choice wirechat.ToolChoice, body *obj) {
	var config *obj
	switch c := choice.(type) {
	case *wirechat.ToolChoiceAuto:
		config = newObj().Set("mode", "AUTO")
	case *wirechat.ToolChoiceNone:
		config = newObj().Set("mode", "NONE")
	case *wirechat.ToolChoiceRequired:
		config = newObj().Set("mode", "ANY")
	case *wirechat.ToolChoiceTool:
		config = newObj().Set("mode", "ANY").Set("allowedFunctionNames", []any{c.Tool})
	default:
		return
	}
	body.Set("toolConfig", newObj().Set("functionCallingConfig", config))
}

func generationConfig(options wirechat.ChatOptions, conv *shared.Conversion) *obj {
	config := newObj()
	if options.Temperature != nil {
		config.Set("temperature", *options.Temperature)
	}
	if options.TopP != nil {
		config.Set("topP", *options.TopP)
	}
	if options.MaxTokens != nil {
		config.Set("maxOutputTokens", *options.MaxTokens)
	}
	if options.Seed != nil {
		config.Set("seed", *options.Seed)
	}
	if options.Stop != nil {
		stop := []any{}
		for _, s := range options.Stop {
			stop = append(stop, s)
		}
		config.Set("stopSequences", stop)
	}
	switch format := options.ResponseFormat.(type) {
	case *wirechat.ResponseFormatText:
		config.Set("responseMimeType", "text/plain")
	case *wirechat.ResponseFormatJsonObject:
		config.Set("responseMimeType", "application/json")
	case *wirechat.ResponseFormatJsonSchema:
		spec := format.JSONSchema
		if spec.Name != schemaName || spec.Description != nil || spec.Strict != nil {
			conv.Degrade("response_format.json_schema", "/options/response_format/json_schema")
		}
		config.Set("responseMimeType", "application/json").Set("responseJsonSchema", shared.Raw(spec.Schema))
	}
	return config
}
