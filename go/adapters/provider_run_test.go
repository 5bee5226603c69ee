package adapters_test

// The replay rule of spec section 15 in each Go adapter, per place (Python's
// tests/adapters/test_provider_run.py): each foreign citation, provider-run part and provider tool is
// dropped with its own warning at its own pointer (the shared vectors compare warning features as a list,
// so a drop without a warning in one place could hide behind a warning in another), and what Anthropic
// issued goes back to Anthropic byte for byte, after the function tools.

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/anthropic"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

const (
	citedText = `{"type": "text", "text": "T", "citations": [
		{"kind": "url", "url": "https://example.com/a", "issuer": "elsewhere", "block": {"type": "x"}},
		{"kind": "url", "url": "https://example.com/b"}]}`
	foreignCall   = `{"type": "provider_tool_call", "provider_tool_call": {"id": "s1", "name": "web_search", "issuer": "elsewhere", "block": {"type": "server_tool_use"}}}`
	foreignResult = `{"type": "provider_tool_result", "provider_tool_result": {"tool_call_id": "s1", "issuer": "elsewhere"}}`
	foreignParts  = `[` + foreignCall + `, ` + foreignResult + `, ` + citedText + `]`
)

var foreignRequest = `{"model": "m", "messages": [
	{"role": "system", "parts": [` + citedText + `]},
	{"role": "user", "parts": [` + citedText + `]},
	{"role": "assistant", "parts": ` + foreignParts + `},
	{"role": "tool", "parts": [{"type": "tool_result", "tool_result": {"tool_call_id": "c1", "content": "", "parts": [` + citedText + `]}}]},
	{"role": "user", "parts": [{"type": "text", "text": "and tomorrow?"}]}],
	"provider_tools": [{"issuer": "elsewhere", "type": "web_search", "definition": {"type": "web_search"}}]}`

