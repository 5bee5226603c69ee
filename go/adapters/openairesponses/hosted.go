package openairesponses

// Responses items that are neither messages, reasoning nor the caller's function or custom tool calls, as
// provider-run parts (spec section 15), rule for rule as Python's openai_responses/hosted.py: hosted-tool
// items (web search, file search, code interpreter, image generation, remote MCP, xAI's X search...) and
// the calls of provider-defined tools (computer use, local shell, shell, apply patch, tool search,
// programmatic tool calling).
//
//   - A call item -> one provider_tool_call part, issuer openai, block the item verbatim, id the item id (its
//     call_id when it has none), name the item's name when it has one else the tool's, input a reading of
//     the call (the MCP arguments parsed when they are JSON text), server its server_label. When the item
//     also holds the tool's output or an error, a provider_tool_result part without a block follows (the
//     call's block holds it, so an encoder writes the item once). A generated image stays in the block.
//   - An output item (shell_call_output, tool_search_output, computer_call_output...) and
//     mcp_approval_response -> a provider_tool_result part with the item as its block, answering the call
//     with the same call_id (or the approval request), else the last call of its kind before it.
//   - Any other *_call / *_output item type, by rule, the same way.
//
// custom_tool_call is not here: a custom tool is the caller's own, so it is a tool call (shapes.go).

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// reading is how one item type reads: the tool's name (when the item has no name), the members whose
// value is the input and the output (the first one present), and a member holding generated media.
type reading struct {
	name          string
	input, output []string
	media         string
}

// calls are the call items (the table is data: a new hosted tool is one line).
var calls = map[string]reading{
	"web_search_call":       {name: "web_search", input: []string{"action"}, output: []string{"results"}},
	"file_search_call":      {name: "file_search", input: []string{"queries"}, output: []string{"results"}},
	"code_interpreter_call": {name: "code_interpreter", input: []string{"code", "arguments"}, output: []string{"outputs"}},
	"image_generation_call": {name: "image_generation", input: []string{"revised_prompt", "prompt"}, media: "result"},
	"mcp_call":              {name: "mcp", input: []string{"arguments"}, output: []string{"output"}},
	"mcp_list_tools":        {name: "mcp_list_tools", output: []string{"tools"}},
	"mcp_approval_request":  {name: "mcp_approval_request", input: []string{"arguments"}},
	"computer_call":         {name: "computer_use", input: []string{"action", "actions"}},
	"local_shell_call":      {name: "local_shell", input: []string{"action"}},
	"shell_call":            {name: "shell", input: []string{"action"}},
	"apply_patch_call":      {name: "apply_patch", input: []string{"operation"}},
	"tool_search_call":      {name: "tool_search", input: []string{"arguments"}},
	"program":               {name: "programmatic_tool_calling", input: []string{"code"}},
	"x_search_call":         {name: "x_search", input: []string{"arguments"}},
}

// outputs are the output items: results with a block of their own.
var outputs = map[string]reading{
	"shell_call_output":       {name: "shell", output: []string{"output"}},
	"tool_search_output":      {name: "tool_search", output: []string{"tools"}},
	"computer_call_output":    {name: "computer_use", output: []string{"output"}},
	"local_shell_call_output": {name: "local_shell", output: []string{"output"}},
	"apply_patch_call_output": {name: "apply_patch", output: []string{"output"}},
	"mcp_approval_response":   {name: "mcp_approval_request", output: []string{"approve"}},
}

var callerTools = map[string]bool{
	"message": true, "reasoning": true, "function_call": true, "function_call_output": true,
	"custom_tool_call": true, "custom_tool_call_output": true,
}

// isProviderRun reports whether an item type reads as provider-run parts (by the tables, or by rule:
// *_call / *_output).
func isProviderRun(kind string) bool {
	if callerTools[kind] {
		return false
	}
	_, isCall := calls[kind]
	_, isOutput := outputs[kind]
	return isCall || isOutput || strings.HasSuffix(kind, "_call") || strings.HasSuffix(kind, "_output")
}

type answered struct{ id, name string }

// pairing is the calls of one document seen so far (a response's output, a request's input, a stream), so
// that an output item answers its call: by call_id, else by kind (the last call of that kind).
type pairing struct {
	byCallID, byKind map[string]answered
}

func newPairing() *pairing {
	return &pairing{byCallID: map[string]answered{}, byKind: map[string]answered{}}
}

func (p *pairing) add(kind string, item *obj, partID, name string) {
	if id := textOf(item, "call_id"); id != "" {
		p.byCallID[id] = answered{partID, name}
	}
	p.byKind[kind] = answered{partID, name}
}

