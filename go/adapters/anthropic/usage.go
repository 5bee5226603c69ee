package anthropic

// Anthropic usage to canonical TokenUsage and back. Anthropic's input_tokens counts only the tokens after the last
// cache breakpoint: cache reads (cache_read_input_tokens) and writes (cache_creation_input_tokens) are
// outside it, so the canonical input_tokens adds them back (spec section 7). output_tokens includes
// thinking (output_tokens_details.thinking_tokens). Other members are returned for provider_metadata.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// The member names, from the usage map: input is the uncached tokens plus cache reads and writes.
var (
	usageMap      = tables.Anthropic.Usage
	uncachedKey   = shared.UsageMember(usageMap, "input_tokens", 0)
	cacheReadKey  = shared.UsageMember(usageMap, "cache_read_input_tokens", 0)
	cacheWriteKey = shared.UsageMember(usageMap, "cache_write_input_tokens", 0)
	outputKey     = shared.UsageMember(usageMap, "output_tokens", 0)
	thinkingPath  = shared.UsagePath(usageMap, "reasoning_output_tokens", 0)
	detailsKey    = thinkingPath[0]
	thinkingKey   = thinkingPath[1]
	knownUsage    = map[string]bool{uncachedKey: true, outputKey: true, cacheReadKey: true, cacheWriteKey: true}
)

func optionalCount(raw *providerjson.Object, key, where string) (*int64, error) {
	v := raw.Get(key)
	if v == nil {
		return nil, nil
	}
	n, err := shared.Count(v, where+"/"+key)
	if err != nil {
		return nil, err
	}
	return &n, nil
}

// DecodeUsage is the canonical usage, and the provider's other usage members (nil when none).
func DecodeUsage(raw *providerjson.Object, where string) (wirechat.TokenUsage, *providerjson.Object, error) {
	var counts [4]*int64
	for i, key := range []string{uncachedKey, cacheReadKey, cacheWriteKey, outputKey} {
		n, err := optionalCount(raw, key, where)
		if err != nil {
			return wirechat.TokenUsage{}, nil, err
		}
		counts[i] = n
	}
	value := func(p *int64) int64 {
		if p == nil {
			return 0
		}
		return *p
	}
	input := value(counts[0]) + value(counts[1]) + value(counts[2])
	output := value(counts[3])
	usage := wirechat.TokenUsage{InputTokens: input, OutputTokens: output, TotalTokens: input + output}
	usage.CacheReadInputTokens = counts[1]
	usage.CacheWriteInputTokens = counts[2]
	extra := providerjson.NewObject()
	for _, key := range raw.Keys() {
		if v := raw.Get(key); !knownUsage[key] && v != nil {
			extra.Set(key, v)
		}
	}
	if details, ok := extra.Get(detailsKey).(*providerjson.Object); ok {
		extra.Delete(detailsKey)
		details = details.Copy()
		thinking, err := optionalCount(details, thinkingKey, where+"/"+detailsKey)
		if err != nil {
			return wirechat.TokenUsage{}, nil, err
		}
		if thinking != nil {
			usage.ReasoningOutputTokens = thinking
			details.Delete(thinkingKey)
		}
		if details.Len() > 0 {
			extra.Set(detailsKey, details)
		}
	} else if extra.Has(detailsKey) {
		extra.Delete(detailsKey) // Python pops it whatever its type
	}
	if extra.Len() == 0 {
		extra = nil
	}
	return usage, extra, nil
}

// EncodeUsage is the Anthropic usage object (input_tokens without the cached tokens); extra restores
// the members kept in provider_metadata.
func EncodeUsage(usage wirechat.TokenUsage, conv *shared.Conversion, extra *providerjson.Object) *providerjson.Object {
	if shared.UsageExtra(usage) {
		conv.Degrade("usage.extra", "/usage")
	}
	var read, written int64
	if usage.CacheReadInputTokens != nil {
		read = *usage.CacheReadInputTokens
	}
	if usage.CacheWriteInputTokens != nil {
		written = *usage.CacheWriteInputTokens
	}
	out := newObj().Set(uncachedKey, max(0, usage.InputTokens-read-written)).Set(outputKey, usage.OutputTokens)
	if usage.CacheReadInputTokens != nil {
		out.Set(cacheReadKey, read)
	}
	if usage.CacheWriteInputTokens != nil {
		out.Set(cacheWriteKey, written)
	}
	rest := newObj()
	if extra != nil {
		rest = extra.Copy()
	}
	details := newObj()
	if kept, ok := rest.Get(detailsKey).(*obj); ok {
		details = kept.Copy()
	}
	rest.Delete(detailsKey)
	if usage.ReasoningOutputTokens != nil {
		details.Set(thinkingKey, *usage.ReasoningOutputTokens)
	}
	if details.Len() > 0 {
		out.Set(detailsKey, details)
	}
	for _, key := range rest.Keys() {
		out.Set(key, rest.Get(key))
	}
	return out
}
