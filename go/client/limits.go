package client

// The bounds every call keeps (spec section 5.3): the response body cap after decompression (MaxBodyBytes,
// 64 MiB), the error body cap (MaxErrorBodyBytes, 1 MiB; a larger error body is judged by its status alone),
// the SSE line and event cap (MaxEventBytes, 16 MiB), the total deadline of a call (Timeouts.Total, 3600 s)
// beside the silence timeout, and no redirect followed (the request carries the API key). A failure of a
// cap or a redirect is an *Error of kind invalid_response whose cause is ErrResponseTooLarge or
// ErrRedirectRefused (errors.Is); a passed deadline is kind timeout, errors.Is(err, context.DeadlineExceeded).

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/wirechat/wirechat/go/wirechat"
)

// MaxErrorBodyBytes is the default cap on an error answer's body.
const MaxErrorBodyBytes = 1 << 20

// MaxEventBytes is the default cap on one SSE line and on the data of one SSE event.
const MaxEventBytes = 16 << 20

// ErrResponseTooLarge is the cause of an *Error for an answer over one of the caps.
var ErrResponseTooLarge = errors.New("wirechat: the response is larger than the client's limit")

// ErrRedirectRefused is the cause of an *Error for a redirect (3xx) answer, which is never followed.
var ErrRedirectRefused = errors.New("wirechat: the provider answered with a redirect, which is not followed")

// errDeadline is the cause of a call's context cancelled at Timeouts.Total.
var errDeadline = errors.New("the call's total deadline passed")

// noRedirect keeps net/http from following a redirect: the 3xx comes back as the response.
func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

func tooLarge(limit string, bytes int64, what string) *Error {
	message := fmt.Sprintf("%s is larger than the %s limit of %d bytes; the rest was not read", what, limit, bytes)
	return newError(wirechat.ErrorKindInvalidResponse, message, false, ErrResponseTooLarge)
}

func (c *Client) redirectError(response *http.Response) *Error {
	where := "without a Location"
	if location := response.Header.Get("Location"); location != "" {
		if len(location) > 500 {
			location = location[:500]
		}
		where = "to " + c.secret.Redact(location)
	}
	failure := newError(wirechat.ErrorKindInvalidResponse, fmt.Sprintf("the provider answered HTTP %d, a redirect %s; "+
		"wirechat follows no redirects (the request carries the API key): use the final address as the base URL",
		response.StatusCode, where), false, ErrRedirectRefused)
	status := int64(response.StatusCode)
	failure.Failure.Status = &status
	return failure
}
