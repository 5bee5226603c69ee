// Package client calls a provider with canonical wirechat requests over net/http and gives canonical
// responses and stream events back, as Python's wirechat.Client does:
//
//	c, err := client.New("anthropic", client.WithAPIKey(key)) // or the key from ANTHROPIC_API_KEY
//	response, err := c.Chat(ctx, request)
//	stream, err := c.Stream(ctx, request)
//	for stream.Next() {
//		event := stream.Event() // canonical StreamEvents, as they arrive
//	}
//	response, err = stream.Response() // the folded ChatResponse, or the failure with the partial message
//
// The adapter (go/adapters/openaichat, go/adapters/anthropic) translates; this package does the HTTP:
// timeouts on by default (connect 10 s, and at most 600 s of silence while waiting for or reading the
// answer), retries of retryable failures with backoff and jitter honouring retry-after-ms, retry-after
// and x-should-retry (Python's policy and caps, RetryPolicy), one error type *Error holding the canonical
// Error (errors.As), cancellation through the context (which closes the connection), response bodies
// capped at 64 MiB, and the API key kept in a Secret that no string form, error or log shows.
package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/anthropic"
	"github.com/wirechat/wirechat/go/adapters/gemini"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/openairesponses"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/statustable"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Adapters are the built-in adapters by registry name.
var Adapters = map[string]adapters.Adapter{openaichat.Name: openaichat.Adapter, anthropic.Name: anthropic.Adapter, gemini.Name: gemini.Adapter, openairesponses.Name: openairesponses.Adapter}

// MaxBodyBytes is the default cap on a provider's response body (spec section 5.3).
const MaxBodyBytes = 64 << 20

const userAgent = "wirechat-go/0.1"

// Timeouts bound the phases of a call. Read bounds the silence while waiting for the answer and between
// two chunks of it, not the whole of a stream; Total bounds the whole call, retries, the waits between
// them and the reading of a stream included.
type Timeouts struct {
	Connect time.Duration
	Read    time.Duration
	Total   time.Duration
}

// DefaultTimeouts are Python's: connect 10 s, read 600 s, total 3600 s.
func DefaultTimeouts() Timeouts {
	return Timeouts{Connect: 10 * time.Second, Read: 600 * time.Second, Total: 3600 * time.Second}
}

// Client calls one provider. It is safe for concurrent use.
type Client struct {
	adapter   adapters.Adapter
	secret    *Secret // a pointer: a struct print of the Client shows an address, not the key
	baseURL   string
	http      *http.Client
	retry     RetryPolicy
	timeouts  Timeouts
	maxBody   int64
	maxError  int64
	maxEvent  int
	headers   http.Header
	onWarning func(adapters.Warning)
}

// Option configures a Client.
type Option func(*Client) error

// WithAPIKey sets the key (default: the adapter's environment variable, OPENAI_API_KEY ...).
func WithAPIKey(key string) Option {
	return func(c *Client) error { secret := NewSecret(key); c.secret = &secret; return nil }
}

// WithBaseURL sets scheme and host, with or without the version path (default: OPENAI_BASE_URL or
// ANTHROPIC_BASE_URL as the provider SDK reads it, else the provider's own, https://api.openai.com ...).
func WithBaseURL(url string) Option {
	return func(c *Client) error { c.baseURL = strings.TrimRight(url, "/"); return nil }
}

// WithTimeouts sets the timeouts; a zero field keeps its default.
func WithTimeouts(t Timeouts) Option {
	return func(c *Client) error {
		if t.Connect < 0 || t.Read < 0 || t.Total < 0 {
			return fmt.Errorf("wirechat: timeouts must be positive, got connect %v, read %v, total %v", t.Connect, t.Read, t.Total)
		}
		if t.Total > 0 {
			c.timeouts.Total = t.Total
		}
		if t.Connect > 0 {
			c.timeouts.Connect = t.Connect
		}
		if t.Read > 0 {
			c.timeouts.Read = t.Read
		}
		return nil
	}
}

