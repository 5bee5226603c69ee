package wirechat_test

// Fold follows the fold law of schema/README.md, section 9: parallel tool calls stay apart, reasoning
// signatures concatenate, and a failed, cut or malformed stream reports what arrived.

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func events(t *testing.T, lines ...string) []wirechat.StreamEvent {
	t.Helper()
	out := make([]wirechat.StreamEvent, 0, len(lines))
	for _, line := range lines {
		event, err := wirechat.Decode[wirechat.StreamEvent]([]byte(line))
		if err != nil {
			t.Fatalf("event %s: %v", line, err)
		}
		out = append(out, event)
	}
	return out
}

func canonicalString(t *testing.T, v any) string {
	t.Helper()
	data, err := wirechat.Canonical(v)
	if err != nil {
		t.Fatalf("canonical: %v", err)
	}
	return string(data)
}

func TestFoldInterleavedToolCallsAndSignedReasoning(t *testing.T) {
	stream := events(t,
		`{"type":"start","id":"r1","model":"m"}`,
		`{"type":"reasoning_start","index":0,"issuer":"anthropic"}`,
		`{"type":"reasoning_delta","index":0,"text":"think"}`,
		`{"type":"reasoning_delta","index":0,"signature":"ab"}`,
		`{"type":"reasoning_delta","index":0,"signature":"cd"}`,
		`{"type":"reasoning_end","index":0}`,
		`{"type":"tool_call_start","index":1,"id":"c1","name":"a"}`,
		`{"type":"tool_call_start","index":2,"id":"c2","name":"b"}`,
		`{"type":"tool_call_delta","index":2,"arguments":"{\"y\""}`,
		`{"type":"tool_call_delta","index":1,"arguments":"{\"x\":1}"}`,
		`{"type":"tool_call_delta","index":2,"arguments":":2}"}`,
		`{"type":"tool_call_end","index":2}`,
		`{"type":"tool_call_end","index":1,"provider_metadata":{"p":{"k":1}}}`,
		`{"type":"usage","usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}`,
		`{"type":"usage","usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}}`,
		`{"type":"finish","finish_reason":{"kind":"tool_calls","raw":"tool_use"}}`,
	)
	response, err := wirechat.Fold(stream)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"finish_reason":{"kind":"tool_calls","raw":"tool_use"},"id":"r1","message":{"parts":[` +
		`{"reasoning":{"issuer":"anthropic","signature":"abcd","text":"think"},"type":"reasoning"},` +
		`{"provider_metadata":{"p":{"k":1}},"tool_call":{"arguments":"{\"x\":1}","id":"c1","name":"a"},"type":"tool_call"},` +
		`{"tool_call":{"arguments":"{\"y\":2}","id":"c2","name":"b"},"type":"tool_call"}],"role":"assistant"},` +
		`"model":"m","usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}}`
	if got := canonicalString(t, &response); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestFoldFailedStreamKeepsPartialAndUsage(t *testing.T) {
	_, err := wirechat.Fold(events(t,
		`{"type":"text_start","index":0}`,
		`{"type":"text_delta","index":0,"text":"Hel"}`,
		`{"type":"usage","usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}`,
		`{"type":"error","error":{"kind":"overloaded","message":"busy","retryable":true}}`,
	))
	var streamError *wirechat.StreamError
	if !errors.As(err, &streamError) || !errors.Is(err, wirechat.ErrStreamFailed) {
		t.Fatalf("want a failed-stream error, got %v", err)
	}
	if got := canonicalString(t, &streamError.Partial); got != `{"parts":[{"text":"Hel","type":"text"}],"role":"assistant"}` {
		t.Fatalf("partial %s", got)
	}
	if streamError.Usage == nil || streamError.Usage.TotalTokens != 2 || streamError.Failure.Message != "busy" {
		t.Fatalf("usage %v failure %v", streamError.Usage, streamError.Failure)
	}
}

func TestFoldIncompleteAndMalformedStreams(t *testing.T) {
	cases := []struct {
		name   string
		kind   error
		reason string
		lines  []string
	}{
		{"no finish", wirechat.ErrStreamIncomplete, "without a finish", []string{`{"type":"text_start","index":0}`}},
		{"started twice", wirechat.ErrStreamMalformed, "started twice",
			[]string{`{"type":"text_start","index":0}`, `{"type":"text_start","index":0}`}},
		{"delta without start", wirechat.ErrStreamMalformed, "never started", []string{`{"type":"text_delta","index":0,"text":"x"}`}},
		{"wrong kind", wirechat.ErrStreamMalformed, "is a text part",
			[]string{`{"type":"text_start","index":0}`, `{"type":"tool_call_delta","index":0,"arguments":""}`}},
		{"delta after end", wirechat.ErrStreamMalformed, "already ended",
			[]string{`{"type":"text_start","index":0}`, `{"type":"text_end","index":0}`, `{"type":"text_delta","index":0,"text":"x"}`}},
		{"event after finish", wirechat.ErrStreamMalformed, "after the stream's finish",
			[]string{`{"type":"finish","finish_reason":{"kind":"stop"}}`, `{"type":"text_start","index":0}`}},
		{"late start", wirechat.ErrStreamMalformed, "start must come first",
			[]string{`{"type":"text_start","index":0}`, `{"type":"start"}`}},
		{"open part", wirechat.ErrStreamMalformed, "still open",
			[]string{`{"type":"text_start","index":0}`, `{"type":"finish","finish_reason":{"kind":"stop"}}`}},
		{"gap", wirechat.ErrStreamMalformed, "without gaps",
			[]string{`{"type":"text_start","index":1}`, `{"type":"text_end","index":1}`, `{"type":"finish","finish_reason":{"kind":"stop"}}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := wirechat.Fold(events(t, c.lines...))
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("want %v (%q), got %v", c.kind, c.reason, err)
			}
		})
	}
}

func TestFoldOfNothingButFinish(t *testing.T) {
	response, err := wirechat.Fold(events(t, `{"type":"finish","finish_reason":{"kind":"stop"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := canonicalString(t, &response); got != `{"finish_reason":{"kind":"stop"},"message":{"parts":[],"role":"assistant"}}` {
		t.Fatalf("got %s", got)
	}
}
