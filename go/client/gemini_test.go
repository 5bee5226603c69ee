package client_test

// The client with the gemini adapter against `wirechat serve-fake gemini`: the model travels in the URL
// (the fake reads it from /v1beta/models/{model}:generateContent and answers with it as modelVersion),
// chat and stream fold to the same response, streamed function calls, errors with their retries, a drop
// mid-stream keeping the partial message, and embeddings through :batchEmbedContents.

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestGeminiChatAndStreamRouteTheModelInTheURL(t *testing.T) {
	turn := reply(map[string]any{"text": "Hello there, friend!", "id": "r1",
		"usage": map[string]any{"input": 120, "output": 5, "cache_read": 100}})
	url := serveFake(t, "gemini", []any{turn, turn})
	c := newClient(t, "gemini", url)
	response, err := c.Chat(context.Background(), hello())
	if err != nil {
		t.Fatal(err)
	}
	if got := wirechat.MessageText(response.Message); got != "Hello there, friend!" {
		t.Fatalf("text %q", got)
	}
	if model := response.Model; model == nil || *model != "test-model" {
		t.Fatalf("model %s: the fake answers with the model it read from the URL", describe(model))
	}
	if response.Usage == nil || response.Usage.InputTokens != 120 || *response.Usage.CacheReadInputTokens != 100 {
		t.Fatalf("usage %+v", response.Usage)
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
		t.Fatalf("only %d events: the stream was not asked for by URL (:streamGenerateContent?alt=sse)", len(events))
	}
	response.ProviderMetadata, streamed.ProviderMetadata = nil, nil
	a, _ := wirechat.Canonical(response)
	b, _ := wirechat.Canonical(streamed)
	if string(a) != string(b) {
		t.Fatalf("streamed and whole responses differ:\n%s\n%s", b, a)
	}
}

func TestGeminiToolCallsStreamed(t *testing.T) {
	calls := []any{
		map[string]any{"id": "call_a", "name": "get_weather", "arguments": map[string]any{"city": "Paris", "unit": "c"}},
		map[string]any{"id": "call_b", "name": "get_weather", "arguments": map[string]any{"city": "Oslo"}},
	}
	url := serveFake(t, "gemini", []any{reply(map[string]any{"tool_calls": calls})})
	stream, err := newClient(t, "gemini", url).Stream(context.Background(), hello())
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
	if response.FinishReason.Raw == nil || *response.FinishReason.Raw != "STOP" {
		t.Fatalf("finish %+v: Gemini ends a function call with STOP", response.FinishReason)
	}
}

func TestGeminiErrors(t *testing.T) {
	ok := reply(map[string]any{"text": "ok"})
	t.Run("429 then ok", func(t *testing.T) {
		limited := map[string]any{"fault": map[string]any{"type": "status", "status": 429, "retry_after_ms": 30}}
		url := serveFake(t, "gemini", []any{limited, ok})
		if _, err := newClient(t, "gemini", url).Chat(context.Background(), hello()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("429 x-should-retry false", func(t *testing.T) {
		limited := map[string]any{"fault": map[string]any{"type": "status", "status": 429, "should_retry": false}}
		url := serveFake(t, "gemini", []any{limited, ok})
		_, err := newClient(t, "gemini", url).Chat(context.Background(), hello())
		failure := asError(t, err)
		if failure.Kind() != wirechat.ErrorKindRateLimited || failure.Attempts != 1 || failure.Status() != 429 {
			t.Fatalf("want one attempt, rate_limited: %v", failure)
		}
		if failure.Failure.ProviderCode == nil || *failure.Failure.ProviderCode != "RESOURCE_EXHAUSTED" {
			t.Fatalf("provider_code %v: the google.rpc status", failure.Failure.ProviderCode)
		}
	})
	t.Run("500 three times", func(t *testing.T) {
		broken := map[string]any{"fault": map[string]any{"type": "status", "status": 500}, "repeat": 3}
		url := serveFake(t, "gemini", []any{broken, ok})
		_, err := newClient(t, "gemini", url).Chat(context.Background(), hello())
		if failure := asError(t, err); failure.Kind() != wirechat.ErrorKindProvider || failure.Attempts != 3 {
			t.Fatalf("want provider after 3 attempts: %v", failure)
		}
	})
}

func TestGeminiDropMidStreamKeepsThePartialMessage(t *testing.T) {
	long := "The quick brown fox jumps over the lazy dog, twice over."
	turn := map[string]any{"reply": map[string]any{"text": long, "usage": map[string]any{"input": 7, "output": 9}},
		"fault": map[string]any{"type": "drop", "after": 4}}
	url := serveFake(t, "gemini", []any{turn})
	stream, err := newClient(t, "gemini", url).Stream(context.Background(), hello())
	if err != nil {
		t.Fatal(err)
	}
	collect(t, stream)
	failure := asError(t, stream.Err())
	if failure.Kind() != wirechat.ErrorKindNetwork && failure.Kind() != wirechat.ErrorKindInvalidResponse {
		t.Fatalf("kind %s: %v", failure.Kind(), failure)
	}
	if failure.Partial == nil {
		t.Fatalf("the partial message is lost: %v", failure)
	}
	if text := wirechat.MessageText(*failure.Partial); text == "" || !strings.HasPrefix(long, text) {
		t.Fatalf("partial text %q is not a prefix of the reply", text)
	}
}

func TestGeminiEmbed(t *testing.T) {
	vectors := []any{[]any{0.5, -1.25}, []any{3, 0.125}}
	url := serveFake(t, "gemini", []any{reply(map[string]any{"embeddings": vectors})})
	model, dimensions := "embed-model", int64(2)
	response, err := newClient(t, "gemini", url).Embed(context.Background(),
		wirechat.EmbedRequest{Model: &model, Inputs: []string{"a", "b"}, Dimensions: &dimensions})
	if err != nil {
		t.Fatal(err)
	}
	if len(response.Embeddings) != 2 || response.Embeddings[0][1] != -1.25 || response.Embeddings[1][0] != 3 {
		t.Fatalf("embeddings %v", response.Embeddings)
	}
}

func describe(s *string) string {
	if s == nil {
		return "absent"
	}
	return strconv.Quote(*s)
}
