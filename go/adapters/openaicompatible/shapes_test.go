package openaicompatible

// What the vectors cannot show: the plain-string marker search finds exactly what Python's regular
// expression finds (a chunk it misses would skip a quirk), and the synthesised tool-call id is Python's.

import (
	"regexp"
	"testing"
)

func TestMarkersMatchPythonsRegularExpression(t *testing.T) {
	python := regexp.MustCompile(`"reasoning|"x_groq"|"executed_tools"|"usage": ?\{|"content": ?\[`)
	withCalls := regexp.MustCompile(python.String() + `|"tool_calls"`)
	for _, data := range []string{
		`{"choices":[{"delta":{"content":"hi"}}]}`,
		`{"choices":[{"delta":{"content":[{"type":"text","text":"hi"}]}}]}`,
		`{"choices":[{"delta":{"content": [{"type":"text"}]}}]}`,
		`{"choices":[{"delta":{"content":  [1]}}]}`,
		`{"usage":{"prompt_tokens":1}}`, `{"usage": {"prompt_tokens":1}}`, `{"usage":  {}}`, `{"usage":null}`,
		`{"usage":null,"x":{"usage":{}}}`, `{"choices":[{"delta":{"reasoning_content":"x"}}]}`,
		`{"x_groq":{"id":"req"}}`, `{"choices":[{"delta":{"executed_tools":[]}}]}`,
		`{"choices":[{"delta":{"tool_calls":[{"index":0}]}}]}`, `{"content":"[not an array]"}`, ``,
	} {
		if got, want := hasMarker(data, false), python.MatchString(data); got != want {
			t.Errorf("%s: hasMarker %v, Python's expression %v", data, got, want)
		}
		if got, want := hasMarker(data, true), withCalls.MatchString(data); got != want {
			t.Errorf("%s (tool calls too): hasMarker %v, Python's expression %v", data, got, want)
		}
	}
}

func TestSynthesisedIDIsPythons(t *testing.T) {
	// wirechat.adapters.openai_compatible.shapes.synthesised_id("chatcmpl-1", 0, "get_weather")
	if got, want := synthesisedID("chatcmpl-1", 0, "get_weather"), "call_698407ccfc05d9014d19f906"; got != want {
		t.Fatalf("synthesised id %s, Python's %s", got, want)
	}
}
