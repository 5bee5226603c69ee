package querymt

// QueryMT's FinishReason ("Stop", "Length", "ContentFilter", "ToolCalls", "Error", "Other", "Unknown") to
// canonical finish reasons and back; the table is the manifest's. A reply without one (plugins built
// before QueryMT added the member) is derived: tool_calls when it calls tools, else other, no raw value.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeFinish is the canonical finish reason for QueryMT's value (nil: the plugin gave none).
func DecodeFinish(raw *string, hasToolCalls bool) wirechat.FinishReason {
	if raw == nil {
		if hasToolCalls {
			return wirechat.FinishReason{Kind: wirechat.FinishKindToolCalls}
		}
		return wirechat.FinishReason{Kind: wirechat.FinishKindOther}
	}
	return shared.DecodeFinish(raw, Manifest, hasToolCalls)
}

// encodeFinish is QueryMT's FinishReason for a canonical one.
func encodeFinish(reason wirechat.FinishReason, conv *shared.Conversion) string {
	return shared.EncodeFinish(reason, Manifest, conv, "/finish_reason")
}
