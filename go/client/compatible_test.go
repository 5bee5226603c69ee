package client_test

// The client with the openai-compatible adapter against the real fake provider (serve-fake speaking the
// generic server, Ollama and Groq): chat, stream, a tool call, an error, a drop mid-stream; and what the
// profiles decide without a server: the default base URL, the placeholder key of servers that check none,
// the required key of those that do, Groq's SDK base-URL variable.

import (
	"context"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

var compatible = []string{"openai-compatible", "openai-compatible:ollama", "openai-compatible:groq"}

// serveCompatible starts serve-fake playing the profile of adapter (openai-compatible:<profile>) and returns
// the base URL a client takes: the servers' base URLs hold /v1.
func serveCompatible(t *testing.T, adapter string, turns []any) string {
	t.Helper()
	var extra []string
	if _, profile, ok := strings.Cut(adapter, ":"); ok {
		extra = []string{"--profile", profile}
	}
	return serveFake(t, "openai-compatible", turns, extra...) + "/v1"
}

func TestCompatibleChatStreamToolCallErrorDrop(t *testing.T) {
	for _, provider := range compatible {
		t.Run(provider+"/chat and stream", func(t *testing.T) {
			turn := reply(map[string]any{"text": "Hello there, friend!", "id": "r1", "model": "m1",
				"usage": map[string]any{"input": 120, "output": 5}})
			url := serveCompatible(t, provider, []any{turn, turn})
			c := newClient(t, provider, url)
			response, err := c.Chat(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			if got := wirechat.MessageText(response.Message); got != "Hello there, friend!" {
				t.Fatalf("text %q", got)
			}
			if response.Usage == nil || response.Usage.InputTokens != 120 || response.Usage.OutputTokens != 5 {
				t.Fatalf("usage %+v", response.Usage)
			}
			stream, err := c.Stream(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			streamed, err := stream.Response()
			if err != nil {
				t.Fatal(err)
			}
			if got := wirechat.MessageText(streamed.Message); got != "Hello there, friend!" {
				t.Fatalf("streamed text %q", got)
			}
			if streamed.Usage == nil || streamed.Usage.InputTokens != 120 {
				t.Fatalf("streamed usage %+v (Groq's arrives in x_groq.usage)", streamed.Usage)
			}
		})
		t.Run(provider+"/tool call streamed", func(t *testing.T) {
			calls := []any{map[string]any{"id": "call_a", "name": "get_weather", "arguments": map[string]any{"city": "Paris"}}}
			url := serveCompatible(t, provider, []any{reply(map[string]any{"tool_calls": calls, "chunk_size": 3})})
			stream, err := newClient(t, provider, url).Stream(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			response, err := stream.Response()
			if err != nil {
				t.Fatal(err)
			}
			got := wirechat.ToolCalls(response.Message)
			if len(got) != 1 || got[0].ID != "call_a" || got[0].Arguments != `{"city":"Paris"}` {
				t.Fatalf("tool calls %+v", got)
			}
			if response.FinishReason.Kind != wirechat.FinishKindToolCalls {
				t.Fatalf("finish %+v", response.FinishReason)
			}
		})
		t.Run(provider+"/404 error", func(t *testing.T) {
			missing := map[string]any{"fault": map[string]any{"type": "status", "status": 404}}
			url := serveCompatible(t, provider, []any{missing})
			_, err := newClient(t, provider, url).Chat(context.Background(), hello())
			failure := asError(t, err)
			if failure.Kind() != wirechat.ErrorKindNotFound || failure.Status() != 404 || failure.Attempts != 1 {
				t.Fatalf("want not_found after one attempt: %v", failure)
			}
		})
		t.Run(provider+"/drop mid-stream", func(t *testing.T) {
			long := "The quick brown fox jumps over the lazy dog, twice over."
			turn := map[string]any{"reply": map[string]any{"text": long}, "fault": map[string]any{"type": "drop", "after": 4}}
			url := serveCompatible(t, provider, []any{turn})
			stream, err := newClient(t, provider, url, client.WithMaxRetries(0)).Stream(context.Background(), hello())
			if err != nil {
				t.Fatal(err)
			}
			collect(t, stream)
			failure := asError(t, stream.Err())
			if failure.Kind() != wirechat.ErrorKindNetwork && failure.Kind() != wirechat.ErrorKindInvalidResponse {
				t.Fatalf("kind %s: %v", failure.Kind(), failure)
			}
			if failure.Partial == nil || !strings.HasPrefix(long, wirechat.MessageText(*failure.Partial)) ||
				wirechat.MessageText(*failure.Partial) == "" {
				t.Fatalf("the partial message is lost: %v", failure)
			}
		})
	}
}

func TestCompatibleProfileDefaults(t *testing.T) {
	for _, name := range []string{"OLLAMA_API_KEY", "GROQ_API_KEY", "GROQ_BASE_URL", "OPENAI_COMPATIBLE_API_KEY"} {
		t.Setenv(name, "")
	}
	ollama, err := client.New("openai-compatible:ollama")
	if err != nil {
		t.Fatalf("Ollama checks no key: its placeholder is sent: %v", err)
	}
	if got := ollama.String(); !strings.Contains(got, `base_url="http://localhost:11434/v1"`) {
		t.Fatalf("Ollama's base URL keeps its version path: %s", got)
	}
	if _, err := client.New("openai-compatible:groq"); err == nil || !strings.Contains(err.Error(), "GROQ_API_KEY") {
		t.Fatalf("Groq needs a key, named by its variable: %v", err)
	}
	t.Setenv("GROQ_BASE_URL", "https://groq.example/")
	groq, err := client.New("openai-compatible:groq", client.WithAPIKey(testKey))
	if err != nil {
		t.Fatal(err)
	}
	if got := groq.String(); !strings.Contains(got, `base_url="https://groq.example/openai/v1"`) {
		t.Fatalf("GROQ_BASE_URL is the server root, as Groq's SDK reads it: %s", got)
	}
	if _, err := client.New("openai-compatible:nope"); err == nil || !strings.Contains(err.Error(), "openai-compatible:ollama") {
		t.Fatalf("an unknown profile lists the known ones: %v", err)
	}
}
