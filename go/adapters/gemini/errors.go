package gemini

// Gemini errors, as Python's gemini/errors.py: a google.rpc Status body {"error": {"code", "message",
// "status", "details"}} with an HTTP status, or as a data: chunk of a 200 stream (status 0), to a
// canonical Error. The kind comes from status (RESOURCE_EXHAUSTED is rate_limited, UNAVAILABLE is
// overloaded...). Gemini sends its wait in the body: details[] RetryInfo.retryDelay ("34.4s") is
// retry_after_ms. A quota that is per day (a QuotaFailure violation whose quotaId names PerDay) is not
// retryable: waiting seconds does not help.

import (
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	errorTables = tables.Gemini.Errors
	delayText   = regexp.MustCompile(`^(\d+(?:\.\d+)?)s$`)
	tooLong     = regexp.MustCompile(`(?i)input token count.*exceeds|exceeds the maximum number of tokens`)
)

func errorDetails(detail *obj) []any {
	out := []any{}
	items, _ := detail.Get("details").([]any)
	for _, item := range items {
		if _, ok := item.(*obj); ok {
			out = append(out, item)
		}
	}
	return out
}

func pyStr(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return "None"
	}
	return providerjsonText(v)
}

func retryDelayMs(details []any) (int64, bool) {
	for _, raw := range details {
		item := raw.(*obj)
		if !strings.HasSuffix(pyStr(item.Get("@type")), "google.rpc.RetryInfo") {
			continue
		}
		if found := delayText.FindStringSubmatch(pyStr(item.Get("retryDelay"))); found != nil {
			seconds, _ := strconv.ParseFloat(found[1], 64)
			return int64(math.Ceil(seconds * 1000)), true
		}
	}
	return 0, false
}

func dailyQuota(details []any) bool {
	for _, raw := range details {
		item := raw.(*obj)
		if !strings.HasSuffix(pyStr(item.Get("@type")), "google.rpc.QuotaFailure") {
			continue
		}
		violations, _ := item.Get("violations").([]any)
		for _, violation := range violations {
			if v, ok := violation.(*obj); ok && strings.Contains(pyStr(v.Get("quotaId")), "PerDay") {
				return true
			}
		}
	}
	return false
}

// DecodeError is the canonical error for a failure: status 0 for an error chunk inside a stream.
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return decodeErrorObject(status, headers, shared.ParseBody(body))
}

func decodeErrorObject(status int, headers http.Header, parsed *obj) wirechat.Error {
	detail, _ := parsed.Get("error").(*obj)
	statusName, _ := detail.Get("status").(string)
	message, _ := detail.Get("message").(string)
	code, hasCode := shared.IntValue(detail.Get("code"))
	kind, ok := errorTables.KindOf["status"][statusName]
	if !ok {
		switch {
		case status != 0:
			kind = statustable.KindForStatus(status)
		case hasCode:
			kind = statustable.KindForStatus(int(code))
		case parsed != nil:
			kind = statustable.KindForStatus(0)
		default:
			kind = wirechat.ErrorKindInvalidResponse
		}
	}
	if kind == wirechat.ErrorKindInvalidRequest && tooLong.MatchString(message) {
		kind = wirechat.ErrorKindContextLengthExceeded
	}
	details := errorDetails(detail)
	var retryable *bool
	if dailyQuota(details) {
		retryable = shared.Ptr(false)
	}
	if message == "" && parsed == nil {
		message = "the error body is not a google.rpc Status"
	}
	var metadata *obj
	if len(details) > 0 {
		metadata = newObj().Set("details", details)
	}
	requestID, _ := statustable.Header(headers, errorTables.RequestIDHeader)
	out := shared.BuildError(shared.ErrorFields{
		Kind: kind, Message: message, Status: status, Headers: headers, ProviderCode: statusName,
		RequestID: requestID, Retryable: retryable, Metadata: metadata, Provider: Provider,
	})
	if out.RetryAfterMs == nil {
		if wait, ok := retryDelayMs(details); ok {
			out.RetryAfterMs = &wait
		}
	}
	return out
}

// errorBody is the {"error": {...}} body Gemini sends for a failure (the stream encoder's error chunk).
func errorBody(failure wirechat.Error) *obj {
	statusName := ""
	if failure.ProviderCode != nil {
		if _, ok := errorTables.StatusOfType[*failure.ProviderCode]; ok {
			statusName = *failure.ProviderCode
		}
	}
	if statusName == "" {
		if statusName = errorTables.TypeOfKind[failure.Kind]; statusName == "" {
			statusName = errorTables.DefaultType
		}
	}
	status := int64(errorTables.StatusOfType[statusName])
	if failure.Status != nil {
		status = *failure.Status
	}
	detail := newObj().Set("code", status).Set("message", failure.Message).Set("status", statusName)
	if failure.RetryAfterMs != nil {
		delay := strconv.FormatFloat(float64(*failure.RetryAfterMs)/1000, 'f', 3, 64)
		delay = strings.TrimRight(strings.TrimRight(delay, "0"), ".")
		detail.Set("details", []any{newObj().Set("@type", "type.googleapis.com/google.rpc.RetryInfo").Set("retryDelay", delay+"s")})
	}
	return newObj().Set("error", detail)
}
