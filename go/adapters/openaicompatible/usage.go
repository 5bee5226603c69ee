package openaicompatible

// Usage of OpenAI-compatible servers, as Python's openai_compatible/usage.py: OpenAI's (openaichat, which
// keeps every top-level usage member a server adds under extra members), plus DeepSeek's
// prompt_cache_hit_tokens: the cache read when prompt_tokens_details has none (its prompt_tokens already
// counts the hits, the canonical meaning).

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// decodeUsage is the canonical usage, and the details and members without a canonical field.
func decodeUsage(raw *obj, where string) (wirechat.TokenUsage, *providerjson.Object, error) {
	usage, extra, err := openaichat.DecodeUsage(raw, where)
	if err != nil {
		return usage, extra, err
	}
	number, isNumber := raw.Get("prompt_cache_hit_tokens").(providerjson.Number)
	hits, isInt := shared.IntValue(raw.Get("prompt_cache_hit_tokens"))
	if usage.CacheReadInputTokens == nil && isNumber && number.IsInt() && isInt && hits != 0 {
		if hits < 0 || hits > usage.InputTokens {
			return usage, extra, shared.Invalid(where+"/prompt_cache_hit_tokens", "%d is not between 0 and prompt_tokens", hits)
		}
		usage.CacheReadInputTokens = &hits
	}
	return usage, extra, nil
}
