package client

// The overhead measurements of issue 16, in one run (same process, same machine, interleaved):
//
//	WIRECHAT_MEASURE=1 go test -run TestOverheadRatios -v ./client/
//
// WIRECHAT_MEASURE_ADAPTER names another adapter that reads the same stream (openai-compatible, or one of
// its profiles: openai-compatible:groq); the default is openai-chat.
//
// 1. Per streamed event: Client.Stream read to its end (SSE framing, the adapter's decoder, the fold)
//    against a bare net/http read of the same bytes (io.Copy to io.Discard), and against a hand-written
//    minimal client (net/http, bufio lines, encoding/json of each data line into map[string]any).
// 2. Request encode: the adapter's EncodeRequest plus writing the body, against encoding/json writing
//    the same body held as map[string]any.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

const measuredEvents = 2000

// openAIStream is a chat.completion.chunk stream of n text deltas, a finish chunk, usage and [DONE].
func openAIStream(n int) []byte {
	var b bytes.Buffer
	head := `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1763700000,"model":"gpt-4.1","system_fingerprint":"fp_1","choices":[`
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "data: %s{\"index\":0,\"delta\":{\"content\":\"word %d \"},\"logprobs\":null,\"finish_reason\":null}]}\n\n", head, i)
	}
	fmt.Fprintf(&b, "data: %s{\"index\":0,\"delta\":{},\"logprobs\":null,\"finish_reason\":\"stop\"}]}\n\n", head)
	fmt.Fprintf(&b, "data: %s],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":%d,\"total_tokens\":%d}}\n\n", head, n, n+10)
	b.WriteString("data: [DONE]\n\n")
	return b.Bytes()
}

func measuredRequest() wirechat.ChatRequest {
	model := "gpt-4.1"
	request := wirechat.ChatRequest{Model: &model}
	request.Messages = append(request.Messages, wirechat.TextMessage(wirechat.RoleSystem, "You are terse."))
	for i := 0; i < 10; i++ {
		args, _ := wirechat.BuildArguments(map[string]any{"city": fmt.Sprintf("City %d", i), "unit": "c"})
		request.Messages = append(request.Messages,
			wirechat.TextMessage(wirechat.RoleUser, strings.Repeat("What is the weather like? ", 8)),
			wirechat.ToolCallMessage(wirechat.ToolCall{ID: fmt.Sprintf("call_%d", i), Name: "get_weather", Arguments: args}),
			wirechat.ToolResultMessage(wirechat.ToolResult{ToolCallID: fmt.Sprintf("call_%d", i), Content: `{"temp":21}`}),
		)
	}
	description := "Get the weather"
	request.Tools = []wirechat.ToolDefinition{{Name: "get_weather", Description: &description,
		InputSchema: wirechat.JsonObject(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"enum":["c","f"]}},"required":["city"]}`)}}
	return request
}

func TestOverheadRatios(t *testing.T) {
	if os.Getenv("WIRECHAT_MEASURE") == "" {
		t.Skip("set WIRECHAT_MEASURE=1 to measure (see the file's comment)")
	}
	stream := openAIStream(measuredEvents)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(stream)
	}))
	defer server.Close()
	name := os.Getenv("WIRECHAT_MEASURE_ADAPTER")
	if name == "" {
		name = "openai-chat"
	}
	c, err := New(name, WithAPIKey("sk-measure"), WithBaseURL(server.URL))
	if err != nil {
		t.Fatal(err)
	}
	request := measuredRequest()
	events := 0
	viaClient := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s, err := c.Stream(context.Background(), request)
			if err != nil {
				b.Fatal(err)
			}
			events = 0
			for s.Next() {
				events++
			}
			if _, err := s.Response(); err != nil {
				b.Fatal(err)
			}
		}
	}
	body, _, _ := c.adapter.EncodeRequest(request)
	data := providerjson.MustMarshal(c.adapter.StreamRequestFlags(body))
	post := func(b *testing.B) *http.Response {
		response, err := http.Post(server.URL+"/v1/chat/completions", "application/json", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		return response
	}
	bare := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			response := post(b)
			_, _ = io.Copy(io.Discard, response.Body)
			response.Body.Close()
		}
	}
	minimal := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			response := post(b)
			scanner := bufio.NewScanner(response.Body)
			for scanner.Scan() {
				line, ok := strings.CutPrefix(scanner.Text(), "data: ")
				if !ok || line == "[DONE]" {
					continue
				}
				var chunk map[string]any
				if err := json.Unmarshal([]byte(line), &chunk); err != nil {
					b.Fatal(err)
				}
			}
			response.Body.Close()
		}
	}
	var asMap map[string]any
	if err := json.Unmarshal(providerjson.MustMarshal(body), &asMap); err != nil {
		t.Fatal(err)
	}
	encodeAdapter := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			body, _, err := c.adapter.EncodeRequest(request)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := providerjson.Marshal(body); err != nil {
				b.Fatal(err)
			}
		}
	}
	encodeJSON := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(asMap); err != nil {
				b.Fatal(err)
			}
		}
	}
	var client, raw, hand, enc, plain float64
	for round := 0; round < 3; round++ { // interleaved rounds; the best of each is kept
		client = best(client, nsPerOp(testing.Benchmark(viaClient)))
		raw = best(raw, nsPerOp(testing.Benchmark(bare)))
		hand = best(hand, nsPerOp(testing.Benchmark(minimal)))
		enc = best(enc, nsPerOp(testing.Benchmark(encodeAdapter)))
		plain = best(plain, nsPerOp(testing.Benchmark(encodeJSON)))
	}
	perEvent := func(ns float64) float64 { return ns / float64(events) }
	t.Logf("adapter %s", name)
	t.Logf("stream of %d canonical events (%d provider events, %d bytes)", events, measuredEvents+3, len(stream))
	t.Logf("client:          %8.0f ns per event", perEvent(client))
	t.Logf("bare net/http:   %8.0f ns per event   client/bare    = %.2fx", perEvent(raw), client/raw)
	t.Logf("minimal client:  %8.0f ns per event   client/minimal = %.2fx", perEvent(hand), client/hand)
	t.Logf("request encode (31 messages, 1 tool): adapter %.0f ns, encoding/json %.0f ns, ratio %.2fx", enc, plain, enc/plain)
}

func nsPerOp(r testing.BenchmarkResult) float64 { return float64(r.T.Nanoseconds()) / float64(r.N) }

func best(a, b float64) float64 {
	if a == 0 || b < a {
		return b
	}
	return a
}
