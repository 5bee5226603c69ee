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
	body    io.ReadCloser
	timer   *time.Timer
	read    time.Duration
	cancel  context.CancelCauseFunc
	parent  context.Context
	secret  *Secret
	fired   atomic.Bool
	release context.CancelFunc // a stream's call deadline, released when the stream is closed
}

func (w *watchedBody) expire() { w.fired.Store(true); w.cancel(errSilence) }

func (w *watchedBody) stop() {
	w.timer.Stop()
	if w.body != nil {
		_ = w.body.Close()
	}
	w.cancel(context.Canceled)
	if w.release != nil {
		w.release()
	}
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

// readAll reads the body up to limit bytes (after decompression: net/http undoes gzip as it reads); over is
// true, and nothing returned, when there was more.
func (w *watchedBody) readAll(limit int64) (data []byte, over bool, failure *Error) {
	data, err := io.ReadAll(io.LimitReader(w, limit+1))
	if err != nil {
		if errors.As(err, &failure) {
			return nil, false, failure
		}
		return nil, false, w.failure(err, "reading the response")
	}
	if int64(len(data)) > limit {
		return nil, true, nil
	}
	return data, false, nil
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
