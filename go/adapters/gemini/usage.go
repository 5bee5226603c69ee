package gemini

// Gemini usageMetadata <-> canonical TokenUsage (spec section 7), as Python's gemini/usage.py:
// input_tokens = promptTokenCount + toolUsePromptTokenCount (the prompt already includes the cached
// tokens, cachedContentTokenCount, which is cache_read_input_tokens); output_tokens = candidatesTokenCount
// + thoughtsTokenCount; reasoning_output_tokens = thoughtsTokenCount; total = input + output, a reported
// total that differs kept raw. Everything else is returned as the raw rest, for
// provider_metadata.gemini.usage.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

var usageCounts = []string{"promptTokenCount", "candidatesTokenCount", "thoughtsTokenCount", "cachedContentTokenCount",
	"toolUsePromptTokenCount", "totalTokenCount"}

// DecodeUsage is the canonical usage, and the provider's other usage members (empty when none).
func DecodeUsage(raw *obj, where string) (wirechat.TokenUsage, *obj, error) {
	counts := map[string]int64{}
	for _, key := range usageCounts {
		if v := raw.Get(key); v != nil {
			n, err := shared.Count(v, where+"/"+key)
			if err != nil {
				return wirechat.TokenUsage{}, nil, err
			}
			counts[key] = n
		}
	}
	toolUse := counts["toolUsePromptTokenCount"]
	input := counts["promptTokenCount"] + toolUse
	output := counts["candidatesTokenCount"] + counts["thoughtsTokenCount"]
	usage := wirechat.TokenUsage{InputTokens: input, OutputTokens: output, TotalTokens: input + output}
	if raw.Get("cachedContentTokenCount") != nil {
		usage.CacheReadInputTokens = shared.Ptr(counts["cachedContentTokenCount"])
	}
	if raw.Get("thoughtsTokenCount") != nil {
		usage.ReasoningOutputTokens = shared.Ptr(counts["thoughtsTokenCount"])
	}
	extra := newObj()
	for _, key := range raw.Keys() {
		if v := raw.Get(key); !contains(usageCounts, key) && v != nil {
			extra.Set(key, v)
		}
	}
	if raw.Get("toolUsePromptTokenCount") != nil {
		extra.Set("toolUsePromptTokenCount", toolUse)
	}
	if raw.Get("totalTokenCount") != nil && counts["totalTokenCount"] != input+output {
		extra.Set("totalTokenCount", counts["totalTokenCount"])
	}
	return usage, extra, nil
}

// encodeUsage is the usageMetadata object (thoughts outside the candidates, tool-use tokens outside the
// prompt), extra the kept rest (nil for none).
func encodeUsage(usage wirechat.TokenUsage, conv *shared.Conversion, extra *obj) *obj {
	if shared.UsageExtra(usage) {
		conv.Degrade("usage.extra", "/usage")
	}
	if usage.CacheWriteInputTokens != nil {
		conv.Degrade("usage.cache", "/usage/cache_write_input_tokens")
	}
	rest := newObj()
	if extra != nil {
		rest = extra.Copy()
	}
	toolUseRaw := rest.Get("toolUsePromptTokenCount")
	rest.Delete("toolUsePromptTokenCount")
	toolUse, _ := shared.IntValue(toolUseRaw)
	reasoning := int64(0)
	if usage.ReasoningOutputTokens != nil {
		reasoning = *usage.ReasoningOutputTokens
	}
	out := newObj().Set("promptTokenCount", max(0, usage.InputTokens-toolUse)).
		Set("candidatesTokenCount", max(0, usage.OutputTokens-reasoning))
	if usage.ReasoningOutputTokens != nil {
		out.Set("thoughtsTokenCount", reasoning)
	}
	if usage.CacheReadInputTokens != nil {
		out.Set("cachedContentTokenCount", *usage.CacheReadInputTokens)
	}
	if toolUseRaw != nil {
		out.Set("toolUsePromptTokenCount", toolUseRaw)
	}
	if total := rest.Get("totalTokenCount"); total != nil {
		out.Set("totalTokenCount", total)
		rest.Delete("totalTokenCount")
	} else {
		out.Set("totalTokenCount", usage.InputTokens+usage.OutputTokens)
	}
	for _, key := range rest.Keys() {
		out.Set(key, rest.Get(key))
	}
	return out
}
