package querymt

// QueryMT Usage (input_tokens, output_tokens, reasoning_tokens, cache_read, cache_write, all u32
// defaulting to 0) to canonical TokenUsage and back. The counts have the canonical meanings, so they map
// one to one; total_tokens is input + output; a zero cache or reasoning count is written as absent.
// Serde's read aliases (prompt_tokens, completion_tokens, cache_read_input_tokens,
// cache_creation_input_tokens) are read too.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// usageNames is each canonical count and the QueryMT members (name, then serde aliases) that hold it.
var usageNames = []struct {
	field string
	names []string
}{
	{"input_tokens", []string{"input_tokens", "prompt_tokens"}},
	{"output_tokens", []string{"output_tokens", "completion_tokens"}},
	{"reasoning_output_tokens", []string{"reasoning_tokens"}},
	{"cache_read_input_tokens", []string{"cache_read", "cache_read_input_tokens"}},
	{"cache_write_input_tokens", []string{"cache_write", "cache_creation_input_tokens"}},
}

// usageMembers is every member QueryMT's Usage reads.
var usageMembers = func() map[string]bool {
	out := map[string]bool{}
	for _, entry := range usageNames {
		for _, name := range entry.names {
			out[name] = true
		}
	}
	return out
}()

func count(v any, where string) (int64, error) {
	n, ok := shared.IntValue(v)
	if !ok || n < 0 || n > 0xFFFFFFFF {
		return 0, shared.Invalid(where, "expected a token count (an integer from 0 to 2**32-1), got %s", shared.TypeName(v))
	}
	return n, nil
}

// decodeUsage is the canonical usage, and the members QueryMT's Usage does not have (for provider_metadata).
func decodeUsage(raw *obj, where string) (wirechat.TokenUsage, *obj, error) {
	counts := map[string]int64{}
	for _, entry := range usageNames {
		for _, name := range entry.names {
			if value := raw.Get(name); value != nil {
				n, err := count(value, where+"/"+name)
				if err != nil {
					return wirechat.TokenUsage{}, nil, err
				}
				counts[entry.field] = n
				break
			}
		}
	}
	usage := wirechat.TokenUsage{InputTokens: counts["input_tokens"], OutputTokens: counts["output_tokens"]}
	usage.TotalTokens = usage.InputTokens + usage.OutputTokens
	for field, target := range map[string]**int64{
		"cache_read_input_tokens": &usage.CacheReadInputTokens, "cache_write_input_tokens": &usage.CacheWriteInputTokens,
		"reasoning_output_tokens": &usage.ReasoningOutputTokens,
	} {
		if n := counts[field]; n != 0 {
			*target = shared.Ptr(n)
		}
	}
	extra := newObj()
	for _, key := range raw.Keys() {
		if !usageMembers[key] {
			extra.Set(key, raw.Get(key))
		}
	}
	return usage, extra, nil
}

// encodeUsage is QueryMT's Usage for a canonical one (its model, latency and cost are dropped, warned).
func encodeUsage(usage wirechat.TokenUsage, conv *shared.Conversion) *obj {
	if shared.UsageExtra(usage) {
		conv.Degrade("usage.extra", "/usage")
	}
	or0 := func(n *int64) int64 {
		if n == nil {
			return 0
		}
		return *n
	}
	return newObj().Set("input_tokens", usage.InputTokens).Set("output_tokens", usage.OutputTokens).
		Set("reasoning_tokens", or0(usage.ReasoningOutputTokens)).Set("cache_read", or0(usage.CacheReadInputTokens)).
		Set("cache_write", or0(usage.CacheWriteInputTokens))
}
