package client

// The openai-compatible adapter's profiles in the client, as Python's client takes them: each is its own
// adapter, openai-compatible:<profile> (openai-compatible alone is the generic profile), called at the
// profile's default base URL (its version path included: http://localhost:11434/v1), with the key from the
// profile's variable (OLLAMA_API_KEY, GROQ_API_KEY ...), else the profile's placeholder key for servers that
// check none (Ollama, vLLM, llama-server, LM Studio); Groq's SDK variable GROQ_BASE_URL is read as its SDK
// reads it (the server root; the profile's /openai/v1 prefix is added).

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters/openaicompatible"
)

func init() {
	for name, adapter := range openaicompatible.Adapters {
		Adapters[name] = adapter
	}
}

// baseURLPrefix is, per adapter name, the path its SDK adds to its base-URL variable's value before its
// endpoint paths, where wirechat's profile holds it in the base URL instead.
var baseURLPrefix = map[string]string{"openai-compatible:groq": "/openai/v1"}

// withPrefix is an SDK variable's value for adapter name, with the prefix its SDK adds ("" stays "").
func withPrefix(name, value string) string {
	prefix := baseURLPrefix[name]
	value = strings.TrimRight(value, "/")
	if value == "" || prefix == "" || strings.HasSuffix(value, prefix) {
		return value
	}
	return value + prefix
}

// defaultKey is the placeholder key of an adapter for a server that checks none ("" when it has none).
func defaultKey(adapter interface{ Name() string }) string {
	if placeholder, ok := adapter.(interface{ DefaultAPIKey() string }); ok {
		return placeholder.DefaultAPIKey()
	}
	return ""
}
