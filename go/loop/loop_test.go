package loop_test

// The loop against the real fake provider (serve-fake over 127.0.0.1), for both adapters: a run with a
// tool, a tool error and invalid arguments the model reads, approval with a pause saved to a file and
// resumed by a new Loop value, a rejection, max steps, streaming, and the issue-27 reproducer (a failed
// turn after an approved call keeps its result).

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

var providers = []string{"openai-chat", "anthropic"}

func TestRunsToolsUntilTheModelAnswers(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			url := serveFake(t, provider, []any{
				callsTurn(call("c1", "get_weather", map[string]any{"city": "Paris"}), call("c2", "get_weather", map[string]any{"city": "Atlantis"})),
				callsTurn(call("c3", "get_weather", map[string]any{"town": "Oslo"})),
				textTurn("Paris is 18 C."),
			})
			result, err := newLoop(t, newClient(t, provider, url), []loop.Tool{getWeather}).Run(context.Background(), request())
			if err != nil {
				t.Fatal(err)
			}
			if result.Paused() || result.Response == nil || wirechat.MessageText(result.Response.Message) != "Paris is 18 C." {
				t.Fatalf("not finished: %+v", result)
			}
			if result.Steps != 3 || result.Usage == nil || result.Usage.InputTokens != 40 || result.Usage.OutputTokens != 17 {
				t.Fatalf("steps %d usage %+v: want 3 turns summed (40 in, 17 out)", result.Steps, result.Usage)
			}
			got := results(result.Messages)
			if got["c1"].Content != `{"city":"Paris","temperature":18,"unit":"C"}` || *got["c1"].Status != wirechat.ToolResultStatusCompleted {
				t.Fatalf("c1: %+v", got["c1"])
			}
			if *got["c2"].Status != wirechat.ToolResultStatusFailed || !strings.Contains(got["c2"].Content, "no such city: Atlantis") {
				t.Fatalf("a tool's error is the model's to read: %+v", got["c2"])
			}
			if *got["c3"].Status != wirechat.ToolResultStatusFailed || !strings.HasPrefix(got["c3"].Content, "invalid arguments for get_weather:") ||
				!strings.Contains(got["c3"].Content, "town") {
				t.Fatalf("invalid arguments: %+v", got["c3"])
			}
			for _, result := range got {
				if err := wirechat.CheckToolResult(result); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func TestApprovalPausesSavesAndResumesInANewLoop(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			url := serveFake(t, provider, []any{
				callsTurn(call("c1", "book_train", map[string]any{"time": "09:00"}), call("c2", "get_weather", map[string]any{"city": "Paris"})),
				textTurn("Booked, and it is 18 C."),
			})
			booked := &ledger{}
			tools := []loop.Tool{getWeather, bookTrain(booked)}
			guarded := loop.WithPolicy("book_train", loop.RequireApproval{})
			first, err := newLoop(t, newClient(t, provider, url), tools, guarded).Run(context.Background(), request())
			if err != nil {
				t.Fatal(err)
			}
			if !first.Paused() || len(booked.list()) != 0 {
				t.Fatalf("want a pause before booking: %+v, booked %v", first, booked.list())
			}
			pause, ok := first.State.Pause.(*wirechat.PauseAwaitingApproval)
			if !ok || !slices.Equal(pause.ToolCallIds, []string{"c1"}) {
				t.Fatalf("pause %#v", first.State.Pause)
			}
			if got := results(first.State.Request.Messages); got["c2"].Content == "" || len(got) != 1 {
				t.Fatalf("the call that needed no approval ran before the pause: %+v", got)
			}
			path := filepath.Join(t.TempDir(), "state.json")
			if err := loop.SaveState(*first.State, path); err != nil {
				t.Fatal(err)
			}

			state, err := loop.LoadState(path) // a new Loop value, as a new process would make
			if err != nil {
				t.Fatal(err)
			}
			second := newLoop(t, newClient(t, provider, url), []loop.Tool{getWeather, bookTrain(booked)}, guarded)
			done, err := second.Resume(context.Background(), state, loop.Approve{ToolCallID: "c1"})
			if err != nil {
				t.Fatal(err)
			}
			if done.Paused() || wirechat.MessageText(done.Response.Message) != "Booked, and it is 18 C." || done.Steps != 2 {
				t.Fatalf("not finished: %+v", done)
			}
			if !slices.Equal(booked.list(), []string{"c1"}) {
				t.Fatalf("booked %v: want c1 once, with its call id", booked.list())
			}
			tool := done.Messages[len(done.Messages)-2]
			if ids := []string{wirechat.ToolResults(tool)[0].ToolCallID, wirechat.ToolResults(tool)[1].ToolCallID}; !slices.Equal(ids, []string{"c2", "c1"}) {
				t.Fatalf("one turn's results travel in one tool message: %v", ids)
			}
		})
	}
}

