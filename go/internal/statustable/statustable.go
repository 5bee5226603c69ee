// Package statustable is the one table from an HTTP status and its headers to a canonical error kind, a
// retry verdict and a wait, shared by the Go adapters and the client. It mirrors Python's
// wirechat.exchange (header, retry_after_ms, should_retry, kind_for_status, classify) rule for rule, so
// the same failure gets the same Error in every language. Pure: no I/O, and no clock unless the caller
// passes the time.
package statustable

import (
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

const maxSafe = 1<<53 - 1

// Header is the value of header name whatever the case of the keys (http.Header canonicalises on Set,
// but a map built by hand may not), and whether it is present.
func Header(headers http.Header, name string) (string, bool) {
	if values, ok := headers[http.CanonicalHeaderKey(name)]; ok && len(values) > 0 {
		return values[0], true
	}
	for key, values := range headers {
		if strings.EqualFold(key, name) && len(values) > 0 {
			return values[0], true
		}
	}
	return "", false
}

// parseFloat reads a number as Python's float() does for the values servers send: surrounding spaces
// allowed, "inf" and "nan" read (the callers then reject them as not finite), an overflow read as +-Inf.
// decimal is a header's wait as a number (spec section 5.3, Retries): ASCII digits, an optional fraction,
// spaces or tabs around; false for anything else (1_000, 0x10, 1e3, -1, Inf).
func decimal(raw string) (float64, bool) {
	if !decimalPattern.MatchString(raw) {
		return 0, false
	}
	value, err := strconv.ParseFloat(strings.Trim(raw, " \t"), 64)
	return value, err == nil
}

var decimalPattern = regexp.MustCompile(`^[ \t]*[0-9]+(\.[0-9]+)?[ \t]*$`)

// RetryAfterMs is how long the server asked the client to wait, in milliseconds: retry-after-ms first,
// then retry-after in seconds or as an HTTP date, measured from the response's own date header, else from
// now when it is not the zero time. A date in the past means 0. ok is false when no readable wait is given.
// Rounding is half to even, as Python's round.
func RetryAfterMs(headers http.Header, now time.Time) (int64, bool) {
	if raw, ok := Header(headers, "retry-after-ms"); ok {
		if value, ok := decimal(raw); ok {
			return capped(value), true
		}
	}
	raw, ok := Header(headers, "retry-after")
	if !ok {
		return 0, false
	}
	seconds, ok := decimal(raw)
	if !ok {
		return fromHTTPDate(raw, headers, now)
	}
	return capped(seconds * 1000), true
}

func capped(ms float64) int64 {
	rounded := math.RoundToEven(ms)
	if rounded > maxSafe {
		return maxSafe
	}
	return int64(rounded)
}

func fromHTTPDate(raw string, headers http.Header, now time.Time) (int64, bool) {
	later, err := http.ParseTime(strings.TrimSpace(raw))
	if err != nil {
		return 0, false
	}
	reference := now
	if date, ok := Header(headers, "date"); ok {
		parsed, err := http.ParseTime(strings.TrimSpace(date))
		if err != nil {
			return 0, false
		}
		reference = parsed
	}
	if reference.IsZero() {
		return 0, false
	}
	ms := math.RoundToEven(float64(later.Sub(reference)) / float64(time.Millisecond))
	if ms < 0 {
		return 0, true
	}
	return capped(ms), true
}

// ShouldRetry is the server's x-should-retry verdict (any case, surrounding spaces ignored); ok is false
// when the server gives none or an unreadable one.
func ShouldRetry(headers http.Header) (verdict bool, ok bool) {
	raw, _ := Header(headers, "x-should-retry")
	switch strings.ToLower(strings.TrimSpace(raw)) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// RetryableKinds are the kinds worth sending again by default: the fault is the network's or the
// provider's, and passes (adapters/status.json, generated into go/internal/tables).
var RetryableKinds = tables.RetryableKinds

// StatusKinds are the statuses whose meaning is fixed; any other 5xx is provider, any other status
// invalid_request (adapters/status.json).
var StatusKinds = tables.StatusKinds

// KindForStatus is the kind a status means when the body says nothing more precise; status 0 (an error
// that arrived inside a 200 stream) is provider.
func KindForStatus(status int) wirechat.ErrorKind {
	if status == 0 {
		return tables.NoStatusKind
	}
	if kind, ok := StatusKinds[status]; ok {
		return kind
	}
	if status >= 500 {
		return tables.ServerErrorKind
	}
	return tables.OtherStatusKind
}

// Classification is what a failed exchange means: the kind, whether to send it again, and the wait the
// server asked for (HasRetryAfter false when it named none).
type Classification struct {
	Kind          wirechat.ErrorKind
	Retryable     bool
	RetryAfterMs  int64
	HasRetryAfter bool
}

// Classify decides a failure: kind is what the provider's body said ("" when nothing readable: the status
// decides); the kind sets the default verdict and x-should-retry overrides the verdict, never the kind.
func Classify(status int, headers http.Header, kind wirechat.ErrorKind, now time.Time) Classification {
	if kind == "" {
		kind = KindForStatus(status)
	}
	retryable := RetryableKinds[kind]
	if verdict, ok := ShouldRetry(headers); ok {
		retryable = verdict
	}
	wait, has := RetryAfterMs(headers, now)
	return Classification{Kind: kind, Retryable: retryable, RetryAfterMs: wait, HasRetryAfter: has}
}
