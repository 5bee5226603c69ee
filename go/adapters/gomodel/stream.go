package gomodel

// go-model streams as server-sent events, over go/gomodel's StreamDecoder and StreamEncoder: a
// StreamChunk is an event with no name (or "chunk") and the chunk as data, usage the event "usage" with a
// TokenUsage, a failure the event "error" with {"error": message} (the same framing as Python's
// adapters/go_model/stream.py and go/gomodel's Records).

import (
	"encoding/json"

	"github.com/wirechat/wirechat/go/adapters"
	model "github.com/wirechat/wirechat/go/gomodel"
	"github.com/wirechat/wirechat/go/wirechat"
)

// StreamDecoder turns one response's go-model events into canonical stream events.
type StreamDecoder struct {
	decoder *model.StreamDecoder
	failed  bool
}

// NewStreamDecoder is a decoder for one stream.
func NewStreamDecoder() *StreamDecoder { return &StreamDecoder{decoder: model.NewStreamDecoder()} }

// invalid is the error event that ends a stream wirechat cannot read.
func (d *StreamDecoder) invalid(err error) []wirechat.StreamEvent {
	d.failed = true
	failure := wirechat.Error{Kind: wirechat.ErrorKindInvalidResponse, Message: err.Error(), Retryable: false}
	return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}
}

// Feed is the canonical events of one go-model event; a record wirechat cannot read ends the stream with
// an invalid_response error event.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	if d.failed {
		return nil
	}
	record := model.Record{Data: json.RawMessage(event.Data)}
	if event.Event != "" {
		record.Event = &event.Event
	}
	events, err := d.decoder.Feed(record)
	if err != nil {
		return d.invalid(err)
	}
	return events
}

// Close is the events owed at the end of the stream.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.failed {
		return nil
	}
	events, err := d.decoder.Close()
	if err != nil {
		return d.invalid(err)
	}
	return events
}

// Warnings: nothing is degraded on the way in (decision 013).
func (d *StreamDecoder) Warnings() []adapters.Warning { return nil }

// StreamEncoder turns canonical stream events into go-model events.
type StreamEncoder struct{ encoder *model.StreamEncoder }

// NewStreamEncoder is an encoder for one stream.
func NewStreamEncoder() *StreamEncoder { return &StreamEncoder{encoder: model.NewStreamEncoder()} }

// Feed is the go-model events of one canonical event; a *adapters.RefusedError for a whole part.
func (e *StreamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	records, err := e.encoder.Feed(event)
	if err != nil {
		return nil, refused(err)
	}
	out := make([]adapters.SseEvent, len(records))
	for i, record := range records {
		out[i].Data = string(record.Data)
		if record.Event != nil {
			out[i].Event = *record.Event
		}
	}
	return out, nil
}

// Close: a go-model stream owes nothing at its end.
func (e *StreamEncoder) Close() []adapters.SseEvent { return nil }

// Warnings are the degradations applied so far.
func (e *StreamEncoder) Warnings() []adapters.Warning { return warningsOf(e.encoder.Warnings()) }