// WithRetry sets the retry policy (default DefaultRetryPolicy()).
func WithRetry(policy RetryPolicy) Option {
	return func(c *Client) error { c.retry = policy; return policy.check() }
}

// WithMaxRetries keeps the default policy with another number of retries (0: none).
func WithMaxRetries(n int) Option {
	return func(c *Client) error { c.retry.MaxRetries = n; return c.retry.check() }
}

// WithHTTPClient sends through the caller's client (its Timeout, if any, applies on top of ours).
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) error { c.http = h; return nil }
}

// WithHeader adds a header to every request.
func WithHeader(name, value string) Option {
	return func(c *Client) error { c.headers.Add(name, value); return nil }
}

// WithMaxBodyBytes caps a response body after decompression (default MaxBodyBytes).
func WithMaxBodyBytes(n int64) Option {
	return func(c *Client) error { c.maxBody = n; return positive("WithMaxBodyBytes", n) }
}

// WithMaxErrorBodyBytes caps an error answer's body (default MaxErrorBodyBytes); a larger one is judged by
// its status alone.
func WithMaxErrorBodyBytes(n int64) Option {
	return func(c *Client) error { c.maxError = n; return positive("WithMaxErrorBodyBytes", n) }
}

// WithMaxEventBytes caps one SSE line and the data of one SSE event (default MaxEventBytes).
func WithMaxEventBytes(n int) Option {
	return func(c *Client) error { c.maxEvent = n; return positive("WithMaxEventBytes", int64(n)) }
}

func positive(option string, n int64) error {
	if n < 1 {
		return fmt.Errorf("wirechat: %s must be a positive number of bytes, got %d", option, n)
	}
	return nil
}

// WithWarningHandler receives the degradations the adapter applied to send a request, and what it set
// aside reading a (non-streamed) answer, each Where a pointer into the provider's body (default: none).
// A stream's decode warnings are its Warnings.
func WithWarningHandler(handler func(adapters.Warning)) Option {
	return func(c *Client) error { c.onWarning = handler; return nil }
}

