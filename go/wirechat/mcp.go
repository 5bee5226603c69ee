package wirechat

// MCP <-> wirechat mappings (spec section 13), the same pure functions as Python's wirechat.mcp and the
// TypeScript src/mcp.ts, held to the shared vectors in conformance/cases/mcp/mappings.json.
//
// Values are decoded JSON (map[string]any, []any, string, bool, json.Number or float64): MCP values with
// MCP's member names, wirechat values as its schema writes them. Every MCP member is carried, dropped
// with an MCPWarning naming its JSON pointer, or makes the mapping fail with an *MCPMappingError.

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MCPWarning is a value a mapping could not carry: where it was (a pointer into the input) and why.
type MCPWarning struct {
	Pointer string
	Message string
}

// MCPMappingError says the input cannot be mapped: Pointer names the value, Reason says why.
type MCPMappingError struct {
	Pointer string
	Reason  string
}

func (e *MCPMappingError) Error() string {
	pointer := e.Pointer
	if pointer == "" {
		pointer = "(root)"
	}
	return pointer + ": " + e.Reason
}

type jsonObject = map[string]any

var (
	mcpHints = [][2]string{
		{"readOnlyHint", "read_only_hint"}, {"destructiveHint", "destructive_hint"},
		{"idempotentHint", "idempotent_hint"}, {"openWorldHint", "open_world_hint"},
	}
	mcpBase64    = regexp.MustCompile(`^[A-Za-z0-9+/]*={0,2}$`)
	mcpMediaType = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*`)
	mcpURI       = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	keepOnBlock  = []string{"annotations", "_meta"}
	keepOnLink   = []string{"title", "description", "size", "icons", "annotations", "_meta"}
)

func refuse(pointer, format string, args ...any) error {
	return &MCPMappingError{Pointer: pointer, Reason: fmt.Sprintf(format, args...)}
}

func token(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

func ordered(warnings []MCPWarning) []MCPWarning {
	sort.SliceStable(warnings, func(i, j int) bool { return ComparePointers(warnings[i].Pointer, warnings[j].Pointer) < 0 })
	return warnings
}

func asObject(value any, pointer string) (jsonObject, error) {
	if o, ok := value.(jsonObject); ok {
		return o, nil
	}
	return nil, refuse(pointer, "must be a JSON object (got %T)", value)
}

func asString(value any, pointer string) (string, error) {
	if s, ok := value.(string); ok {
		return s, nil
	}
	return "", refuse(pointer, "must be a string (got %T)", value)
}

// wholeNumber is a JSON-RPC id or error code as an integer: a whole number (1.0 is 1, as MCP's JSON Schema
// counts it) within -(2^53-1) .. 2^53-1, which every language reads exactly (spec section 13).
func wholeNumber(value any) (int64, bool) {
	var f float64
	switch n := value.(type) {
	case json.Number:
		parsed, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return 0, false
		}
		f = parsed
	case float64:
		f = n
	default:
		return 0, false
	}
	const safe = 1<<53 - 1
	if f != math.Trunc(f) || f < -safe || f > safe {
		return 0, false
	}
	return int64(f), true
}

func field(block jsonObject, key, pointer string, check *regexp.Regexp) (string, error) {
	value, ok := block[key]
	if !ok {
		return "", refuse(pointer+"/"+key, "required member is missing")
	}
	s, err := asString(value, pointer+"/"+key)
	if err == nil && check != nil && !check.MatchString(s) {
		err = refuse(pointer+"/"+key, "does not match %s", check)
	}
	return s, err
}

func pick(from jsonObject, keys []string) jsonObject {
	out := jsonObject{}
	for _, k := range keys {
		if v, ok := from[k]; ok {
			out[k] = v
		}
	}
	return out
}

func unknownMembers(block jsonObject, known []string, pointer string, warnings *[]MCPWarning) {
	for key := range block {
		if !contains(known, key) {
			*warnings = append(*warnings, MCPWarning{pointer + "/" + token(key), "not an MCP member wirechat knows; dropped"})
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// MCPToolToDefinition maps an MCP Tool to a ToolDefinition.
func MCPToolToDefinition(input any) (jsonObject, []MCPWarning, error) {
	tool, err := asObject(input, "")
	if err != nil {
		return nil, nil, err
	}
	var warnings []MCPWarning
	if _, ok := tool["name"]; !ok {
		return nil, nil, refuse("/name", "an MCP Tool needs a name")
	}
	name, err := asString(tool["name"], "/name")
	if err != nil {
		return nil, nil, err
	}
	if n := utf8.RuneCountInString(name); n < 1 || n > 128 {
		return nil, nil, refuse("/name", "a tool name is 1 to 128 characters (got %d)", n)
	}
	if _, ok := tool["inputSchema"]; !ok {
		return nil, nil, refuse("/inputSchema", "an MCP Tool needs an inputSchema")
	}
	out := jsonObject{"name": name}
	if out["input_schema"], err = asObject(tool["inputSchema"], "/inputSchema"); err != nil {
		return nil, nil, err
	}
	annotations := jsonObject{}
	for key, value := range tool {
		pointer := "/" + token(key)
		switch key {
		case "name", "inputSchema":
		case "description":
			out["description"], err = asString(value, pointer)
		case "outputSchema":
			out["output_schema"], err = asObject(value, pointer)
		case "title":
			annotations["title"], err = asString(value, pointer)
		case "annotations":
			err = mcpAnnotations(value, tool, annotations, &warnings)
		default:
			warnings = append(warnings, MCPWarning{pointer, "ToolDefinition has no field for it; dropped"})
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if len(annotations) > 0 {
		out["annotations"] = annotations
	}
	return out, ordered(warnings), nil
}

func mcpAnnotations(value any, tool, into jsonObject, warnings *[]MCPWarning) error {
	given, err := asObject(value, "/annotations")
	if err != nil {
		return err
	}
	for key, v := range given {
		pointer := "/annotations/" + token(key)
		mapped := ""
		for _, h := range mcpHints {
			if h[0] == key {
				mapped = h[1]
			}
		}
		switch {
		case mapped != "":
			b, ok := v.(bool)
			if !ok {
				return refuse(pointer, "must be a boolean (got %T)", v)
			}
			into[mapped] = b
		case key == "title":
			title, err := asString(v, pointer)
			if err != nil {
				return err
			}
			if _, has := tool["title"]; !has {
				into["title"] = title
			} else if tool["title"] != title {
				*warnings = append(*warnings, MCPWarning{pointer, "differs from the tool's title, which MCP shows first and is kept; dropped"})
			}
		default:
			*warnings = append(*warnings, MCPWarning{pointer, "ToolAnnotations has no field for it; dropped"})
		}
	}
	return nil
}

// DefinitionToMCPTool maps a ToolDefinition to an MCP Tool: annotations.title becomes the tool's title,
// strict (which MCP has no member for) is dropped with a warning.
func DefinitionToMCPTool(input any) (jsonObject, []MCPWarning, error) {
	definition, err := asObject(input, "")
	if err != nil {
		return nil, nil, err
	}
	var warnings []MCPWarning
	tool := jsonObject{}
	if tool["name"], err = asString(definition["name"], "/name"); err != nil {
		return nil, nil, err
	}
	if _, ok := definition["input_schema"]; !ok {
		return nil, nil, refuse("/input_schema", "a ToolDefinition needs an input_schema")
	}
	for key, value := range definition {
		switch key {
		case "name":
		case "input_schema":
			tool["inputSchema"], err = asObject(value, "/input_schema")
		case "description":
			tool["description"], err = asString(value, "/description")
		case "output_schema":
			tool["outputSchema"], err = asObject(value, "/output_schema")
		case "annotations":
			err = definitionAnnotations(value, tool)
		case "strict":
			warnings = append(warnings, MCPWarning{"/strict", "MCP tools have no strict mode; dropped"})
		default:
			err = refuse("/"+key, "not a ToolDefinition member")
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return tool, ordered(warnings), nil
}

func definitionAnnotations(value any, tool jsonObject) error {
	given, err := asObject(value, "/annotations")
	if err != nil {
		return err
	}
	hints := jsonObject{}
	for key, v := range given {
		if key == "title" {
			if tool["title"], err = asString(v, "/annotations/title"); err != nil {
				return err
			}
			continue
		}
		mapped := ""
		for _, h := range mcpHints {
			if h[1] == key {
				mapped = h[0]
			}
		}
		if mapped == "" {
			return refuse("/annotations/"+key, "not a ToolAnnotations member")
		}
		b, ok := v.(bool)
		if !ok {
			return refuse("/annotations/"+key, "must be a boolean (got %T)", v)
		}
		hints[mapped] = b
	}
	if len(hints) > 0 {
		tool["annotations"] = hints
	}
	return nil
}
