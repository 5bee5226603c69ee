package wirechat_test

// AddUsage and SumUsage follow the spec's addition (schema/README.md, section 7).

import (
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func usageJSON(t *testing.T, u *wirechat.TokenUsage) string {
	t.Helper()
	return encodeString(t, u)
}

func TestAddUsageSumsEveryCount(t *testing.T) {
	a := wirechat.TokenUsage{InputTokens: 10, OutputTokens: 5, TotalTokens: 15, CacheReadInputTokens: ptr[int64](4),
		LatencyMs: ptr[int64](100), CostMicros: ptr[int64](7), Model: ptr("gpt-a")}
	b := wirechat.TokenUsage{InputTokens: 1, OutputTokens: 2, TotalTokens: 3, CacheReadInputTokens: ptr[int64](1),
		ReasoningOutputTokens: ptr[int64](2), LatencyMs: ptr[int64](50), Model: ptr("gpt-b")}
	sum := wirechat.AddUsage(a, b)
	want := `{"input_tokens":11,"output_tokens":7,"total_tokens":18,"cache_read_input_tokens":5,` +
		`"reasoning_output_tokens":2,"model":"gpt-a","latency_ms":150,"cost_micros":7}`
	if got := usageJSON(t, &sum); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if *a.CacheReadInputTokens != 4 || *b.LatencyMs != 50 {
		t.Fatal("AddUsage changed an argument")
	}
}

func TestAddUsageKeepsAbsentCountsAbsent(t *testing.T) {
	a := wirechat.TokenUsage{InputTokens: 1, OutputTokens: 1, TotalTokens: 2}
	sum := wirechat.AddUsage(a, a)
	if got := usageJSON(t, &sum); got != `{"input_tokens":2,"output_tokens":2,"total_tokens":4}` {
		t.Fatalf("got %s", got)
	}
}

func TestAddUsageModelAccumulatorWinsAndAnUnsetSideTakesTheOther(t *testing.T) {
	named := wirechat.TokenUsage{Model: ptr("m1")}
	unnamed := wirechat.TokenUsage{}
	if m := wirechat.AddUsage(unnamed, named).Model; m == nil || *m != "m1" {
		t.Fatalf("an unset accumulator takes the other's model, got %v", m)
	}
	if m := wirechat.AddUsage(named, wirechat.TokenUsage{Model: ptr("m2")}).Model; m == nil || *m != "m1" {
		t.Fatalf("the accumulator's model wins, got %v", m)
	}
	if m := wirechat.AddUsage(unnamed, unnamed).Model; m != nil {
		t.Fatalf("no model on either side stays absent, got %v", *m)
	}
}

func TestSumUsage(t *testing.T) {
	if wirechat.SumUsage() != nil {
		t.Fatal("the sum of nothing is nil")
	}
	one := wirechat.TokenUsage{InputTokens: 1, OutputTokens: 1, TotalTokens: 2, Model: ptr("first")}
	two := wirechat.TokenUsage{InputTokens: 2, OutputTokens: 2, TotalTokens: 4, Model: ptr("second"), CostMicros: ptr[int64](3)}
	total := wirechat.SumUsage(one, two, two)
	if got := usageJSON(t, total); got != `{"input_tokens":5,"output_tokens":5,"total_tokens":10,"model":"first","cost_micros":6}` {
		t.Fatalf("got %s", got)
	}
}
