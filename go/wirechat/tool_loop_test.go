package wirechat_test

// The history helpers and the section 14.3 consistency checks against the shared vectors
// (conformance/vectors/tool-loop.json), which the Python and TypeScript tests run too.

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

type loopCase struct {
	Name     string                     `json:"name"`
	Op       string                     `json:"op"`
	Args     map[string]json.RawMessage `json:"args"`
	Result   json.RawMessage            `json:"result"`
	Problems [][2]string                `json:"problems"`
}

func decodeArg[T any](t *testing.T, c loopCase, key string) T {
	t.Helper()
	v, err := wirechat.Decode[T](c.Args[key])
	if err != nil {
		t.Fatalf("%s: args.%s: %v", c.Name, key, err)
	}
	return v
}

func messagesArg(t *testing.T, c loopCase) []wirechat.Message {
	t.Helper()
	var raws []json.RawMessage
	if err := json.Unmarshal(c.Args["messages"], &raws); err != nil {
		t.Fatal(err)
	}
	messages := []wirechat.Message{}
	for _, raw := range raws {
		m, err := wirechat.Decode[wirechat.Message](raw)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		messages = append(messages, m)
	}
	return messages
}

func problemPairs(t *testing.T, err error) [][2]string {
	t.Helper()
	pairs := [][2]string{}
	if err == nil {
		return pairs
	}
	var wireErr *wirechat.WireError
	if !errors.As(err, &wireErr) {
		t.Fatalf("not a WireError: %v", err)
	}
	for _, p := range wireErr.Problems {
		pairs = append(pairs, [2]string{p.Pointer, p.Rule})
	}
	return pairs
}

func encodeFound(t *testing.T, message, part int, value any) any {
	t.Helper()
	data, err := wirechat.Encode(value)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"message": message, "part": part, "value": json.RawMessage(data)}
}

func TestToolLoopVectors(t *testing.T) {
	data, err := os.ReadFile("../../conformance/vectors/tool-loop.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []loopCase }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	ops := map[string]bool{}
	for _, c := range file.Cases {
		ops[c.Op] = true
		t.Run(c.Name, func(t *testing.T) {
			var got any
			switch c.Op {
			case "merge_consecutive":
				input := messagesArg(t, c)
				before, _ := json.Marshal(input)
				merged := wirechat.MergeConsecutive(input)
				if after, _ := json.Marshal(input); string(after) != string(before) {
					t.Fatal("the input changed")
				}
				got = merged
			case "find_tool_call":
				var id string
				_ = json.Unmarshal(c.Args["id"], &id)
				if found, ok := wirechat.FindToolCall(messagesArg(t, c), id); ok {
					got = encodeFound(t, found.Message, found.Part, &found.Value)
				}
			case "find_tool_result":
				var id string
				_ = json.Unmarshal(c.Args["id"], &id)
				if found, ok := wirechat.FindToolResult(messagesArg(t, c), id); ok {
					got = encodeFound(t, found.Message, found.Part, &found.Value)
				}
			case "check_tool_result":
				got = problemPairs(t, wirechat.CheckToolResult(decodeArg[wirechat.ToolResult](t, c, "result")))
			case "check_tool_loop_state":
				got = problemPairs(t, wirechat.CheckToolLoopState(decodeArg[wirechat.ToolLoopState](t, c, "state")))
			default:
				t.Fatalf("unknown op %s", c.Op)
			}
			gotJSON, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			var gotValue, want any
			_ = json.Unmarshal(gotJSON, &gotValue)
			expected := c.Result
			if c.Op == "check_tool_result" || c.Op == "check_tool_loop_state" {
				expected, _ = json.Marshal(c.Problems)
			}
			_ = json.Unmarshal(expected, &want)
			if !reflect.DeepEqual(gotValue, want) {
				t.Fatalf("got %s\nwant %s", gotJSON, expected)
			}
		})
	}
	if len(ops) != 5 {
		t.Fatalf("the vectors cover %d ops, want 5", len(ops))
	}
}
