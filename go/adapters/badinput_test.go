package adapters_test

// Bad provider input where no Python vector can stand in (Python invents a tool-call id "call_<n>" or
// name "unknown" in a stream; the Go decoders, as issue 16 asks, do not): every case must end in an
// invalid_response error event, never in a response with an invented value. Unknown event types are
// skipped, not fatal.

import (
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/anthropic"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/wirechat"
)

func feedAll(decoder adapters.StreamDecoder, events []adapters.SseEvent) []wirechat.StreamEvent {
	var out []wirechat.StreamEvent
	for _, event := range events {
		out = append(out, decoder.Feed(event)...)
	}
	return append(out, decoder.Close()...)
}

func oa(delta, finish string) adapters.SseEvent {
	return adapters.SseEvent{Data: `{"id":"c1","model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}`}
}

func an(data string) adapters.SseEvent { return adapters.SseEvent{Data: data} }

func TestBadStreamsAreInvalidResponses(t *testing.T) {
	start := an(`{"type":"message_start","message":{"id":"msg","model":"m","usage":{"input_tokens":3,"output_tokens":1}}}`)
	cases := []struct {
		name    string
		decoder adapters.StreamDecoder
		events  []adapters.SseEvent
	}{
		{"openai: tool call without id", openaichat.NewStreamDecoder(), []adapters.SseEvent{
			oa(`{"tool_calls":[{"index":0,"type":"function","function":{"name":"f","arguments":""}}]}`, "null"),
			oa(`{}`, `"tool_calls"`), {Data: "[DONE]"}}},
		{"openai: tool call without name", openaichat.NewStreamDecoder(), []adapters.SseEvent{
			oa(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"arguments":"{}"}}]}`, "null"),
			oa(`{}`, `"tool_calls"`), {Data: "[DONE]"}}},
		{"openai: chunk cut mid-JSON", openaichat.NewStreamDecoder(), []adapters.SseEvent{
			oa(`{"content":"hi"}`, "null"), {Data: `{"id":"c1","choices":[{"index":0,"delta":{"cont`}}},
		{"openai: a chunk that is not an object", openaichat.NewStreamDecoder(), []adapters.SseEvent{{Data: `[1,2]`}}},
		{"openai: stream cut before the finish", openaichat.NewStreamDecoder(), []adapters.SseEvent{oa(`{"content":"hi"}`, "null")}},
		{"openai: a negative token count", openaichat.NewStreamDecoder(), []adapters.SseEvent{
			oa(`{"content":"hi"}`, `"stop"`), {Data: `{"choices":[],"usage":{"prompt_tokens":-1}}`}, {Data: "[DONE]"}}},
		{"anthropic: tool_use without id", anthropic.NewStreamDecoder(), []adapters.SseEvent{start,
			an(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","name":"f","input":{}}}`),
			an(`{"type":"content_block_stop","index":0}`), an(`{"type":"message_stop"}`)}},
		{"anthropic: tool_use without name", anthropic.NewStreamDecoder(), []adapters.SseEvent{start,
			an(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","input":{}}}`),
			an(`{"type":"content_block_stop","index":0}`), an(`{"type":"message_stop"}`)}},
		{"anthropic: event cut mid-JSON", anthropic.NewStreamDecoder(), []adapters.SseEvent{start, an(`{"type":"content_block_start","ind`)}},
		{"anthropic: cut before message_stop", anthropic.NewStreamDecoder(), []adapters.SseEvent{start,
			an(`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`),
			an(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"partial"}}`)}},
		{"anthropic: redacted thinking without data", anthropic.NewStreamDecoder(), []adapters.SseEvent{start,
			an(`{"type":"content_block_start","index":0,"content_block":{"type":"redacted_thinking"}}`)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			events := feedAll(tc.decoder, tc.events)
			if len(events) == 0 {
				t.Fatal("no events")
			}
			last, ok := events[len(events)-1].(*wirechat.ErrorEvent)
			if !ok || last.Error.Kind != wirechat.ErrorKindInvalidResponse {
				t.Fatalf("want a final invalid_response error event, got %#v", events[len(events)-1])
			}
			for _, event := range events {
				if start, ok := event.(*wirechat.ToolCallStartEvent); ok && (start.ID == "" || start.Name == "") {
					t.Fatalf("an invented or empty tool call: %+v", start)
				}
			}
			if _, err := wirechat.Fold(events); err == nil {
				t.Fatal("the stream must not fold to a response")
			}
		})
	}
}

func TestUnknownEventTypesAreSkipped(t *testing.T) {
	events := feedAll(anthropic.NewStreamDecoder(), []adapters.SseEvent{
		an(`{"type":"message_start","message":{"id":"msg","model":"m"}}`),
		an(`{"type":"ping"}`), an(`{"type":"brand_new_event","x":1}`),
		an(`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`),
		an(`{"type":"content_block_delta","index":0,"delta":{"type":"brand_new_delta","x":1}}`),
		an(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}`),
		an(`{"type":"content_block_stop","index":0}`),
		an(`{"type":"message_delta","delta":{"stop_reason":"brand_new_reason"}}`), an(`{"type":"message_stop"}`),
	})
	response, err := wirechat.Fold(events)
	if err != nil {
		t.Fatal(err)
	}
	if wirechat.MessageText(response.Message) != "ok" || response.FinishReason.Kind != wirechat.FinishKindOther ||
		*response.FinishReason.Raw != "brand_new_reason" {
		t.Fatalf("got %+v", response)
	}
}
