package loop_test

// The cross-language resume vectors (conformance/vectors/tool-loop-resume.json, written by Python's loop:
// python -m wirechat_conformance.resume_vectors --write): the same state, decisions, policies, tool
// outputs and model turns must give the same requests, the same calls run and the same result or error,
// compared as RFC 8785 canonical JSON, and the same wire LoopEvents (loop.WithEvents) as Python's stream.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

type resumeCase struct {
	Name        string                     `json:"name"`
	Request     json.RawMessage            `json:"request"`
	State       json.RawMessage            `json:"state"`
	Decisions   []map[string]string        `json:"decisions"`
	Policies    map[string]json.RawMessage `json:"policies"`
	MaxSteps    int                        `json:"max_steps"`
	Turns       []json.RawMessage          `json:"turns"`
	Expect      json.RawMessage            `json:"expect"`
	Description string                     `json:"description"`
}

type resumeVectors struct {
	Outputs map[string]string `json:"outputs"`
	Tools   []json.RawMessage `json:"tools"`
	Cases   []resumeCase      `json:"cases"`
}

// inOrder answers the i-th request with the i-th turn.
type inOrder struct {
	turns []wirechat.ChatResponse
	sent  []wirechat.ChatRequest
}

func (m *inOrder) Chat(_ context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	m.sent = append(m.sent, request)
	if len(m.sent) > len(m.turns) {
		return wirechat.ChatResponse{}, fmt.Errorf("the script has %d turns; turn %d was asked", len(m.turns), len(m.sent))
	}
	return m.turns[len(m.sent)-1], nil
}

func decodeAs[T any](t *testing.T, data []byte) T {
	t.Helper()
	value, err := wirechat.Decode[T](data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return value
}

func policyOf(t *testing.T, data []byte) loop.Policy {
	t.Helper()
	var spec struct{ Type, Reason, At string }
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	switch spec.Type {
	case "execute":
		return loop.Execute{}
	case "require_approval":
		return loop.RequireApproval{}
	case "reject":
		return loop.Reject{Reason: spec.Reason}
	case "schedule":
		at, err := time.Parse(time.RFC3339, spec.At)
		if err != nil {
			t.Fatal(err)
		}
		return loop.Schedule{At: at}
	}
	t.Fatalf("unknown policy type %q", spec.Type)
	return nil
}

func wireJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	data, err := wirechat.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestResumeVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "vectors", "tool-loop-resume.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors resumeVectors
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors.Cases) < 10 {
		t.Fatalf("only %d cases", len(vectors.Cases))
	}
	for _, c := range vectors.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var mu sync.Mutex
			executed := []string{}
			var tools []loop.Tool
			for _, definition := range vectors.Tools {
				tools = append(tools, loop.Tool{Definition: decodeAs[wirechat.ToolDefinition](t, definition),
					Invoke: func(ctx context.Context, _ string) (any, error) {
						call, _ := loop.CallFrom(ctx)
						mu.Lock()
						executed = append(executed, call.CallID)
						mu.Unlock()
						return vectors.Outputs[call.CallID], nil
					}})
			}
			events := []json.RawMessage{}
			options := []loop.Option{loop.WithEvents(func(event wirechat.LoopEvent) { events = append(events, wireJSON(t, event)) })}
			for name, spec := range c.Policies {
				options = append(options, loop.WithPolicy(name, policyOf(t, spec)))
			}
			if c.MaxSteps > 0 {
				options = append(options, loop.WithMaxSteps(c.MaxSteps))
			}
			model := &inOrder{}
			for _, turn := range c.Turns {
				model.turns = append(model.turns, decodeAs[wirechat.ChatResponse](t, turn))
			}
			l := newLoop(t, model, tools, options...)
			var result loop.Result
			if c.Request != nil {
				result, err = l.Run(context.Background(), decodeAs[wirechat.ChatRequest](t, c.Request))
			} else {
				var decisions []loop.Decision
				for _, d := range c.Decisions {
					if id, ok := d["approve"]; ok {
						decisions = append(decisions, loop.Approve{ToolCallID: id})
					} else {
						decisions = append(decisions, loop.RejectDecision{ToolCallID: d["reject"], Reason: d["reason"]})
					}
				}
				result, err = l.Resume(context.Background(), decodeAs[wirechat.ToolLoopState](t, c.State), decisions...)
			}
			requests := []json.RawMessage{}
			for _, sent := range model.sent {
				requests = append(requests, wireJSON(t, sent))
			}
			slices.Sort(executed)
			got := map[string]any{"requests": requests, "executed": executed, "events": events}
			if err != nil {
				var failure *loop.LoopError
				if !errors.As(err, &failure) {
					t.Fatalf("not a *LoopError: %v", err)
				}
				kind := "other"
				if errors.Is(err, loop.ErrMaxStepsExceeded) {
					kind = "max_steps"
				} else if errors.Is(err, loop.ErrDecision) {
					kind = "decision"
				}
				got["error"] = map[string]any{"kind": kind, "state": wireJSON(t, failure.State)}
			} else {
				messages := []json.RawMessage{}
				for _, message := range result.Messages {
					messages = append(messages, wireJSON(t, message))
				}
				got["messages"], got["steps"] = messages, result.Steps
				if result.Usage != nil {
					got["usage"] = wireJSON(t, *result.Usage)
				}
				if result.State != nil {
					got["state"] = wireJSON(t, *result.State)
				}
				if result.Response != nil {
					got["response"] = wireJSON(t, *result.Response)
				}
			}
			gotJSON, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			a, err := wirechat.CanonicalJSON(gotJSON)
			if err != nil {
				t.Fatal(err)
			}
			b, err := wirechat.CanonicalJSON(c.Expect)
			if err != nil {
				t.Fatal(err)
			}
			if string(a) != string(b) {
				t.Fatalf("%s\n got: %s\nwant: %s", c.Description, a, b)
			}
		})
	}
}
