package shared

// Reading an adapter's generated usage map (tables.<Name>.Usage, from the usage member of
// adapters/<name>.adapter.json, decision 028): the provider member names a usage module reads and writes,
// so that none is spelt by hand. The arithmetic (sums, raw rests, quirks) stays in each usage module.
// A map that lacks what a module asks for is a codegen error: these panic, at package initialisation.

import (
	"fmt"

	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// UsagePath is the index'th member path of the canonical count (summed or first-present alike).
func UsagePath(m tables.UsageMap, count string, index int) []string {
	for _, c := range m.Counts {
		if c.Count == count && index < len(c.Paths) {
			return c.Paths[index]
		}
	}
	panic(fmt.Sprintf("usage map at %s: %s has no member number %d", m.At, count, index))
}

// UsageMember is the index'th member of the canonical count, which must sit directly in the usage object.
func UsageMember(m tables.UsageMap, count string, index int) string {
	path := UsagePath(m, count, index)
	if len(path) != 1 {
		panic(fmt.Sprintf("usage map at %s: %s member %d is %v, not a top-level member", m.At, count, index, path))
	}
	return path[0]
}

// UsageDetail is one member one object down (prompt_tokens_details.cached_tokens ...) and its count.
type UsageDetail struct{ Member, Count string }

// UsageGroup is one details object and its members, in the map's order.
type UsageGroup struct {
	Group   string
	Details []UsageDetail
}

// UsageGroups is every details object the map reads, in the map's order.
func UsageGroups(m tables.UsageMap) []UsageGroup {
	var groups []UsageGroup
	for _, c := range m.Counts {
		for _, path := range c.Paths {
			if len(path) != 2 {
				continue
			}
			i := 0
			for i < len(groups) && groups[i].Group != path[0] {
				i++
			}
			if i == len(groups) {
				groups = append(groups, UsageGroup{Group: path[0]})
			}
			groups[i].Details = append(groups[i].Details, UsageDetail{Member: path[1], Count: c.Count})
		}
	}
	return groups
}

// UsageField is the optional canonical count named count (cache_read_input_tokens,
// cache_write_input_tokens, reasoning_output_tokens), for a usage map's details to fill and read.
func UsageField(usage *wirechat.TokenUsage, count string) **int64 {
	switch count {
	case "cache_read_input_tokens":
		return &usage.CacheReadInputTokens
	case "cache_write_input_tokens":
		return &usage.CacheWriteInputTokens
	case "reasoning_output_tokens":
		return &usage.ReasoningOutputTokens
	}
	panic("usage map: " + count + " is not an optional count")
}
