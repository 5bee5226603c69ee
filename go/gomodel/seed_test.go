package gomodel_test

// Real data: documents written by encoding/json from hand-written structs with the seed's JSON tags
// (the shapes of the SDK's model package, not the SDK itself), converted into wirechat and back. Where
// the mapping is lossless the result is byte for byte what encoding/json wrote.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/wirechat/wirechat/go/gomodel"
)

type seedMediaRef struct {
	URL       string `json:"url,omitempty"`
	Base64    string `json:"base64,omitempty"`
	MediaType string `json:"media_type,omitempty"`
}

type seedFileRef struct {
	URI      string `json:"uri"`
	MimeType string `json:"mime_type,omitempty"`
	Name     string `json:"name,omitempty"`
}

type seedDataRef struct {
	MimeType string         `json:"mime_type,omitempty"`
	Value    map[string]any `json:"value"`
}

type seedToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type seedToolResult struct {
	ToolCallID string `json:"tool_call_id"`
	Content    string `json:"content"`
	IsError    bool   `json:"is_error,omitempty"`
}

type seedPart struct {
	Type       string          `json:"type"`
	Text       string          `json:"text,omitempty"`
	Image      *seedMediaRef   `json:"image,omitempty"`
	Audio      *seedMediaRef   `json:"audio,omitempty"`
	File       *seedFileRef    `json:"file,omitempty"`
	Data       *seedDataRef    `json:"data,omitempty"`
	ToolCall   *seedToolCall   `json:"tool_call,omitempty"`
	ToolResult *seedToolResult `json:"tool_result,omitempty"`
}

type seedMessage struct {
	Role  string     `json:"role"`
	Parts []seedPart `json:"parts"`
}

type seedToolDefinition struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	InputSchema map[string]any `json:"input_schema"`
}

type seedTokenUsage struct {
	InputTokens  int64  `json:"input_tokens"`
	OutputTokens int64  `json:"output_tokens"`
	TotalTokens  int64  `json:"total_tokens"`
	Model        string `json:"model,omitempty"`
	LatencyMs    int64  `json:"latency_ms,omitempty"`
	CostMicros   int64  `json:"cost_micros,omitempty"`
}

type seedStreamChunk struct {
	Role         string         `json:"role,omitempty"`
	Content      string         `json:"content,omitempty"`
	ToolCalls    []seedToolCall `json:"tool_calls,omitempty"`
	FinishReason string         `json:"finish_reason,omitempty"`
}

// The two documents the SDK has no type for (see doc.go).
type seedRequest struct {
	Model    string               `json:"model,omitempty"`
	Messages []seedMessage        `json:"messages"`
	Tools    []seedToolDefinition `json:"tools,omitempty"`
}

type seedResponse struct {
	Message      seedMessage     `json:"message"`
	FinishReason string          `json:"finish_reason,omitempty"`
	Usage        *seedTokenUsage `json:"usage,omitempty"`
}

type seedRecord struct {
	Event *string `json:"event"`
	Data  any     `json:"data"`
}

// gen draws seed-shaped values: text with markup characters (which encoding/json escapes) and
// non-ASCII, every part type, parallel calls, nested free-form data.
type gen struct{ r *rand.Rand }

var alphabet = []rune("ab <>&\"\\/é漢字😀\n\t0")