func decodeAs[T any](t *testing.T, text string) T {
	t.Helper()
	value, err := wirechat.Decode[T]([]byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return value
}

func pointers(warnings []adapters.Warning, feature string) []string {
	out := []string{}
	for _, w := range warnings {
		if w.Feature == feature {
			out = append(out, w.Where)
		}
	}
	slices.Sort(out)
	return out
}

func wantPointers(t *testing.T, warnings []adapters.Warning, feature string, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := pointers(warnings, feature); !slices.Equal(got, want) {
		t.Errorf("%s at %v, want %v", feature, got, want)
	}
}

func TestForeignItemsOfARequestAreDroppedWithAWarningAtTheirPointer(t *testing.T) {
	for name, adapter := range byName {
		t.Run(name, func(t *testing.T) {
			document := foreignRequest
			if adapter.Manifest().Features["system"].Level == adapters.Refused { // QueryMT: the system prompt goes in the plugin's cfg
				document = strings.Replace(document, `{"role": "system"`, `{"role": "user"`, 1)
			}
			body, warnings, err := adapter.EncodeRequest(decodeAs[wirechat.ChatRequest](t, document))
			if err != nil {
				t.Fatal(err)
			}
			cited := []string{}
			places := []string{"/messages/0/parts/0", "/messages/1/parts/0", "/messages/2/parts/2"}
			// Chat Completions sends a tool result's parts nowhere (tool_result.parts): Anthropic and Responses
			// (function_call_output's output parts) read them.
			if name == "anthropic" || name == "openai-responses" {
				places = append(places, "/messages/3/parts/0/tool_result/parts/0")
			}
			for _, where := range places {
				cited = append(cited, where+"/citations/0", where+"/citations/1")
			}
			wantPointers(t, warnings, "citations.foreign", cited...)
			wantPointers(t, warnings, "provider_tool.foreign",
				"/messages/2/parts/0/provider_tool_call", "/messages/2/parts/1/provider_tool_result")
			wantPointers(t, warnings, "provider_tools.foreign", "/provider_tools/0")
			sent := providerjson.MustCompact(body)
			if strings.Contains(sent, "server_tool_use") || strings.Contains(sent, "example.com") || strings.Contains(sent, "web_search") {
				t.Errorf("sent %s", sent)
			}
		})
	}
}

func TestForeignItemsOfAResponseAreDroppedWithAWarningAtTheirPointer(t *testing.T) {
	response := decodeAs[wirechat.ChatResponse](t, `{"message": {"role": "assistant", "parts": `+foreignParts+`}, "finish_reason": {"kind": "stop"}}`)
	for name, adapter := range byName {
		t.Run(name, func(t *testing.T) {
			body, warnings, err := adapter.EncodeResponse(response)
			if err != nil {
				t.Fatal(err)
			}
			wantPointers(t, warnings, "citations.foreign", "/message/parts/2/citations/0", "/message/parts/2/citations/1")
			wantPointers(t, warnings, "provider_tool.foreign",
				"/message/parts/0/provider_tool_call", "/message/parts/1/provider_tool_result")
			if sent := providerjson.MustCompact(body); strings.Contains(sent, "server_tool_use") || strings.Contains(sent, "example.com") {
				t.Errorf("sent %s", sent)
			}
		})
	}
}

func TestAProviderRunPartInAUserMessageIsRefusedAsMisplaced(t *testing.T) {
	request := decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [{"role": "user", "parts": [`+foreignCall+`]}]}`)
	for name, adapter := range byName {
		_, _, err := adapter.EncodeRequest(request)
		if adapter.Manifest().Features["part.misplaced"].Level == adapters.Lossless {
			// go-model: the SDK's Message holds any part in any role; the call is dropped, warned, as anywhere
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		var refused *adapters.RefusedError
		if !errors.As(err, &refused) || refused.Feature != "part.misplaced" || refused.Where != "/messages/0/parts/0" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

const (
	ownCitation = `{"type": "web_search_result_location", "url": "https://example.com/own", "title": "t", "encrypted_index": "Eo8B", "cited_text": "c"}`
	ownCall     = `{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "q"}}`
	ownResult   = `{"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [{"type": "web_search_result", "url": "https://example.com/own", "title": "t", "encrypted_content": "EqgfC"}]}`
	ownTool     = `{"type": "web_search_20250305", "name": "web_search", "max_uses": 3}`
	ownParts    = `[{"type": "provider_tool_call", "provider_tool_call": {"id": "srvtoolu_1", "name": "web_search", "issuer": "anthropic", "input": {"query": "q"}, "block": ` + ownCall + `}},
		{"type": "provider_tool_result", "provider_tool_result": {"tool_call_id": "srvtoolu_1", "issuer": "anthropic", "block": ` + ownResult + `}},
		{"type": "text", "text": "sunny", "citations": [{"kind": "url", "url": "https://example.com/own", "issuer": "anthropic", "block": ` + ownCitation + `}]}]`
	ownContent = `[` + ownCall + `, ` + ownResult + `, {"type": "text", "text": "sunny", "citations": [` + ownCitation + `]}]`
)

func features(warnings []adapters.Warning) []string {
	out := []string{}
	for _, w := range warnings {
		out = append(out, w.Feature)
	}
	return out
}

func sameJSON(t *testing.T, got any, want string) {
	t.Helper()
	if g, w := jcs(t, providerjson.MustMarshal(got)), jcs(t, []byte(want)); g != w {
		t.Errorf("got  %s\nwant %s", g, w)
	}
}

