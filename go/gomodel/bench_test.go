package gomodel_test

// The cost of the converter against the baseline a Go program pays anyway: encoding/json into (and out
// of) the seed-shaped structs. Run the ratio with
//
//	GOMODEL_RATIO=1 go test ./gomodel -run TestConverterCostRatio -v
//
// or the benchmarks themselves with go test ./gomodel -bench . -run '^$'.

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/wirechat/wirechat/go/gomodel"
)

// conversation is a stored conversation of 60 messages: text turns, parallel tool calls, tool results
// and some media and data parts (about 20 KB).
func conversation(tb testing.TB) ([]byte, []seedMessage) {
	tb.Helper()
	g := gen{rand.New(rand.NewPCG(1, 2))}
	var messages []seedMessage
	for i := range 15 {
		messages = append(messages,
			seedMessage{Role: "user", Parts: []seedPart{{Type: "text", Text: "What is the weather in city number " + g.text(40)}}},
			seedMessage{Role: "assistant", Parts: []seedPart{
				{Type: "tool_call", ToolCall: &seedToolCall{ID: g.id(), Name: "get_weather", Arguments: `{"city":"Paris","unit":"celsius"}`}},
				{Type: "tool_call", ToolCall: &seedToolCall{ID: g.id(), Name: "get_time", Arguments: `{"tz":"Europe/Paris"}`}},
			}},
			seedMessage{Role: "tool", Parts: []seedPart{
				{Type: "tool_result", ToolResult: &seedToolResult{ToolCallID: g.id(), Content: `{"temp":18,"sky":"clear"}`}},
				{Type: "tool_result", ToolResult: &seedToolResult{ToolCallID: g.id(), Content: "14:05"}},
			}},
			seedMessage{Role: "assistant", Parts: []seedPart{{Type: "text", Text: "It is 18C and clear. " + g.text(120)}}},
		)
		if i%5 == 0 {
			messages[len(messages)-4].Parts = append(messages[len(messages)-4].Parts,
				seedPart{Type: "image", Image: &seedMediaRef{URL: "https://example.com/map.png", MediaType: "image/png"}},
				seedPart{Type: "data", Data: &seedDataRef{MimeType: "application/json", Value: g.object(2)}})
		}
	}
	data, err := json.Marshal(messages)
	if err != nil {
		tb.Fatal(err)
	}
	return data, messages
}

func BenchmarkBaselineUnmarshalSeedStructs(b *testing.B) {
	data, _ := conversation(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var messages []seedMessage
		if err := json.Unmarshal(data, &messages); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMessagesToWirechat(b *testing.B) {
	data, _ := conversation(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := gomodel.MessagesToWirechat(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBaselineMarshalSeedStructs(b *testing.B) {
	data, messages := conversation(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := json.Marshal(messages); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMessagesFromWirechat(b *testing.B) {
	data, _ := conversation(b)
	messages, err := gomodel.MessagesToWirechat(data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := gomodel.MessagesFromWirechat(messages); err != nil {
			b.Fatal(err)
		}
	}
}

// TestConverterCostRatio prints how many times the baseline each direction costs: the median of 5
// alternating runs of each benchmark in this process, with the lowest and highest ratio.
func TestConverterCostRatio(t *testing.T) {
	if os.Getenv("GOMODEL_RATIO") == "" {
		t.Skip("set GOMODEL_RATIO=1 to measure")
	}
	data, _ := conversation(t)
	t.Logf("corpus: %d messages, %d bytes", 60, len(data))
	pairs := []struct {
		name               string
		baseline, measured func(*testing.B)
	}{
		{"go-model -> wirechat vs json.Unmarshal into seed structs", BenchmarkBaselineUnmarshalSeedStructs, BenchmarkMessagesToWirechat},
		{"wirechat -> go-model vs json.Marshal of seed structs", BenchmarkBaselineMarshalSeedStructs, BenchmarkMessagesFromWirechat},
	}
	for _, pair := range pairs {
		var ratios []float64
		var base, conv float64
		for range 5 {
			b := testing.Benchmark(pair.baseline)
			m := testing.Benchmark(pair.measured)
			base, conv = float64(b.NsPerOp()), float64(m.NsPerOp())
			ratios = append(ratios, conv/base)
		}
		slices.Sort(ratios)
		t.Logf("%s: %.1fx (min %.1fx, max %.1fx; last run %.0f us vs %.0f us per conversation)",
			pair.name, ratios[2], ratios[0], ratios[4], conv/1000, base/1000)
	}
}
