package openaichat

// OpenAI finish reasons (stop, length, tool_calls, content_filter, function_call) to canonical ones;
// the table lives in the manifest, and an unknown value is other with its raw value kept.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeFinish is the canonical finish reason for a provider value (nil: the provider gave none).
func DecodeFinish(raw *string, hasToolCalls bool) wirechat.FinishReason {
	return shared.DecodeFinish(raw, Manifest, hasToolCalls)
}
