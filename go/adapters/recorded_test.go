package adapters_test

// The Go adapters on bodies real provider APIs sent (conformance/recorded/, the corpus of issue 23), one
// test per failure class the issue lists, each named after it: what broke before, and holds now. The
// shared vectors (recorded-<adapter>.ndjson) hold every recorded body to Python's canonical reading; these
// tests hold what the vectors do not say: the decode warnings and their pointers, and the replay of a
// provider's own blocks.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/anthropic"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

func recorded(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "recorded", file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// member is one member of a recorded JSON body, as RFC 8785 text.
func member(t *testing.T, data []byte, path ...any) string {
	t.Helper()
	var value any
	if err := json.Unmarshal(data, &value); err != nil {
		t.Fatal(err)
	}
	for _, step := range path {
		switch key := step.(type) {
		case string:
			value = value.(map[string]any)[key]
		case int:
			value = value.([]any)[key]
		}
	}
	text, _ := json.Marshal(value)
	return jcs(t, text)
}

func recordedStream(t *testing.T, adapter adapters.Adapter, file string) (wirechat.ChatResponse, []adapters.Warning) {
	t.Helper()
	var framer client.SseDecoder
	decoder := adapter.NewStreamDecoder()
	var out []wirechat.StreamEvent
	for _, event := range append(framer.Feed(recorded(t, file)), framer.Flush()...) {
		out = append(out, decoder.Feed(event)...)
	}
	out = append(out, decoder.Close()...)
	response, err := wirechat.Fold(out)
	if err != nil {
		t.Fatalf("%s does not fold: %v", file, err)
	}
	return response, decoder.Warnings()
}

func warningsAt(warnings []adapters.Warning) [][2]string {
	out := [][2]string{}
	for _, w := range warnings {
		out = append(out, [2]string{w.Feature, w.Where})
	}
	return out
}

func canonicalOf(t *testing.T, value any) string {
	t.Helper()
	data, err := wirechat.Canonical(value)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestAnthropicServerToolStreamFoldsToItsProviderRunParts(t *testing.T) {
	// issue 23: streams using server tools broke on input_json_delta for a server_tool_use block
	response, warnings := recordedStream(t, anthropic.Adapter, "anthropic/vercel-anthropic-code-execution-20250825-1.stream.sse")
	if len(warnings) > 0 {
		t.Errorf("warnings %v", warningsAt(warnings))
	}
	var call *wirechat.ProviderToolCallPart
	var result *wirechat.ProviderToolResultPart
	for _, part := range response.Message.Parts {
		switch p := part.(type) {
		case *wirechat.ProviderToolCallPart:
			call = p
		case *wirechat.ProviderToolResultPart:
			result = p
		}
	}
	if call == nil || result == nil {
		t.Fatalf("parts %s", canonicalOf(t, &response.Message))
	}
	if got, want := jcs(t, call.ProviderToolCall.Input), member(t, call.ProviderToolCall.Block, "input"); got != want || len(got) < 3 {
		t.Errorf("input %s, block's %s", got, want)
	}
	if result.ProviderToolResult.ToolCallID != call.ProviderToolCall.ID || deref(result.ProviderToolResult.Name) != call.ProviderToolCall.Name {
		t.Errorf("result %s answers %s", canonicalOf(t, result), call.ProviderToolCall.ID)
	}
	body, _, err := anthropic.EncodeResponse(response)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := anthropic.DecodeResponse(providerjson.MustMarshal(body))
	if err != nil || canonicalOf(t, &again) != canonicalOf(t, &response) {
		t.Errorf("the folded reply does not read back the same (%v)", err)
	}
}

func ptr(s string) *string { return &s }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func TestAnthropicProviderRunCallsAndCitationsGoBackByteForByte(t *testing.T) {
	// issue 23: a provider-run tool call could not be sent back, not even to the provider that ran it
	file := "anthropic/mirascope-web-search-tool-anthropic-performs-web-search-and-returns-results-2.response.json"
	reply := recorded(t, file)
	response, warnings, err := anthropic.DecodeResponse(reply)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %v", err, warningsAt(warnings))
	}
	request := wirechat.ChatRequest{Model: ptr("m"), Messages: []wirechat.Message{
		{Role: wirechat.RoleUser, Parts: []wirechat.Part{&wirechat.TextPart{Text: "q"}}}, response.Message,
	}}
	body, _, err := anthropic.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	messages, _ := body.List("messages")
	sent := jcs(t, providerjson.MustMarshal(messages[1].(*providerjson.Object).Get("content")))
	if want := member(t, reply, "content"); sent != want {
		t.Errorf("sent %s\nreply %s", sent, want)
	}
}

func TestAnthropicProgrammaticToolCallingKeepsItsCallsAndTheirCaller(t *testing.T) {
	// issue 23: programmatic tool calling: the tool call disappeared, no error
	file := "anthropic/vercel-anthropic-programmatic-tool-calling-1.response.json"
	reply := recorded(t, file)
	response, _, err := anthropic.DecodeResponse(reply)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, part := range response.Message.Parts {
		if call, ok := part.(*wirechat.ToolCallPart); ok {
			calls++
			if got := member(t, call.ProviderMetadata["anthropic"], "caller", "type"); got != `"code_execution_20250825"` {
				t.Errorf("caller %s", got)
			}
		}
	}
	if calls != 4 {
		t.Errorf("%d tool calls", calls)
	}
	body, _, err := anthropic.EncodeResponse(response)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jcs(t, providerjson.MustMarshal(body.Get("content"))), member(t, reply, "content"); got != want {
		t.Errorf("written back %s\nreply %s", got, want)
	}
	// streamed: the turn arrives in message_start; the events after message_stop are reported, not dropped
	folded, warnings := recordedStream(t, anthropic.Adapter, "anthropic/vercel-anthropic-programmatic-tool-calling-1.stream.sse")
	streamedCalls := 0
	for _, part := range folded.Message.Parts {
		if _, ok := part.(*wirechat.ToolCallPart); ok {
			streamedCalls++
		}
	}
	if streamedCalls == 0 {
		t.Errorf("folded %s", canonicalOf(t, &folded))
	}
	eventOnly := regexp.MustCompile(`^/\d+$`)
	for _, w := range warnings {
		if w.Feature != "provider.unmapped" || !eventOnly.MatchString(w.Where) {
			t.Errorf("warning %v", w)
		}
	}
	if len(warnings) == 0 {
		t.Error("the events after message_stop are not reported")
	}
}

func TestAnthropicProviderToolsInARequestReadAsProviderTools(t *testing.T) {
	// issue 23: decode_request refused Anthropic's web_search and code_execution tools
	file := "anthropic/ruby-llm-chat-web-search-with-anthropic-claude-haiku-4-5-streams-search-turns-and-reconst-2.request.json"
	raw := recorded(t, file)
	request, warnings, err := anthropic.DecodeRequest(raw)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %v", err, warningsAt(warnings))
	}
	if len(request.ProviderTools) == 0 || request.ProviderTools[0].Issuer != "anthropic" {
		t.Fatalf("provider tools %s", canonicalOf(t, &request))
	}
	body, _, err := anthropic.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jcs(t, providerjson.MustMarshal(body.Get("tools"))), member(t, raw, "tools"); got != want {
		t.Errorf("tools %s\nsent %s", got, want)
	}
	// the assistant turn's server_tool_use and web_search_tool_result blocks go back as they came
	messages, _ := body.List("messages")
	for i, message := range messages {
		if message.(*providerjson.Object).Get("role") == "assistant" {
			if got, want := jcs(t, providerjson.MustMarshal(message)), member(t, raw, "messages", i); got != want {
				t.Errorf("turn %d %s\nsent %s", i, got, want)
			}
		}
	}
}

