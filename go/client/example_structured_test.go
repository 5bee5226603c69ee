package client_test

// The README's structured output example, run by go test against a stand-in OpenAI Chat server that
// answers without a temperature first, then with one.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

func standInStructured() *httptest.Server {
	answers := []string{`{"city": "Paris"}`, `{"city": "Paris", "temperature": 18}`}
	var turn atomic.Int32
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		text := answers[min(int(turn.Add(1))-1, len(answers)-1)]
		reply, _ := wirechat.ToJSON(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4.1",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": text}}}})
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(reply)
	}))
}

type Weather struct {
	City        string `json:"city"`
	Temperature int    `json:"temperature" jsonschema:"description=degrees Celsius"`
}

func ExampleChatOutput() {
	server := standInStructured()
	defer server.Close()
	c, err := client.New("openai-chat", client.WithAPIKey("sk-example"), client.WithBaseURL(server.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	request := wirechat.ChatRequest{Model: wirechat.Ptr("gpt-4.1"),
		Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris, as JSON?")}}

	answer, err := client.ChatOutput[Weather](ctx, c, request, client.WithOutputRetries(1))
	var invalid *client.StructuredOutputError
	if errors.As(err, &invalid) {
		fmt.Println(invalid.Attempts, invalid.Problems, invalid.Raw)
		return
	} else if err != nil {
		panic(err)
	}
	fmt.Println(answer.Value.City, answer.Value.Temperature)
	// Output: Paris 18
}
