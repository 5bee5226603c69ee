package wirechat_test

// The accessors read a message's parts without a type switch at every call site.

import (
	"slices"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestAccessors(t *testing.T) {
	doc := `{"role":"assistant","parts":[
		{"type":"reasoning","reasoning":{"text":"think ","signature":"sig","issuer":"anthropic"}},
		{"type":"text","text":"Hello, "},
		{"type":"reasoning","reasoning":{"redacted_data":"opaque"}},
		{"type":"tool_call","tool_call":{"id":"c1","name":"weather","arguments":"{\"city\":\"Paris\"}"}},
		{"type":"text","text":"world"},
		{"type":"tool_call","tool_call":{"id":"c2","name":"time","arguments":""}}]}`
	message, err := wirechat.Decode[wirechat.Message]([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := wirechat.MessageText(message); got != "Hello, world" {
		t.Fatalf("text: %q", got)
	}
	if got := wirechat.ReasoningText(message); got != "think " {
		t.Fatalf("reasoning: %q", got)
	}
	var ids []string
	for _, call := range wirechat.ToolCalls(message) {
		ids = append(ids, call.ID)
	}
	if !slices.Equal(ids, []string{"c1", "c2"}) {
		t.Fatalf("tool calls: %v", ids)
	}
	if wirechat.ToolResults(message) != nil {
		t.Fatal("no tool results")
	}
}

func TestConstructors(t *testing.T) {
	calls := wirechat.ToolCallMessage(wirechat.ToolCall{ID: "a", Name: "f", Arguments: "{}"}, wirechat.ToolCall{ID: "b", Name: "g", Arguments: "{}"})
	if got := encodeString(t, calls); got != `{"role":"assistant","parts":[{"type":"tool_call","tool_call":{"id":"a","name":"f","arguments":"{}"}},{"type":"tool_call","tool_call":{"id":"b","name":"g","arguments":"{}"}}]}` {
		t.Fatalf("got %s", got)
	}
	result := wirechat.ToolResultMessage(wirechat.ToolResult{ToolCallID: "a", Content: "18C", IsError: ptr(false)})
	if got := encodeString(t, result); got != `{"role":"tool","parts":[{"type":"tool_result","tool_result":{"tool_call_id":"a","content":"18C","is_error":false}}]}` {
		t.Fatalf("got %s", got)
	}
	if results := wirechat.ToolResults(result); len(results) != 1 || results[0].Content != "18C" {
		t.Fatalf("got %v", results)
	}
}