func (g gen) text(max int) string {
	n := g.r.IntN(max + 1)
	out := make([]rune, n)
	for i := range out {
		out[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(out)
}

func (g gen) id() string { return fmt.Sprintf("call_%d", g.r.IntN(1000)) }

func (g gen) value(depth int) any {
	switch g.r.IntN(6) {
	case 0:
		return g.text(6)
	case 1:
		return float64(g.r.IntN(1_000_000)) - 500_000
	case 2:
		return g.r.Float64() * 1e6
	case 3:
		return g.r.IntN(2) == 0
	case 4:
		if depth > 0 {
			return []any{g.value(depth - 1), g.value(depth - 1)}
		}
		return nil
	}
	if depth > 0 {
		return g.object(depth - 1)
	}
	return nil
}

func (g gen) object(depth int) map[string]any {
	out := map[string]any{}
	for range g.r.IntN(4) {
		out[g.text(5)] = g.value(depth)
	}
	return out
}

func (g gen) media() *seedMediaRef {
	if g.r.IntN(2) == 0 {
		m := &seedMediaRef{URL: "https://example.com/" + fmt.Sprint(g.r.IntN(100)) + ".png"}
		if g.r.IntN(2) == 0 {
			m.MediaType = "image/png"
		}
		return m
	}
	return &seedMediaRef{Base64: "iVBORw0KGgo=", MediaType: "image/png"}
}

func (g gen) part() seedPart {
	switch g.r.IntN(7) {
	case 0:
		return seedPart{Type: "text", Text: g.text(12)}
	case 1:
		return seedPart{Type: "image", Image: g.media()}
	case 2:
		return seedPart{Type: "audio", Audio: &seedMediaRef{Base64: "UklGRg==", MediaType: "audio/wav"}}
	case 3:
		f := &seedFileRef{URI: "https://example.com/report.pdf"}
		if g.r.IntN(2) == 0 {
			f.MimeType, f.Name = "application/pdf", g.text(5)+"x"
		}
		return seedPart{Type: "file", File: f}
	case 4:
		d := &seedDataRef{Value: g.object(2)}
		if g.r.IntN(3) == 0 {
			d.Value = nil
		}
		if g.r.IntN(2) == 0 {
			d.MimeType = "application/json"
		}
		return seedPart{Type: "data", Data: d}
	case 5:
		return seedPart{Type: "tool_call", ToolCall: &seedToolCall{ID: g.id(), Name: "get_weather", Arguments: g.text(10)}}
	}
	return seedPart{Type: "tool_result", ToolResult: &seedToolResult{ToolCallID: g.id(), Content: g.text(10), IsError: g.r.IntN(2) == 0}}
}

func (g gen) message() seedMessage {
	m := seedMessage{Role: []string{"system", "user", "assistant", "tool"}[g.r.IntN(4)], Parts: []seedPart{}}
	for range g.r.IntN(4) {
		m.Parts = append(m.Parts, g.part())
	}
	return m
}

func (g gen) usage() seedTokenUsage {
	u := seedTokenUsage{InputTokens: g.r.Int64N(1e6), OutputTokens: g.r.Int64N(1e6)}
	u.TotalTokens = u.InputTokens + u.OutputTokens
	if g.r.IntN(2) == 0 {
		u.Model, u.LatencyMs, u.CostMicros = "gpt-4o", g.r.Int64N(5000), g.r.Int64N(100000)
	}
	return u
}

func (g gen) tool() seedToolDefinition {
	return seedToolDefinition{Name: "get_weather", Description: g.text(8), InputSchema: map[string]any{"type": "object", "properties": g.object(1)}}
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func roundTrip(t *testing.T, kind gomodel.Kind, doc []byte) {
	t.Helper()
	canonical, err := gomodel.ToWirechat(kind, doc)
	if err != nil {
		t.Fatalf("%s to wirechat: %v\n%s", kind, err, doc)
	}
	back, warnings, err := gomodel.FromWirechat(kind, canonical)
	if err != nil {
		t.Fatalf("%s from wirechat: %v\n%s", kind, err, canonical)
	}
	if len(warnings) > 0 {
		t.Errorf("%s: a lossless document gave warnings %v", kind, warnings)
	}
	if !bytes.Equal(back, doc) {
		t.Errorf("%s did not come back byte for byte:\n sdk  %s\n back %s\n via  %s", kind, doc, back, canonical)
	}
}

func TestSeedDocumentsRoundTripByteForByte(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(14, 3))}
	for range 300 {
		roundTrip(t, gomodel.KindMessage, marshal(t, g.message()))
		roundTrip(t, gomodel.KindMessages, marshal(t, []seedMessage{g.message(), g.message()}))
		roundTrip(t, gomodel.KindToolDefinition, marshal(t, g.tool()))
		roundTrip(t, gomodel.KindUsage, marshal(t, g.usage()))
		roundTrip(t, gomodel.KindRequest, marshal(t, seedRequest{Model: "gpt-4o", Messages: []seedMessage{g.message()}, Tools: []seedToolDefinition{g.tool()}}))
	}
}

func TestSeedRepliesAndStreamsRoundTripByteForByte(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(14, 4))}
	for range 300 {
		// A reply as the SDK streams it: one run of text (not empty), then tool calls.
		reply := seedMessage{Role: "assistant", Parts: []seedPart{{Type: "text", Text: "x" + g.text(10)}}}
		var calls []seedToolCall
		for range g.r.IntN(3) {
			call := seedToolCall{ID: g.id(), Name: "lookup", Arguments: `{"q":"` + g.text(3) + `"}`}
			calls = append(calls, call)
			reply.Parts = append(reply.Parts, seedPart{Type: "tool_call", ToolCall: &call})
		}
		finish := []string{"stop", "length", "content_filter"}[g.r.IntN(3)]
		if len(calls) > 0 {
			finish = "tool_calls"
		}
		usage := g.usage()
		roundTrip(t, gomodel.KindResponse, marshal(t, seedResponse{Message: reply, FinishReason: finish, Usage: &usage}))

		usageEvent := "usage"
		records := []seedRecord{{Data: seedStreamChunk{Content: reply.Parts[0].Text}}}
		for _, call := range calls {
			records = append(records, seedRecord{Data: seedStreamChunk{ToolCalls: []seedToolCall{call}}})
		}
		records = append(records, seedRecord{Event: &usageEvent, Data: usage}, seedRecord{Data: seedStreamChunk{FinishReason: finish}})
		roundTrip(t, gomodel.KindStream, marshal(t, records))
	}
}

// What is not byte for byte, and why: Go's nil Parts is written null, read as no parts, written [].
func TestNilPartsComeBackEmpty(t *testing.T) {
	doc := marshal(t, seedMessage{Role: "assistant"})
	canonical, err := gomodel.ToWirechat(gomodel.KindMessage, doc)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := gomodel.FromWirechat(gomodel.KindMessage, canonical)
	if err != nil {
		t.Fatal(err)
	}
	if string(doc) != `{"role":"assistant","parts":null}` || string(back) != `{"role":"assistant","parts":[]}` {
		t.Errorf("sdk %s, back %s", doc, back)
	}
}
