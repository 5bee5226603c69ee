package anthropic

// Canonical ChatRequest -> Anthropic Messages request body, rule for rule as Python's
// adapters/anthropic/request_encode.py. The first system message becomes the top-level system; later ones
// are {"role": "system"} messages. A tool message becomes a user message of tool_result blocks. Signed
// thinking is replayed only when Anthropic issued it (spec section 10); so are the calls and results
// Anthropic ran, as their blocks, and citations (spec section 15). A tool call gets back the tool_use
// members kept in its provider_metadata.anthropic (caller). Provider tools Anthropic defines follow the
// function tools, their definitions unchanged.

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
	options := request.Options
	if options == nil {
		options = &wirechat.ChatOptions{}
	}
	body := newObj().Set("model", *request.Model)
	if options.MaxTokens != nil {
		body.Set("max_tokens", *options.MaxTokens)
	} else {
		conv.Degrade("options.max_tokens.absent", "/options/max_tokens")
		body.Set("max_tokens", Manifest.DefaultMaxTokens)
	}
	messages := []any{}
	for i, message := range request.Messages {
		where := "/messages/" + strconv.Itoa(i)
		messageMembers(message, where, conv)
		if message.Role == wirechat.RoleSystem {
			blocks, err := systemBlocks(message, where, conv)
			if err != nil {
				return nil, nil, err
			}
			if i == 0 {
				body.Set("system", content(blocks))
			} else {
				messages = append(messages, newObj().Set("role", "system").Set("content", content(blocks)))
			}
			continue
		}
		encoded, err := encodeMessage(message, where, conv)
		if err != nil {
			return nil, nil, err
		}
		messages = append(messages, encoded)
	}
	body.Set("messages", messages)
	tools := make([]any, 0, len(request.Tools)+len(request.ProviderTools))
	for i, tool := range request.Tools {
		where := "/tools/" + strconv.Itoa(i)
		if err := shared.ToolDefinitionExtras(tool, where, conv); err != nil {
			return nil, nil, err
		}
		out := newObj().Set("name", tool.Name)
		if tool.Description != nil {
			out.Set("description", *tool.Description)
		}
		out.Set("input_schema", shared.Raw(tool.InputSchema))
		if tool.Strict != nil {
			out.Set("strict", *tool.Strict)
		}
		tools = append(tools, out)
	}
	providerTools, err := shared.ProviderToolsOut(request, conv, Provider)
	if err != nil {
		return nil, nil, err
	}
	tools = append(tools, providerTools...)
	if len(tools) > 0 || request.Tools != nil {
		body.Set("tools", tools)
	}
	encodeToolChoice(request.ToolChoice, options, body, conv)
	if err := encodeOptions(options, body, conv); err != nil {
		return nil, nil, err
	}
	if err := shared.MergeProviderOptions(request.ProviderOptions, Name, body, Manifest.OptionsSchema); err != nil {
		return nil, nil, err
	}
	return body, conv.Warnings, nil
}

func messageMembers(message wirechat.Message, where string, conv *shared.Conversion) {
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
	if message.ProviderMetadata != nil {
		conv.Degrade("message.provider_metadata", where+"/provider_metadata")
	}
}

// content sends a lone plain text block as a string, anything else as a list of blocks.
func content(blocks []*obj) any {
	if len(blocks) == 1 && blocks[0].Get("type") == "text" && blocks[0].Len() == 2 {
		return blocks[0].Get("text")
	}
	out := make([]any, len(blocks))
	for i, b := range blocks {
		out[i] = b
	}
	return out
}

// keptMembers are the provider_metadata.anthropic members each part writes back into its block (a
// document's citations is its citation setting); a tool call writes back every member (toolUseExtras).
func keptMembers(part wirechat.Part) []string {
	switch part.(type) {
	case *wirechat.TextPart, *wirechat.ImagePart, *wirechat.ToolResultPart:
		return []string{"cache_control"}
	case *wirechat.FilePart:
		return []string{"cache_control", "citations"}
	}
	return nil
}

// own is the members the part's block gets back from its provider_metadata.anthropic, degrading the rest
// and foreign metadata.
func own(part wirechat.Part, where string, conv *shared.Conversion) *obj {
	mine, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider)
	if foreign {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	if _, isCall := part.(*wirechat.ToolCallPart); isCall {
		return toolUseExtras(mine, where, conv)
	}
	kept := newObj()
	for _, key := range keptMembers(part) {
		if mine.Has(key) {
			kept.Set(key, mine.Get(key))
		}
	}
	if kept.Len() != mine.Len() && !foreign {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	return kept
}

func systemBlocks(message wirechat.Message, where string, conv *shared.Conversion) ([]*obj, error) {
	blocks := []*obj{}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		text, ok := part.(*wirechat.TextPart)
		if !ok {
			return nil, conv.Refuse("system.non_text", at)
		}
		block, err := textBlock(text, at, conv)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, withMembers(block, own(text, at, conv)))
	}
	return blocks, nil
}

