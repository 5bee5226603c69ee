package client

// The shared retry vectors (conformance/vectors/retry.json), which the Python and TypeScript tests run too:
// for a policy, a canonical error, the response headers, the retry number and the jitter's random draw,
// the wait before that retry in milliseconds, or none when the call must not be retried.

import (
	"encoding/json"
	"math"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

type retryCase struct {
	Description string `json:"description"`
	Policy      struct {
		MaxRetries      int     `json:"max_retries"`
		InitialDelayMs  float64 `json:"initial_delay_ms"`
		MaxDelayMs      float64 `json:"max_delay_ms"`
		Jitter          float64 `json:"jitter"`
		MaxRetryAfterMs float64 `json:"max_retry_after_ms"`
	} `json:"policy"`
	Random  float64           `json:"random"`
	Retry   int               `json:"retry"`
	Error   json.RawMessage   `json:"error"`
	Headers map[string]string `json:"headers"`
	DelayMs *float64          `json:"delay_ms"`
}

func TestRetryVectors(t *testing.T) {
	data, err := os.ReadFile("../../conformance/vectors/retry.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []retryCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 30 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	for _, c := range file.Cases {
		t.Run(c.Description, func(t *testing.T) {
			var failure wirechat.Error
			if err := json.Unmarshal(c.Error, &failure); err != nil {
				t.Fatal(err)
			}
			headers := http.Header{}
			for name, value := range c.Headers {
				headers.Set(name, value)
			}
			draw := c.Random
			policy := RetryPolicy{MaxRetries: c.Policy.MaxRetries, InitialDelay: ms(c.Policy.InitialDelayMs),
				MaxDelay: ms(c.Policy.MaxDelayMs), Jitter: c.Policy.Jitter, MaxRetryAfter: ms(c.Policy.MaxRetryAfterMs),
				Random: func() float64 { return draw }}
			wait, retry := policy.Delay(failure, headers, c.Retry, time.Time{})
			if c.DelayMs == nil {
				if retry {
					t.Fatalf("retries after %v; the vector says not to retry", wait)
				}
				return
			}
			got := float64(wait) / float64(time.Millisecond)
			if !retry || math.Abs(got-*c.DelayMs) > 1e-6 {
				t.Fatalf("wait %v ms (retry %v), want %v ms", got, retry, *c.DelayMs)
			}
		})
	}
}
