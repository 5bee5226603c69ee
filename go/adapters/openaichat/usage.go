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
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// The member names, from the usage map: the two counts, and the details objects; totalKey, the reported
// total, is no count the map reads (total is input + output): kept when it differs.
var (
	promptKey     = shared.UsageMember(tables.OpenaiChat.Usage, "input_tokens", 0)
	completionKey = shared.UsageMember(tables.OpenaiChat.Usage, "output_tokens", 0)
	totalKey      = "total_tokens"
	usageGroups   = shared.UsageGroups(tables.OpenaiChat.Usage)
	usageCounts   = func() map[string]bool {
		known := map[string]bool{promptKey: true, completionKey: true, totalKey: true}
		for _, g := range usageGroups {
			known[g.Group] = true
		}
		return known
	}()
)

// DecodeUsage is the canonical usage, and the provider's other usage details (nil when none).
func DecodeUsage(raw *providerjson.Object, where string) (wirechat.TokenUsage, *providerjson.Object, error) {
	count := func(key string) (int64, error) {
		v := raw.Get(key)
		if !raw.Has(key) {
			return 0, nil
		}
		return shared.Count(v, where+"/"+key)
	}
	input, err := count(promptKey)
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	output, err := count(completionKey)
	if err != nil {
		return wirechat.TokenUsage{}, nil, err
	}
	usage := wirechat.TokenUsage{InputTokens: input}
	extra := providerjson.NewObject()
	for _, g := range usageGroups {
		details, ok := raw.Get(g.Group).(*providerjson.Object)
		if !ok {
			continue
		}
		rest := providerjson.NewObject()
		for _, key := range details.Keys() {
			value := details.Get(key)
			if value == nil {
				continue
			}
			field := ""
			for _, d := range g.Details {
				if d.Member == key {
					field = d.Count
				}
			}
			if field == "" {
				rest.Set(key, value)
				continue
			}
			n, err := shared.Count(value, where+"/"+g.Group+"/"+key)
			if err != nil {
				return wirechat.TokenUsage{}, nil, err
			}
			*shared.UsageField(&usage, field) = &n
		}
		if rest.Len() > 0 {
			extra.Set(g.Group, rest)
		}
	}
	var reasoning int64
	if usage.ReasoningOutputTokens != nil {
		reasoning = *usage.ReasoningOutputTokens
	}
	total, totalIsInt := shared.IntValue(raw.Get(totalKey))
	if reasoning > 0 && (reasoning > output || (totalIsInt && total == input+output+reasoning)) {
		output += reasoning
		extra.Set(excludesReasoning, true)
	}
	usage.OutputTokens, usage.TotalTokens = output, input+output
	if reported := raw.Get(totalKey); reported != nil && !(totalIsInt && total == usage.TotalTokens) {
		n, err := shared.Count(reported, where+"/"+totalKey)
		if err != nil {
			return wirechat.TokenUsage{}, nil, err
		}
		extra.Set(totalKey, n)
	}
	members := providerjson.NewObject()
	for _, key := range raw.Keys() {
		if v := raw.Get(key); v != nil && !usageCounts[key] {
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
	if extra.Has(totalKey) {
		total = extra.Get(totalKey)
	}
	out := newObj().Set(promptKey, usage.InputTokens).Set(completionKey, completion).Set(totalKey, total)
	for _, g := range usageGroups {
		details := newObj()
		if kept := extra.Obj(g.Group); kept != nil {
			details = kept.Copy()
		}
		for _, d := range g.Details {
			if n := *shared.UsageField(&usage, d.Count); n != nil {
				details.Set(d.Member, *n)
			}
		}
		if details.Len() > 0 {
			out.Set(g.Group, details)
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
