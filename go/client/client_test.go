package client_test

// The client against the real fake provider (Python's serve-fake, over 127.0.0.1), for both adapters:
// chat, stream, tool calls, 429 with retry headers, 500 and 529, a drop mid-stream (partial kept), an
// error event after a 200, a malformed event, a slow stream with a timeout, cancellation, and a careless
// server echoing the key.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

var providers = []string{"openai-chat", "anthropic", "openai-responses"}

func fastRetry() client.RetryPolicy {
	policy := client.DefaultRetryPolicy()
	policy.InitialDelay, policy.MaxDelay = time.Millisecond, 5*time.Millisecond
	return policy
}

func newClient(t *testing.T, provider, url string, options ...client.Option) *client.Client {
	t.Helper()
	options = append([]client.Option{client.WithAPIKey(testKey), client.WithBaseURL(url), client.WithRetry(fastRetry())}, options...)
	c, err := client.New(provider, options...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func hello() wirechat.ChatRequest {
	model := "test-model"
	return wirechat.ChatRequest{Model: &model, Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Hi")}}
}

func reply(fields map[string]any) map[string]any { return map[string]any{"reply": fields} }

func asError(t *testing.T, err error) *client.Error {
	t.Helper()
	var failure *client.Error
	if !errors.As(err, &failure) {
		t.Fatalf("want a *client.Error, got %T: %v", err, err)
	}
	return failure
}

func collect(t *testing.T, stream *client.Stream) []wirechat.StreamEvent {
	t.Helper()
	var events []wirechat.StreamEvent
	for stream.Next() {
		events = append(events, stream.Event())
	}
	return events
}

func TestChatAndStream(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			turn := reply(map[string]any{"text": "Hello there, friend!", "id": "r1", "model": "m1",
				"usage": map[string]any{"input": 120, "output": 5, "cache_read": 100}})
			url := serveFake(t, provider, []any{turn, turn})
			c := newClient(t, provider, url)
			response, err := c.Chat(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			if got := wirechat.MessageText(response.Message); got != "Hello there, friend!" {
				t.Fatalf("text %q", got)
			}
			if response.Usage == nil || response.Usage.InputTokens != 120 || *response.Usage.CacheReadInputTokens != 100 {
				t.Fatalf("usage %+v: input_tokens must count the cached tokens (spec section 7)", response.Usage)
			}
			stream, err := c.Stream(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			events := collect(t, stream)
			if stream.Err() != nil {
				t.Fatal(stream.Err())
			}
			streamed, err := stream.Response()
			if err != nil {
				t.Fatal(err)
			}
			if len(events) < 5 {
				t.Fatalf("only %d events", len(events))
			}
			// The fake provider's chunks carry service_tier where its whole body does not: compare the rest.
			response.ProviderMetadata, streamed.ProviderMetadata = nil, nil
			a, _ := wirechat.Canonical(response)
			b, _ := wirechat.Canonical(streamed)
			if string(a) != string(b) {
				t.Fatalf("streamed and whole responses differ:\n%s\n%s", b, a)
			}
		})
	}
}

func TestParallelToolCallsStreamed(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			calls := []any{
				map[string]any{"id": "call_a", "name": "get_weather", "arguments": map[string]any{"city": "Paris", "unit": "c"}},
				map[string]any{"id": "call_b", "name": "get_weather", "arguments": map[string]any{"city": "Oslo"}},
			}
			url := serveFake(t, provider, []any{reply(map[string]any{"tool_calls": calls, "interleave": true, "chunk_size": 3})})
			stream, err := newClient(t, provider, url).Stream(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			response, err := stream.Response()
			if err != nil {
				t.Fatal(err)
			}
			got := wirechat.ToolCalls(response.Message)
			if len(got) != 2 || got[0].ID != "call_a" || got[1].ID != "call_b" ||
				got[0].Arguments != `{"city":"Paris","unit":"c"}` || got[1].Arguments != `{"city":"Oslo"}` {
				t.Fatalf("tool calls glued or lost: %+v", got)
			}
			if response.FinishReason.Kind != wirechat.FinishKindToolCalls {
				t.Fatalf("finish %+v", response.FinishReason)
			}
		})
	}
}

