package loop_test

// A loop streamed by Python, read here as a UI would, and resumed here by the UI's wire decisions
// (conformance/vectors/tool-loop-stream.json, written by python -m wirechat_conformance.loop_stream_vectors
// --write; spec section 14.4): every event Python sent decodes as a LoopEvent and writes back byte for
// byte, its turns fold to the model's responses, the decisions decode as ToolLoopDecisions, and this
// package's loop, resumed from the paused event's state with them, gives the loop events Python's did
// (through WithEvents: the turns here are answered unstreamed, so the turn events are not compared).

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

type streamCase struct {
	Name      string                     `json:"name"`
	Policies  map[string]json.RawMessage `json:"policies"`
	Turns     []json.RawMessage          `json:"turns"`
	Decisions []json.RawMessage          `json:"decisions"`
	Expect    struct {
		First   []json.RawMessage `json:"first"`
		Resumed []json.RawMessage `json:"resumed"`
	} `json:"expect"`
}

func canonicalOf(t *testing.T, data []byte) string {
	t.Helper()
	out, err := wirechat.CanonicalJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func isLoopOwn(event wirechat.LoopEvent) bool {
	switch event.(type) {
	case *wirechat.ToolResultsEvent, *wirechat.StepFinishedEvent, *wirechat.PausedEvent, *wirechat.LoopFinishedEvent:
		return true
	}
	return false
}

func TestLoopStreamVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "vectors", "tool-loop-stream.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		Outputs map[string]string `json:"outputs"`
		Tools   []json.RawMessage `json:"tools"`
		Cases   []streamCase      `json:"cases"`
	}
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors.Cases) < 2 {
		t.Fatalf("only %d cases", len(vectors.Cases))
	}
	for _, c := range vectors.Cases {
		t.Run(c.Name, func(t *testing.T) {
			// The UI's side: decode what Python streamed, write it back, fold the turns.
			var first []wirechat.LoopEvent
			for _, raw := range c.Expect.First {
				event := decodeAs[wirechat.LoopEvent](t, raw)
				if got, want := canonicalOf(t, wireJSON(t, event)), canonicalOf(t, raw); got != want {
					t.Fatalf("written back as %s, sent as %s", got, want)
				}
				first = append(first, event)
			}
			var turn []wirechat.StreamEvent
			turns := 0
			for _, event := range first {
				if isLoopOwn(event) {
					continue
				}
				streamEvent, ok := event.(wirechat.StreamEvent)
				if !ok {
					t.Fatalf("%T is neither a loop event nor a StreamEvent", event)
				}
				turn = append(turn, streamEvent)
				if _, end := event.(*wirechat.FinishEvent); end {
					folded, err := wirechat.Fold(turn)
					if err != nil {
						t.Fatal(err)
					}
					if got, want := canonicalOf(t, wireJSON(t, folded)), canonicalOf(t, c.Turns[turns]); got != want {
						t.Fatalf("turn %d folds to %s, want %s", turns, got, want)
					}
					turn, turns = nil, turns+1
				}
			}
			paused, ok := first[len(first)-1].(*wirechat.PausedEvent)
			if !ok {
				t.Fatalf("the stream ends in %T, not a paused event", first[len(first)-1])
			}
			// The runtime's side: the UI's wire decisions resume the paused state.
			var decisions []loop.Decision
			for _, raw := range c.Decisions {
				decision, err := loop.FromWire(decodeAs[wirechat.ToolLoopDecision](t, raw))
				if err != nil {
					t.Fatal(err)
				}
				decisions = append(decisions, decision)
			}
			var tools []loop.Tool
			for _, definition := range vectors.Tools {
				tools = append(tools, loop.Tool{Definition: decodeAs[wirechat.ToolDefinition](t, definition),
					Invoke: func(ctx context.Context, _ string) (any, error) {
						call, _ := loop.CallFrom(ctx)
						return vectors.Outputs[call.CallID], nil
					}})
			}
			var got []string
			options := []loop.Option{loop.WithEvents(func(event wirechat.LoopEvent) { got = append(got, canonicalOf(t, wireJSON(t, event))) })}
			for name, spec := range c.Policies {
				options = append(options, loop.WithPolicy(name, policyOf(t, spec)))
			}
			model := &inOrder{}
			for _, raw := range c.Turns[turns:] {
				model.turns = append(model.turns, decodeAs[wirechat.ChatResponse](t, raw))
			}
			if _, err := newLoop(t, model, tools, options...).Resume(context.Background(), paused.State, decisions...); err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, raw := range c.Expect.Resumed {
				if isLoopOwn(decodeAs[wirechat.LoopEvent](t, raw)) {
					want = append(want, canonicalOf(t, raw))
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%d loop events, want %d:\n got %v\nwant %v", len(got), len(want), got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("event %d: got %s, want %s", i, got[i], want[i])
				}
			}
		})
	}
}
