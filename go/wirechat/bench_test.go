package wirechat_test

// The decode benchmark (a benchmark, not a timed test): decode and validate a corpus of conversations
// (ChatRequest documents), and in the same run parse the same bytes with encoding/json into any, the
// language's plain parser. The reported x-encoding/json is the median over rounds of the ratio of the
// two times in one round (rounds interleave the two, so machine noise hits both alike).
//
//	go test -run '^$' -bench . -benchtime 20x ./wirechat/
//
// The corpus is generated deterministically (a fixed seed): conversations of 4 to 40 messages with
// text (about 1% non-ASCII, with quotes, backslashes and newlines), reasoning with signatures, parallel
// tool calls with JSON arguments, tool results (some with a data part), images by URL, a few 20 KB
// texts and a few 100 KB base64 images, usage and tool definitions.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	vocabulary = strings.Fields(`the of and to in is that for it as with was on be by this are or from at an not
		which have has but you they we can will their more one all would there what so up out if about who get
		also into time only new some could these two may then do first any like now my such make over our even
		function return value error request response model token stream message user assistant system tool
		schema json field type string number array object null weather forecast temperature paris london
		tokyo invoice customer order database query index table column row summary analysis report chart`)
	unicodeWords = []string{"naïve", "café", "über", "日本語", "数据", "😀", "🚀", "Привет", "señor", "“quoted”", "→"}
	models       = []string{"gpt-4o-2024-08-06", "claude-sonnet-4-5", "gemini-2.5-pro"}
)

type corpusBuilder struct {
	rng   *rand.Rand
	calls int
}

func (c *corpusBuilder) words(n int) string {
	out := make([]string, n)
	for i := range out {
		switch r := c.rng.IntN(100); {
		case r == 0:
			out[i] = unicodeWords[c.rng.IntN(len(unicodeWords))]
		case r == 1:
			out[i] = `"quoted \ path"`
		case r == 2:
			out[i] = "line\nbreak"
		default:
			out[i] = vocabulary[c.rng.IntN(len(vocabulary))]
		}
	}
	return strings.Join(out, " ")
}

func (c *corpusBuilder) toolCall() wirechat.ToolCall {
	c.calls++
	args, err := wirechat.BuildArguments(map[string]any{
		"city": c.words(1), "days": c.rng.IntN(14) + 1, "units": "metric", "include": []string{"wind", "rain"},
	})
	if err != nil {
		panic(err)
	}
	return wirechat.ToolCall{ID: fmt.Sprintf("call_%06d", c.calls), Name: "get_weather", Arguments: args}
}

func (c *corpusBuilder) message(i int, big bool) wirechat.Message {
	switch i % 4 {
	case 0:
		parts := []wirechat.Part{&wirechat.TextPart{Text: c.words(10 + c.rng.IntN(60))}}
		if c.rng.IntN(8) == 0 {
			parts = append(parts, &wirechat.ImagePart{Image: &wirechat.MediaUrl{
				URL: fmt.Sprintf("https://images.example.com/%d.png", c.rng.IntN(1e6)), MediaType: ptr("image/png")}})
		}
		if big && c.rng.IntN(2) == 0 {
			payload := make([]byte, 75_000) // 100 KB of base64
			for j := range payload {
				payload[j] = byte(c.rng.IntN(256))
			}
			parts = append(parts, &wirechat.ImagePart{Image: &wirechat.MediaBase64{
				Base64: base64.StdEncoding.EncodeToString(payload), MediaType: "image/jpeg"}})
		} else if big {
			var text strings.Builder
			for text.Len() < 20_000 {
				text.WriteString(c.words(50) + "\n")
			}
			parts = append(parts, &wirechat.TextPart{Text: text.String()})
		}
		return wirechat.Message{Role: wirechat.RoleUser, Parts: parts}
	case 1:
		var parts []wirechat.Part
		if c.rng.IntN(3) == 0 {
			parts = append(parts, &wirechat.ReasoningPart{Reasoning: wirechat.Reasoning{
				Text: ptr(c.words(40)), Signature: ptr(base64.StdEncoding.EncodeToString([]byte(c.words(20)))),
				Issuer: ptr("anthropic")}})
		}
		parts = append(parts, &wirechat.TextPart{Text: c.words(20)})
		for range c.rng.IntN(3) + 1 {
			parts = append(parts, &wirechat.ToolCallPart{ToolCall: c.toolCall()})
		}
		return wirechat.Message{Role: wirechat.RoleAssistant, Parts: parts, ID: ptr(fmt.Sprintf("msg_%d", i))}
	case 2:
		result := wirechat.ToolResult{ToolCallID: fmt.Sprintf("call_%06d", c.calls), Content: c.words(30)}
		if c.rng.IntN(4) == 0 {
			table := fmt.Sprintf(`{"columns":["day","high","low"],"rows":[[1,%d,%d],[2,%d,%d]],"unit":"C"}`,
				c.rng.IntN(30), c.rng.IntN(10), c.rng.IntN(30), c.rng.IntN(10))
			result.Parts = []wirechat.ContentPart{&wirechat.DataPart{Data: wirechat.DataRef{
				Value: wirechat.JsonValue(table), MediaType: ptr("application/json")}}}
		}
		return wirechat.Message{Role: wirechat.RoleTool, Parts: []wirechat.Part{&wirechat.ToolResultPart{ToolResult: result}}}
	default:
		return wirechat.Message{Role: wirechat.RoleAssistant, Parts: []wirechat.Part{&wirechat.TextPart{Text: c.words(40)}},
			ProviderMetadata: wirechat.ProviderMetadata{"openai": wirechat.JsonObject(`{"system_fingerprint":"fp_44709d6fcb"}`)}}
	}
}

// benchCorpus returns the encoded ChatRequest documents and their total size.
func benchCorpus(tb testing.TB) ([][]byte, int) {
	c := &corpusBuilder{rng: rand.New(rand.NewPCG(2026, 11))}
	schema := wirechat.JsonObject(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer",` +
		`"minimum":1,"maximum":14}},"required":["city"],"additionalProperties":false}`)
	var docs [][]byte
	total := 0
	for n := range 60 {
		request := wirechat.ChatRequest{
			Model:   ptr(models[n%len(models)]),
			Tools:   []wirechat.ToolDefinition{{Name: "get_weather", Description: ptr("Weather by city."), InputSchema: schema}},
			Options: &wirechat.ChatOptions{Temperature: ptr(0.7), MaxTokens: ptr[int64](1024)},
			Messages: []wirechat.Message{
				wirechat.TextMessage(wirechat.RoleSystem, "You are a helpful assistant. "+c.words(30)),
			},
		}
		length := 4 + c.rng.IntN(37)
		big := n%10 == 3
		for i := range length {
			request.Messages = append(request.Messages, c.message(i, big && i == 0))
		}
		data, err := wirechat.Encode(request)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := wirechat.Decode[wirechat.ChatRequest](data); err != nil {
			tb.Fatal(err)
		}
		docs = append(docs, data)
		total += len(data)
	}
	return docs, total
}

