package anthropic

// Anthropic Messages request body -> canonical ChatRequest (DecodeRequest), as Python's
// anthropic/request_decode.py: a user message's tool_result blocks read back as a tool message (a message
// mixing them with other blocks as a tool message and a user message, in order); the top-level system
// becomes the first system message; content blocks read as blocks.go reads them (provider-run calls and
// results, citations); a tool whose type is Anthropic's own (web_search_20250305, code_execution_*,
// mcp_toolset...) becomes a provider tool with its definition unchanged (spec section 15); members the
// canonical request cannot hold are kept in provider_options["anthropic"]. Every member the decoder
// neither maps nor keeps is reported with its pointer. The canonical document is built as a tree and
// decoded with every check of the spec, as Python validates its model.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var ownKeys = map[string]bool{
	"model": true, "max_tokens": true, "messages": true, "system": true, "tools": true, "tool_choice": true,
	"stop_sequences": true, "temperature": true, "top_p": true,
}

// DecodeRequest is the canonical request for a provider body, with a warning for each member of a
// message, content block or function tool that it does not map (provider.unmapped) and each block of a
// type it does not know (provider.unmapped too). An *adapters.InvalidBodyError names the member of a body
// that is not a valid request.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	return shared.DecodeRequest(data, Manifest, decodeRequestTree, nil)
}

// What the decoder maps, member by member (blocks: members.go): anything else in a message or a function
// tool is reported (provider.unmapped). Top-level members it does not map travel whole in
// provider_options; a block of a type it does not know is reported too, and becomes a data part (user
// content) or is dropped (assistant content).
var (
	messageShape = shared.Shape{"role": nil, "content": nil}
	toolShape    = shared.Shape{"name": nil, "description": nil, "input_schema": nil, "strict": nil}
)

func decodeRequestTree(body *obj, conv *shared.Conversion) (*obj, error) {
	doc := newObj()
	if model, ok := body.Get("model").(string); ok && model != "" {
		doc.Set("model", model)
	}
	messages := []any{}
	if system := body.Get("system"); system != nil {
		parts, err := decodeBlocks(system, "/system", "system", conv)
		if err != nil {
			return nil, err
		}
		messages = append(messages, newObj().Set("role", "system").Set("parts", parts))
	}
	raw, err := shared.GetList(body, "messages", "", true)
	if err != nil {
		return nil, err
	}
	for i, item := range raw {
		decoded, err := decodeMessage(item, "/messages/"+strconv.Itoa(i), conv)
		if err != nil {
			return nil, err
		}
		messages = append(messages, decoded...)
	}
	doc.Set("messages", messages)
	if tools, err := shared.GetList(body, "tools", "", false); err != nil {
		return nil, err
	} else if tools != nil {
		functions, defined, err := decodeTools(tools, conv)
		if err != nil {
			return nil, err
		}
		doc.Set("tools", functions)
		if len(defined) > 0 {
			doc.Set("provider_tools", defined)
		}
	}
	options := newObj()
	if v := body.Get("max_tokens"); v != nil {
		options.Set("max_tokens", v)
	}
	for _, name := range []string{"temperature", "top_p"} {
		switch v := body.Get(name).(type) {
		case nil:
		case providerjson.Number:
			f, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				return nil, shared.Invalid("/"+name, "expected a number")
			}
			options.Set(name, f)
		default:
			return nil, shared.Invalid("/"+name, "expected a number, got %s", shared.TypeName(v))
		}
	}
	if stop := body.Get("stop_sequences"); stop != nil {
		options.Set("stop", stop)
	}
	choice, err := shared.GetObj(body, "tool_choice", "", false)
	if err != nil {
		return nil, err
	}
	if choice != nil {
		switch kind := choice.Get("type"); kind {
		case "any":
			doc.Set("tool_choice", newObj().Set("type", "required"))
		case "tool":
			name, _, err := shared.GetStr(choice, "name", "/tool_choice", true)
			if err != nil {
				return nil, err
			}
			doc.Set("tool_choice", newObj().Set("type", "tool").Set("tool", name))
		default:
			doc.Set("tool_choice", newObj().Set("type", kind))
		}
		if disable, ok := choice.Get("disable_parallel_tool_use").(bool); ok {
			options.Set("parallel_tool_calls", !disable)
		}
	}
	extra := newObj()
	for _, key := range body.Keys() {
		if !ownKeys[key] {
			extra.Set(key, body.Get(key))
		}
	}
	if config, ok := extra.Get("output_config").(*obj); ok {
		extra.Delete("output_config")
		config = config.Copy()
		format := config.Get("format")
		config.Delete("format")
		if f, ok := format.(*obj); ok && f.Get("type") == "json_schema" {
			schema := f.Get("schema")
			if !shared.Truthy(schema) {
				schema = newObj()
			}
			spec := newObj().Set("name", schemaName).Set("schema", schema)
			options.Set("response_format", newObj().Set("type", "json_schema").Set("json_schema", spec))
		}
		if config.Len() > 0 {
			extra.Set("output_config", config)
		}
	} else {
		extra.Delete("output_config") // Python pops it whatever it is, and keeps only an object's rest
	}
	if options.Len() > 0 {
		doc.Set("options", options)
	}
	if extra.Len() > 0 {
		doc.Set("provider_options", newObj().Set(Name, extra))
	}
	return doc, nil
}

