package wirechat

// Token usage arithmetic with the spec's semantics (schema/README.md, section 7).

// AddUsage returns acc + other: every count sums (input, output and total tokens, the cache and
// reasoning parts, latency_ms, cost_micros); an optional count absent on both sides stays absent and
// counts as 0 when absent on one side. Model is acc's when both are set (even when they differ), else
// whichever side has one. Neither argument is changed.
func AddUsage(acc, other TokenUsage) TokenUsage {
	return TokenUsage{
		InputTokens:           acc.InputTokens + other.InputTokens,
		OutputTokens:          acc.OutputTokens + other.OutputTokens,
		TotalTokens:           acc.TotalTokens + other.TotalTokens,
		CacheReadInputTokens:  addCounts(acc.CacheReadInputTokens, other.CacheReadInputTokens),
		CacheWriteInputTokens: addCounts(acc.CacheWriteInputTokens, other.CacheWriteInputTokens),
		ReasoningOutputTokens: addCounts(acc.ReasoningOutputTokens, other.ReasoningOutputTokens),
		Model:                 firstModel(acc.Model, other.Model),
		LatencyMs:             addCounts(acc.LatencyMs, other.LatencyMs),
		CostMicros:            addCounts(acc.CostMicros, other.CostMicros),
	}
}

// SumUsage adds usages in order (the first model named labels the total); it returns nil for none.
func SumUsage(usages ...TokenUsage) *TokenUsage {
	if len(usages) == 0 {
		return nil
	}
	total := AddUsage(TokenUsage{}, usages[0])
	for _, u := range usages[1:] {
		total = AddUsage(total, u)
	}
	return &total
}

func addCounts(a, b *int64) *int64 {
	if a == nil && b == nil {
		return nil
	}
	var sum int64
	if a != nil {
		sum += *a
	}
	if b != nil {
		sum += *b
	}
	return &sum
}

func firstModel(a, b *string) *string {
	for _, model := range []*string{a, b} {
		if model != nil {
			copied := *model
			return &copied
		}
	}
	return nil
}
