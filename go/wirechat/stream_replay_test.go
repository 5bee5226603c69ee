package wirechat_test

// EventsFromResponse: a whole response as a stream that folds back to it byte for byte, its text cut into
// pieces of at most n characters and never inside a UTF-8 sequence.

import (
	"testing"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestEventsFromResponseFoldBackToTheResponse(t *testing.T) {
	text := `{"message": {"role": "assistant", "parts": [
		{"type": "reasoning", "reasoning": {"text": "", "signature": "c2lnbmF0dXJl", "issuer": "anthropic"}},
		{"type": "text", "text": "héllo wörld, ünïcode 🙂 and more than sixteen characters"},
		{"type": "tool_call", "tool_call": {"id": "c1", "name": "f", "arguments": "{\"city\":\"Zürich\"}"}},
		{"type": "image", "image": {"source": "url", "url": "https://example.com/a.png"}}]},
		"finish_reason": {"kind": "tool_calls", "raw": "ToolCalls"}, "id": "r1", "model": "m",
		"usage": {"input_tokens": 3, "output_tokens": 4, "total_tokens": 7}}`
	response, err := wirechat.Decode[wirechat.ChatResponse]([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	events, err := wirechat.EventsFromResponse(response, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, event := range events {
		if delta, ok := event.(*wirechat.TextDeltaEvent); ok && (!utf8.ValidString(delta.Text) || utf8.RuneCountInString(delta.Text) > 4) {
			t.Errorf("delta %q is not whole characters, 4 at most", delta.Text)
		}
	}
	folded, err := wirechat.Fold(events)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := wirechat.Canonical(response)
	got, _ := wirechat.Canonical(folded)
	if string(got) != string(want) {
		t.Errorf("folded to\n%s\nwant\n%s", got, want)
	}
	response.Message.Name = wirechat.Ptr("n")
	if _, err := wirechat.EventsFromResponse(response, 4); err == nil {
		t.Error("a message with a name streamed")
	}
}
