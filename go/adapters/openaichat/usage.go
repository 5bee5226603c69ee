package openaichat

// OpenAI usage to canonical TokenUsage and back, as Python's openai_chat/usage.py. prompt_tokens already
// includes the cached tokens (prompt_tokens_details.cached_tokens) and completion_tokens the reasoning
// tokens, which is the canonical meaning, so counts map one to one; total is recomputed as input + output.
//
// What has no canonical field is kept (extra, which the response keeps in provider_metadata) and written
// back: the other details, the members a server adds beside the counts (extra["members"]), and a reported
// total_tokens that is not prompt + completion (extra["total_tokens"]).
//
// Servers that count reasoning outside completion_tokens (xAI, Gemini's OpenAI endpoint; spec section 7
// wants output to include it) are recognised where the numbers prove it: reasoning_tokens above
// completion_tokens, or total_tokens equal to prompt + completion + reasoning. Output is then completion +
// reasoning, extra["completion_excludes_reasoning"] says so, and encoding writes the server's own
// completion_tokens back.

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
	usage := wirechat.TokenUsage{InputTokens: input}
	extra := providerjson.NewObject()
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
			extra.Set(g.group, rest)
		}
	}
	var reasoning int64
	if usage.ReasoningOutputTokens != nil {
		reasoning = *usage.ReasoningOutputTokens
	}
	total, totalIsInt := shared.IntValue(raw.Get("total_tokens"))
	if reasoning > 0 && (reasoning > output || (totalIsInt && total == input+output+reasoning)) {
		output += reasoning
		extra.Set(excludesReasoning, true)
	}
	usage.OutputTokens, usage.TotalTokens = output, input+output
	if reported := raw.Get("total_tokens"); reported != nil && !(totalIsInt && total == usage.TotalTokens) {
		n, err := shared.Count(reported, where+"/total_tokens")
		if err != nil {
			return wirechat.TokenUsage{}, nil, err
		}
		extra.Set("total_tokens", n)
	}
	members := providerjson.NewObject()
	for _, key := range raw.Keys() {
		if v := raw.Get(key); v != nil && !usageCounts[key] && key != "prompt_tokens_details" && key != "completion_tokens_details" {
			members.Set(key, v)
		}
	}
	if members.Len() > 0 {
		extra.Set("members", members)
	}
	if extra.Len() == 0 {
		return usage, nil, nil
	}
	return usage, extra, nil
}

// excludesReasoning is the extra member (true) marking usage whose completion_tokens left the reasoning out.
const excludesReasoning = "completion_excludes_reasoning"

var usageCounts = map[string]bool{"prompt_tokens": true, "completion_tokens": true, "total_tokens": true}

// EncodeUsage is the OpenAI usage object; extra restores the details, members and counts kept in
// provider_metadata.
func EncodeUsage(usage wirechat.TokenUsage, conv *shared.Conversion, extra *providerjson.Object) *providerjson.Object {
	if shared.UsageExtra(usage) {
		conv.Degrade("usage.extra", "/usage")
	}
	completion := usage.OutputTokens
	if extra.Get(excludesReasoning) == true && usage.ReasoningOutputTokens != nil {
		completion = max(completion-*usage.ReasoningOutputTokens, 0)
	}
	var total any = usage.TotalTokens
	if extra.Has("total_tokens") {
		total = extra.Get("total_tokens")
	}
	out := newObj().Set("prompt_tokens", usage.InputTokens).Set("completion_tokens", completion).Set("total_tokens", total)
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
	if members, ok := extra.Get("members").(*obj); ok {
		for _, key := range members.Keys() {
			if !out.Has(key) {
				out.Set(key, members.Get(key))
			}
		}
	}
	return out
}
