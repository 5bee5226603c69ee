package gemini

// Gemini usageMetadata <-> canonical TokenUsage (spec section 7), as Python's gemini/usage.py:
// input_tokens = promptTokenCount + toolUsePromptTokenCount (the prompt already includes the cached
// tokens, cachedContentTokenCount, which is cache_read_input_tokens); output_tokens = candidatesTokenCount
// + thoughtsTokenCount; reasoning_output_tokens = thoughtsTokenCount; total = input + output, a reported
// total that differs kept raw. Everything else is returned as the raw rest, for
// provider_metadata.gemini.usage.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// The member names, from the usage map (input = prompt + tool-use prompt, output = candidates + thoughts);
// totalKey, the reported total, is no count the map sums (total is input + output): kept raw when it differs.
var (
	usageMap      = tables.Gemini.Usage
	promptKey     = shared.UsageMember(usageMap, "input_tokens", 0)
	toolUseKey    = shared.UsageMember(usageMap, "input_tokens", 1)
	candidatesKey = shared.UsageMember(usageMap, "output_tokens", 0)
	thoughtsKey   = shared.UsageMember(usageMap, "reasoning_output_tokens", 0)
	cachedKey     = shared.UsageMember(usageMap, "cache_read_input_tokens", 0)
	totalKey      = "totalTokenCount"
	usageCounts   = []string{promptKey, candidatesKey, thoughtsKey, cachedKey, toolUseKey, totalKey}
)

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
	toolUse := counts[toolUseKey]
	input := counts[promptKey] + toolUse
	output := counts[candidatesKey] + counts[thoughtsKey]
	usage := wirechat.TokenUsage{InputTokens: input, OutputTokens: output, TotalTokens: input + output}
	if raw.Get(cachedKey) != nil {
		usage.CacheReadInputTokens = shared.Ptr(counts[cachedKey])
	}
	if raw.Get(thoughtsKey) != nil {
		usage.ReasoningOutputTokens = shared.Ptr(counts[thoughtsKey])
	}
	extra := newObj()
	for _, key := range raw.Keys() {
		if v := raw.Get(key); !contains(usageCounts, key) && v != nil {
			extra.Set(key, v)
		}
	}
	if raw.Get(toolUseKey) != nil {
		extra.Set(toolUseKey, toolUse)
	}
	if raw.Get(totalKey) != nil && counts[totalKey] != input+output {
		extra.Set(totalKey, counts[totalKey])
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
	toolUseRaw := rest.Get(toolUseKey)
	rest.Delete(toolUseKey)
	toolUse, _ := shared.IntValue(toolUseRaw)
	reasoning := int64(0)
	if usage.ReasoningOutputTokens != nil {
		reasoning = *usage.ReasoningOutputTokens
	}
	out := newObj().Set(promptKey, max(0, usage.InputTokens-toolUse)).
		Set(candidatesKey, max(0, usage.OutputTokens-reasoning))
	if usage.ReasoningOutputTokens != nil {
		out.Set(thoughtsKey, reasoning)
	}
	if usage.CacheReadInputTokens != nil {
		out.Set(cachedKey, *usage.CacheReadInputTokens)
	}
	if toolUseRaw != nil {
		out.Set(toolUseKey, toolUseRaw)
	}
	if total := rest.Get(totalKey); total != nil {
		out.Set(totalKey, total)
		rest.Delete(totalKey)
	} else {
		out.Set(totalKey, usage.InputTokens+usage.OutputTokens)
	}
	for _, key := range rest.Keys() {
		out.Set(key, rest.Get(key))
	}
	return out
}