func encodeMessage(message wirechat.Message, where string, conv *shared.Conversion) (*obj, error) {
	blocks := []*obj{}
	for j, part := range message.Parts {
		at := where + "/parts/" + strconv.Itoa(j)
		var block *obj
		var err error
		switch message.Role {
		case wirechat.RoleUser:
			block, err = contentBlock(part, at, conv)
		case wirechat.RoleAssistant:
			block, err = assistantBlock(part, at, conv)
		case wirechat.RoleTool:
			result, ok := part.(*wirechat.ToolResultPart)
			if !ok {
				return nil, conv.Refuse("part.misplaced", at)
			}
			block, err = toolResult(result.ToolResult, at, conv)
			if err == nil {
				block = withMembers(block, own(result, at, conv))
			}
		}
		if err != nil {
			return nil, err
		}
		if block != nil {
			blocks = append(blocks, block)
		}
	}
	if message.Role == wirechat.RoleTool && len(message.Parts) == 0 {
		conv.Degrade("tool_result.empty", where+"/parts")
	}
	role := "user"
	if message.Role == wirechat.RoleAssistant {
		role = "assistant"
	}
	return newObj().Set("role", role).Set("content", content(blocks)), nil
}

func assistantBlock(part wirechat.Part, where string, conv *shared.Conversion) (*obj, error) {
	switch p := part.(type) {
	case *wirechat.TextPart:
		block, err := textBlock(p, where, conv)
		if err != nil {
			return nil, err
		}
		return withMembers(block, own(part, where, conv)), nil
	case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
		own(part, where, conv)
		return shared.ProviderPartOut(part, where, conv, Provider)
	case *wirechat.ToolCallPart:
		block, err := encodeToolCall(p.ToolCall, where+"/tool_call", conv)
		if err != nil {
			return nil, err
		}
		return withMembers(block, own(part, where, conv)), nil
	case *wirechat.ReasoningPart:
		own(part, where, conv)
		return encodeReasoning(p, where, conv)
	}
	return nil, conv.Refuse("part.misplaced", where)
}

// textBlock is a text block with the citations Anthropic issued (the others dropped with a warning).
func textBlock(part *wirechat.TextPart, where string, conv *shared.Conversion) (*obj, error) {
	block := newObj().Set("type", "text").Set("text", part.Text)
	citations, err := shared.CitationsOut(part, where, conv, Provider)
	if err != nil {
		return nil, err
	}
	if len(citations) > 0 {
		block.Set("citations", citations)
	}
	return block, nil
}

func toolResult(result wirechat.ToolResult, where string, conv *shared.Conversion) (*obj, error) {
	block := newObj().Set("type", "tool_result").Set("tool_use_id", result.ToolCallID)
	if result.Parts == nil {
		block.Set("content", result.Content)
	} else {
		if len(result.Parts) == 0 || (result.Content == "" && isTextOrData(result.Parts[0])) {
			conv.Degrade("tool_result.parts_ambiguous", where+"/tool_result/parts")
		}
		items := []any{}
		if result.Content != "" {
			items = append(items, newObj().Set("type", "text").Set("text", result.Content))
		}
		for k, part := range result.Parts {
			encoded, err := contentBlock(part.(wirechat.Part), where+"/tool_result/parts/"+strconv.Itoa(k), conv)
			if err != nil {
				return nil, err
			}
			items = append(items, encoded)
		}
		if len(result.Parts) > 0 {
			block.Set("content", items)
		} else {
			block.Set("content", result.Content)
		}
	}
	if result.IsError != nil {
		block.Set("is_error", *result.IsError)
	}
	return block, nil
}

func isTextOrData(part wirechat.ContentPart) bool {
	switch part.(type) {
	case *wirechat.TextPart, *wirechat.DataPart:
		return true
	}
	return false
}

func encodeToolChoice(choice wirechat.ToolChoice, options *wirechat.ChatOptions, body *obj, conv *shared.Conversion) {
	var out *obj
	switch c := choice.(type) {
	case *wirechat.ToolChoiceAuto:
		out = newObj().Set("type", "auto")
	case *wirechat.ToolChoiceNone:
		out = newObj().Set("type", "none")
	case *wirechat.ToolChoiceRequired:
		out = newObj().Set("type", "any")
	case *wirechat.ToolChoiceTool:
		out = newObj().Set("type", "tool").Set("name", c.Tool)
	}
	if options.ParallelToolCalls != nil {
		if out == nil || out.Get("type") == "none" {
			conv.Degrade("options.parallel_tool_calls", "/options/parallel_tool_calls")
		}
		if out == nil {
			out = newObj().Set("type", "auto")
		}
		if out.Get("type") != "none" {
			out.Set("disable_parallel_tool_use", !*options.ParallelToolCalls)
		}
	}
	if out != nil {
		body.Set("tool_choice", out)
	}
}

func encodeOptions(options *wirechat.ChatOptions, body *obj, conv *shared.Conversion) error {
	if options.Temperature != nil {
		conv.Degrade("options.temperature", "/options/temperature")
	}
	if options.TopP != nil {
		conv.Degrade("options.top_p", "/options/top_p")
	}
	if options.Seed != nil {
		conv.Degrade("options.seed", "/options/seed")
	}
	if options.Stop != nil {
		body.Set("stop_sequences", options.Stop)
	}
	switch f := options.ResponseFormat.(type) {
	case *wirechat.ResponseFormatText:
		conv.Degrade("response_format.text", "/options/response_format")
	case *wirechat.ResponseFormatJsonObject:
		return conv.Refuse("response_format.json_object", "/options/response_format")
	case *wirechat.ResponseFormatJsonSchema:
		spec := f.JSONSchema
		if spec.Name != schemaName || spec.Description != nil || spec.Strict != nil {
			conv.Degrade("response_format.json_schema", "/options/response_format/json_schema")
		}
		format := newObj().Set("type", "json_schema").Set("schema", shared.Raw(spec.Schema))
		body.Set("output_config", newObj().Set("format", format))
	}
	return nil
}
