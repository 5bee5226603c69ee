package openaichat

// The tools of a request body (and its tool_choice) -> the canonical request's, for request_decode.go:
// function tools become ToolDefinitions; where the server defines tools of its own (an OpenAI-compatible
// server's adapter names their issuer), the others become provider_tools with their object kept whole.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

// isFunction is whether a tool of a request body is a function (or not an object: decodeTool reports it).
func isFunction(tool any) bool {
	object, ok := tool.(*obj)
	if !ok {
		return true
	}
	kind := object.Get("type")
	return kind == nil || kind == "function"
}

// decodeTools sets doc's tools (and provider_tools, the tools that are not functions, where providerTools
// names their issuer) from a body's tools.
func decodeTools(tools []any, providerTools string, doc *obj) error {
	functions, defined := []any{}, []any{}
	for i, tool := range tools {
		if providerTools == "" || isFunction(tool) {
			decoded, err := decodeTool(tool, "/tools/"+strconv.Itoa(i))
			if err != nil {
				return err
			}
			functions = append(functions, decoded)
		} else {
			object := tool.(*obj)
			kind, _ := object.Get("type").(string)
			defined = append(defined, newObj().Set("issuer", providerTools).Set("type", kind).Set("definition", object))
		}
	}
	if len(functions) > 0 || len(defined) == 0 {
		doc.Set("tools", functions)
	}
	if len(defined) > 0 {
		doc.Set("provider_tools", defined)
	}
	return nil
}

func decodeTool(raw any, where string) (*obj, error) {
	tool, ok := raw.(*obj)
	if !ok || tool.Get("type") != "function" {
		return nil, shared.Invalid(where, `expected a function tool ({"type": "function", ...})`)
	}
	function, err := shared.GetObj(tool, "function", where, true)
	if err != nil {
		return nil, err
	}
	name, _, err := shared.GetStr(function, "name", where+"/function", true)
	if err != nil {
		return nil, err
	}
	out := newObj().Set("name", name)
	if d := function.Get("description"); d != nil {
		out.Set("description", d)
	}
	schema := function.Get("parameters")
	if schema == nil { // {} is a schema (anything goes): only absent or null gets the default
		schema = newObj().Set("type", "object").Set("properties", newObj())
	}
	out.Set("input_schema", schema)
	if s := function.Get("strict"); s != nil {
		out.Set("strict", s)
	}
	return out, nil
}

func decodeToolChoice(raw any, where string) (*obj, error) {
	if s, ok := raw.(string); ok && (s == "auto" || s == "none" || s == "required") {
		return newObj().Set("type", s), nil
	}
	if choice, ok := raw.(*obj); ok && choice.Get("type") == "function" {
		function, err := shared.GetObj(choice, "function", where, true)
		if err != nil {
			return nil, err
		}
		name, _, err := shared.GetStr(function, "name", where+"/function", true)
		if err != nil {
			return nil, err
		}
		return newObj().Set("type", "tool").Set("tool", name), nil
	}
	return nil, shared.Invalid(where, "expected auto, none, required or a function choice")
}
