package openairesponses

// OpenAI Responses request body -> canonical ChatRequest, rule for rule as Python's
// openai_responses/request_decode.py.
//
// instructions becomes the first system message; message items with role system or developer are system
// messages (developer kept as provider_metadata.openai.role); a user message item is a user message; a run
// of assistant-side items (assistant messages, reasoning, function_call, custom_tool_call, and the
// provider-run items of hosted.go) is one assistant message; each function_call_output /
// custom_tool_call_output is a tool message. Function tools are tools; every other tool is a provider tool
// (issuer openai, the definition unchanged). A member given as null is absent. Top-level members with no
// canonical field travel whole in provider_options; members of items this decoder does not map are
// reported (provider.unmapped), never dropped without a word. An item type it does not know is an error.

import (
	"fmt"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	ownRequestKeys = setOf("model", "instructions", "input", "tools", "tool_choice", "temperature", "top_p",
		"max_output_tokens", "parallel_tool_calls", "text")
	inputParts = map[string]set{
		"input_text":  setOf("type", "text"),
		"input_image": setOf("type", "image_url", "detail"),
		"input_file":  setOf("type", "file_data", "file_url", "file_id", "filename"),
		"output_text": setOf("type", "text", "annotations", "logprobs"),
		"refusal":     setOf("type", "refusal"),
	}
	userSide = map[string]set{
		"message":                 setOf("type", "role", "content", "id", "status"),
		"function_call_output":    setOf("type", "id", "call_id", "output", "status"),
		"custom_tool_call_output": setOf("type", "id", "call_id", "output", "status"),
	}
	functionTool = setOf("type", "name", "description", "parameters", "strict")
	resultItems  = setOf("function_call_output", "custom_tool_call_output")
)

// DecodeRequest is the canonical request for a Responses request body, with the warnings of what it did
// not map; an *adapters.InvalidBodyError names the member of a body that is not a valid request.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	return shared.DecodeRequest(data, Manifest, func(body *obj, _ *shared.Conversion) (*obj, error) {
		return requestTree(withoutNulls(body))
	}, func(body *obj) []string { return unmappedRequest(withoutNulls(body)) })
}

func withoutNulls(body *obj) *obj {
	out := newObj()
	for _, key := range body.Keys() {
		if v := body.Get(key); v != nil {
			out.Set(key, v)
		}
	}
	return out
}

func assistantSide(kind string, role any) bool {
	switch kind {
	case "reasoning", "compaction", "function_call", "custom_tool_call":
		return true
	}
	return isProviderRun(kind) || role == "assistant"
}

func unmappedRequest(body *obj) []string {
	var found []string
	for i, value := range shared.Items(body.Get("input")) {
		item, ok := value.(*obj)
		if !ok {
			continue
		}
		where := "/input/" + strconv.Itoa(i)
		kind := kindOf(item)
		if assistantSide(kind, item.Get("role")) {
			found = append(found, unmappedInItem(item, where)...)
			continue
		}
		found = append(found, presentUnmapped(item, where, userSide[kind])...)
		key := "output"
		if kind == "message" {
			key = "content"
		}
		for k, part := range shared.Items(item.Get(key)) {
			if p, ok := part.(*obj); ok {
				if shape, ok := inputParts[pyStr(p.Get("type"))]; ok {
					found = append(found, presentUnmapped(p, fmt.Sprintf("%s/%s/%d", where, key, k), shape)...)
				}
			}
		}
	}
	for i, value := range shared.Items(body.Get("tools")) {
		if tool, ok := value.(*obj); ok && tool.Get("type") == "function" {
			found = append(found, presentUnmapped(tool, "/tools/"+strconv.Itoa(i), functionTool)...)
		}
	}
	return found
}

func textPart(text string) *obj { return newObj().Set("type", "text").Set("text", text) }

func requestTree(body *obj) (*obj, error) {
	fields := newObj()
	if model, ok := body.Get("model").(string); ok && model != "" {
		fields.Set("model", model)
	}
	messages := []any{}
	instructions, ok, err := shared.GetStr(body, "instructions", "", false)
	if err != nil {
		return nil, err
	}
	if ok {
		messages = append(messages, newObj().Set("role", "system").Set("parts", []any{textPart(instructions)}))
	}
	if text, isText := body.Get("input").(string); isText {
		messages = append(messages, newObj().Set("role", "user").Set("parts", []any{textPart(text)}))
	} else {
		items, err := shared.GetList(body, "input", "", true)
		if err != nil {
			return nil, err
		}
		decoded, err := decodeItems(items)
		if err != nil {
			return nil, err
		}
		messages = append(messages, decoded...)
	}
	fields.Set("messages", messages)
	tools, err := shared.GetList(body, "tools", "", false)
	if err != nil {
		return nil, err
	}
	if tools != nil {
		if err := decodeTools(tools, fields); err != nil {
			return nil, err
		}
	}
	extra := newObj()
	for _, key := range body.Keys() {
		if !ownRequestKeys[key] {
			extra.Set(key, body.Get(key))
		}
	}
	if err := decodeToolChoice(body, fields, extra); err != nil {
		return nil, err
	}
	options := newObj()
	for _, name := range []string{"temperature", "top_p"} {
		if v := body.Get(name); v != nil {
			options.Set(name, v)
		}
	}
	if v := body.Get("max_output_tokens"); v != nil {
		options.Set("max_tokens", v)
	}
	if parallel, ok := body.Get("parallel_tool_calls").(bool); ok {
		options.Set("parallel_tool_calls", parallel)
	}
	if err := decodeText(body, options, extra); err != nil {
		return nil, err
	}
	if options.Len() > 0 {
		fields.Set("options", options)
	}
	if extra.Len() > 0 {
		fields.Set("provider_options", newObj().Set(Name, extra))
	}
	return fields, nil
}

