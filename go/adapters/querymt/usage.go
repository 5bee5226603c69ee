package querymt

// QueryMT Usage (input_tokens, output_tokens, reasoning_tokens, cache_read, cache_write, all u32
// defaulting to 0) to canonical TokenUsage and back. The counts have the canonical meanings, so they map
// one to one; total_tokens is input + output; a zero cache or reasoning count is written as absent.
// Serde's read aliases (prompt_tokens, completion_tokens, cache_read_input_tokens,
// cache_creation_input_tokens) are read too.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

type usageName struct {
	field string
	names []string
}

// usageNames is each canonical count and the QueryMT members (name, then serde aliases) that hold it: the
// usage map's "first" lists, in its order.
var usageNames = func() []usageName {
	var out []usageName
	for _, c := range tables.Querymt.Usage.Counts {
		entry := usageName{field: c.Count}
		for i := range c.Paths {
			entry.names = append(entry.names, shared.UsageMember(tables.Querymt.Usage, c.Count, i))
		}
		out = append(out, entry)
	}
	return out
}()

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
	for _, entry := range usageNames {
		if n := counts[entry.field]; n != 0 && entry.field != "input_tokens" && entry.field != "output_tokens" {
			*shared.UsageField(&usage, entry.field) = shared.Ptr(n)
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
	out := newObj()
	for _, entry := range usageNames { // each under QueryMT's own name, the first the map lists
		switch entry.field {
		case "input_tokens":
			out.Set(entry.names[0], usage.InputTokens)
		case "output_tokens":
			out.Set(entry.names[0], usage.OutputTokens)
		default:
			out.Set(entry.names[0], or0(*shared.UsageField(&usage, entry.field)))
		}
	}
	return out
}
