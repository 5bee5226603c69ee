package gomodel_test

// Provider-run parts, provider tools and citations have no go-model form: they are dropped with the
// manifest's warnings, as the Python adapter does. Before the shared adapter vectors ran go-model in Go,
// go/gomodel wrote a provider-run call as an empty tool result ({"tool_call_id": null, "content": null}).

import (
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/gomodel"
	"github.com/wirechat/wirechat/go/wirechat"
)

func TestProviderRunPartsAreDroppedWithAWarningNotWrittenAsEmptyToolResults(t *testing.T) {
	request, err := wirechat.Decode[wirechat.ChatRequest]([]byte(`{"model": "m", "messages": [
		{"role": "assistant", "parts": [
			{"type": "provider_tool_call", "provider_tool_call": {"id": "s1", "name": "web_search", "issuer": "anthropic"}},
			{"type": "provider_tool_result", "provider_tool_result": {"tool_call_id": "s1", "issuer": "anthropic"}},
			{"type": "text", "text": "Sunny.", "citations": [{"kind": "url", "url": "https://example.com", "issuer": "anthropic"}]}]}],
		"provider_tools": [{"issuer": "go-model", "type": "web_search", "definition": {"type": "web_search"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, warnings, err := gomodel.RequestFromWirechat(request)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"model":"m","messages":[{"role":"assistant","parts":[{"type":"text","text":"Sunny."}]}]}`; string(body) != want {
		t.Errorf("wrote %s, want %s", body, want)
	}
	var got []string
	for _, w := range warnings {
		got = append(got, w.Feature+" "+w.Pointer)
		if w.Message == "" || strings.Contains(w.Message, "%") {
			t.Errorf("%s has no manifest text: %q", w.Feature, w.Message)
		}
	}
	want := []string{
		"provider_tool.foreign /messages/0/parts/0/provider_tool_call",
		"provider_tool.foreign /messages/0/parts/1/provider_tool_result",
		"citations.foreign /messages/0/parts/2/citations/0",
		"provider_tools.own /provider_tools/0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings %v, want %v", got, want)
	}
}
