package loop_test

// The tools and turns the loop's tests use (Python's tests/tools/conftest.py, in Go): a weather tool that
// fails for Atlantis, a booking tool that records each call id in a ledger (the side effect that must
// happen once), and script turns for serve-fake.

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

type weatherArgs struct {
	City string `json:"city" jsonschema:"description=The city"`
	Unit string `json:"unit,omitempty" jsonschema:"enum=C,enum=F"`
}

type weather struct {
	City        string `json:"city"`
	Temperature int    `json:"temperature"`
	Unit        string `json:"unit"`
}

var getWeather = loop.MustTool("get_weather", "The current weather in a city.",
	func(_ context.Context, args weatherArgs) (weather, error) {
		if args.City == "Atlantis" {
			return weather{}, errors.New("no such city: Atlantis")
		}
		unit := args.Unit
		if unit == "" {
			unit = "C"
		}
		return weather{args.City, 18, unit}, nil
	})

type trainArgs struct {
	Time string `json:"time"`
}

// ledger records the call ids a tool's side effect ran for.
type ledger struct {
	mu  sync.Mutex
	ids []string
}

func (l *ledger) add(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ids = append(l.ids, id)
}

func (l *ledger) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.ids...)
}

func bookTrain(booked *ledger) loop.Tool {
	return loop.MustTool("book_train", "Book the train leaving at time.",
		func(ctx context.Context, args trainArgs) (string, error) {
			call, ok := loop.CallFrom(ctx)
			if !ok {
				return "", errors.New("no call in the context")
			}
			booked.add(call.CallID)
			return "booked the " + args.Time + " train", nil
		})
}

func request() wirechat.ChatRequest {
	model := "fake-model"
	return wirechat.ChatRequest{Model: &model, Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris?")},
		Options: &wirechat.ChatOptions{MaxTokens: wirechat.Ptr(int64(100))}}
}

func call(id, name string, arguments map[string]any) map[string]any {
	return map[string]any{"id": id, "name": name, "arguments": arguments}
}

func callsTurn(calls ...map[string]any) map[string]any {
	return map[string]any{"reply": map[string]any{"tool_calls": calls, "usage": map[string]any{"input": 10, "output": 5}}}
}

func textTurn(text string) map[string]any {
	return map[string]any{"reply": map[string]any{"text": text, "usage": map[string]any{"input": 20, "output": 7}}}
}

func newClient(t *testing.T, provider, url string) *client.Client {
	t.Helper()
	c, err := client.New(provider, client.WithAPIKey(testKey), client.WithBaseURL(url), client.WithMaxRetries(0),
		client.WithTimeouts(client.Timeouts{Connect: 2 * time.Second, Read: 5 * time.Second, Total: 20 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newLoop(t *testing.T, model loop.Model, tools []loop.Tool, options ...loop.Option) *loop.Loop {
	t.Helper()
	l, err := loop.New(model, tools, options...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// results indexes the tool results of messages by call id.
func results(messages []wirechat.Message) map[string]wirechat.ToolResult {
	found := map[string]wirechat.ToolResult{}
	for _, message := range messages {
		for _, result := range wirechat.ToolResults(message) {
			found[result.ToolCallID] = result
		}
	}
	return found
}

func asLoopError(t *testing.T, err error) *loop.LoopError {
	t.Helper()
	var failure *loop.LoopError
	if !errors.As(err, &failure) {
		t.Fatalf("want a *loop.LoopError, got %T: %v", err, err)
	}
	return failure
}