// decodeMessage is the canonical message, or messages: a user turn's tool_result blocks are tool messages,
// so a turn that mixes them with other blocks (results, then the text and images a client adds) is split
// in runs, in order.
func decodeMessage(raw any, where string, conv *shared.Conversion) ([]any, error) {
	message, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a message object")
	}
	for _, pointer := range shared.UnmappedMembers(message, messageShape, where) {
		conv.Degrade("provider.unmapped", pointer)
	}
	role, _ := message.Get("role").(string)
	if role != "user" && role != "assistant" && role != "system" {
		return nil, shared.Invalid(where+"/role", "expected user, assistant or system, got %s", providerjson.MustCompact(message.Get("role")))
	}
	parts, err := decodeBlocks(message.Get("content"), where+"/content", role, conv)
	if err != nil {
		return nil, err
	}
	hasResults := false
	for _, part := range parts {
		hasResults = hasResults || part.(*obj).Get("type") == "tool_result"
	}
	if role != "user" || !hasResults {
		return []any{newObj().Set("role", role).Set("parts", parts)}, nil
	}
	var runs []any
	var run *obj
	for _, part := range parts {
		runRole := "user"
		if part.(*obj).Get("type") == "tool_result" {
			runRole = "tool"
		}
		if run == nil || run.Get("role") != runRole {
			run = newObj().Set("role", runRole).Set("parts", []any{})
			runs = append(runs, run)
		}
		run.Set("parts", append(run.Get("parts").([]any), part))
	}
	return runs, nil
}

// decodeBlocks is the parts of a message's content; a block of an unknown type is reported, and kept whole
// as a data part in user and system content, dropped from assistant content (where no data part may
// stand).
func decodeBlocks(content any, where, role string, conv *shared.Conversion) ([]any, error) {
	switch c := content.(type) {
	case string:
		return []any{newObj().Set("type", "text").Set("text", c)}, nil
	case []any:
		names := map[string]string{}
		parts := []any{}
		for i, block := range c {
			at := where + "/" + strconv.Itoa(i)
			part, err := decodeBlock(block, at, names)
			if err != nil {
				return nil, err
			}
			report(block, at, conv)
			if part != nil {
				parts = append(parts, part)
			} else if role != "assistant" {
				parts = append(parts, newObj().Set("type", "data").Set("data", newObj().Set("value", block)))
			}
		}
		return parts, nil
	}
	return nil, shared.Invalid(where, "expected a string or an array of content blocks")
}

// report reports what of block no part holds: a type this adapter does not know, or unmapped members (in
// the blocks a tool result holds too).
func report(block any, where string, conv *shared.Conversion) {
	object, isObject := block.(*obj)
	if isObject && !isKnownBlock(object.Get("type")) {
		conv.Degrade("provider.unmapped", where)
		return
	}
	for _, pointer := range unmappedBlock(block, where) {
		conv.Degrade("provider.unmapped", pointer)
	}
	if isObject && object.Get("type") == "tool_result" {
		for k, inner := range shared.Items(object.Get("content")) {
			report(inner, where+"/content/"+strconv.Itoa(k), conv)
		}
	}
}

// decodeTools is the function tools, and Anthropic's own tools (web search, code execution, MCP
// toolsets...: any type but custom) as provider tools with their definitions unchanged.
func decodeTools(tools []any, conv *shared.Conversion) (functions, defined []any, err error) {
	functions, defined = []any{}, []any{}
	for i, raw := range tools {
		where := "/tools/" + strconv.Itoa(i)
		tool, ok := raw.(*obj)
		if !ok {
			return nil, nil, shared.Invalid(where, "expected a tool object")
		}
		kind := tool.Get("type")
		if kind == nil || kind == "custom" {
			for _, pointer := range shared.UnmappedMembers(tool, toolShape, where) {
				conv.Degrade("provider.unmapped", pointer)
			}
			function, err := decodeTool(tool, where)
			if err != nil {
				return nil, nil, err
			}
			functions = append(functions, function)
			continue
		}
		name, ok := kind.(string)
		if !ok || name == "" {
			return nil, nil, shared.Invalid(where+"/type", "expected a string, got %s", providerjson.MustCompact(kind))
		}
		out := newObj().Set("issuer", Provider).Set("type", name)
		if toolName, ok := tool.Get("name").(string); ok && toolName != "" {
			out.Set("name", toolName)
		}
		defined = append(defined, out.Set("definition", tool))
	}
	return functions, defined, nil
}

func decodeTool(tool *obj, where string) (*obj, error) {
	name, _, err := shared.GetStr(tool, "name", where, true)
	if err != nil {
		return nil, err
	}
	out := newObj().Set("name", name)
	if d := tool.Get("description"); d != nil {
		out.Set("description", d)
	}
	schema, err := shared.GetObj(tool, "input_schema", where, true)
	if err != nil {
		return nil, err
	}
	out.Set("input_schema", schema)
	if strict, ok := tool.Get("strict").(bool); ok {
		out.Set("strict", strict)
	}
	return out, nil
}
