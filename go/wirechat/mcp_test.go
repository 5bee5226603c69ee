package wirechat_test

// The MCP mapping vectors (conformance/cases/mcp/mappings.json), which the Python and TypeScript tests run too:
// each case's output (compared by canonical JSON) and warning pointers, or the pointer of its refusal;
// every wirechat value a mapping produces decodes as its type.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

type mcpCase struct {
	Op         string          `json:"op"`
	Name       string          `json:"name"`
	Input      json.RawMessage `json:"input"`
	ToolCallID string          `json:"tool_call_id"`
	RequestID  json.RawMessage `json:"request_id"`
	Output     json.RawMessage `json:"output"`
	Warnings   []string        `json:"warnings"`
	Refused    *string         `json:"refused"`
}

func decodeJSON(t *testing.T, raw []byte) any {
	t.Helper()
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		t.Fatal(err)
	}
	return value
}

type mapped = func(c mcpCase, input any) (map[string]any, []wirechat.MCPWarning, error)

func mcpOps(t *testing.T) map[string]mapped {
	object := func(v any) map[string]any { m, _ := v.(map[string]any); return m }
	return map[string]mapped{
		"tool_to_definition": func(_ mcpCase, in any) (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.MCPToolToDefinition(in)
		},
		"definition_to_tool": func(_ mcpCase, in any) (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.DefinitionToMCPTool(in)
		},
		"call_result_to_tool_result": func(c mcpCase, in any) (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.MCPCallResultToToolResult(in, c.ToolCallID)
		},
		"tool_result_to_call_result": func(_ mcpCase, in any) (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.ToolResultToMCPCallResult(object(in))
		},
		"jsonrpc_to_tool_result": func(c mcpCase, in any) (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.JSONRPCToToolResult(in, c.ToolCallID)
		},
		"tool_result_to_jsonrpc": func(c mcpCase, in any) (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.ToolResultToJSONRPC(object(in), decodeJSON(t, c.RequestID))
		},
	}
}

func TestMCPVectors(t *testing.T) {
	data, err := os.ReadFile("../../conformance/cases/mcp/mappings.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []mcpCase }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	ops := mcpOps(t)
	seen := map[string]bool{}
	for _, c := range file.Cases {
		seen[c.Op] = true
		t.Run(c.Op+"/"+c.Name, func(t *testing.T) {
			run, ok := ops[c.Op]
			if !ok {
				t.Fatalf("unknown op %q", c.Op)
			}
			out, warnings, err := run(c, decodeJSON(t, c.Input))
			if c.Refused != nil {
				var refusal *wirechat.MCPMappingError
				if !errors.As(err, &refusal) || refusal.Pointer != *c.Refused {
					t.Fatalf("want a refusal at %q, got %v", *c.Refused, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(out)
			gotJCS, err := wirechat.CanonicalJSON(got)
			if err != nil {
				t.Fatal(err)
			}
			wantJCS, _ := wirechat.CanonicalJSON(c.Output)
			if !bytes.Equal(gotJCS, wantJCS) {
				t.Fatalf("output\n got %s\nwant %s", gotJCS, wantJCS)
			}
			pointers := []string{}
			for _, w := range warnings {
				pointers = append(pointers, w.Pointer)
			}
			if want := append([]string{}, c.Warnings...); !equalStrings(pointers, want) {
				t.Fatalf("warnings: got %q, want %q", pointers, want)
			}
			switch c.Op {
			case "tool_to_definition":
				_, err = wirechat.Decode[wirechat.ToolDefinition](got)
			case "call_result_to_tool_result", "jsonrpc_to_tool_result":
				_, err = wirechat.Decode[wirechat.ToolResult](got)
			}
			if err != nil {
				t.Fatalf("not a valid wire value: %v", err)
			}
		})
	}
	if len(seen) != len(ops) {
		t.Fatalf("ops with vectors: %v, want all of %d", seen, len(ops))
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