func TestAnthropicMemberNoDecoderMapsIsReportedWithItsPointer(t *testing.T) {
	// issue 23: response data dropped without a word
	_, warnings, err := anthropic.DecodeRequest(recorded(t, "anthropic/dd-trace-py-anthropic-anthropic-completion-tools-server-tool-use.request.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := warningsAt(warnings); !slices.Equal(got, [][2]string{{"provider.unmapped", "/tools/1/defer_loading"}}) {
		t.Errorf("warnings %v", got)
	}
}

func TestAnthropicBedrockErrorBodyKeepsItsMessage(t *testing.T) {
	// issue 23: Claude on Amazon Bedrock answers its own errors as {"message": ...}
	failure := anthropic.Adapter.DecodeError(403, nil, recorded(t, "anthropic/langchaingo-bedrock-testbedrockanthropictoolcalling-1.error.json"))
	if failure.Kind != wirechat.ErrorKindPermissionDenied || failure.Message != "You don't have access to the model with the specified model ID." {
		t.Errorf("%s %q", failure.Kind, failure.Message)
	}
}

func TestChatURLAnnotationsReadAsCitationsAndGoBackAsAnnotations(t *testing.T) {
	// issue 23: annotations dropped without a word
	file := "openai-chat/ruby-llm-chat-citations-with-openai-gpt-4o-mini-search-preview-returns-url-citations-when.response.json"
	reply := recorded(t, file)
	response, warnings, err := openaichat.DecodeResponse(reply)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %v", err, warningsAt(warnings))
	}
	text, ok := response.Message.Parts[0].(*wirechat.TextPart)
	if !ok || len(text.Citations) == 0 {
		t.Fatalf("parts %s", canonicalOf(t, &response.Message))
	}
	for _, citation := range text.Citations {
		if citation.Kind != wirechat.CitationKindURL || deref(citation.Issuer) != "openai" || citation.StartIndex == nil || citation.EndIndex == nil || *citation.StartIndex > *citation.EndIndex {
			t.Errorf("citation %s", canonicalOf(t, &citation))
		}
	}
	body, _, err := openaichat.EncodeResponse(response)
	if err != nil {
		t.Fatal(err)
	}
	choices, _ := body.List("choices")
	written := choices[0].(*providerjson.Object).Obj("message").Get("annotations")
	if got, want := jcs(t, providerjson.MustMarshal(written)), member(t, reply, "choices", 0, "message", "annotations"); got != want {
		t.Errorf("annotations %s\nreply %s", got, want)
	}
}

