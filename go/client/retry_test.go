package client

// The retry policy's decisions, against Python's RetryPolicy.delay.

import (
	"net/http"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestRetryDelay(t *testing.T) {
	policy := DefaultRetryPolicy()
	policy.Random = func() float64 { return 0.5 }
	retryable := wirechat.Error{Kind: wirechat.ErrorKindProvider, Retryable: true}
	fixed := wirechat.Error{Kind: wirechat.ErrorKindInvalidRequest}
	bodyWait := int64(1500)
	cases := []struct {
		name    string
		failure wirechat.Error
		headers http.Header
		retry   int
		want    time.Duration
		again   bool
	}{
		{"backoff 0", retryable, nil, 0, 437500 * time.Microsecond, true}, // 0.5 s less 12.5%
		{"backoff 1", retryable, nil, 1, 875 * time.Millisecond, true},
		{"no more retries", retryable, nil, 2, 0, false},
		{"not retryable", fixed, nil, 0, 0, false},
		{"x-should-retry true overrides", fixed, http.Header{"X-Should-Retry": {"true"}}, 0, 437500 * time.Microsecond, true},
		{"x-should-retry false overrides", retryable, http.Header{"X-Should-Retry": {" FALSE "}}, 0, 0, false},
		{"retry-after-ms", retryable, http.Header{"Retry-After-Ms": {"20"}, "Retry-After": {"5"}}, 0, 20 * time.Millisecond, true},
		{"retry-after seconds", retryable, http.Header{"Retry-After": {"2"}}, 0, 2 * time.Second, true},
		{"retry-after over the cap", retryable, http.Header{"Retry-After": {"61"}}, 0, 0, false},
		{"the body's retry_after_ms", wirechat.Error{Kind: wirechat.ErrorKindRateLimited, Retryable: true, RetryAfterMs: &bodyWait}, nil, 0, 1500 * time.Millisecond, true},
		{"retry-after as a date", retryable, http.Header{"Retry-After": {"Wed, 21 Oct 2026 07:28:03 GMT"}, "Date": {"Wed, 21 Oct 2026 07:28:00 GMT"}}, 0, 3 * time.Second, true},
	}
	for _, tc := range cases {
		got, again := policy.Delay(tc.failure, tc.headers, tc.retry, time.Time{})
		if got != tc.want || again != tc.again {
			t.Errorf("%s: got %v, %v; want %v, %v", tc.name, got, again, tc.want, tc.again)
		}
	}
}

func TestRetryPolicyChecks(t *testing.T) {
	bad := DefaultRetryPolicy()
	bad.Jitter = 2
	if _, err := New("openai-chat", WithAPIKey("k"), WithRetry(bad)); err == nil {
		t.Fatal("a jitter of 2 must be refused")
	}
}