func TestRetries(t *testing.T) {
	ok := reply(map[string]any{"text": "ok"})
	for _, provider := range providers {
		t.Run(provider+"/429 retry-after-ms then ok", func(t *testing.T) {
			limited := map[string]any{"fault": map[string]any{"type": "status", "status": 429, "retry_after_ms": 30}}
			url := serveFake(t, provider, []any{limited, ok})
			started := time.Now()
			if _, err := newClient(t, provider, url).Chat(context.Background(), hello()); err != nil {
				t.Fatal(err)
			}
			if waited := time.Since(started); waited < 30*time.Millisecond {
				t.Fatalf("retried after %v, before the server's retry-after-ms of 30", waited)
			}
		})
		t.Run(provider+"/429 x-should-retry false", func(t *testing.T) {
			limited := map[string]any{"fault": map[string]any{"type": "status", "status": 429, "should_retry": false}}
			url := serveFake(t, provider, []any{limited, ok})
			_, err := newClient(t, provider, url).Chat(context.Background(), hello())
			failure := asError(t, err)
			if failure.Kind() != wirechat.ErrorKindRateLimited || failure.Attempts != 1 || failure.Status() != 429 || failure.Retryable() {
				t.Fatalf("want one attempt, rate_limited, not retryable: %v", failure)
			}
		})
		t.Run(provider+"/429 retry-after beyond the cap", func(t *testing.T) {
			limited := map[string]any{"fault": map[string]any{"type": "status", "status": 429, "retry_after": 3600}}
			url := serveFake(t, provider, []any{limited, ok})
			_, err := newClient(t, provider, url).Chat(context.Background(), hello())
			failure := asError(t, err)
			if failure.Attempts != 1 || failure.Failure.RetryAfterMs == nil || *failure.Failure.RetryAfterMs != 3600000 {
				t.Fatalf("a wait over MaxRetryAfter is returned at once with retry_after_ms: %v", failure)
			}
		})
		t.Run(provider+"/500 three times", func(t *testing.T) {
			broken := map[string]any{"fault": map[string]any{"type": "status", "status": 500}, "repeat": 3}
			url := serveFake(t, provider, []any{broken, ok})
			_, err := newClient(t, provider, url).Chat(context.Background(), hello())
			failure := asError(t, err)
			if failure.Kind() != wirechat.ErrorKindProvider || failure.Attempts != 3 {
				t.Fatalf("want provider after 3 attempts: %v", failure)
			}
		})
	}
	t.Run("anthropic/529 then ok, streamed", func(t *testing.T) {
		overloaded := map[string]any{"fault": map[string]any{"type": "status", "status": 529}}
		url := serveFake(t, "anthropic", []any{overloaded, ok})
		stream, err := newClient(t, "anthropic", url).Stream(context.Background(), hello())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := stream.Response(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("anthropic/529 kind", func(t *testing.T) {
		overloaded := map[string]any{"fault": map[string]any{"type": "status", "status": 529}}
		url := serveFake(t, "anthropic", []any{overloaded})
		_, err := newClient(t, "anthropic", url, client.WithMaxRetries(0)).Chat(context.Background(), hello())
		if failure := asError(t, err); failure.Kind() != wirechat.ErrorKindOverloaded || !failure.Retryable() {
			t.Fatalf("529 is overloaded and retryable: %v", failure)
		}
	})
}

func TestStreamFailuresKeepThePartialMessage(t *testing.T) {
	long := "The quick brown fox jumps over the lazy dog, twice over."
	cases := []struct {
		name  string
		fault map[string]any
		kinds []wirechat.ErrorKind
	}{
		{"drop", map[string]any{"type": "drop", "after": 4}, []wirechat.ErrorKind{wirechat.ErrorKindNetwork, wirechat.ErrorKindInvalidResponse}},
		{"error event", map[string]any{"type": "error_event", "after": 4, "error_type": "overloaded_error"}, []wirechat.ErrorKind{wirechat.ErrorKindOverloaded, wirechat.ErrorKindProvider}},
		{"malformed", map[string]any{"type": "malformed", "after": 4}, []wirechat.ErrorKind{wirechat.ErrorKindInvalidResponse}},
	}
	for _, provider := range providers {
		for _, tc := range cases {
			t.Run(provider+"/"+tc.name, func(t *testing.T) {
				fault := map[string]any{}
				for key, value := range tc.fault {
					fault[key] = value
				}
				if provider == "openai-responses" { // created, in_progress, item added, part added: the text starts at 5
					fault["after"] = 6
				}
				turn := map[string]any{"reply": map[string]any{"text": long, "usage": map[string]any{"input": 7, "output": 9}}, "fault": fault}
				url := serveFake(t, provider, []any{turn})
				stream, err := newClient(t, provider, url).Stream(context.Background(), hello())
				if err != nil {
					t.Fatal(err)
				}
				events := collect(t, stream)
				failure := asError(t, stream.Err())
				if !containsKind(tc.kinds, failure.Kind()) {
					t.Fatalf("kind %s, want one of %v: %v", failure.Kind(), tc.kinds, failure)
				}
				if failure.Partial == nil || len(failure.Partial.Parts) == 0 {
					t.Fatalf("the partial message is lost (%d events arrived): %v", len(events), failure)
				}
				text := wirechat.MessageText(*failure.Partial)
				if text == "" || !strings.HasPrefix(long, text) {
					t.Fatalf("partial text %q is not a prefix of the reply", text)
				}
				if _, err := stream.Response(); err == nil {
					t.Fatal("Response after a failure must fail")
				}
			})
		}
	}
}

func containsKind(kinds []wirechat.ErrorKind, kind wirechat.ErrorKind) bool {
	for _, k := range kinds {
		if k == kind {
			return true
		}
	}
	return false
}

func TestSlowStreamTimesOut(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			url := serveFake(t, provider, []any{map[string]any{"reply": map[string]any{"text": "slow words here"}, "delay_ms": 400}})
			c := newClient(t, provider, url, client.WithTimeouts(client.Timeouts{Read: 100 * time.Millisecond}), client.WithMaxRetries(0))
			started := time.Now()
			stream, err := c.Stream(context.Background(), hello())
			if err == nil {
				collect(t, stream)
				err = stream.Err()
			}
			failure := asError(t, err)
			if failure.Kind() != wirechat.ErrorKindTimeout {
				t.Fatalf("want timeout: %v", failure)
			}
			if elapsed := time.Since(started); elapsed > 2*time.Second {
				t.Fatalf("the timeout took %v", elapsed)
			}
		})
	}
}

