package adapters_test

// The openai-responses adapter beyond its shared vectors: streams that no Python vector holds (an item that
// ends as another type than it began, a call without its call_id) end in invalid_response, never in a panic
// or an invented value; any stream of the vector files cut or reordered decodes without a panic; and
// signed reasoning and provider-run items are replayed only to OpenAI (spec sections 10 and 15).

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/openairesponses"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func re(data string) adapters.SseEvent { return adapters.SseEvent{Data: data} }

func lastError(t *testing.T, events []wirechat.StreamEvent) wirechat.Error {
	t.Helper()
	if len(events) == 0 {
		t.Fatal("no events")
	}
	failure, ok := events[len(events)-1].(*wirechat.ErrorEvent)
	if !ok {
		t.Fatalf("the stream did not end in an error: %#v", events[len(events)-1])
	}
	return failure.Error
}

func TestResponsesItemDoneAsAnotherTypeIsAnInvalidResponseNotAPanic(t *testing.T) {
	created := re(`{"type":"response.created","response":{"id":"r","model":"m"}}`)
	cases := map[string][]adapters.SseEvent{
		"call done as an unknown type": {created,
			re(`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","call_id":"c1","name":"f","arguments":""}}`),
			re(`{"type":"response.output_item.done","output_index":0,"item":{"type":"brand_new_item"}}`)},
		"reasoning done as an unknown type": {created,
			re(`{"type":"response.output_item.added","output_index":0,"item":{"type":"reasoning","summary":[]}}`),
			re(`{"type":"response.output_item.done","output_index":0,"item":{"type":"brand_new_item"}}`)},
		"function call without call_id": {created,
			re(`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","name":"f","arguments":""}}`)},
		"text delta for no item": {created,
			re(`{"type":"response.output_text.delta","output_index":3,"content_index":0,"delta":"x"}`)},
	}
	for name, events := range cases {
		t.Run(name, func(t *testing.T) {
			failure := lastError(t, feedAll(openairesponses.NewStreamDecoder(), events))
			if failure.Kind != wirechat.ErrorKindInvalidResponse {
				t.Fatalf("kind %s: %s", failure.Kind, failure.Message)
			}
		})
	}
}

// TestResponsesStreamsCutOrReorderedNeverPanic feeds every stream of the vector files with one event left
// out (about 30 positions each), and reversed: the decoder may end in an error, never in a panic.
func TestResponsesStreamsCutOrReorderedNeverPanic(t *testing.T) {
	streams := 0
	for _, v := range readVectors(t, "openai-responses") {
		if v.Kind != "stream" {
			continue
		}
		streams++
		var events []adapters.SseEvent
		for _, raw := range v.Events {
			var event struct {
				Event *string `json:"event"`
				Data  string  `json:"data"`
			}
			if err := json.Unmarshal(raw, &event); err != nil {
				t.Fatal(err)
			}
			events = append(events, adapters.SseEvent{Data: event.Data})
		}
		step := max(1, len(events)/30) // at most about 30 cuts of the long recorded streams
		for skip := 0; skip < len(events); skip += step {
			left := append(append([]adapters.SseEvent{}, events[:skip]...), events[skip+1:]...)
			run(t, v.Description+fmt.Sprintf(" without event %d", skip), left)
		}
		reversed := make([]adapters.SseEvent, len(events))
		for i, event := range events {
			reversed[len(events)-1-i] = event
		}
		run(t, v.Description+" reversed", reversed)
	}
	if streams < 50 {
		t.Fatalf("only %d stream vectors", streams)
	}
}

func run(t *testing.T, name string, events []adapters.SseEvent) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic %v", name, r)
		}
	}()
	_, _ = wirechat.Fold(feedAll(openairesponses.NewStreamDecoder(), events))
}

func TestResponsesReplaysSignedReasoningOnlyToOpenAI(t *testing.T) {
	request := decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [
		{"role": "user", "parts": [{"type": "text", "text": "hi"}]},
		{"role": "assistant", "parts": [
			{"type": "reasoning", "reasoning": {"text": "mine", "signature": "rs_1", "redacted_data": "ENC", "issuer": "openai"}},
			{"type": "reasoning", "reasoning": {"text": "theirs", "signature": "sig", "issuer": "anthropic"}},
			{"type": "provider_tool_call", "provider_tool_call": {"id": "ws_1", "name": "web_search", "issuer": "openai",
				"block": {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "q"}}}},
			{"type": "text", "text": "done"}]}]}`)
	body, warnings, err := openairesponses.Adapter.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	wantPointers(t, warnings, "reasoning.foreign", "/messages/1/parts/1")
	sent := providerjson.MustCompact(body.Get("input"))
	want := `[{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]},` +
		`{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"mine"}],"encrypted_content":"ENC"},` +
		`{"type":"web_search_call","id":"ws_1","status":"completed","action":{"type":"search","query":"q"}},` +
		`{"type":"message","role":"assistant","content":"done"}]`
	if sent != want {
		t.Fatalf("input\n got %s\nwant %s", sent, want)
	}
	if strings.Contains(sent, "theirs") {
		t.Fatal("reasoning Anthropic signed was sent to OpenAI")
	}
}
