package anthropic

// Anthropic usage to canonical TokenUsage and back. Anthropic's input_tokens counts only the tokens after the last
// cache breakpoint: cache reads (cache_read_input_tokens) and writes (cache_creation_input_tokens) are
// outside it, so the canonical input_tokens adds them back (spec section 7). output_tokens includes
// thinking (output_tokens_details.thinking_tokens). Other members are returned for provider_metadata.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var knownUsage = map[string]bool{
	"input_tokens": true, "output_tokens": true, "cache_read_input_tokens": true, "cache_creation_input_tokens": true,
}

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
	for i, key := range []string{"input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens", "output_tokens"} {
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
	if details, ok := extra.Get("output_tokens_details").(*providerjson.Object); ok {
		extra.Delete("output_tokens_details")
		details = details.Copy()
		thinking, err := optionalCount(details, "thinking_tokens", where+"/output_tokens_details")
		if err != nil {
			return wirechat.TokenUsage{}, nil, err
		}
		if thinking != nil {
			usage.ReasoningOutputTokens = thinking
			details.Delete("thinking_tokens")
		}
		if details.Len() > 0 {
			extra.Set("output_tokens_details", details)
		}
	} else if extra.Has("output_tokens_details") {
		extra.Delete("output_tokens_details") // Python pops it whatever its type
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
	out := newObj().Set("input_tokens", max(0, usage.InputTokens-read-written)).Set("output_tokens", usage.OutputTokens)
	if usage.CacheReadInputTokens != nil {
		out.Set("cache_read_input_tokens", read)
	}
	if usage.CacheWriteInputTokens != nil {
		out.Set("cache_creation_input_tokens", written)
	}
	rest := newObj()
	if extra != nil {
		rest = extra.Copy()
	}
	details := newObj()
	if kept, ok := rest.Get("output_tokens_details").(*obj); ok {
		details = kept.Copy()
	}
	rest.Delete("output_tokens_details")
	if usage.ReasoningOutputTokens != nil {
		details.Set("thinking_tokens", *usage.ReasoningOutputTokens)
	}
	if details.Len() > 0 {
		out.Set("output_tokens_details", details)
	}
	for _, key := range rest.Keys() {
		out.Set(key, rest.Get(key))
	}
	return out
}