func TestCancellationClosesTheStream(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			url := serveFake(t, provider, []any{map[string]any{"reply": map[string]any{"text": "one two three four five six seven"}, "delay_ms": 50}})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stream, err := newClient(t, provider, url).Stream(ctx, hello())
			if err != nil {
				t.Fatal(err)
			}
			if !stream.Next() {
				t.Fatalf("no first event: %v", stream.Err())
			}
			cancel()
			started := time.Now()
			collect(t, stream)
			failure := asError(t, stream.Err())
			if failure.Kind() != wirechat.ErrorKindCancelled || !errors.Is(stream.Err(), context.Canceled) {
				t.Fatalf("want cancelled wrapping context.Canceled: %v", failure)
			}
			if elapsed := time.Since(started); elapsed > time.Second {
				t.Fatalf("cancellation took %v", elapsed)
			}
		})
	}
}

func TestTheKeyIsNeverShown(t *testing.T) {
	for _, provider := range providers {
		t.Run(provider, func(t *testing.T) {
			wrongKey := "sk-wrong-key-that-must-not-leak-42"
			url := serveFake(t, provider, []any{reply(map[string]any{"text": "x"})}, "--echo-key")
			c, err := client.New(provider, client.WithAPIKey(wrongKey), client.WithBaseURL(url), client.WithMaxRetries(0))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Chat(context.Background(), hello())
			failure := asError(t, err)
			if failure.Kind() != wirechat.ErrorKindAuthentication {
				t.Fatalf("want authentication: %v", failure)
			}
			data, _ := wirechat.Encode(failure.Failure)
			for _, text := range []string{err.Error(), fmt.Sprintf("%v %+v %#v %s", c, failure, failure, c), string(data)} {
				if strings.Contains(text, wrongKey) {
					t.Fatalf("the key leaked: %s", text)
				}
			}
		})
	}
}

func TestChatFaults(t *testing.T) {
	ok := reply(map[string]any{"text": "ok"})
	for _, provider := range providers {
		t.Run(provider+"/malformed body", func(t *testing.T) {
			url := serveFake(t, provider, []any{map[string]any{"reply": map[string]any{"text": "x"}, "fault": map[string]any{"type": "malformed", "after": 0}}})
			_, err := newClient(t, provider, url).Chat(context.Background(), hello())
			if failure := asError(t, err); failure.Kind() != wirechat.ErrorKindInvalidResponse || failure.Retryable() {
				t.Fatalf("a cut JSON body is invalid_response, not retried: %v", failure)
			}
		})
		t.Run(provider+"/dropped before answering, then ok", func(t *testing.T) {
			dropped := map[string]any{"reply": map[string]any{"text": "x"}, "fault": map[string]any{"type": "drop", "after": 0}}
			url := serveFake(t, provider, []any{dropped, ok})
			response, err := newClient(t, provider, url).Chat(context.Background(), hello())
			if err != nil || wirechat.MessageText(response.Message) != "ok" {
				t.Fatalf("a network failure is retried: %v", err)
			}
		})
	}
	t.Run("anthropic/warnings reach the handler", func(t *testing.T) {
		url := serveFake(t, "anthropic", []any{ok})
		var features []string
		c := newClient(t, "anthropic", url, client.WithWarningHandler(func(w adapters.Warning) { features = append(features, w.Feature) }))
		request := hello()
		temperature := 0.5
		request.Options = &wirechat.ChatOptions{Temperature: &temperature}
		if _, err := c.Chat(context.Background(), request); err != nil {
			t.Fatal(err)
		}
		if strings.Join(features, ",") != "options.max_tokens.absent,options.temperature" {
			t.Fatalf("warnings %v", features)
		}
	})
	t.Run("an invalid request is the caller's WireError, not sent", func(t *testing.T) {
		c := newClient(t, "openai-chat", "http://127.0.0.1:1")
		_, err := c.Chat(context.Background(), wirechat.ChatRequest{})
		var wireErr *wirechat.WireError
		if !errors.As(err, &wireErr) {
			t.Fatalf("want a *wirechat.WireError, got %T %v", err, err)
		}
	})
}
