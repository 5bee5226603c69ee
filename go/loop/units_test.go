package loop_test

// The loop's rules in process, against a scripted model: schemas from structs, timeouts (a tool that
// stops is reported not finished, one that goes on is waited for), panics, unknown tools, a checkpoint
// that fails, a policy that fails, schedules, and the integrity table of decision 033.

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

func TestNewToolSchemaFromTheStruct(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(getWeather.Definition.InputSchema, &schema); err != nil {
		t.Fatal(err)
	}
	if schema["type"] != "object" || schema["additionalProperties"] != false || schema["$schema"] != nil {
		t.Fatalf("schema %v", schema)
	}
	if required, _ := schema["required"].([]any); len(required) != 1 || required[0] != "city" {
		t.Fatalf("required %v: a member without omitempty is required", schema["required"])
	}
	unit := schema["properties"].(map[string]any)["unit"].(map[string]any)
	if enum, _ := unit["enum"].([]any); len(enum) != 2 {
		t.Fatalf("unit %v", unit)
	}
	if *getWeather.Definition.Description != "The current weather in a city." {
		t.Fatal(*getWeather.Definition.Description)
	}
	if _, err := loop.NewTool("bad", "", func(context.Context, string) (string, error) { return "", nil }); err == nil ||
		!strings.Contains(err.Error(), "must be a struct") {
		t.Fatalf("a non-struct argument: %v", err)
	}
}

func run(t *testing.T, turns []wirechat.ChatResponse, tools []loop.Tool, options ...loop.Option) (loop.Result, error) {
	t.Helper()
	return newLoop(t, &scriptedModel{turns: turns}, tools, options...).Run(context.Background(), request())
}

