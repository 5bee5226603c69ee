package openairesponses

// Responses finish reasons, as Python's openai_responses/finish.py: the raw value is the response status
// (completed, failed, cancelled...), or for an incomplete response its incomplete_details.reason
// (max_output_tokens, content_filter...). Responses has no tool-call status: a completed reply holding
// function calls is kind tool_calls (raw completed). The table lives in the manifest.

import (
	"slices"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// incompleteReasons are the incomplete_details.reason values: the raw finish reason of an incomplete
// response.
var incompleteReasons = []string{"max_output_tokens", "max_messages", "content_filter", "steered"}

// DecodeFinish is the canonical finish reason for a raw value (nil: none was given).
func DecodeFinish(raw *string, hasToolCalls bool) wirechat.FinishReason {
	if raw != nil && *raw == "completed" && hasToolCalls {
		value := *raw
		return wirechat.FinishReason{Kind: wirechat.FinishKindToolCalls, Raw: &value}
	}
	return shared.DecodeFinish(raw, Manifest, hasToolCalls)
}

// encodeFinish is the raw finish reason to write; nil for other without a raw value (a reply read without
// a status: none is written, so it reads back the same).
func encodeFinish(reason wirechat.FinishReason, conv *shared.Conversion, hasToolCalls bool) *string {
	if reason.Kind == wirechat.FinishKindOther && reason.Raw == nil {
		return nil
	}
	if reason.Kind == wirechat.FinishKindToolCalls && reason.Raw != nil && *reason.Raw == "completed" {
		return reason.Raw
	}
	sent := shared.EncodeFinish(reason, Manifest, conv, "/finish_reason")
	if sent == "completed" && hasToolCalls && reason.Kind != wirechat.FinishKindToolCalls {
		conv.Degrade("finish_reason.tool_calls_inferred", "/finish_reason")
	}
	return &sent
}

// rawFinish is the raw finish reason of a response body: its status, or the incomplete reason.
func rawFinish(body *obj, where string) (*string, error) {
	status := body.Get("status")
	if status == nil {
		return nil, nil
	}
	text, ok := status.(string)
	if !ok {
		return nil, shared.Invalid(where+"/status", "expected a string, got %s", shared.TypeName(status))
	}
	if reason, ok := body.Obj("incomplete_details").Get("reason").(string); ok && text == "incomplete" {
		return &reason, nil
	}
	return &text, nil
}

// statusFields sets status and incomplete_details for a raw finish reason on into (neither for none).
func statusFields(raw *string, into *obj) {
	if raw == nil {
		return
	}
	if slices.Contains(incompleteReasons, *raw) {
		into.Set("status", "incomplete").Set("incomplete_details", newObj().Set("reason", *raw))
		return
	}
	into.Set("status", *raw).Set("incomplete_details", nil)
}
