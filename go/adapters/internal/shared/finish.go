package shared

// Finish reasons for any adapter, driven by the manifest's tables (spec section 8): the raw value is
// always kept, an unknown value is other (never stop), and tool_calls needs a tool call.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeFinish is the canonical finish reason for a provider value (raw nil: the provider gave none).
func DecodeFinish(raw *string, manifest *adapters.Manifest, hasToolCalls bool) wirechat.FinishReason {
	if raw == nil {
		return wirechat.FinishReason{Kind: wirechat.FinishKindOther}
	}
	kind, ok := manifest.FinishReasons[*raw]
	if !ok {
		kind = wirechat.FinishKindOther
	}
	if kind == wirechat.FinishKindToolCalls && !hasToolCalls {
		kind = wirechat.FinishKindOther
	}
	value := *raw
	return wirechat.FinishReason{Kind: kind, Raw: &value}
}