func TestRejectionAndBadDecisions(t *testing.T) {
	url := serveFake(t, "openai-chat", []any{callsTurn(call("c1", "book_train", map[string]any{"time": "09:00"})), textTurn("OK, not booked.")})
	booked := &ledger{}
	l := newLoop(t, newClient(t, "openai-chat", url), []loop.Tool{bookTrain(booked)}, loop.WithDefault(loop.RequireApproval{}))
	first, err := l.Run(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	for _, decision := range []loop.Decision{loop.Approve{ToolCallID: "nope"}, loop.RejectDecision{ToolCallID: "c1"}} {
		_, err = l.Resume(context.Background(), *first.State, decision)
		if failure := asLoopError(t, err); !errors.Is(err, loop.ErrDecision) || failure.State.Pause == nil {
			t.Fatalf("%v: want ErrDecision with the given state", err)
		}
	}
	done, err := l.Resume(context.Background(), *first.State, loop.RejectDecision{ToolCallID: "c1", Reason: "too early"})
	if err != nil {
		t.Fatal(err)
	}
	got := results(done.Messages)["c1"]
	if got.Content != "rejected: too early" || *got.Reason != "too early" || len(booked.list()) != 0 {
		t.Fatalf("rejected: %+v, booked %v", got, booked.list())
	}
}

func TestMaxStepsCarriesTheStateAndUsage(t *testing.T) {
	turn := callsTurn(call("c1", "get_weather", map[string]any{"city": "Paris"}))
	url := serveFake(t, "anthropic", []any{turn, callsTurn(call("c2", "get_weather", map[string]any{"city": "Oslo"})), textTurn("Done.")})
	c := newClient(t, "anthropic", url)
	_, err := newLoop(t, c, []loop.Tool{getWeather}, loop.WithMaxSteps(2)).Run(context.Background(), request())
	failure := asLoopError(t, err)
	if !errors.Is(err, loop.ErrMaxStepsExceeded) || failure.State.Steps != 2 || failure.Usage.InputTokens != 20 {
		t.Fatalf("%v: steps %d usage %+v", err, failure.State.Steps, failure.Usage)
	}
	if got := results(failure.State.Request.Messages); len(got) != 2 {
		t.Fatalf("the state holds both results: %+v", got)
	}
	done, err := newLoop(t, c, []loop.Tool{getWeather}, loop.WithMaxSteps(5)).Resume(context.Background(), failure.State)
	if err != nil || done.Steps != 3 || done.Usage.InputTokens != 40 {
		t.Fatalf("resumed with more steps: %+v %v", done, err)
	}
}

func TestAFailedTurnAfterAnApprovedCallKeepsItsResult(t *testing.T) {
	url := serveFake(t, "openai-chat", []any{
		callsTurn(call("c1", "book_train", map[string]any{"time": "09:00"})),
		map[string]any{"fault": map[string]any{"type": "status", "status": 500}},
		textTurn("Booked."),
	})
	booked := &ledger{}
	path := filepath.Join(t.TempDir(), "state.json")
	l := newLoop(t, newClient(t, "openai-chat", url), []loop.Tool{bookTrain(booked)},
		loop.WithPolicy("book_train", loop.RequireApproval{}), loop.WithCheckpointFile(path))
	first, err := l.Run(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Resume(context.Background(), *first.State, loop.Approve{ToolCallID: "c1"})
	failure := asLoopError(t, err)
	var http *client.Error
	if !errors.As(err, &http) || http.Status() != 500 {
		t.Fatalf("the cause is the client's error: %v", err)
	}
	saved, err := loop.LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, state := range []wirechat.ToolLoopState{failure.State, saved} {
		if got := results(state.Request.Messages)["c1"]; got.Content != "booked the 09:00 train" || len(state.Pending) != 0 {
			t.Fatalf("the state after the tool ran: %+v", state)
		}
	}
	done, err := l.Resume(context.Background(), failure.State)
	if err != nil || wirechat.MessageText(done.Response.Message) != "Booked." {
		t.Fatalf("%+v %v", done, err)
	}
	if !slices.Equal(booked.list(), []string{"c1"}) {
		t.Fatalf("booked %v: the train was booked twice", booked.list())
	}
}

func TestStreamYieldsTurnsResultsAndTheEnd(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			url := serveFake(t, provider, []any{
				callsTurn(call("c1", "get_weather", map[string]any{"city": "Paris"})),
				callsTurn(call("c2", "book_train", map[string]any{"time": "09:00"})),
			})
			l := newLoop(t, newClient(t, provider, url), []loop.Tool{getWeather, bookTrain(&ledger{})},
				loop.WithPolicy("book_train", loop.RequireApproval{}))
			var kinds []string
			var paused *wirechat.PausedEvent
			for event, err := range l.Stream(context.Background(), request()) {
				if err != nil {
					t.Fatal(err)
				}
				switch e := event.(type) {
				case *wirechat.FinishEvent:
					kinds = append(kinds, "finish")
				case *wirechat.ToolResultsEvent:
					kinds = append(kinds, fmt.Sprintf("results:%d:%s", e.Step, e.Results[0].ToolCallID))
				case *wirechat.StepFinishedEvent:
					kinds = append(kinds, fmt.Sprintf("step:%d", e.Step))
				case *wirechat.PausedEvent:
					kinds, paused = append(kinds, "paused"), e
				}
				data, err := wirechat.Encode(event) // every event is a wire LoopEvent document
				if err != nil {
					t.Fatal(err)
				}
				if _, err := wirechat.Decode[wirechat.LoopEvent](data); err != nil {
					t.Fatalf("%s: %v", data, err)
				}
			}
			if want := []string{"finish", "results:1:c1", "step:1", "finish", "paused"}; !slices.Equal(kinds, want) {
				t.Fatalf("events %v, want %v", kinds, want)
			}
			if paused == nil || paused.State.Steps != 2 || paused.State.Usage.InputTokens != 20 {
				t.Fatalf("%+v", paused)
			}
		})
	}
}

