package client

// Where a client sends its calls, as Python's wirechat/_base_url.py decides it (decision 030):
// WithBaseURL, else the provider SDK's own variable (OPENAI_BASE_URL, ANTHROPIC_BASE_URL), else the
// adapter's default; the server root, with or without the version its endpoint paths begin with
// (https://api.openai.com/v1 is accepted: no call goes to /v1/v1/...).

import (
	"os"
	"regexp"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
)

// BaseURLEnv maps an adapter name to the base-URL variable its provider's own SDK reads.
var BaseURLEnv = map[string]string{"openai-chat": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL", "gemini": "GOOGLE_GEMINI_BASE_URL", "openai-responses": "OPENAI_BASE_URL", "openai-compatible:groq": "GROQ_BASE_URL"}

var leadingVersion = regexp.MustCompile(`^/(v\d+[a-z0-9]*)/`)

// envBaseURL is the SDK variable's value for adapter, "" when it has none or it is unset.
func envBaseURL(adapter adapters.Adapter) string {
	if name, ok := BaseURLEnv[adapter.Name()]; ok {
		return withPrefix(adapter.Name(), strings.TrimSpace(os.Getenv(name)))
	}
	return ""
}

// fitBaseURL drops a trailing "/" and the version segment the adapter's chat path begins with.
func fitBaseURL(adapter adapters.Adapter, url string) string {
	url = strings.TrimRight(url, "/")
	if match := leadingVersion.FindStringSubmatch(adapter.ChatPath()); match != nil {
		url = strings.TrimSuffix(url, "/"+match[1])
	}
	return url
}
