package client

// When to send a failed request again, and how long to wait first: Python's transport/retry.py policy
// and caps. Only retryable errors are retried (the canonical Error.Retryable, which the adapter set from
// the status and the provider's error type), unless the server says otherwise with x-should-retry. The
// wait is the server's when it gives one (retry-after-ms, then retry-after in seconds or as an HTTP date,
// then the adapter's retry_after_ms from the body), else exponential backoff with jitter. A server wait
// longer than MaxRetryAfter is not sat out: the error is returned at once, carrying retry_after_ms.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/wirechat"
)

// RetryPolicy is MaxRetries further attempts after the first, waits of InitialDelay * 2^n capped at
// MaxDelay, less up to Jitter (a fraction) of it; a server-requested wait is honoured up to MaxRetryAfter.
type RetryPolicy struct {
	MaxRetries    int
	InitialDelay  time.Duration
	MaxDelay      time.Duration
	Jitter        float64
	MaxRetryAfter time.Duration
	// Random returns a number in [0, 1); nil uses math/rand/v2.
	Random func() float64
}

// DefaultRetryPolicy is Python's RetryPolicy(): 2 retries, 0.5 s doubling to at most 8 s, 25% jitter,
// server waits honoured up to 60 s.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 2, InitialDelay: 500 * time.Millisecond, MaxDelay: 8 * time.Second,
		Jitter: 0.25, MaxRetryAfter: 60 * time.Second}
}

func (p RetryPolicy) check() error {
	if p.MaxRetries < 0 {
		return fmt.Errorf("wirechat: MaxRetries must be 0 or more, got %d", p.MaxRetries)
	}
	if p.InitialDelay < 0 || p.MaxDelay < 0 || p.MaxRetryAfter < 0 {
		return fmt.Errorf("wirechat: retry delays must be >= 0 (InitialDelay %v, MaxDelay %v, MaxRetryAfter %v)",
			p.InitialDelay, p.MaxDelay, p.MaxRetryAfter)
	}
	if !(p.Jitter >= 0 && p.Jitter <= 1) {
		return fmt.Errorf("wirechat: Jitter must be a fraction between 0 and 1, got %v", p.Jitter)
	}
	return nil
}

// Backoff is the wait before retry number retry (0 for the first) when the server named none.
func (p RetryPolicy) Backoff(retry int) time.Duration {
	base := math.Min(float64(p.InitialDelay)*math.Pow(2, float64(retry)), float64(p.MaxDelay))
	random := rand.Float64
	if p.Random != nil {
		random = p.Random
	}
	return time.Duration(base * (1 - p.Jitter*random()))
}

// Delay is the wait before retry number retry, and false when the request must not be retried.
func (p RetryPolicy) Delay(failure wirechat.Error, headers http.Header, retry int, now time.Time) (time.Duration, bool) {
	if retry >= p.MaxRetries {
		return 0, false
	}
	verdict, has := statustable.ShouldRetry(headers)
	if (has && !verdict) || (!has && !failure.Retryable) {
		return 0, false
	}
	asked, ok := statustable.RetryAfterMs(headers, now)
	if !ok && failure.RetryAfterMs != nil {
		asked, ok = *failure.RetryAfterMs, true
	}
	if !ok {
		return p.Backoff(retry), true
	}
	wait := time.Duration(asked) * time.Millisecond
	if wait > p.MaxRetryAfter {
		return 0, false
	}
	return wait, true
}