func decodeItems(items []any) ([]any, error) {
	messages := []any{}
	var run *obj // the assistant message being read
	pairs := newPairing()
	for i, value := range items {
		where := "/input/" + strconv.Itoa(i)
		item, ok := value.(*obj)
		if !ok {
			return nil, shared.Invalid(where, "expected an input item object")
		}
		kind := kindOf(item)
		var role any
		if kind == "message" {
			role = item.Get("role")
		}
		if assistantSide(kind, role) {
			if run == nil {
				run = newObj().Set("role", "assistant").Set("parts", []any{})
				messages = append(messages, run)
			}
			parts, err := decodeOutputItem(item, where, pairs, nil, requestStatus)
			if err != nil {
				return nil, err
			}
			run.Set("parts", append(run.Get("parts").([]any), parts...))
			continue
		}
		run = nil
		switch {
		case resultItems[kind]:
			part, err := decodeToolResult(item, where)
			if err != nil {
				return nil, err
			}
			messages = append(messages, newObj().Set("role", "tool").Set("parts", []any{part}))
		case kind != "message":
			return nil, shared.Invalid(where+"/type", "an input item type this adapter does not map: '%s'", kind)
		case role == "user" || role == "system" || role == "developer":
			messageRole := "system"
			if role == "user" {
				messageRole = "user"
			}
			parts, err := decodeContent(item.Get("content"), where+"/content")
			if err != nil {
				return nil, err
			}
			message := newObj().Set("role", messageRole).Set("parts", parts)
			if role == "developer" {
				message.Set("provider_metadata", newObj().Set(Provider, newObj().Set("role", "developer")))
			}
			messages = append(messages, message)
		default:
			return nil, shared.Invalid(where+"/role", "expected user, system, developer or assistant, got %s", pyStr(role))
		}
	}
	return messages, nil
}

// decodeTools sets function tools as tools and every other tool as provider_tools (issuer openai,
// unchanged).
func decodeTools(tools []any, fields *obj) error {
	functions, providerTools := []any{}, []any{}
	for i, value := range tools {
		where := "/tools/" + strconv.Itoa(i)
		raw, ok := value.(*obj)
		kind, isText := raw.Get("type").(string)
		if !ok || !isText {
			return shared.Invalid(where, "expected a tool object with a type")
		}
		if kind == "function" {
			tool, err := decodeTool(raw, where)
			if err != nil {
				return err
			}
			functions = append(functions, tool)
			continue
		}
		tool := newObj().Set("issuer", Provider).Set("type", kind).Set("definition", raw)
		if name, ok := raw.Get("name").(string); ok && name != "" {
			tool.Set("name", name)
		}
		providerTools = append(providerTools, tool)
	}
	if len(functions) > 0 || len(providerTools) == 0 {
		fields.Set("tools", functions)
	}
	if len(providerTools) > 0 {
		fields.Set("provider_tools", providerTools)
	}
	return nil
}

func decodeTool(raw *obj, where string) (*obj, error) {
	name, _, err := shared.GetStr(raw, "name", where, true)
	if err != nil {
		return nil, err
	}
	tool := newObj().Set("name", name)
	if raw.Get("description") != nil {
		description, _, err := shared.GetStr(raw, "description", where, true)
		if err != nil {
			return nil, err
		}
		tool.Set("description", description)
	}
	parameters, err := shared.GetObj(raw, "parameters", where, false)
	if err != nil {
		return nil, err
	}
	if parameters.Len() == 0 {
		parameters = newObj().Set("type", "object")
	}
	tool.Set("input_schema", parameters)
	if strict, ok := raw.Get("strict").(bool); ok {
		tool.Set("strict", strict)
	}
	return tool, nil
}

func decodeToolChoice(body, fields, extra *obj) error {
	choice := body.Get("tool_choice")
	if choice == "auto" || choice == "none" || choice == "required" {
		fields.Set("tool_choice", newObj().Set("type", choice))
		return nil
	}
	if c, ok := choice.(*obj); ok && c.Get("type") == "function" {
		name, _, err := shared.GetStr(c, "name", "/tool_choice", true)
		if err != nil {
			return err
		}
		fields.Set("tool_choice", newObj().Set("type", "tool").Set("tool", name))
		return nil
	}
	if choice != nil {
		extra.Set("tool_choice", choice) // hosted-tool and allowed_tools choices travel as they are
	}
	return nil
}

func decodeText(body, options, extra *obj) error {
	text, err := shared.GetObj(body, "text", "", false)
	if err != nil || text == nil {
		return err
	}
	text = text.Copy()
	format := text.Get("format")
	text.Delete("format")
	f, isObj := format.(*obj)
	switch {
	case isObj && (f.Get("type") == "text" || f.Get("type") == "json_object"):
		options.Set("response_format", newObj().Set("type", f.Get("type")))
	case isObj && f.Get("type") == "json_schema":
		name, _, err := shared.GetStr(f, "name", "/text/format", true)
		if err != nil {
			return err
		}
		schema := f.Get("schema")
		if !shared.Truthy(schema) {
			schema = newObj()
		}
		spec := newObj().Set("name", name).Set("schema", schema)
		for _, key := range []string{"description", "strict"} {
			if v := f.Get(key); v != nil {
				spec.Set(key, v)
			}
		}
		options.Set("response_format", newObj().Set("type", "json_schema").Set("json_schema", spec))
	case format != nil:
		var kind any
		if isObj {
			kind = f.Get("type")
		}
		return shared.Invalid("/text/format/type", "expected text, json_object or json_schema, got %s", pyStr(kind))
	}
	if text.Len() > 0 {
		extra.Set("text", text) // verbosity and the like, sent back as they came
	}
	return nil
}
