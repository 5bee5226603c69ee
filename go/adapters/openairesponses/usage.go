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
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// The member names, from the usage map: the two counts, and the details objects; totalKey is no count the
// map reads (the total is input + output, written back recomputed).
var (
	inputKey    = shared.UsageMember(tables.OpenaiResponses.Usage, "input_tokens", 0)
	outputKey   = shared.UsageMember(tables.OpenaiResponses.Usage, "output_tokens", 0)
	totalKey    = "total_tokens"
	usageGroups = shared.UsageGroups(tables.OpenaiResponses.Usage)
	knownUsage  = func() map[string]bool {
		known := setOf(inputKey, outputKey, totalKey)
		for _, g := range usageGroups {
			known[g.Group] = true
		}
		return known
	}()
)

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
	input, err := count(inputKey)
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	output, err := count(outputKey)
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
		value := raw.Get(group.Group)
		if value == nil {
			continue
		}
		details, ok := value.(*obj)
		if !ok {
			return wirechat.TokenUsage{}, nil, shared.Invalid(where+"/"+group.Group, "expected an object, got %s", shared.TypeName(value))
		}
		rest := newObj()
	members:
		for _, key := range details.Keys() {
			v := details.Get(key)
			if v == nil {
				continue
			}
			for _, d := range group.Details {
				if d.Member == key {
					n, err := shared.Count(v, where+"/"+group.Group+"/"+key)
					if err != nil {
						return wirechat.TokenUsage{}, nil, err
					}
					*shared.UsageField(&usage, d.Count) = &n
					continue members
				}
			}
			rest.Set(key, v)
		}
		if rest.Len() > 0 {
			extra.Set(group.Group, rest)
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
	out := newObj().Set(inputKey, usage.InputTokens).Set(outputKey, usage.OutputTokens).Set(totalKey, usage.TotalTokens)
	for _, group := range usageGroups {
		details := newObj()
		if kept, ok := rest.Get(group.Group).(*obj); ok {
			details = kept.Copy()
		}
		rest.Delete(group.Group)
		for _, d := range group.Details {
			if n := *shared.UsageField(&usage, d.Count); n != nil {
				details.Set(d.Member, *n)
			}
		}
		if details.Len() > 0 {
			out.Set(group.Group, details)
		}
	}
	for _, key := range rest.Keys() {
		out.Set(key, rest.Get(key))
	}
	return out
}

var _ = providerjson.Number("")
