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

// EncodeFinish is the provider value for a canonical finish reason: the raw value when it is the
// provider's own for that kind, else the provider's value for the kind (a degradation), else the raw value
// (or the kind's name) as is.
func EncodeFinish(reason wirechat.FinishReason, manifest *adapters.Manifest, conv *Conversion, where string) string {
	if reason.Raw != nil {
		if kind, ok := manifest.FinishReasons[*reason.Raw]; ok && kind == reason.Kind {
			return *reason.Raw
		}
	}
	conv.Degrade("finish_reason.raw_foreign", where)
	if value, ok := manifest.FinishDefaults[reason.Kind]; ok {
		return value
	}
	if reason.Raw != nil {
		return *reason.Raw
	}
	return string(reason.Kind)
}

// UsageExtra reports whether usage carries members no provider usage object has (model, latency, cost).
func UsageExtra(usage wirechat.TokenUsage) bool {
	return usage.Model != nil || usage.LatencyMs != nil || usage.CostMicros != nil
}
