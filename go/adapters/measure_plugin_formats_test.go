package adapters_test

// The overhead of the querymt and go-model codecs in one run (issue 25: request encode against the
// language's plain JSON encoder, stream decode per event against a bare JSON parse), interleaved in one
// process, as adapters/gemini/measure_test.go does for gemini:
//
//	WIRECHAT_MEASURE=1 go test -run TestPluginFormatOverheadRatios -v ./adapters/

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/gomodel"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/adapters/querymt"
	"github.com/wirechat/wirechat/go/wirechat"
)

// measuredConversation is 30 messages (10 rounds of question, tool call, tool result) and one tool.
func measuredConversation() wirechat.ChatRequest {
	model := "m"
	request := wirechat.ChatRequest{Model: &model}
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
		InputSchema: wirechat.JsonObject(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)}}
	return request
}

func nsPerOp(f func()) func(b *testing.B) {
	return func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			f()
		}
	}
}

// ratios measures encode and stream decode of one adapter against encoding/json, best of three interleaved
// rounds each.
func ratios(t *testing.T, name string, adapter adapters.Adapter, events []adapters.SseEvent) {
	request := measuredConversation()
	body, _, err := adapter.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	var asMap map[string]any
	if err := json.Unmarshal(providerjson.MustMarshal(body), &asMap); err != nil {
		t.Fatal(err)
	}
	encode := nsPerOp(func() { body, _, _ := adapter.EncodeRequest(request); _, _ = providerjson.Marshal(body) })
	plain := nsPerOp(func() { _, _ = json.Marshal(asMap) })
	decode := nsPerOp(func() {
		decoder := adapter.NewStreamDecoder()
		for _, event := range events {
			decoder.Feed(event)
		}
		decoder.Close()
	})
	parse := nsPerOp(func() {
		for _, event := range events {
			var v any
			_ = json.Unmarshal([]byte(event.Data), &v)
		}
	})
	best := [4]float64{}
	for round := 0; round < 3; round++ {
		for i, f := range []func(*testing.B){encode, plain, decode, parse} {
			r := testing.Benchmark(f)
			if ns := float64(r.T.Nanoseconds()) / float64(r.N); best[i] == 0 || ns < best[i] {
				best[i] = ns
			}
		}
	}
	n := float64(len(events))
	t.Logf("%s request encode (30 messages, 1 tool): adapter %.0f ns, encoding/json %.0f ns, ratio %.2fx", name, best[0], best[1], best[0]/best[1])
	t.Logf("%s stream decode (%d events): adapter %.0f ns per event, encoding/json parse %.0f ns per event, ratio %.2fx", name, len(events), best[2]/n, best[3]/n, best[2]/best[3])
}

func TestPluginFormatOverheadRatios(t *testing.T) {
	if os.Getenv("WIRECHAT_MEASURE") == "" {
		t.Skip("set WIRECHAT_MEASURE=1 to measure (see the file's comment)")
	}
	// querymt streams a whole reply as one event (decision 014): a 2,000-word reply with its thinking.
	words := strings.Repeat("word ", 2000)
	reply := fmt.Sprintf(`{"text": %q, "tool_calls": null, "thinking": %q, "usage": {"input_tokens": 10, "output_tokens": 2000, "reasoning_tokens": 0, "cache_read": 0, "cache_write": 0}, "finish_reason": "Stop"}`, words, words[:400])
	ratios(t, "querymt", querymt.Adapter, []adapters.SseEvent{{Event: "response", Data: reply}})
	// go-model streams StreamChunks: 2,000 content chunks, usage, then the finish.
	chunks := make([]adapters.SseEvent, 0, 2002)
	for i := 0; i < 2000; i++ {
		chunks = append(chunks, adapters.SseEvent{Data: fmt.Sprintf(`{"role":"assistant","content":"word %d "}`, i)})
	}
	chunks = append(chunks, adapters.SseEvent{Event: "usage", Data: `{"input_tokens":10,"output_tokens":2000}`},
		adapters.SseEvent{Data: `{"finish_reason":"stop"}`})
	ratios(t, "go-model", gomodel.Adapter, chunks)
}
