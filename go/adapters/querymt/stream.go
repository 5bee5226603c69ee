package querymt

// Streams through a QueryMT plugin: the whole reply as one event, as Python's querymt/stream.
//
// QueryMT's chat_stream export pushes chunks through QueryMT's own host function (qmt_yield_chunk), which
// no other host provides, so wirechat calls chat and streams the whole reply (decision 014). The
// "provider stream" is therefore one SseEvent{"response", <ExtismChatResponse JSON>} (or
// SseEvent{"error", <PluginError JSON>}); the decoder turns it into the canonical events of that reply
// (wirechat.EventsFromResponse), the encoder folds canonical events back into one reply.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// fragmentSize is the characters per delta event of a streamed whole reply (Python's default).
const fragmentSize = 16

// StreamDecoder turns one whole reply (or one plugin error) into canonical stream events.
type StreamDecoder struct{ done bool }

// NewStreamDecoder is a decoder for one call.
func NewStreamDecoder() *StreamDecoder { return &StreamDecoder{} }

func invalidEvent(message string) wirechat.StreamEvent {
	return &wirechat.ErrorEvent{Error: wirechat.Error{Kind: wirechat.ErrorKindInvalidResponse, Message: message, Retryable: false}}
}

// Feed reads the one event of the stream; any later event is ignored.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	d.done = true
	if event.Event == "error" {
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: DecodeError(0, nil, []byte(event.Data))}}
	}
	parsed, err := providerjson.Parse([]byte(event.Data))
	if err != nil {
		return []wirechat.StreamEvent{invalidEvent("the plugin's reply is not JSON (" + err.Error() + ")")}
	}
	if _, ok := parsed.(*obj); !ok {
		return []wirechat.StreamEvent{invalidEvent("the plugin's reply is not a JSON object")}
	}
	response, _, err := DecodeResponse([]byte(event.Data))
	if err != nil {
		return []wirechat.StreamEvent{invalidEvent("the plugin's reply could not be read: " + err.Error())}
	}
	events, err := wirechat.EventsFromResponse(response, fragmentSize)
	if err != nil {
		return []wirechat.StreamEvent{invalidEvent("the plugin's reply could not be read: " + err.Error())}
	}
	return events
}

// Close is an invalid_response error when no reply came.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	d.done = true
	return []wirechat.StreamEvent{invalidEvent("the plugin returned no reply")}
}

// Warnings: the decoder sets nothing aside.
func (d *StreamDecoder) Warnings() []adapters.Warning { return nil }

// StreamEncoder folds canonical stream events into one whole QueryMT reply (or its error), sent at Close.
type StreamEncoder struct {
	events   []wirechat.StreamEvent
	warnings []adapters.Warning
}

// NewStreamEncoder is an encoder for one call.
func NewStreamEncoder() *StreamEncoder { return &StreamEncoder{} }

// Feed keeps the event; an error event is the plugin's error at once. A whole part a reply cannot hold
// (an image, a file ...) is refused here, where Python's encoder refuses it at close.
func (e *StreamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	if whole, ok := event.(*wirechat.PartEvent); ok {
		switch whole.Part.(type) {
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
		default:
			conv := &shared.Conversion{Manifest: Manifest}
			return nil, conv.Refuse("response.part_unsupported", "/message/parts/"+strconv.FormatInt(whole.Index, 10))
		}
	}
	if failure, ok := event.(*wirechat.ErrorEvent); ok {
		e.events = nil
		_, body := EncodeError(failure.Error)
		return []adapters.SseEvent{{Event: "error", Data: providerjson.MustCompact(body)}}, nil
	}
	e.events = append(e.events, event)
	return nil, nil
}

// Close is the one reply the events fold to (nothing when no event came); events that do not fold, or
// fold to a reply QueryMT cannot hold, end in the plugin's error instead.
func (e *StreamEncoder) Close() []adapters.SseEvent {
	if len(e.events) == 0 {
		return nil
	}
	response, err := wirechat.Fold(e.events)
	e.events = nil
	var body *obj
	if err == nil {
		var warnings []adapters.Warning
		body, warnings, err = EncodeResponse(response)
		e.warnings = append(e.warnings, warnings...)
	}
	if err != nil {
		_, failure := EncodeError(wirechat.Error{Kind: wirechat.ErrorKindProvider, Message: "the reply cannot be sent: " + err.Error()})
		return []adapters.SseEvent{{Event: "error", Data: providerjson.MustCompact(failure)}}
	}
	return []adapters.SseEvent{{Event: "response", Data: providerjson.MustCompact(body)}}
}

// Warnings are the encoder's degradations so far.
func (e *StreamEncoder) Warnings() []adapters.Warning { return e.warnings }
