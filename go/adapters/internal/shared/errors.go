package shared

// Building a canonical Error from the shared status table (internal/statustable, Python's
// wirechat.exchange.classify), as Python's adapters/_errors.build_error does.

import (
	"net/http"
	"strconv"
	"time"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/wirechat"
)

// ParseBody is the body as a JSON object, or nil when absent or not a JSON object.
func ParseBody(body []byte) *providerjson.Object {
	if body == nil {
		return nil
	}
	o, err := providerjson.ParseObject(body)
	if err != nil {
		return nil
	}
	return o
}

// ErrorFields are what a provider's errors module read from a failure.
type ErrorFields struct {
	Kind         wirechat.ErrorKind // what the body said ("": nothing; the status decides)
	Message      string
	Status       int // 0: an error inside a 200 stream
	Headers      http.Header
	ProviderCode string
	RequestID    string
	Retryable    *bool // a provider's documented exception to the kind's default
	Metadata     *providerjson.Object
	Provider     string
}

// BuildError classifies by the shared table: the kind sets the default verdict, a provider's documented
// exception overrides it, and x-should-retry overrides both; retry_after_ms comes from the headers.
func BuildError(f ErrorFields) wirechat.Error {
	decided := statustable.Classify(f.Status, f.Headers, f.Kind, time.Time{})
	retry := decided.Retryable
	if _, has := statustable.ShouldRetry(f.Headers); f.Retryable != nil && !has {
		retry = *f.Retryable
	}
	message := f.Message
	if message == "" {
		message = "HTTP None" // Python's f"HTTP {status}" for an error inside a stream
		if f.Status != 0 {
			message = "HTTP " + strconv.Itoa(f.Status)
		}
	}
	out := wirechat.Error{Kind: decided.Kind, Message: message, Retryable: retry}
	if f.Status >= 100 && f.Status <= 599 {
		status := int64(f.Status)
		out.Status = &status
	}
	if f.ProviderCode != "" {
		code := f.ProviderCode
		out.ProviderCode = &code
	}
	if decided.HasRetryAfter {
		wait := decided.RetryAfterMs
		out.RetryAfterMs = &wait
	}
	if f.RequestID != "" {
		id := f.RequestID
		out.RequestID = &id
	}
	if f.Metadata.Len() > 0 {
		out.ProviderMetadata = wirechat.ProviderMetadata{f.Provider: ObjectBytes(f.Metadata)}
	}
	return out
}
