package anthropic

// Anthropic errors: {"type": "error", "error": {"type", "message"}, "request_id"} with an HTTP status, or
// as an event: error inside a 200 stream (status 0), to a canonical Error through the shared status table.
// 529 overloaded_error is overloaded and retryable; 402 billing_error is out of credit: rate_limited, not
// retryable.

import (
	"net/http"
	"slices"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// errorTables are the adapter's error tables (adapters/anthropic.adapter.json).
var errorTables = tables.Anthropic.Errors

// DecodeError is the canonical error for a failure: status 0 for an error event inside a stream.
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return decodeErrorObject(status, headers, shared.ParseBody(body))
}

func decodeErrorObject(status int, headers http.Header, parsed *providerjson.Object) wirechat.Error {
	detail := parsed.Obj("error")
	errType, _ := detail.Get("type").(string)
	message, _ := detail.Get("message").(string)
	if own, ok := parsed.Get("message").(string); ok && message == "" {
		message = own // Amazon Bedrock's and Vertex AI's own errors: {"message": ...}
	}
	kind, ok := errorTables.KindOf["type"][errType]
	if !ok {
		if parsed != nil || status != 0 {
			kind = statustable.KindForStatus(status)
		} else {
			kind = wirechat.ErrorKindInvalidResponse
		}
	}
	if kind == wirechat.ErrorKindInvalidRequest && strings.Contains(strings.ToLower(message), "prompt is too long") {
		kind = wirechat.ErrorKindContextLengthExceeded
	}
	var retryable *bool
	if slices.Contains(errorTables.NotRetryable["type"], errType) {
		retryable = shared.Ptr(false)
	} else if verdict, ok := Manifest.StatusRetryable[status]; ok {
		retryable = &verdict
	}
	requestID, ok := statustable.Header(headers, errorTables.RequestIDHeader)
	if !ok {
		requestID, _ = parsed.Get("request_id").(string)
	}
	if message == "" && parsed == nil {
		message = "the error body is not JSON"
	}
	return shared.BuildError(shared.ErrorFields{
		Kind: kind, Message: message, Status: status, Headers: headers, ProviderCode: errType,
		RequestID: requestID, Retryable: retryable, Provider: Provider,
	})
}

// The other direction: the error body this provider sends for a canonical Error (the stream encoder's
// error event), as Python's encode_error.

// errorBody is the {"type": "error", ...} body Anthropic sends for a failure (the stream's error event).
func errorBody(failure wirechat.Error) *providerjson.Object {
	errType := ""
	if failure.ProviderCode != nil {
		if _, ok := errorTables.StatusOfType[*failure.ProviderCode]; ok {
			errType = *failure.ProviderCode
		}
	}
	if errType == "" {
		if errType = errorTables.TypeOfKind[failure.Kind]; errType == "" {
			errType = errorTables.DefaultType
		}
	}
	body := newObj().Set("type", "error").Set("error", newObj().Set("type", errType).Set("message", failure.Message))
	if failure.RequestID != nil {
		body.Set("request_id", *failure.RequestID)
	}
	return body
}