func TestAnthropicGetsItsOwnCallsResultsCitationsAndToolsBackByteForByte(t *testing.T) {
	request := decodeAs[wirechat.ChatRequest](t, `{"model": "m",
		"messages": [{"role": "user", "parts": [{"type": "text", "text": "weather?"}]}, {"role": "assistant", "parts": `+ownParts+`}],
		"tools": [{"name": "f", "input_schema": {"type": "object"}}],
		"provider_tools": [{"issuer": "anthropic", "type": "web_search_20250305", "name": "web_search", "definition": `+ownTool+`}]}`)
	body, warnings, err := anthropic.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	if got := features(warnings); !slices.Equal(got, []string{"options.max_tokens.absent"}) {
		t.Errorf("warnings %v", got)
	}
	messages, _ := body.List("messages")
	sameJSON(t, messages[1], `{"role": "assistant", "content": `+ownContent+`}`)
	sameJSON(t, body.Get("tools"), `[{"name": "f", "input_schema": {"type": "object"}}, `+ownTool+`]`)
	reply, _, err := anthropic.EncodeResponse(decodeAs[wirechat.ChatResponse](t, `{"message": {"role": "assistant", "parts": `+ownParts+`},
		"finish_reason": {"kind": "stop"}, "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, reply.Get("content"), ownContent)
}

func TestAnthropicProviderToolsAloneMakeAToolsListAndAnOwnCallWithoutItsBlockIsRefused(t *testing.T) {
	body, _, err := anthropic.EncodeRequest(decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "q"}]}],
		"provider_tools": [{"issuer": "anthropic", "type": "web_search_20250305", "definition": `+ownTool+`}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, body.Get("tools"), `[`+ownTool+`]`)
	unblocked := `{"type": "provider_tool_call", "provider_tool_call": {"id": "s", "name": "web_search", "issuer": "anthropic"}}`
	_, _, err = anthropic.EncodeRequest(decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [{"role": "assistant", "parts": [`+unblocked+`]}]}`))
	var refused *adapters.RefusedError
	if !errors.As(err, &refused) || refused.Feature != "provider_tool.unblocked" || refused.Where != "/messages/0/parts/0/provider_tool_call" {
		t.Errorf("an own call without its block: %v", err)
	}
	// A result without a block of its own is written by its call's block: nothing for it, no warning.
	result := `{"type": "provider_tool_result", "provider_tool_result": {"tool_call_id": "srvtoolu_1", "issuer": "anthropic"}}`
	call := `{"type": "provider_tool_call", "provider_tool_call": {"id": "srvtoolu_1", "name": "web_search", "issuer": "anthropic", "block": ` + ownCall + `}}`
	body, warnings, err := anthropic.EncodeRequest(decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [{"role": "assistant", "parts": [`+call+`, `+result+`]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	messages, _ := body.List("messages")
	sameJSON(t, messages[0], `{"role": "assistant", "content": [`+ownCall+`]}`)
	if got := features(warnings); !slices.Equal(got, []string{"options.max_tokens.absent"}) {
		t.Errorf("warnings %v", got)
	}
}

func TestChatCompletionsDropsEvenOpenAIsOwnCallsCitationsAndToolsWithAWarning(t *testing.T) {
	request := decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [{"role": "assistant", "parts": [
		{"type": "provider_tool_call", "provider_tool_call": {"id": "ws_1", "name": "web_search", "issuer": "openai", "block": {"type": "web_search_call"}}},
		{"type": "text", "text": "t", "citations": [{"kind": "url", "url": "https://example.com/c", "issuer": "openai", "block": {"type": "url_citation"}}]}]}],
		"provider_tools": [{"issuer": "openai", "type": "web_search", "definition": {"type": "web_search"}}]}`)
	body, warnings, err := openaichat.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, w := range warnings {
		got = append(got, w.Feature+" "+w.Where)
	}
	want := []string{"provider_tool.own /messages/0/parts/0/provider_tool_call", "citations.own /messages/0/parts/1/citations/0", "provider_tools.own /provider_tools/0"}
	if !slices.Equal(got, want) {
		t.Errorf("warnings %v, want %v", got, want)
	}
	sameJSON(t, body.Get("messages"), `[{"role": "assistant", "content": "t"}]`)
	if body.Has("tools") {
		t.Errorf("tools sent: %v", body.Get("tools"))
	}
}

func TestChatCompletionsWarnsOfCitationsOnARefusal(t *testing.T) {
	refusal := `{"type": "text", "text": "I can't.", "citations": [{"kind": "url", "issuer": "elsewhere", "block": {"type": "x"}}], "provider_metadata": {"openai": {"refusal": true}}}`
	adapter := byName["openai-chat"]
	response := decodeAs[wirechat.ChatResponse](t, `{"message": {"role": "assistant", "parts": [`+refusal+`]}, "finish_reason": {"kind": "refusal"}}`)
	_, warnings, err := adapter.EncodeResponse(response)
	if err != nil {
		t.Fatal(err)
	}
	wantPointers(t, warnings, "citations.foreign", "/message/parts/0/citations/0")
	request := decodeAs[wirechat.ChatRequest](t, `{"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "x"}]}, {"role": "assistant", "parts": [`+refusal+`]}]}`)
	_, warnings, err = adapter.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	wantPointers(t, warnings, "citations.foreign", "/messages/1/parts/0/citations/0")
}
