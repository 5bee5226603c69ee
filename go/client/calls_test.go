package client_test

// Embed and Complete against `wirechat serve-fake openai-chat` (its /v1/embeddings and /v1/completions),
// with a retried 500, an unreadable answer, and the anthropic adapter, which has neither call.

import (
	"context"
	"errors"
	"testing"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

func TestEmbedKeepsInputOrderAndUsage(t *testing.T) {
	vectors := []any{[]any{0.5, -1.25}, []any{3, 0.125}}
	url := serveFake(t, "openai-chat", []any{
		map[string]any{"fault": map[string]any{"type": "status", "status": 500}},
		reply(map[string]any{"embeddings": vectors, "usage": map[string]any{"input": 7}}),
	})
	c := newClient(t, "openai-chat", url)
	model, dimensions := "embed-model", int64(2)
	response, err := c.Embed(context.Background(), wirechat.EmbedRequest{Model: &model, Inputs: []string{"a", "b"}, Dimensions: &dimensions})
	if err != nil {
		t.Fatal(err)
	}
	if len(response.Embeddings) != 2 || response.Embeddings[0][1] != -1.25 || response.Embeddings[1][0] != 3 {
		t.Fatalf("embeddings %v", response.Embeddings)
	}
	if response.Usage == nil || response.Usage.InputTokens != 7 || response.Usage.OutputTokens != 0 || response.Usage.TotalTokens != 7 {
		t.Fatalf("usage %+v", response.Usage)
	}
}

func TestComplete(t *testing.T) {
	url := serveFake(t, "openai-chat", []any{
		reply(map[string]any{"text": "lazy dog", "finish": "length", "id": "cmpl-1", "usage": map[string]any{"input": 4, "output": 2}}),
		map[string]any{"raw": map[string]any{"status": 200, "headers": map[string]any{}, "body": map[string]any{"choices": []any{}}}},
	})
	c := newClient(t, "openai-chat", url)
	model, limit := "m", int64(2)
	request := wirechat.CompleteRequest{Model: &model, Prompt: "the quick brown fox jumps over the", Options: &wirechat.ChatOptions{MaxTokens: &limit}}
	response, err := c.Complete(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	if response.Text != "lazy dog" || response.FinishReason.Kind != wirechat.FinishKindLength || response.ID == nil || *response.ID != "cmpl-1" {
		t.Fatalf("response %+v", response)
	}
	if response.Usage == nil || response.Usage.TotalTokens != 6 {
		t.Fatalf("usage %+v", response.Usage)
	}
	_, err = c.Complete(context.Background(), request)
	if failure := asError(t, err); failure.Kind() != wirechat.ErrorKindInvalidResponse {
		t.Fatalf("an answer without choices: %v", err)
	}
}

func TestCallsTheAdapterDoesNotHave(t *testing.T) {
	c := newClient(t, "anthropic", "http://127.0.0.1:9") // nothing is sent
	model := "m"
	_, err := c.Embed(context.Background(), wirechat.EmbedRequest{Model: &model, Inputs: []string{"a"}})
	var unsupported *client.UnsupportedCallError
	if !errors.As(err, &unsupported) || unsupported.Call != "embed" || unsupported.Adapter != "anthropic" {
		t.Fatalf("embed on anthropic: %v", err)
	}
	_, err = c.Complete(context.Background(), wirechat.CompleteRequest{Model: &model, Prompt: "x"})
	if !errors.As(err, &unsupported) || unsupported.Call != "complete" {
		t.Fatalf("complete on anthropic: %v", err)
	}
}
