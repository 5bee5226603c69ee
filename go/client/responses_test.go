package client_test

// openai-responses against the fake provider beyond the shared client tests (client_test.go runs it with
// the other adapters): a whole tool turn, the call read from a non-streamed reply and answered with its
// result in the next request (a function_call item and a function_call_output item in input); and a reply
// with encrypted reasoning, a web search OpenAI ran and a citation of it, read the same whole and streamed,
// then sent back in the next request.

import (
	"context"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

func TestResponsesToolTurnAgainstTheFakeProvider(t *testing.T) {
	calls := []any{map[string]any{"id": "call_a", "name": "get_weather", "arguments": map[string]any{"city": "Paris"}}}
	url := serveFake(t, "openai-responses", []any{
		reply(map[string]any{"tool_calls": calls}),
		reply(map[string]any{"text": "Sunny in Paris."}),
	})
	c := newClient(t, "openai-responses", url)
	request := hello()
	description := "the weather"
	request.Tools = []wirechat.ToolDefinition{{Name: "get_weather", Description: &description,
		InputSchema: wirechat.JsonObject(`{"type":"object","properties":{"city":{"type":"string"}}}`)}}
	first, err := c.Chat(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	got := wirechat.ToolCalls(first.Message)
	if len(got) != 1 || got[0].ID != "call_a" || got[0].Arguments != `{"city":"Paris"}` || first.FinishReason.Kind != wirechat.FinishKindToolCalls {
		t.Fatalf("tool call %+v, finish %+v", got, first.FinishReason)
	}
	request.Messages = append(request.Messages, first.Message,
		wirechat.ToolResultMessage(wirechat.ToolResult{ToolCallID: "call_a", Content: `{"sky":"clear"}`}))
	second, err := c.Chat(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	if text := wirechat.MessageText(second.Message); text != "Sunny in Paris." {
		t.Fatalf("text %q", text)
	}
}

func TestResponsesReasoningSearchAndCitationsWholeAndStreamed(t *testing.T) {
	turn := reply(map[string]any{
		"text": "It is sunny in Paris.", "reasoning": map[string]any{"text": "look it up", "signature": "ENC"},
		"web_search": map[string]any{"id": "ws_1", "query": "paris weather",
			"results": []any{map[string]any{"url": "https://example.com/w", "title": "W", "cited_text": "sunny"}}},
	})
	url := serveFake(t, "openai-responses", []any{turn, turn, reply(map[string]any{"text": "ok"})})
	c := newClient(t, "openai-responses", url)
	whole, err := c.Chat(context.Background(), hello())
	if err != nil {
		t.Fatal(err)
	}
	stream, err := c.Stream(context.Background(), hello())
	if err != nil {
		t.Fatal(err)
	}
	streamed, err := stream.Response()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := wirechat.Canonical(whole.Message)
	b, _ := wirechat.Canonical(streamed.Message)
	if string(a) != string(b) {
		t.Fatalf("streamed and whole messages differ:\n%s\n%s", b, a)
	}
	var reasoning *wirechat.ReasoningPart
	var search *wirechat.ProviderToolCallPart
	var text *wirechat.TextPart
	for _, part := range whole.Message.Parts {
		switch p := part.(type) {
		case *wirechat.ReasoningPart:
			reasoning = p
		case *wirechat.ProviderToolCallPart:
			search = p
		case *wirechat.TextPart:
			text = p
		}
	}
	if reasoning == nil || *reasoning.Reasoning.Issuer != "openai" || *reasoning.Reasoning.RedactedData != "ENC" || *reasoning.Reasoning.Signature != "rs_fake" {
		t.Fatalf("reasoning %s", a)
	}
	if search == nil || search.ProviderToolCall.Name != "web_search" || search.ProviderToolCall.Issuer != "openai" {
		t.Fatalf("web search %s", a)
	}
	if text == nil || len(text.Citations) != 1 || *text.Citations[0].URL != "https://example.com/w" || *text.Citations[0].StartIndex != 6 {
		t.Fatalf("citation %s", a)
	}
	var warnings []adapters.Warning
	next := hello()
	next.Messages = append(next.Messages, whole.Message, wirechat.TextMessage(wirechat.RoleUser, "and tomorrow?"))
	third, err := newClient(t, "openai-responses", url, client.WithWarningHandler(func(w adapters.Warning) { warnings = append(warnings, w) })).Chat(context.Background(), next)
	if err != nil {
		t.Fatal(err)
	}
	if wirechat.MessageText(third.Message) != "ok" || len(warnings) != 0 {
		t.Fatalf("third turn %q, warnings %v", wirechat.MessageText(third.Message), warnings)
	}
}
