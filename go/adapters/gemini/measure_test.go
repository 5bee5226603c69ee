package gemini

// The overhead of the gemini codec in one run (issue 25: request encode against the language's plain JSON
// encoder, stream decode per event against a bare JSON parse), interleaved in one process:
//
//	WIRECHAT_MEASURE=1 go test -run TestGeminiOverheadRatios -v ./adapters/gemini/

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func measuredRequest() wirechat.ChatRequest {
	model := "gemini-2.5-flash"
	request := wirechat.ChatRequest{Model: &model}
	request.Messages = append(request.Messages, wirechat.TextMessage(wirechat.RoleSystem, "You are terse."))
	for i := 0; i < 10; i++ {
		args := fmt.Sprintf(`{"city":"City %d","unit":"c"}`, i)
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

func measuredChunks(n int) []string {
	out := make([]string, 0, n+1)
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf(`{"candidates":[{"content":{"role":"model","parts":[{"text":"word %d "}]},"index":0}],"modelVersion":"gemini-2.5-flash","responseId":"r1"}`, i))
	}
	return append(out, `{"candidates":[{"content":{"role":"model","parts":[{"text":""}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":2000,"totalTokenCount":2010},"modelVersion":"gemini-2.5-flash","responseId":"r1"}`)
}

func TestGeminiOverheadRatios(t *testing.T) {
	if os.Getenv("WIRECHAT_MEASURE") == "" {
		t.Skip("set WIRECHAT_MEASURE=1 to measure (see the file's comment)")
	}
	request := measuredRequest()
	body, _, err := EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	var asMap map[string]any
	if err := json.Unmarshal(providerjson.MustMarshal(body), &asMap); err != nil {
		t.Fatal(err)
	}
	chunks := measuredChunks(2000)
	encodeAdapter := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			body, _, _ := EncodeRequest(request)
			_, _ = providerjson.Marshal(body)
		}
	}
	encodeJSON := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = json.Marshal(asMap)
		}
	}
	decode := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			decoder := NewStreamDecoder()
			for _, chunk := range chunks {
				decoder.Feed(adapters.SseEvent{Data: chunk})
			}
			decoder.Close()
		}
	}
	parse := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, chunk := range chunks {
				var v map[string]any
				_ = json.Unmarshal([]byte(chunk), &v)
			}
		}
	}
	best := func(a, b float64) float64 {
		if a == 0 || b < a {
			return b
		}
		return a
	}
	ns := func(r testing.BenchmarkResult) float64 { return float64(r.T.Nanoseconds()) / float64(r.N) }
	var enc, plain, dec, bare float64
	for round := 0; round < 3; round++ { // interleaved rounds; the best of each is kept
		enc = best(enc, ns(testing.Benchmark(encodeAdapter)))
		plain = best(plain, ns(testing.Benchmark(encodeJSON)))
		dec = best(dec, ns(testing.Benchmark(decode)))
		bare = best(bare, ns(testing.Benchmark(parse)))
	}
	perEvent := float64(len(chunks))
	t.Logf("request encode (31 messages, 1 tool): adapter %.0f ns, encoding/json %.0f ns, ratio %.2fx", enc, plain, enc/plain)
	t.Logf("stream decode: adapter %.0f ns per chunk, encoding/json parse %.0f ns per chunk, ratio %.2fx", dec/perEvent, bare/perEvent, dec/bare)
}