// answer is the id and name of the call an output item answers, ok false for none.
func (p *pairing) answer(kind string, item *obj) (answered, bool) {
	key := "call_id"
	if kind == "mcp_approval_response" {
		key = "approval_request_id"
	}
	if callID := textOf(item, key); callID != "" {
		if found, ok := p.byCallID[callID]; ok {
			return found, true
		}
		return answered{callID, ""}, true
	}
	found, ok := p.byKind[strings.TrimSuffix(kind, "_output")+"_call"]
	return found, ok
}

// textOf is item[key] when it is a string, else "".
func textOf(item *obj, key string) string {
	s, _ := item.Get(key).(string)
	return s
}

func readingOf(item *obj, keys []string) any {
	for _, key := range keys {
		value := item.Get(key)
		if value == nil {
			continue
		}
		if text, ok := value.(string); ok && key == "arguments" {
			if parsed, err := providerjson.Parse([]byte(text)); err == nil {
				return parsed
			}
			return text // not JSON text: the text as it came
		}
		return value
	}
	return nil
}

func callParts(kind string, item *obj, where string, pairs *pairing) ([]any, error) {
	rule, ok := calls[kind]
	if !ok {
		rule = reading{name: strings.TrimSuffix(kind, "_call"), input: []string{"arguments", "action", "input"}, output: []string{"output", "results"}}
	}
	partID := textOf(item, "id")
	if partID == "" {
		partID = textOf(item, "call_id")
	}
	if partID == "" {
		return nil, shared.Invalid(where+"/id", "a %s item needs an id or a call_id", kind)
	}
	name := textOf(item, "name")
	if name == "" {
		name = rule.name
	}
	call := newObj().Set("id", partID).Set("name", name).Set("issuer", Provider).Set("block", item)
	value, output := readingOf(item, rule.input), readingOf(item, rule.output)
	if action, isObj := value.(*obj); kind == "web_search_call" && isObj && action.Has("sources") {
		trimmed := newObj()
		for _, key := range action.Keys() {
			if key != "sources" {
				trimmed.Set(key, action.Get(key))
			}
		}
		value = trimmed
		if output == nil {
			output = item.Obj("action").Get("sources")
		}
	}
	if value != nil {
		call.Set("input", value)
	}
	if server := textOf(item, "server_label"); server != "" {
		call.Set("server", server)
	}
	pairs.add(kind, item, partID, name)
	parts := []any{newObj().Set("type", "provider_tool_call").Set("provider_tool_call", call)}
	failed := item.Get("error") != nil || item.Get("status") == "failed"
	if output != nil || failed || (rule.media != "" && item.Get(rule.media) != nil) {
		result := newObj().Set("tool_call_id", partID).Set("issuer", Provider).Set("name", name)
		if output == nil && item.Get("error") != nil {
			output = item.Get("error")
		}
		if output != nil {
			result.Set("output", output)
		}
		if failed {
			result.Set("is_error", true)
		}
		parts = append(parts, newObj().Set("type", "provider_tool_result").Set("provider_tool_result", result))
	}
	return parts, nil
}

func outputPart(kind string, item *obj, where string, pairs *pairing) (*obj, error) {
	rule, ok := outputs[kind]
	if !ok {
		rule = reading{name: strings.TrimSuffix(kind, "_output"), output: []string{"output", "results"}}
	}
	found, ok := pairs.answer(kind, item)
	if !ok {
		return nil, shared.Invalid(where+"/call_id", "a %s item that answers no call before it", kind)
	}
	name := found.name
	if name == "" {
		name = rule.name
	}
	result := newObj().Set("tool_call_id", found.id).Set("issuer", Provider).Set("name", name)
	var output any
	if kind == "mcp_approval_response" {
		approval := newObj()
		for _, key := range []string{"approve", "reason"} {
			if v := item.Get(key); v != nil {
				approval.Set(key, v)
			}
		}
		output = approval
	} else {
		output = readingOf(item, rule.output)
	}
	if empty, isObj := output.(*obj); output != nil && !(isObj && empty.Len() == 0) {
		result.Set("output", output)
	}
	if item.Get("error") != nil || item.Get("status") == "failed" {
		result.Set("is_error", true)
	}
	result.Set("block", item)
	return newObj().Set("type", "provider_tool_result").Set("provider_tool_result", result), nil
}

// providerRunParts is the canonical parts (as trees) of a provider-run item (isProviderRun of its type).
func providerRunParts(item *obj, where string, pairs *pairing) ([]any, error) {
	kind := pyStr(item.Get("type"))
	_, isCall := calls[kind]
	if _, isOutput := outputs[kind]; isOutput || (!isCall && strings.HasSuffix(kind, "_output")) {
		part, err := outputPart(kind, item, where, pairs)
		if err != nil {
			return nil, err
		}
		return []any{part}, nil
	}
	return callParts(kind, item, where, pairs)
}