func TestAHandEditedApprovalNeverRunsATool(t *testing.T) {
	url := serveFake(t, "openai-chat", []any{callsTurn(call("c1", "book_train", map[string]any{"time": "09:00"}))})
	booked := &ledger{}
	l := newLoop(t, newClient(t, "openai-chat", url), []loop.Tool{bookTrain(booked)}, loop.WithPolicy("book_train", loop.RequireApproval{}))
	first, err := l.Run(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	edited := *first.State
	edited.Pending = []wirechat.PendingToolCall{{ToolCall: edited.Pending[0].ToolCall, Status: &wirechat.ToolCallApproved{}}}
	edited.Pause = nil
	data, _ := wirechat.Encode(edited)
	state, err := loop.DecodeState(data)
	if err != nil {
		t.Fatal(err) // consistent by section 14.3: only the policies can refuse it
	}
	again, err := l.Resume(context.Background(), state)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Paused() || len(booked.list()) != 0 {
		t.Fatalf("an approval read from the file ran the tool: %v", booked.list())
	}
	if _, ok := again.State.Pending[0].Status.(*wirechat.ToolCallPending); !ok {
		t.Fatalf("status %#v: want pending again", again.State.Pending[0].Status)
	}
}

type countingTransport struct{ requests int }

func (c *countingTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	c.requests++
	return http.DefaultTransport.RoundTrip(request)
}

func TestAStreamStoppedAtTheResultsSendsNoFurtherTurn(t *testing.T) {
	url := serveFake(t, "openai-chat", []any{callsTurn(call("c1", "get_weather", map[string]any{"city": "Paris"})), textTurn("18 C.")})
	counter := &countingTransport{}
	c, err := client.New("openai-chat", client.WithAPIKey(testKey), client.WithBaseURL(url), client.WithMaxRetries(0),
		client.WithHTTPClient(&http.Client{Transport: counter}))
	if err != nil {
		t.Fatal(err)
	}
	var last wirechat.LoopEvent
	for event, err := range newLoop(t, c, []loop.Tool{getWeather}).Stream(context.Background(), request()) {
		if err != nil {
			t.Fatal(err)
		}
		last = event
		if _, ok := event.(*wirechat.ToolResultsEvent); ok {
			break
		}
	}
	if _, ok := last.(*wirechat.ToolResultsEvent); !ok || counter.requests != 1 {
		t.Fatalf("last event %T, %d requests: want ToolResults and one request", last, counter.requests)
	}
}

func TestResumeStreamAfterAnApproval(t *testing.T) {
	url := serveFake(t, "anthropic", []any{callsTurn(call("c1", "book_train", map[string]any{"time": "09:00"})), textTurn("Booked.")})
	booked := &ledger{}
	l := newLoop(t, newClient(t, "anthropic", url), []loop.Tool{bookTrain(booked)}, loop.WithPolicy("book_train", loop.RequireApproval{}))
	first, err := l.Run(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for event, err := range l.ResumeStream(context.Background(), *first.State, loop.Approve{ToolCallID: "c1"}) {
		if err != nil {
			t.Fatal(err)
		}
		switch e := event.(type) {
		case *wirechat.ToolResultsEvent:
			kinds = append(kinds, "results:"+e.Results[0].Content)
		case *wirechat.FinishEvent:
			kinds = append(kinds, "finish")
		case *wirechat.StepFinishedEvent:
			kinds = append(kinds, fmt.Sprintf("step:%d", e.Step))
		case *wirechat.PausedEvent:
			kinds = append(kinds, "paused")
		case *wirechat.LoopFinishedEvent:
			kinds = append(kinds, fmt.Sprintf("loop_finished:%d", e.Steps))
		}
	}
	want := []string{"results:booked the 09:00 train", "step:1", "finish", "step:2", "loop_finished:2"}
	if !slices.Equal(kinds, want) || len(booked.list()) != 1 {
		t.Fatalf("events %v, want %v; booked %v", kinds, want, booked.list())
	}
}
