package anthropic

// Anthropic stop reasons (end_turn, stop_sequence, max_tokens, tool_use, pause_turn, refusal, ...) to
// canonical ones; the table lives in the manifest, and an unknown value is other with its raw value kept.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeFinish is the canonical finish reason for a provider value (nil: the provider gave none).
func DecodeFinish(raw *string, hasToolCalls bool) wirechat.FinishReason {
	return shared.DecodeFinish(raw, Manifest, hasToolCalls)
}
