package openaichat

// OpenAI errors: {"error": {"message", "type", "param", "code"}} with an HTTP status (or inside a 200
// stream, status 0) to a canonical Error, through the shared status table. A 429 insufficient_quota is
// out of credit, not busy: rate_limited but not retryable.

import (
	"net/http"
	"slices"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// errorTables are the adapter's error tables (adapters/openai-chat.adapter.json).
var errorTables = tables.OpenaiChat.Errors

// DecodeError is the canonical error for a failure: status 0 for an error payload inside a stream.
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return DecodeErrorObject(status, headers, shared.ParseBody(body))
}

// DecodeErrorObject is DecodeError for a body already parsed (nil: none, or not a JSON object): the
// openai-responses adapter reads its HTTP failures, and its stream errors rewritten into this shape, here;
// the openai-compatible adapter its servers' other shapes rewritten as OpenAI's.
func DecodeErrorObject(status int, headers http.Header, parsed *providerjson.Object) wirechat.Error {
	detail := parsed.Obj("error")
	code, _ := detail.Get("code").(string)
	errType, _ := detail.Get("type").(string)
	kind, ok := errorTables.KindOf["code"][code]
	if !ok || code == "" {
		kind, ok = errorTables.KindOf["type"][errType]
	}
	if !ok {
		if parsed != nil || status != 0 {
			kind = statustable.KindForStatus(status)
		} else {
			kind = wirechat.ErrorKindInvalidResponse
		}
	}
	if status >= 500 && kind == wirechat.ErrorKindInvalidRequest {
		kind = statustable.KindForStatus(status)
	}
	var retryable *bool
	if slices.Contains(errorTables.NotRetryable["code"], code) || slices.Contains(errorTables.NotRetryable["type"], errType) {
		retryable = shared.Ptr(false)
	}
	message, _ := detail.Get("message").(string)
	if message == "" && parsed == nil {
		message = "the error body is not JSON"
	}
	var metadata *providerjson.Object
	if param := detail.Get("param"); param != nil {
		metadata = providerjson.NewObject().Set("param", param)
	}
	providerCode := code
	if providerCode == "" {
		providerCode = errType
	}
	requestID, _ := statustable.Header(headers, errorTables.RequestIDHeader)
	return shared.BuildError(shared.ErrorFields{
		Kind: kind, Message: message, Status: status, Headers: headers, ProviderCode: providerCode,
		RequestID: requestID, Retryable: retryable, Metadata: metadata, Provider: Provider,
	})
}

// The other direction: the error body this provider sends for a canonical Error (the stream encoder's
// error event), as Python's encode_error.

// errorBody is the {"error": {...}} body OpenAI sends for failure (the stream encoder's error chunk).
func errorBody(failure wirechat.Error) *providerjson.Object {
	status, ok := errorTables.StatusOfKind[failure.Kind]
	if failure.Status != nil {
		status, ok = int(*failure.Status), true
	}
	if !ok {
		status = errorTables.DefaultStatus
	}
	errType := errorTables.TypeOfStatus[status]
	if status == 429 && !failure.Retryable {
		errType = "insufficient_quota" // out of credit, not busy (code, not a table)
	}
	if errType == "" {
		errType = errorTables.DefaultType
	}
	var code, param any
	if failure.ProviderCode != nil {
		code = *failure.ProviderCode
	}
	if own, _ := shared.MetadataFor(failure.ProviderMetadata, Provider); own.Has("param") {
		param = own.Get("param")
	}
	detail := newObj().Set("message", failure.Message).Set("type", errType).Set("param", param).Set("code", code)
	return newObj().Set("error", detail)
}
