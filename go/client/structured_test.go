package client_test

// Structured output against the real fake provider (serve-fake), for every provider mode the client has
// (Python's tests/tools/test_structured_output.py, and more providers): the schema reaches the provider's
// native field, a valid answer comes back validated (a struct, or a JSON value), invalid then valid is a
// retry that shows the model its mistake, invalid to the end is a *StructuredOutputError with the raw text;
// no retry unless asked; a bad schema and a profile that cannot carry a schema are refused before sending.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

type weatherAnswer struct {
	City        string `json:"city"`
	Temperature int    `json:"temperature"`
}

var countSchema = wirechat.JsonObject(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)

// recorder keeps each request body sent through it.
type recorder struct {
	mu     sync.Mutex
	bodies []map[string]any
}

func (r *recorder) RoundTrip(request *http.Request) (*http.Response, error) {
	data, err := io.ReadAll(request.Body)
	if err != nil {
		return nil, err
	}
	request.Body = io.NopCloser(bytes.NewReader(data))
	var body map[string]any
	if err := json.Unmarshal(data, &body); err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.bodies = append(r.bodies, body)
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(request)
}

func (r *recorder) sent() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.bodies
	r.bodies = nil
	return out
}

func structuredClient(t *testing.T, provider, url string, rec *recorder) *client.Client {
	t.Helper()
	c, err := client.New(provider, client.WithAPIKey(testKey), client.WithBaseURL(url), client.WithMaxRetries(0),
		client.WithHTTPClient(&http.Client{Transport: rec}),
		client.WithTimeouts(client.Timeouts{Connect: 2 * time.Second, Read: 5 * time.Second, Total: 20 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func answerTurn(text string) map[string]any {
	return map[string]any{"reply": map[string]any{"text": text, "usage": map[string]any{"input": 20, "output": 7}}}
}

func structuredRequest() wirechat.ChatRequest {
	model := "fake-model"
	return wirechat.ChatRequest{Model: &model, Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris?")},
		Options: &wirechat.ChatOptions{MaxTokens: wirechat.Ptr(int64(100))}}
}

func jsonValue(t *testing.T, text string) any {
	t.Helper()
	var value any
	if err := json.Unmarshal([]byte(text), &value); err != nil {
		t.Fatal(err)
	}
	return value
}

func at(body map[string]any, path ...string) any {
	var value any = body
	for _, key := range path {
		object, _ := value.(map[string]any)
		value = object[key]
	}
	return value
}

// nativeSchema is the schema each adapter put in its provider's own field (as Python's adapters do).
var nativeSchema = map[string]func(t *testing.T, body map[string]any) any{
	"openai-chat": func(t *testing.T, body map[string]any) any {
		if at(body, "response_format", "type") != "json_schema" || at(body, "response_format", "json_schema", "name") != "response" {
			t.Fatalf("response_format: %v", body["response_format"])
		}
		return at(body, "response_format", "json_schema", "schema")
	},
	"anthropic": func(t *testing.T, body map[string]any) any {
		if at(body, "output_config", "format", "type") != "json_schema" {
			t.Fatalf("output_config: %v", body["output_config"])
		}
		return at(body, "output_config", "format", "schema")
	},
	"gemini": func(t *testing.T, body map[string]any) any {
		if at(body, "generationConfig", "responseMimeType") != "application/json" {
			t.Fatalf("generationConfig: %v", body["generationConfig"])
		}
		return at(body, "generationConfig", "responseJsonSchema")
	},
	"openai-responses": func(t *testing.T, body map[string]any) any {
		if at(body, "text", "format", "type") != "json_schema" || at(body, "text", "format", "name") != "response" {
			t.Fatalf("text.format: %v", body["text"])
		}
		return at(body, "text", "format", "schema")
	},
}

func init() { nativeSchema["openai-compatible:ollama"] = nativeSchema["openai-chat"] }

func TestStructuredOutputOnEachProvider(t *testing.T) {
	for _, provider := range []string{"openai-chat", "anthropic", "gemini", "openai-responses", "openai-compatible:ollama"} {
		t.Run(provider, func(t *testing.T) {
			url := serveFake(t, provider, []any{
				answerTurn(`{"city": "Paris", "temperature": 18}`),
				answerTurn("Sure! Here it is"), answerTurn(`{"n": 3}`),
				answerTurn(`{"n": "three"}`), answerTurn(`{"m": 1}`),
				answerTurn(`{"city": "Paris", "temperature": "warm"}`),
			})
			if strings.HasPrefix(provider, "openai-compatible") {
				url += "/v1"
			}
			rec := &recorder{}
			c := structuredClient(t, provider, url, rec)
			ctx := context.Background()

			// a valid answer comes back as a T; the reflected schema is in the provider's native field
			answer, err := client.ChatOutput[weatherAnswer](ctx, c, structuredRequest())
			if err != nil {
				t.Fatal(err)
			}
			if answer.Value != (weatherAnswer{"Paris", 18}) || answer.Response.Usage == nil || answer.Response.Usage.InputTokens != 20 {
				t.Fatalf("answer %+v", answer)
			}
			sent := rec.sent()
			schema, _ := nativeSchema[provider](t, sent[0]).(map[string]any)
			if len(sent) != 1 || !reflect.DeepEqual(schema["required"], []any{"city", "temperature"}) || schema["additionalProperties"] != false {
				t.Fatalf("sent %d, schema %v", len(sent), schema)
			}

			// invalid then valid: the retry shows the model its answer and the problems
			value, err := client.ChatSchema(ctx, c, structuredRequest(), countSchema, client.WithOutputRetries(1))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(value.Value, map[string]any{"n": json.Number("3")}) {
				t.Fatalf("value %#v", value.Value)
			}
			sent = rec.sent()
			second, _ := json.Marshal(sent[1])
			if len(sent) != 2 || !strings.Contains(string(second), "does not match the required JSON schema: not JSON") ||
				!strings.Contains(string(second), "Sure! Here it is") {
				t.Fatalf("second request: %s", second)
			}
			if got := nativeSchema[provider](t, sent[1]); !reflect.DeepEqual(got, jsonValue(t, string(countSchema))) {
				t.Fatalf("schema sent %v", got)
			}

			// invalid to the end: the error, with the raw text, the problems and the attempts
			_, err = client.ChatSchema(ctx, c, structuredRequest(), countSchema, client.WithOutputRetries(1))
			var failure *client.StructuredOutputError
			if !errors.As(err, &failure) || !errors.Is(err, client.ErrStructuredOutput) {
				t.Fatalf("want a StructuredOutputError, got %v", err)
			}
			if failure.Attempts != 2 || failure.Raw != `{"m": 1}` || !reflect.DeepEqual(failure.Problems, []string{"/: missing property 'n'"}) {
				t.Fatalf("error %+v", failure)
			}
			want := `the answer does not match the output schema after 2 attempt(s): /: missing property 'n' (raw text: "{\"m\": 1}")`
			if err.Error() != want {
				t.Fatalf("message %q", err.Error())
			}
			second, _ = json.Marshal(rec.sent()[1])
			if !strings.Contains(string(second), "/n: got string, want integer") {
				t.Fatalf("second request: %s", second)
			}

			// no retry unless asked
			_, err = client.ChatOutput[weatherAnswer](ctx, c, structuredRequest())
			if !errors.As(err, &failure) || failure.Attempts != 1 || len(rec.sent()) != 1 ||
				!reflect.DeepEqual(failure.Problems, []string{"/temperature: got string, want integer"}) {
				t.Fatalf("want one attempt, got %v", err)
			}
		})
	}
}

// refusing is a Chatter that must not be called.
type refusing struct{ t *testing.T }

func (r refusing) Chat(context.Context, wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	r.t.Fatal("nothing should be sent")
	return wirechat.ChatResponse{}, nil
}

func TestStructuredOutputRefusedBeforeSending(t *testing.T) {
	ctx := context.Background()
	if _, err := client.ChatSchema(ctx, refusing{t}, structuredRequest(), wirechat.JsonObject(`{"type":"objekt"}`)); err == nil ||
		!strings.Contains(err.Error(), "the output schema is not a valid JSON Schema") {
		t.Fatalf("a bad schema: %v", err)
	}
	if _, err := client.ChatOutput[string](ctx, refusing{t}, structuredRequest()); err == nil || !strings.Contains(err.Error(), "struct type") {
		t.Fatalf("a non-struct: %v", err)
	}
	if _, err := client.ChatSchema(ctx, refusing{t}, structuredRequest(), countSchema, client.WithOutputRetries(-1)); err == nil {
		t.Fatal("negative retries accepted")
	}
	deepseek, err := client.New("openai-compatible:deepseek", client.WithAPIKey(testKey), client.WithBaseURL("http://127.0.0.1:9"))
	if err != nil {
		t.Fatal(err)
	}
	var refused *adapters.RefusedError
	if _, err := client.ChatSchema(ctx, deepseek, structuredRequest(), countSchema); !errors.As(err, &refused) || refused.Feature != "response_format.json_schema" {
		t.Fatalf("DeepSeek takes only json_object, as in Python: %v", err)
	}
}

// scripted answers in order and keeps the requests.
type scripted struct {
	answers []string
	sent    []wirechat.ChatRequest
}

func (s *scripted) Chat(_ context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	s.sent = append(s.sent, request)
	text := s.answers[len(s.sent)-1]
	return wirechat.ChatResponse{Message: wirechat.TextMessage(wirechat.RoleAssistant, text)}, nil
}

func TestStructuredOutputKeepsTheCallersRequest(t *testing.T) {
	model := &scripted{answers: []string{`[1, "x"]`, `[1, 2]`}}
	request := structuredRequest()
	answer, err := client.ChatSchema(context.Background(), model, request, wirechat.JsonObject(`{"type":"array","items":{"type":"integer"}}`), client.WithOutputRetries(1))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(answer.Value, []any{json.Number("1"), json.Number("2")}) {
		t.Fatalf("value %#v", answer.Value)
	}
	if request.Options.ResponseFormat != nil || len(request.Messages) != 1 {
		t.Fatalf("the caller's request was changed: %+v", request)
	}
	if *model.sent[0].Options.MaxTokens != 100 || len(model.sent[1].Messages) != 3 {
		t.Fatalf("sent %+v", model.sent)
	}
	note := wirechat.MessageText(model.sent[1].Messages[2])
	if note != "That answer does not match the required JSON schema: /1: got string, want integer. Answer again." {
		t.Fatalf("note %q", note)
	}
}

// Schemas are compiled once and shared (a compiled schema is safe for concurrent use): calls from many
// goroutines, each with its own model, all validate (run with -race).
func TestStructuredOutputConcurrentCalls(t *testing.T) {
	var wg sync.WaitGroup
	failures := make(chan error, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers := []string{`{"city": "Paris"}`, fmt.Sprintf(`{"city": "Paris", "temperature": %d}`, i)}
			answer, err := client.ChatOutput[weatherAnswer](context.Background(), &scripted{answers: answers}, structuredRequest(), client.WithOutputRetries(1))
			if err == nil && answer.Value.Temperature != i {
				err = fmt.Errorf("goroutine %d got %+v", i, answer.Value)
			}
			if err != nil {
				failures <- err
			}
		}()
	}
	wg.Wait()
	close(failures)
	for err := range failures {
		t.Error(err)
	}
}