func decodeAll(b *testing.B, docs [][]byte) {
	for _, doc := range docs {
		if _, err := wirechat.Decode[wirechat.ChatRequest](doc); err != nil {
			b.Fatal(err)
		}
	}
}

func parseAll(b *testing.B, docs [][]byte) {
	for _, doc := range docs {
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode compares wirechat.Decode (parse, I-JSON checks, validation) with encoding/json into
// any on the same corpus, round by round.
func BenchmarkDecode(b *testing.B) {
	docs, size := benchCorpus(b)
	messages := 0
	for _, doc := range docs {
		messages += strings.Count(string(doc), `"role":`)
	}
	var ratios []float64
	var wirechatTime, plainTime time.Duration
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		decodeAll(b, docs)
		middle := time.Now()
		parseAll(b, docs)
		end := time.Now()
		wirechatTime += middle.Sub(start)
		plainTime += end.Sub(middle)
		ratios = append(ratios, float64(middle.Sub(start))/float64(end.Sub(middle)))
	}
	b.StopTimer()
	slices.Sort(ratios)
	megabytes := float64(size) * float64(b.N) / 1e6
	b.ReportMetric(ratios[len(ratios)/2], "x-encoding/json")
	b.ReportMetric(megabytes/wirechatTime.Seconds(), "wirechat-MB/s")
	b.ReportMetric(megabytes/plainTime.Seconds(), "encoding/json-MB/s")
	b.ReportMetric(float64(wirechatTime.Microseconds())/float64(b.N*len(docs)), "wirechat-µs/conv")
	b.ReportMetric(0, "ns/op")
	b.Logf("corpus: %d conversations, %d messages, %.1f MB; decode+validate is %.2fx encoding/json into any (median of %d rounds)",
		len(docs), messages, float64(size)/1e6, ratios[len(ratios)/2], len(ratios))
}

// BenchmarkDecodeOnly and BenchmarkPlainParse time each side on its own, for profiles.
func BenchmarkDecodeOnly(b *testing.B) {
	docs, size := benchCorpus(b)
	b.SetBytes(int64(size))
	b.ResetTimer()
	for range b.N {
		decodeAll(b, docs)
	}
}

func BenchmarkPlainParse(b *testing.B) {
	docs, size := benchCorpus(b)
	b.SetBytes(int64(size))
	b.ResetTimer()
	for range b.N {
		parseAll(b, docs)
	}
}

// BenchmarkEncode times Encode (validate, then write) against json.Marshal of the parsed any values.
func BenchmarkEncode(b *testing.B) {
	docs, size := benchCorpus(b)
	requests := make([]wirechat.ChatRequest, len(docs))
	plain := make([]any, len(docs))
	for i, doc := range docs {
		requests[i], _ = wirechat.Decode[wirechat.ChatRequest](doc)
		_ = json.Unmarshal(doc, &plain[i])
	}
	b.Run("wirechat", func(b *testing.B) {
		b.SetBytes(int64(size))
		for range b.N {
			for i := range requests {
				if _, err := wirechat.Encode(&requests[i]); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("encoding-json-any", func(b *testing.B) {
		b.SetBytes(int64(size))
		for range b.N {
			for i := range plain {
				if _, err := json.Marshal(plain[i]); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
