package client

// One attempt's response body and its silence timer (Timeouts.Read): each read restarts the timer, and
// the timer cancels the attempt, closing the connection, when the server goes silent; transport errors
// become canonical kinds (cancelled, timeout, network), their text redacted.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

// errSilence is the cause of an attempt cancelled because the server went silent for Timeouts.Read.
var errSilence = errors.New("read timeout")

// watchedBody is an attempt's response body with its silence timer: each read restarts the timer, and
// the timer cancels the attempt (closing the connection) when it fires.
type watchedBody struct {
	body   io.ReadCloser
	timer  *time.Timer
	read   time.Duration
	cancel context.CancelCauseFunc
	parent context.Context
	secret *Secret
	fired  atomic.Bool
}

func (w *watchedBody) expire() { w.fired.Store(true); w.cancel(errSilence) }

func (w *watchedBody) stop() {
	w.timer.Stop()
	if w.body != nil {
		_ = w.body.Close()
	}
	w.cancel(context.Canceled)
}

// Read restarts the silence timer, then reads.
func (w *watchedBody) Read(p []byte) (int, error) {
	w.timer.Reset(w.read)
	n, err := w.body.Read(p)
	if err != nil && err != io.EOF {
		return n, w.failure(err, "reading the response")
	}
	return n, err
}

func (w *watchedBody) readAll(limit int64) ([]byte, *Error) {
	data, err := io.ReadAll(io.LimitReader(w, limit+1))
	if err != nil {
		var failure *Error
		if errors.As(err, &failure) {
			return nil, failure
		}
		return nil, w.failure(err, "reading the response")
	}
	if int64(len(data)) > limit {
		return nil, newError(wirechat.ErrorKindInvalidResponse,
			fmt.Sprintf("the response body is larger than the limit of %d bytes", limit), false, nil)
	}
	return data, nil
}

// failure is the canonical error for a transport error at stage: cancelled or the context's deadline,
// the silence timeout, a connect timeout, or a network failure.
func (w *watchedBody) failure(err error, stage string) *Error {
	if w.parent.Err() != nil {
		return contextError(w.parent, stage, 1)
	}
	if w.fired.Load() {
		return newError(wirechat.ErrorKindTimeout, fmt.Sprintf("timed out %s (no bytes for %v)", stage, w.read), true, nil)
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return newError(wirechat.ErrorKindTimeout, w.secret.Redact(fmt.Sprintf("timed out %s (%v)", stage, err)), true, nil)
	}
	return newError(wirechat.ErrorKindNetwork, w.secret.Redact(fmt.Sprintf("network failure %s: %v", stage, err)), true, nil)
}
