package client

// The one error type every call returns for a failed exchange: *Error, holding the canonical wirechat
// Error (kind, status, provider code, request id, retry_after_ms, usage consumed before the failure) and,
// for a stream, the partial message that arrived. Use errors.As:
//
//	var failure *client.Error
//	if errors.As(err, &failure) && failure.Kind() == wirechat.ErrorKindRateLimited { ... }
//
// A cancelled or timed-out context is also reachable with errors.Is(err, context.Canceled) /
// context.DeadlineExceeded.

import (
	"fmt"
	"strings"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Error is a failed provider call.
type Error struct {
	// Failure is the canonical error.
	Failure wirechat.Error
	// Partial is the message as far as it arrived, for a stream that failed after its first event.
	Partial *wirechat.Message
	// Attempts is how many requests were sent (1 + retries).
	Attempts int
	cause    error
}

// Kind is the canonical error kind.
func (e *Error) Kind() wirechat.ErrorKind { return e.Failure.Kind }

// Retryable is the canonical retry verdict.
func (e *Error) Retryable() bool { return e.Failure.Retryable }

// Status is the HTTP status, 0 when there was none.
func (e *Error) Status() int {
	if e.Failure.Status == nil {
		return 0
	}
	return int(*e.Failure.Status)
}

// Usage is the usage consumed before the failure, nil when unknown.
func (e *Error) Usage() *wirechat.TokenUsage { return e.Failure.Usage }

// Unwrap gives the cause (a context error for cancellations and deadlines), nil when none.
func (e *Error) Unwrap() error { return e.cause }

// Error describes the failure: kind, status, provider code, request id, the message, the attempts and
// how much of a stream arrived. It never holds the API key (every text from outside is redacted).
func (e *Error) Error() string {
	f := e.Failure
	var details []string
	if f.Status != nil {
		details = append(details, fmt.Sprintf("HTTP %d", *f.Status))
	}
	if f.ProviderCode != nil {
		details = append(details, "code "+*f.ProviderCode)
	}
	if f.RequestID != nil {
		details = append(details, "request id "+*f.RequestID)
	}
	if f.RetryAfterMs != nil {
		details = append(details, fmt.Sprintf("retry after %d ms", *f.RetryAfterMs))
	}
	if e.Attempts > 1 {
		details = append(details, fmt.Sprintf("after %d attempts", e.Attempts))
	}
	if e.Partial != nil {
		details = append(details, fmt.Sprintf("%d parts arrived", len(e.Partial.Parts)))
	}
	text := "wirechat: " + string(f.Kind)
	if len(details) > 0 {
		text += " (" + strings.Join(details, ", ") + ")"
	}
	return text + ": " + f.Message
}

func newError(kind wirechat.ErrorKind, message string, retryable bool, cause error) *Error {
	return &Error{Failure: wirechat.Error{Kind: kind, Message: message, Retryable: retryable}, Attempts: 1, cause: cause}
}
