package openaichat

// OpenAI errors: {"error": {"message", "type", "param", "code"}} with an HTTP status (or inside a 200
// stream, status 0) to a canonical Error, through the shared status table. A 429 insufficient_quota is
// out of credit, not busy: rate_limited but not retryable.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/wirechat"
)

var notRetryableCodes = map[string]bool{
	"insufficient_quota": true, "credit_balance_exhausted": true, "project_spend_limit_exceeded": true,
}

var kindByCode = map[string]wirechat.ErrorKind{
	"context_length_exceeded":  wirechat.ErrorKindContextLengthExceeded,
	"content_filter":           wirechat.ErrorKindContentFilter,
	"content_policy_violation": wirechat.ErrorKindContentFilter,
	"rate_limit_exceeded":      wirechat.ErrorKindRateLimited,
	"slow_down":                wirechat.ErrorKindRateLimited,
	"insufficient_quota":       wirechat.ErrorKindRateLimited,
	"server_is_overloaded":     wirechat.ErrorKindOverloaded,
	"server_error":             wirechat.ErrorKindProvider,
	"invalid_api_key":          wirechat.ErrorKindAuthentication,
	"model_not_found":          wirechat.ErrorKindNotFound,
}

var kindByType = map[string]wirechat.ErrorKind{
	"invalid_request_error": wirechat.ErrorKindInvalidRequest,
	"authentication_error":  wirechat.ErrorKindAuthentication,
	"permission_error":      wirechat.ErrorKindPermissionDenied,
	"not_found_error":       wirechat.ErrorKindNotFound,
	"rate_limit_error":      wirechat.ErrorKindRateLimited,
	"insufficient_quota":    wirechat.ErrorKindRateLimited,
	"server_error":          wirechat.ErrorKindProvider,
	"api_error":             wirechat.ErrorKindProvider,
}

// DecodeError is the canonical error for a failure: status 0 for an error payload inside a stream.
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return decodeErrorObject(status, headers, shared.ParseBody(body))
}

func decodeErrorObject(status int, headers http.Header, parsed *providerjson.Object) wirechat.Error {
	detail := parsed.Obj("error")
	code, _ := detail.Get("code").(string)
	errType, _ := detail.Get("type").(string)
	kind, ok := kindByCode[code]
	if !ok || code == "" {
		kind, ok = kindByType[errType]
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
	if notRetryableCodes[code] || notRetryableCodes[errType] {
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
	requestID, _ := statustable.Header(headers, "x-request-id")
	return shared.BuildError(shared.ErrorFields{
		Kind: kind, Message: message, Status: status, Headers: headers, ProviderCode: providerCode,
		RequestID: requestID, Retryable: retryable, Metadata: metadata, Provider: Provider,
	})
}

// The other direction: the error body this provider sends for a canonical Error (the stream encoder's
// error event), as Python's encode_error.

var statusByKind = map[wirechat.ErrorKind]int{
	wirechat.ErrorKindInvalidRequest: 400, wirechat.ErrorKindContextLengthExceeded: 400,
	wirechat.ErrorKindContentFilter: 400, wirechat.ErrorKindAuthentication: 401,
	wirechat.ErrorKindPermissionDenied: 403, wirechat.ErrorKindNotFound: 404, wirechat.ErrorKindTimeout: 408,
	wirechat.ErrorKindRateLimited: 429, wirechat.ErrorKindOverloaded: 503,
}

// errorBody is the {"error": {...}} body OpenAI sends for failure (the stream encoder's error chunk).
func errorBody(failure wirechat.Error) *providerjson.Object {
	status, ok := statusByKind[failure.Kind]
	if failure.Status != nil {
		status, ok = int(*failure.Status), true
	}
	if !ok {
		status = 500
	}
	errType := map[int]string{400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
		404: "not_found_error"}[status]
	if status == 429 {
		errType = "rate_limit_error"
		if !failure.Retryable {
			errType = "insufficient_quota"
		}
	}
	if errType == "" {
		errType = "server_error"
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