func TestTimeoutsPanicsAndUnknownTools(t *testing.T) {
	type none struct{}
	stops := loop.MustTool("stops", "", func(ctx context.Context, _ none) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	})
	goesOn := loop.MustTool("goes_on", "", func(ctx context.Context, _ none) (string, error) {
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond) // its work finishes after the deadline: it did it
		return "done late", nil
	})
	panics := loop.MustTool("panics", "", func(context.Context, none) (string, error) { panic("boom") })
	result, err := run(t, []wirechat.ChatResponse{
		callsResponse(toolCall("a", "stops", "{}"), toolCall("b", "goes_on", ""), toolCall("c", "panics", "{}"), toolCall("d", "nope", "{}"), toolCall("e", "stops", "[1]")),
		textResponse("ok"),
	}, []loop.Tool{stops, goesOn, panics}, loop.WithTimeout(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	got := results(result.Messages)
	want := map[string]string{
		"a": "tool stops did not finish within 0.05 s",
		"b": "done late",
		"c": "tool panics failed: panic: boom",
		"d": "unknown tool 'nope' (the tools are: goes_on, panics, stops)",
		"e": "invalid arguments for stops: not a JSON object: ",
	}
	for id, content := range want {
		if !strings.HasPrefix(got[id].Content, content) || (id != "e" && got[id].Content != content) {
			t.Errorf("%s: %q, want %q", id, got[id].Content, content)
		}
	}
}

func TestACheckpointThatFailsStopsTheLoopWithTheState(t *testing.T) {
	booked := &ledger{}
	saves := 0
	_, err := run(t, []wirechat.ChatResponse{callsResponse(toolCall("c1", "book_train", `{"time":"9"}`)), textResponse("ok")},
		[]loop.Tool{bookTrain(booked)}, loop.WithCheckpoint(func(wirechat.ToolLoopState) error {
			saves++
			if saves == 2 {
				return errors.New("disk full")
			}
			return nil
		}))
	failure := asLoopError(t, err)
	if !strings.Contains(err.Error(), "checkpoint: disk full") || len(booked.list()) != 1 {
		t.Fatalf("%v, booked %v", err, booked.list())
	}
	if got := results(failure.State.Request.Messages)["c1"]; got.Content != "booked the 9 train" {
		t.Fatalf("the error's state has the real result: %+v", got)
	}
}

func TestAPolicyThatFailsLeavesAStateThatReasksTheTurn(t *testing.T) {
	model := &scriptedModel{turns: []wirechat.ChatResponse{callsResponse(toolCall("c1", "get_weather", `{"city":"Paris"}`)), textResponse("ok")}}
	broken := loop.PolicyFunc(func(wirechat.ToolCall) (loop.Action, error) { return nil, errors.New("no policy server") })
	_, err := newLoop(t, model, []loop.Tool{getWeather}, loop.WithPolicy("get_weather", broken)).Run(context.Background(), request())
	failure := asLoopError(t, err)
	if failure.State.Steps != 0 || len(failure.State.Request.Messages) != 1 {
		t.Fatalf("the turn was recorded: %+v", failure.State)
	}
	done, err := newLoop(t, model, []loop.Tool{getWeather}).Resume(context.Background(), failure.State)
	if err != nil || done.Steps != 2 {
		t.Fatalf("%+v %v", done, err)
	}
}

func TestSchedules(t *testing.T) {
	later := time.Now().Add(time.Hour)
	turns := []wirechat.ChatResponse{callsResponse(toolCall("c1", "get_weather", `{"city":"Paris"}`), toolCall("c2", "book_train", `{"time":"9"}`)), textResponse("ok")}
	booked := &ledger{}
	tools := []loop.Tool{getWeather, bookTrain(booked)}
	l := newLoop(t, &scriptedModel{turns: turns}, tools,
		loop.WithPolicy("get_weather", loop.Schedule{At: time.Now().Add(-time.Second)}), loop.WithPolicy("book_train", loop.Schedule{At: later}))
	first, err := l.Run(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	pause, ok := first.State.Pause.(*wirechat.PauseScheduled)
	if !ok || pause.At != loop.Timestamp(later) || results(first.Messages)["c1"].Content == "" {
		t.Fatalf("a due schedule runs, a later one pauses: %#v", first.State.Pause)
	}
	again, err := l.Resume(context.Background(), *first.State)
	if err != nil || !again.Paused() || len(booked.list()) != 0 {
		t.Fatalf("resumed before it is due: %+v %v", again, err)
	}
	due := *first.State
	due.Pending = []wirechat.PendingToolCall{{ToolCall: due.Pending[0].ToolCall, Status: &wirechat.ToolCallScheduled{At: loop.Timestamp(time.Now().Add(-time.Minute))}}}
	due.Pause = &wirechat.PauseScheduled{ToolCallIds: []string{"c2"}, At: due.Pending[0].Status.(*wirechat.ToolCallScheduled).At}
	done, err := newLoop(t, &scriptedModel{turns: turns}, tools).Resume(context.Background(), due)
	if err != nil || done.Paused() || len(booked.list()) != 1 {
		t.Fatalf("a due scheduled call runs: %+v %v %v", done, err, booked.list())
	}
}

// The integrity table of decision 033: what a status claimed by the state becomes under each policy.
func TestResumeReappliesThePolicies(t *testing.T) {
	past, future := time.Now().Add(-time.Minute), time.Now().Add(time.Hour)
	cases := []struct {
		name   string
		status wirechat.ToolCallStatus
		policy loop.Policy
		runs   bool
		want   string // the pending status after, or the result's content when it resolved
	}{
		{"approved under Execute", &wirechat.ToolCallApproved{}, loop.Execute{}, true, "booked the 9 train"},
		{"approved under RequireApproval", &wirechat.ToolCallApproved{}, loop.RequireApproval{}, false, "pending"},
		{"approved under a later Schedule", &wirechat.ToolCallApproved{}, loop.Schedule{At: future}, false, "scheduled"},
		{"approved under a past Schedule", &wirechat.ToolCallApproved{}, loop.Schedule{At: past}, true, "booked the 9 train"},
		{"approved under Reject", &wirechat.ToolCallApproved{}, loop.Reject{Reason: "no trains"}, false, "rejected: no trains"},
		{"past scheduled under RequireApproval", &wirechat.ToolCallScheduled{At: loop.Timestamp(past)}, loop.RequireApproval{}, false, "pending"},
		{"past scheduled under Execute", &wirechat.ToolCallScheduled{At: loop.Timestamp(past)}, loop.Execute{}, true, "booked the 9 train"},
		{"rejected stands", &wirechat.ToolCallRejected{Reason: "said no"}, loop.Execute{}, false, "rejected: said no"},
	}
	call := toolCall("c1", "book_train", `{"time":"9"}`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			state := wirechat.ToolLoopState{Request: request(), Steps: 1,
				Pending: []wirechat.PendingToolCall{{ToolCall: call, Status: c.status}}}
			state.Request.Messages = append(state.Request.Messages, wirechat.ToolCallMessage(call))
			booked := &ledger{}
			model := &scriptedModel{turns: []wirechat.ChatResponse{{}, textResponse("ok")}}
			result, err := newLoop(t, model, []loop.Tool{bookTrain(booked)}, loop.WithPolicy("book_train", c.policy)).Resume(context.Background(), state)
			if err != nil {
				t.Fatal(err)
			}
			if ran := len(booked.list()) == 1; ran != c.runs {
				t.Fatalf("ran %v, want %v", ran, c.runs)
			}
			got := ""
			if result.Paused() {
				got = map[string]string{"*wire.ToolCallPending": "pending", "*wire.ToolCallScheduled": "scheduled"}[typeName(result.State.Pending[0].Status)]
			} else {
				got = results(result.Messages)["c1"].Content
			}
			if got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

func typeName(v any) string { return strings.TrimSpace(strings.Split(fmtType(v), " ")[0]) }
