package openairesponses

// Responses errors to a canonical Error and back, as Python's openai_responses/errors.py. HTTP failures
// have the OpenAI shape ({"error": {"message", "type", "param", "code"}}) and the same status table, so
// they are read by the openai-chat decoder; a stream carries its own shapes: an error event with the
// members at the top level ({"type": "error", "code", "message", "param", "sequence_number"}), and
// response.failed whose response.error is {"code", "message"}. Both give an Error with no status.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeError is the canonical error for a failure: status 0 for an error payload inside a stream.
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return decodeErrorObject(status, headers, shared.ParseBody(body))
}

func decodeErrorObject(status int, headers http.Header, parsed *obj) wirechat.Error {
	if _, nested := parsed.Get("error").(*obj); parsed != nil && parsed.Get("type") == "error" && !nested {
		detail := newObj()
		for _, key := range []string{"message", "code", "param"} {
			if v := parsed.Get(key); v != nil {
				detail.Set(key, v)
			}
		}
		if detail.Get("code") == nil {
			detail.Set("type", "server_error")
		} else {
			detail.Set("type", nil)
		}
		parsed = newObj().Set("error", detail)
	}
	return openaichat.DecodeErrorObject(status, headers, parsed)
}

// streamError is the error event's members (beside its type) for a mid-stream error.
func streamError(failure wirechat.Error) *obj {
	var code, param any
	if failure.ProviderCode != nil {
		code = *failure.ProviderCode
	}
	if own, _ := shared.MetadataFor(failure.ProviderMetadata, Provider); own.Has("param") {
		param = own.Get("param")
	}
	return newObj().Set("code", code).Set("message", failure.Message).Set("param", param)
}