func TestChatChoicesAfterTheFirstAreReportedAtTheirPointers(t *testing.T) {
	// issue 23: n > 1 choices dropped without a word
	_, warnings, err := openaichat.DecodeResponse(recorded(t, "openai-chat/dd-trace-py-tests-llmobs-test-llmobs-ragas-evaluators-answer-relevancy-inference.response.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := warningsAt(warnings); !slices.Equal(got, [][2]string{{"provider.unmapped", "/choices/1"}, {"provider.unmapped", "/choices/2"}}) {
		t.Errorf("warnings %v", got)
	}
	_, streamed := recordedStream(t, openaichat.Adapter, "openai-chat/dd-trace-py-litellm-completion-stream-multiple-choices-with-tools.stream.sse")
	if got := warningsAt(streamed); !slices.Equal(got, [][2]string{{"provider.unmapped", "/2/choices/0"}}) {
		t.Errorf("stream warnings %v", got)
	}
}

func TestChatServersOwnMessageAndToolCallMembersAreReportedAtTheirPointers(t *testing.T) {
	// issue 23: unknown members dropped without a word
	_, warnings, err := openaichat.DecodeResponse(recorded(t, "openai-chat/fantasy-azure-grok-3-mini-tool-1.response.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"provider.unmapped", "/choices/0/message/reasoning_content"}, {"provider.unmapped", "/choices/0/message/tool_calls/0/function/call_id"}}
	if got := warningsAt(warnings); !slices.Equal(got, want) {
		t.Errorf("warnings %v", got)
	}
}

// audioReply is hand-written (the corpus holds no Chat Completions reply with audio): the shape of
// gpt-4o-audio-preview's documented reply, a WAV header in its first bytes.
const audioReply = `{"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o-audio-preview",
	"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": null, "refusal": null,
	"audio": {"id": "audio_1", "data": "UklGRiQAAABXQVZFZm10IA==", "expires_at": 1729018505, "transcript": "Hi."}}}]}`

func TestChatMessageAudioReadsAsAnAudioPartAndGoesBackByID(t *testing.T) {
	// issue 23: OpenAI audio output (message.audio) dropped
	response, warnings, err := openaichat.DecodeResponse([]byte(audioReply))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %v", err, warningsAt(warnings))
	}
	want := `{"parts":[{"audio":{"base64":"UklGRiQAAABXQVZFZm10IA==","media_type":"audio/wav","source":"base64"},"provider_metadata":{"openai":{"expires_at":1729018505,"id":"audio_1","transcript":"Hi."}},"type":"audio"}],"role":"assistant"}`
	if got := canonicalOf(t, &response.Message); got != want {
		t.Errorf("parts %s", got)
	}
	body, _, err := openaichat.EncodeResponse(response)
	if err != nil {
		t.Fatal(err)
	}
	choices, _ := body.List("choices")
	if got := jcs(t, providerjson.MustMarshal(choices[0].(*providerjson.Object).Obj("message").Get("audio"))); got != member(t, []byte(audioReply), "choices", 0, "message", "audio") {
		t.Errorf("audio written back %s", got)
	}
	request := wirechat.ChatRequest{Model: ptr("m"), Messages: []wirechat.Message{
		{Role: wirechat.RoleUser, Parts: []wirechat.Part{&wirechat.TextPart{Text: "hi"}}}, response.Message,
	}}
	sent, degraded, err := openaichat.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	messages, _ := sent.List("messages")
	if got := jcs(t, providerjson.MustMarshal(messages[1])); got != `{"audio":{"id":"audio_1"},"content":null,"role":"assistant"}` {
		t.Errorf("sent %s", got)
	}
	if got := warningsAt(degraded); !slices.Equal(got, [][2]string{{"audio.reply_by_id", "/messages/1/parts/0"}}) {
		t.Errorf("warnings %v", got)
	}
}