// New is a client for a built-in provider ("openai-chat", "anthropic", "gemini", "openai-responses",
// "openai-compatible" or a profile of it, "openai-compatible:ollama").
func New(provider string, options ...Option) (*Client, error) {
	adapter, ok := Adapters[provider]
	if !ok {
		names := make([]string, 0, len(Adapters))
		for name := range Adapters {
			names = append(names, name)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("%w: no adapter named %q%s (known adapters: %s)", ErrUnknownAdapter, provider,
			suggest(provider, names), strings.Join(names, ", "))
	}
	return NewWithAdapter(adapter, options...)
}

// NewWithAdapter is a client for any adapter.
func NewWithAdapter(adapter adapters.Adapter, options ...Option) (*Client, error) {
	base := envBaseURL(adapter)
	if base == "" {
		base = adapter.DefaultBaseURL()
	}
	c := &Client{adapter: adapter, baseURL: base, retry: DefaultRetryPolicy(),
		timeouts: DefaultTimeouts(), maxBody: MaxBodyBytes, maxError: MaxErrorBodyBytes, maxEvent: MaxEventBytes,
		headers: http.Header{}}
	fromEnv := NewSecret(os.Getenv(adapter.APIKeyEnv()))
	c.secret = &fromEnv
	for _, option := range options {
		if err := option(c); err != nil {
			return nil, err
		}
	}
	c.baseURL = fitBaseURL(adapter, c.baseURL)
	if c.secret.Reveal() == "" && defaultKey(adapter) != "" { // servers that check no key still want one
		placeholder := NewSecret(defaultKey(adapter))
		c.secret = &placeholder
	}
	if c.secret.Reveal() == "" {
		return nil, fmt.Errorf("wirechat: no API key for %s: pass client.WithAPIKey(...) or set the %s environment variable",
			adapter.Name(), adapter.APIKeyEnv())
	}
	if c.http == nil {
		transport := http.DefaultTransport.(*http.Transport).Clone()
		transport.DialContext = (&net.Dialer{Timeout: c.timeouts.Connect, KeepAlive: 30 * time.Second}).DialContext
		transport.TLSHandshakeTimeout = c.timeouts.Connect
		c.http = &http.Client{Transport: transport}
	}
	copied := *c.http // the caller's client, as given, but never following a redirect with the key
	copied.CheckRedirect = noRedirect
	c.http = &copied
	return c, nil
}

// String describes the client without its key.
func (c Client) String() string {
	return fmt.Sprintf("client.Client(provider=%q, base_url=%q, api_key=%v)", c.adapter.Name(), c.baseURL, c.secret)
}

// GoString is String.
func (c Client) GoString() string { return c.String() }

// Chat sends request and returns the provider's answer as a canonical response.
func (c *Client) Chat(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	path, body, err := c.encode(request, false)
	if err != nil {
		return wirechat.ChatResponse{}, err
	}
	data, attempts, err := c.post(ctx, path, body)
	if err != nil {
		return wirechat.ChatResponse{}, err
	}
	response, warnings, err := c.adapter.DecodeResponse(data)
	if err == nil && c.onWarning != nil {
		for _, warning := range warnings {
			c.onWarning(warning)
		}
	}
	if err == nil {
		err = wirechat.Validate(&response)
	}
	if err != nil {
		failure := newError(wirechat.ErrorKindInvalidResponse,
			c.secret.Redact("the provider's response could not be read: "+err.Error()), false, nil)
		failure.Attempts = attempts
		return wirechat.ChatResponse{}, failure
	}
	return response, nil
}

// encode validates the request and writes the provider body, with the path it goes to (route). A request
// that is not valid wirechat gives the *wirechat.WireError; one the provider cannot take, the adapter's
// *adapters.RefusedError.
func (c *Client) encode(request wirechat.ChatRequest, stream bool) (string, []byte, error) {
	if err := wirechat.Validate(&request); err != nil {
		return "", nil, err
	}
	body, warnings, err := c.adapter.EncodeRequest(request)
	if err != nil {
		return "", nil, err
	}
	if c.onWarning != nil {
		for _, warning := range warnings {
			c.onWarning(warning)
		}
	}
	if stream {
		body = c.adapter.StreamRequestFlags(body)
	}
	path, body, err := c.route("chat", c.adapter.ChatPath(), body, stream)
	if err != nil {
		return "", nil, err
	}
	data, err := providerjson.Marshal(body)
	return path, data, err
}

// attempt is one request: the response (2xx or not), or the failure to get one. The returned stop
// releases the attempt's timer and context; the caller calls it when done with the body.
func (c *Client) attempt(ctx context.Context, path string, body []byte, stream bool) (*http.Response, *watchedBody, *Error) {
	attemptCtx, cancel := context.WithCancelCause(ctx)
	watch := &watchedBody{read: c.timeouts.Read, cancel: cancel, parent: ctx, secret: c.secret}
	watch.timer = time.AfterFunc(c.timeouts.Read, watch.expire)
	request, err := http.NewRequestWithContext(attemptCtx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		watch.stop()
		return nil, nil, newError(wirechat.ErrorKindInvalidRequest, c.secret.Redact(err.Error()), false, err)
	}
	for name, values := range c.headers {
		request.Header[name] = values
	}
	request.Header.Set("Content-Type", "application/json")
	request.Header.Set("User-Agent", userAgent)
	request.Header.Set("Accept", "application/json")
	if stream {
		request.Header.Set("Accept", "text/event-stream")
	}
	for name, values := range c.adapter.AuthHeaders(c.secret.Reveal()) {
		request.Header[name] = values
	}
	response, err := c.http.Do(request)
	if err != nil {
		failure := watch.failure(err, "waiting for the response")
		watch.stop()
		return nil, nil, failure
	}
	watch.body = response.Body
	return response, watch, nil
}

// failure is the canonical error for a non-2xx answer, with the request id from the headers when the
// body named none, and every text from outside redacted.
func (c *Client) failure(status int, headers http.Header, body []byte) *Error {
	failure := c.adapter.DecodeError(status, headers, body)
	if failure.RequestID == nil {
		if id, ok := statustable.Header(headers, "x-request-id"); ok && id != "" {
			failure.RequestID = &id
		} else if id, ok := statustable.Header(headers, "request-id"); ok && id != "" {
			failure.RequestID = &id
		}
	}
	return &Error{Failure: c.redact(failure), Attempts: 1}
}

func (c *Client) redact(failure wirechat.Error) wirechat.Error {
	failure.Message = c.secret.Redact(failure.Message)
	for _, field := range []**string{&failure.ProviderCode, &failure.RequestID} {
		if *field != nil {
			value := c.secret.Redact(**field)
			*field = &value
		}
	}
	for key, value := range failure.ProviderMetadata {
		if redacted := c.secret.Redact(string(value)); redacted != string(value) {
			failure.ProviderMetadata[key] = wirechat.JsonObject(`{}`)
		}
	}
	return failure
}

// post sends body to path and reads a 2xx answer whole, retrying as the policy allows.
func (c *Client) post(ctx context.Context, path string, body []byte) ([]byte, int, error) {
	var data []byte
	attempts, err := c.exchange(ctx, path, body, false, func(response *http.Response, watch *watchedBody) *Error {
		defer watch.stop()
		var failure *Error
		var over bool
		data, over, failure = watch.readAll(c.maxBody)
		if failure == nil && over {
			failure = tooLarge("max_body_bytes", c.maxBody, "the response body")
		}
		return failure
	})
	return data, attempts, err
}

// exchange runs the retry loop: each attempt's 2xx answer goes to accept (whose failure is retried as
// any other); a non-2xx answer is decoded and retried when the policy says so.
func (c *Client) exchange(ctx context.Context, path string, body []byte, stream bool, accept func(*http.Response, *watchedBody) *Error) (int, error) {
	ctx, release := context.WithTimeoutCause(ctx, c.timeouts.Total, errDeadline)
	kept := false // a stream's body keeps the deadline until it is closed
	defer func() {
		if !kept {
			release()
		}
	}()
	for retry := 0; ; retry++ {
		response, watch, failure := c.attempt(ctx, path, body, stream)
		var headers http.Header
		if failure == nil {
			switch {
			case response.StatusCode < 300:
				if failure = accept(response, watch); failure == nil {
					if stream {
						watch.release, kept = release, true
					}
					return retry + 1, nil
				}
			case response.StatusCode < 400:
				failure = c.redirectError(response)
				watch.stop()
				failure.Attempts = retry + 1
				return retry + 1, failure
			default:
				headers = response.Header
				var data []byte
				var over bool
				data, over, failure = watch.readAll(c.maxError)
				watch.stop()
				if failure == nil {
					failure = c.failure(response.StatusCode, headers, data)
					if over {
						failure = c.failure(response.StatusCode, headers, nil)
						failure.Failure.Message = fmt.Sprintf("HTTP %d: the error body is larger than the %d-byte limit; not read",
							response.StatusCode, c.maxError)
					}
				}
			}
		}
		failure.Attempts = retry + 1
		if ctx.Err() != nil {
			return retry + 1, failure
		}
		delay, again := c.retry.Delay(failure.Failure, headers, retry, time.Now())
		if end, ok := ctx.Deadline(); !again || (ok && time.Now().Add(delay).After(end)) {
			return retry + 1, failure
		}
		timer := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
			return retry + 1, contextError(ctx, "waiting to retry", failure.Attempts)
		case <-timer.C:
		}
	}
}

func contextError(ctx context.Context, stage string, attempts int) *Error {
	cause := ctx.Err()
	failure := newError(wirechat.ErrorKindCancelled, "the call was cancelled "+stage, false, cause)
	if errors.Is(cause, context.DeadlineExceeded) {
		failure = newError(wirechat.ErrorKindTimeout, "the context's deadline passed "+stage, true, cause)
		if errors.Is(context.Cause(ctx), errDeadline) {
			failure.Failure.Message = "timed out " + stage + ": the call's total deadline passed (Timeouts.Total)"
		}
	}
	failure.Attempts = attempts
	return failure
}
