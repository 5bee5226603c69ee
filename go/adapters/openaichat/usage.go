package openaichat

// OpenAI usage to canonical TokenUsage and back. prompt_tokens already includes the cached tokens
// (prompt_tokens_details.cached_tokens) and completion_tokens the reasoning tokens, which is the canonical
// meaning, so counts map one to one; total is recomputed as input + output. The provider's other details
// are returned for provider_metadata.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var usageGroups = []struct {
	group string
	names map[string]string
}{
	{"prompt_tokens_details", map[string]string{"cached_tokens": "cache_read", "cache_write_tokens": "cache_write"}},
	{"completion_tokens_details", map[string]string{"reasoning_tokens": "reasoning"}},
}

// DecodeUsage is the canonical usage, and the provider's other usage details (nil when none).
func DecodeUsage(raw *providerjson.Object, where string) (wirechat.TokenUsage, *providerjson.Object, error) {
	count := func(key string) (int64, error) {
		v := raw.Get(key)
		if !raw.Has(key) {
			return 0, nil
		}
		return shared.Count(v, where+"/"+key)
	}
	input, err := count("prompt_tokens")
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	output, err := count("completion_tokens")
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	usage := wirechat.TokenUsage{InputTokens: input, OutputTokens: output, TotalTokens: input + output}
	var extra *providerjson.Object
	for _, g := range usageGroups {
		details, ok := raw.Get(g.group).(*providerjson.Object)
		if !ok {
			continue
		}
		rest := providerjson.NewObject()
		for _, key := range details.Keys() {
			value := details.Get(key)
			if value == nil {
				continue
			}
			name, known := g.names[key]
			if !known {
				rest.Set(key, value)
				continue
			}
			n, err := shared.Count(value, where+"/"+g.group+"/"+key)
			if err != nil {
				return wirechat.TokenUsage{}, nil, err
			}
			switch name {
			case "cache_read":
				usage.CacheReadInputTokens = &n
			case "cache_write":
				usage.CacheWriteInputTokens = &n
			case "reasoning":
				usage.ReasoningOutputTokens = &n
			}
		}
		if rest.Len() > 0 {
			if extra == nil {
				extra = providerjson.NewObject()
			}
			extra.Set(g.group, rest)
		}
	}
	return usage, extra, nil
}

// EncodeUsage is the OpenAI usage object; extra restores the details kept in provider_metadata.
func EncodeUsage(usage wirechat.TokenUsage, conv *shared.Conversion, extra *providerjson.Object) *providerjson.Object {
	if shared.UsageExtra(usage) {
		conv.Degrade("usage.extra", "/usage")
	}
	out := newObj().Set("prompt_tokens", usage.InputTokens).Set("completion_tokens", usage.OutputTokens).
		Set("total_tokens", usage.TotalTokens)
	groups := []struct {
		group  string
		counts map[string]*int64
		order  []string
	}{
		{"prompt_tokens_details", map[string]*int64{"cached_tokens": usage.CacheReadInputTokens, "cache_write_tokens": usage.CacheWriteInputTokens}, []string{"cached_tokens", "cache_write_tokens"}},
		{"completion_tokens_details", map[string]*int64{"reasoning_tokens": usage.ReasoningOutputTokens}, []string{"reasoning_tokens"}},
	}
	for _, g := range groups {
		details := newObj()
		if kept := extra.Obj(g.group); kept != nil {
			details = kept.Copy()
		}
		for _, key := range g.order {
			if n := g.counts[key]; n != nil {
				details.Set(key, *n)
			}
		}
		if details.Len() > 0 {
			out.Set(g.group, details)
		}
	}
	return out
}
