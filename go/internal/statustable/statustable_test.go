package statustable

// The status table and the header rules, case by case as Python's exchange.py decides them.

import (
	"net/http"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestRetryAfterMs(t *testing.T) {
	now := time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC)
	cases := []struct {
		headers http.Header
		want    int64
		ok      bool
	}{
		{http.Header{"retry-after-ms": {"1500"}}, 1500, true},                     // any case
		{http.Header{"Retry-After-Ms": {"2.5"}}, 2, true},                         // half to even
		{http.Header{"Retry-After-Ms": {"3.5"}}, 4, true},                         // half to even
		{http.Header{"Retry-After-Ms": {"-1"}, "Retry-After": {"2"}}, 2000, true}, // unreadable ms: seconds
		{http.Header{"Retry-After-Ms": {"nan"}}, 0, false},
		{http.Header{"Retry-After": {" 7 "}}, 7000, true},
		{http.Header{"Retry-After": {"inf"}}, 0, false},
		{http.Header{"Retry-After": {"Wed, 21 Oct 2026 07:28:09 GMT"}}, 9000, true}, // from now
		{http.Header{"Retry-After": {"Wed, 21 Oct 2026 07:27:00 GMT"}}, 0, true},    // past: 0
		{http.Header{"Retry-After": {"soon"}}, 0, false},
		{http.Header{}, 0, false},
	}
	for _, tc := range cases {
		got, ok := RetryAfterMs(tc.headers, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%v: got %d %v, want %d %v", tc.headers, got, ok, tc.want, tc.ok)
		}
	}
	if _, ok := RetryAfterMs(http.Header{"Retry-After": {"Wed, 21 Oct 2026 07:28:09 GMT"}}, time.Time{}); ok {
		t.Error("a date without a date header or a clock gives no wait")
	}
}

func TestClassify(t *testing.T) {
	cases := []struct {
		status    int
		headers   http.Header
		kind      wirechat.ErrorKind
		wantKind  wirechat.ErrorKind
		retryable bool
	}{
		{429, nil, "", wirechat.ErrorKindRateLimited, true},
		{503, http.Header{"X-Should-Retry": {"false"}}, "", wirechat.ErrorKindOverloaded, false},
		{400, http.Header{"X-Should-Retry": {"true"}}, "", wirechat.ErrorKindInvalidRequest, true},
		{529, nil, "", wirechat.ErrorKindOverloaded, true},
		{502, nil, "", wirechat.ErrorKindProvider, true},
		{418, nil, "", wirechat.ErrorKindInvalidRequest, false},
		{0, nil, "", wirechat.ErrorKindProvider, true},
		{400, nil, wirechat.ErrorKindContextLengthExceeded, wirechat.ErrorKindContextLengthExceeded, false},
	}
	for _, tc := range cases {
		got := Classify(tc.status, tc.headers, tc.kind, time.Time{})
		if got.Kind != tc.wantKind || got.Retryable != tc.retryable {
			t.Errorf("%d %v %q: got %+v", tc.status, tc.headers, tc.kind, got)
		}
	}
}
