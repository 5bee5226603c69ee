package openairesponses

// Responses usage to canonical TokenUsage and back (spec section 7), as Python's openai_responses/usage.py.
// input_tokens already includes the cached tokens (input_tokens_details.cached_tokens ->
// cache_read_input_tokens, cache_write_tokens -> cache_write_input_tokens) and output_tokens the reasoning
// tokens (output_tokens_details.reasoning_tokens -> reasoning_output_tokens): the canonical meanings, so
// counts map one to one; total is recomputed as input + output. Other details are kept for
// provider_metadata.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

type detail struct{ member, field string }

var usageGroups = []struct {
	group   string
	details []detail
}{
	{"input_tokens_details", []detail{{"cached_tokens", "cache_read_input_tokens"}, {"cache_write_tokens", "cache_write_input_tokens"}}},
	{"output_tokens_details", []detail{{"reasoning_tokens", "reasoning_output_tokens"}}},
}

var knownUsage = setOf("input_tokens", "output_tokens", "total_tokens", "input_tokens_details", "output_tokens_details")

func usageField(usage *wirechat.TokenUsage, field string) **int64 {
	switch field {
	case "cache_read_input_tokens":
		return &usage.CacheReadInputTokens
	case "cache_write_input_tokens":
		return &usage.CacheWriteInputTokens
	}
	return &usage.ReasoningOutputTokens
}

// DecodeUsage is the canonical usage, and the provider's other usage members (for provider_metadata; empty
// when none).
func DecodeUsage(raw *obj, where string) (wirechat.TokenUsage, *obj, error) {
	count := func(key string) (int64, error) {
		v := raw.Get(key)
		if !raw.Has(key) {
			return 0, nil
		}
		return shared.Count(v, where+"/"+key)
	}
	input, err := count("input_tokens")
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	output, err := count("output_tokens")
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	usage := wirechat.TokenUsage{InputTokens: input, OutputTokens: output, TotalTokens: input + output}
	extra := newObj()
	for _, key := range raw.Keys() {
		if v := raw.Get(key); !knownUsage[key] && v != nil {
			extra.Set(key, v)
		}
	}
	for _, group := range usageGroups {
		value := raw.Get(group.group)
		if value == nil {
			continue
		}
		details, ok := value.(*obj)
		if !ok {
			return wirechat.TokenUsage{}, nil, shared.Invalid(where+"/"+group.group, "expected an object, got %s", shared.TypeName(value))
		}
		rest := newObj()
	members:
		for _, key := range details.Keys() {
			v := details.Get(key)
			if v == nil {
				continue
			}
			for _, d := range group.details {
				if d.member == key {
					n, err := shared.Count(v, where+"/"+group.group+"/"+key)
					if err != nil {
						return wirechat.TokenUsage{}, nil, err
					}
					*usageField(&usage, d.field) = &n
					continue members
				}
			}
			rest.Set(key, v)
		}
		if rest.Len() > 0 {
			extra.Set(group.group, rest)
		}
	}
	return usage, extra, nil
}

// encodeUsage is the Responses usage object; extra restores the members kept in provider_metadata.
func encodeUsage(usage wirechat.TokenUsage, conv *shared.Conversion, extra any) *obj {
	if shared.UsageExtra(usage) {
		conv.Degrade("usage.extra", "/usage")
	}
	rest := newObj()
	if kept, ok := extra.(*obj); ok {
		rest = kept.Copy()
	}
	out := newObj().Set("input_tokens", usage.InputTokens).Set("output_tokens", usage.OutputTokens).Set("total_tokens", usage.TotalTokens)
	for _, group := range usageGroups {
		details := newObj()
		if kept, ok := rest.Get(group.group).(*obj); ok {
			details = kept.Copy()
		}
		rest.Delete(group.group)
		for _, d := range group.details {
			if n := *usageField(&usage, d.field); n != nil {
				details.Set(d.member, *n)
			}
		}
		if details.Len() > 0 {
			out.Set(group.group, details)
		}
	}
	for _, key := range rest.Keys() {
		out.Set(key, rest.Get(key))
	}
	return out
}

var _ = providerjson.Number("")
