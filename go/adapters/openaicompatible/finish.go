package openaicompatible

// Finish reasons of OpenAI-compatible servers: OpenAI's table plus the profile's own spellings
// (insufficient_system_resource from DeepSeek, abort from vLLM, error from OpenRouter, all of kind error),
// generated into the profile's manifest; an unknown value (Ollama passes its done_reason through) is
// other, raw kept.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

func decodeFinish(raw string, hasToolCalls bool, profile *Profile) wirechat.FinishReason {
	return shared.DecodeFinish(&raw, profile.Adapter.Manifest, hasToolCalls)
}
