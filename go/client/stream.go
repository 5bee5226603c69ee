package client

// Stream: one streamed chat's canonical events as they arrive, then the folded response. The bytes go
// through the SSE framing (SseDecoder), the adapter's stream decoder and the fold (wirechat.StreamFold),
// which checks the events and keeps what arrived, so that a failure carries the partial message.

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Stream is a streamed chat. Call Next until it returns false, reading Event each time; then Err is nil
// when the stream finished and Response gives the folded response, or Err (an *Error) says why it
// stopped, with the partial message. Close releases the connection early; a finished or failed stream is
// closed already. A Stream is not safe for concurrent use.
type Stream struct {
	watch    *watchedBody
	sse      SseDecoder
	decoder  adapters.StreamDecoder
	fold     wirechat.StreamFold
	secret   *Secret
	buf      []byte
	queue    []wirechat.StreamEvent
	event    wirechat.StreamEvent
	err      error
	ended    bool // the body is read to its end
	closed   bool
	finished bool
	attempts int
}

// Stream sends request for a streamed answer. Retries happen only until a 2xx status arrives; after
// that, a break is reported by Err with what arrived.
func (c *Client) Stream(ctx context.Context, request wirechat.ChatRequest) (*Stream, error) {
	path, body, err := c.encode(request, true)
	if err != nil {
		return nil, err
	}
	var watch *watchedBody
	attempts, err := c.exchange(ctx, path, body, true, func(_ *http.Response, w *watchedBody) *Error {
		watch = w
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Stream{watch: watch, sse: SseDecoder{MaxEventBytes: c.maxEvent}, decoder: c.adapter.NewStreamDecoder(), secret: c.secret,
		buf: make([]byte, 32<<10), attempts: attempts}, nil
}

// Next advances to the next event; false at the end of the stream or on failure (see Err).
func (s *Stream) Next() bool {
	for len(s.queue) == 0 {
		if s.closed {
			return false
		}
		if s.ended {
			s.fail(newError(wirechat.ErrorKindInvalidResponse, "the stream ended without a finish event", true, nil))
			return false
		}
		s.read()
	}
	event := s.queue[0]
	s.queue = s.queue[1:]
	if err := s.fold.Add(event); err != nil {
		s.fail(newError(wirechat.ErrorKindInvalidResponse, "the provider's stream is malformed: "+err.Error(), false, nil))
		return false
	}
	switch e := event.(type) {
	case *wirechat.ErrorEvent:
		failure := &Error{Failure: redactError(s.secret, e.Error), Attempts: s.attempts}
		if failure.Failure.Usage == nil {
			failure.Failure.Usage = s.fold.Usage()
		}
		s.fail(failure)
		return false
	case *wirechat.FinishEvent:
		s.finished = true
		s.event = event
		s.Close()
		return true
	}
	s.event = event
	return true
}

// read feeds the next chunk of the body through the framing and the decoder into the queue.
func (s *Stream) read() {
	n, err := s.watch.Read(s.buf)
	for _, event := range s.sse.Feed(s.buf[:n]) {
		s.queue = append(s.queue, s.decoder.Feed(event)...)
	}
	if failure := s.sse.Err(); failure != nil {
		failure.Failure.Usage = s.fold.Usage()
		s.fail(failure)
		return
	}
	if err == io.EOF {
		for _, event := range s.sse.Flush() {
			s.queue = append(s.queue, s.decoder.Feed(event)...)
		}
		s.queue = append(s.queue, s.decoder.Close()...)
		s.ended = true
		return
	}
	if err != nil {
		var failure *Error
		if !errors.As(err, &failure) {
			failure = s.watch.failure(err, "reading the stream")
		}
		failure.Failure.Usage = s.fold.Usage()
		s.fail(failure)
	}
}

func (s *Stream) fail(failure *Error) {
	partial := s.fold.Partial()
	failure.Partial = &partial
	failure.Attempts = s.attempts
	s.err = failure
	s.queue = nil
	s.Close()
}

// Event is the current event (after Next returned true).
func (s *Stream) Event() wirechat.StreamEvent { return s.event }

// Warnings are what the adapter's decoder set aside or changed so far, each Where a pointer /<n>/...: the
// n-th SSE event from 0, then into its data.
func (s *Stream) Warnings() []adapters.Warning { return s.decoder.Warnings() }

// Err is why the stream stopped early: an *Error with the partial message; nil after a finish.
func (s *Stream) Err() error { return s.err }

// Response is the folded response once the stream finished; else the stream's error (reading the rest
// of the stream first if Next has not reached its end).
func (s *Stream) Response() (wirechat.ChatResponse, error) {
	for !s.closed && s.Next() {
	}
	if s.err != nil {
		return wirechat.ChatResponse{}, s.err
	}
	return s.fold.Response()
}

// Close closes the connection; reading stops. It is safe to call more than once.
func (s *Stream) Close() error {
	if !s.closed {
		s.closed = true
		s.watch.stop()
	}
	return nil
}

func redactError(secret *Secret, failure wirechat.Error) wirechat.Error {
	c := Client{secret: secret}
	return c.redact(failure)
}
