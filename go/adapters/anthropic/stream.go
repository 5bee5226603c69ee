package anthropic

// Anthropic Messages streams -> canonical stream events, as Python's anthropic/stream.py (the encoder is in
// stream_encode.go).
//
// message_start gives start, the input-side usage, and the blocks its message already holds (programmatic
// tool calling sends a whole turn there, stop reason included, then message_stop): each is read as if it
// had been opened and closed at its position. Each content_block_start opens the part at the block's index
// (thinking with issuer anthropic; redacted thinking arrives whole); text_delta, thinking_delta,
// signature_delta and input_json_delta are fragments of that index only; citations_delta citations are
// collected and the text's text_end carries them all; content_block_stop ends it. A tool_use block's
// members other than its id, name and input (caller) go to its tool_call_end's provider_metadata. A call
// or a result Anthropic ran (server_tool_use, mcp_tool_use, *_tool_result: provider_run.go) is collected,
// its input_json_delta fragments joined and parsed into the block's input, and sent as one part event at
// its content_block_stop, so that the fold equals the non-streamed reading (spec section 15).
// message_delta carries the stop reason and cumulative usage; message_stop gives finish; error (even
// after a 200) gives error; a second message_start before message_stop (two generations spliced into one
// body) ends the stream as invalid_response.
//
// Tool input fragments are rewritten token by token into the arguments form (wirechat.ArgumentsNormaliser:
// 1E2 is 100, "\u00e9" is "é", no insignificant whitespace), so that the folded arguments equal the text
// the non-streamed response decodes to (wirechat.BuildArguments of the input); a tool with no input
// fragments gets {}, and input the form cannot hold (an integer beyond 2^53-1) ends the stream as
// invalid_response, as the non-streamed reading refuses it.
//
// Nothing is dropped silently (Warnings, pointers /<n>/... into the n-th event from 0): a member the
// decoder neither maps nor keeps (members.go), a delta or an event type it does not know, an event after
// message_stop (ping aside) are reported as provider.unmapped; so is a block of an unknown type, which is
// kept whole in the finish's provider_metadata (as the response decoder keeps it) and is not a part: the
// parts after it move down one index.
//
// Where Python writes str(None) for a tool_use block without an id or name (or a redacted_thinking block
// without data), this decoder ends the stream with an invalid_response error instead (issue 16: never an
// invented value); where Python raises on a block it cannot read, this decoder ends the stream the same way.

import (
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func cut(message string, usage *wirechat.TokenUsage) wirechat.StreamEvent {
	return &wirechat.ErrorEvent{Error: wirechat.Error{
		Kind: wirechat.ErrorKindInvalidResponse, Message: message, Retryable: true, Usage: usage,
	}}
}

// runBlock is a provider-run block being collected, with its input fragments.
type runBlock struct {
	block     *obj
	fragments []string
}

// StreamDecoder turns one streamed response's events into canonical events.
type StreamDecoder struct {
	count       int // events fed so far: the number of the current one is count - 1
	kinds       map[int64]string
	normalisers map[int64]*wirechat.ArgumentsNormaliser
	sentArgs    map[int64]bool
	extras      map[int64]*obj
	citations   map[int64][]any
	run         map[int64]*runBlock
	names       map[string]string
	skipped     []int64 // the indices of blocks of unknown types, which are not parts
	unknown     []any
	usageRaw    *providerjson.Object
	usage       *wirechat.TokenUsage
	metadata    *providerjson.Object
	stopReason  *string
	hasCalls    bool
	started     bool
	done        bool
	conv        shared.Conversion
}

// NewStreamDecoder is a fresh decoder.
func NewStreamDecoder() *StreamDecoder {
	return &StreamDecoder{
		kinds: map[int64]string{}, normalisers: map[int64]*wirechat.ArgumentsNormaliser{}, sentArgs: map[int64]bool{},
		extras: map[int64]*obj{}, citations: map[int64][]any{}, run: map[int64]*runBlock{},
		names: map[string]string{}, usageRaw: providerjson.NewObject(), metadata: providerjson.NewObject(),
		conv: shared.Conversion{Manifest: Manifest},
	}
}

// Warnings are what the decoder set aside or changed so far (pointers /<n>/...: the n-th event, then into
// its data).
func (d *StreamDecoder) Warnings() []adapters.Warning { return d.conv.Warnings }

func (d *StreamDecoder) warn(feature, pointer string) {
	d.conv.Degrade(feature, "/"+strconv.Itoa(d.count-1)+pointer)
}

func (d *StreamDecoder) fail(message string) []wirechat.StreamEvent {
	d.done = true
	return []wirechat.StreamEvent{cut(message, d.usage)}
}

// Feed implements adapters.StreamDecoder.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	d.count++
	if d.done {
		if event.Event != "ping" && !strings.Contains(event.Data, `"ping"`) {
			d.warn("provider.unmapped", "") // an event after the end of the message
		}
		return nil
	}
	value, err := providerjson.Parse([]byte(event.Data))
	if err != nil {
		return d.fail("a stream event is not JSON: " + err.Error())
	}
	data, ok := value.(*providerjson.Object)
	if !ok {
		return d.fail("a stream event is not a JSON object")
	}
	kind := event.Event
	if t := data.Get("type"); shared.Truthy(t) {
		kind, _ = t.(string)
	}
	shape, known := eventShapes[kind]
	if !known { // an event type newer than this adapter
		d.warn("provider.unmapped", "")
		return nil
	}
	for _, pointer := range shared.UnmappedMembers(data, shape, "") {
		d.warn("provider.unmapped", pointer)
	}
	switch kind {
	case "content_block_delta":
		return d.delta(data)
	case "content_block_start":
		block := data.Get("content_block")
		if !shared.Truthy(block) {
			block = newObj()
		}
		return d.open(index(data, int64(len(d.kinds))), block, "/content_block")
	case "content_block_stop":
		return d.close(index(data, 0))
	case "message_start":
		return d.messageStart(data)
	case "message_delta":
		return d.messageDelta(data)
	case "message_stop":
		return d.messageStop()
	case "error":
		d.done = true
		failure := decodeErrorObject(0, nil, data)
		failure.Usage = d.usage
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}
	}
	return nil // ping
}

func index(data *providerjson.Object, fallback int64) int64 {
	if v := data.Get("index"); v != nil {
		if i, ok := shared.IntValue(v); ok {
			return i
		}
	}
	return fallback
}

func (d *StreamDecoder) messageStart(data *providerjson.Object) []wirechat.StreamEvent {
	if d.started {
		return d.fail("a second message_start before message_stop (two generations in one body)")
	}
	d.started = true
	message, _ := data.Get("message").(*providerjson.Object)
	if message == nil {
		message = newObj()
	}
	start := &wirechat.StartEvent{}
	if id, ok := message.Get("id").(string); ok && id != "" {
		start.ID = &id
	}
	if model, ok := message.Get("model").(string); ok && model != "" {
		start.Model = &model
	}
	out := []wirechat.StreamEvent{start}
	if usage, ok := message.Get("usage").(*providerjson.Object); ok {
		out = append(out, d.mergeUsage(usage)...)
		if d.done {
			return out
		}
	}
	for _, key := range responseKept {
		if v := message.Get(key); v != nil {
			d.metadata.Set(key, v)
		}
	}
	if reason, ok := message.Get("stop_reason").(string); ok {
		d.stopReason = &reason
	}
	for i, block := range shared.Items(message.Get("content")) {
		out = append(out, d.open(int64(i), block, "/message/content/"+strconv.Itoa(i))...)
		if d.done {
			return out
		}
		out = append(out, d.close(int64(i))...)
		if d.done {
			return out
		}
	}
	return out
}

func (d *StreamDecoder) mergeUsage(raw *providerjson.Object) []wirechat.StreamEvent {
	for _, key := range raw.Keys() {
		if v := raw.Get(key); v != nil {
			d.usageRaw.Set(key, v)
		}
	}
	usage, extra, err := DecodeUsage(d.usageRaw, "/usage")
	if err != nil {
		return d.fail("the usage could not be read: " + err.Error())
	}
	d.usage = &usage
	if extra != nil {
		d.metadata.Set("usage", extra)
	} else {
		d.metadata.Delete("usage")
	}
	return []wirechat.StreamEvent{&wirechat.UsageEvent{Usage: usage}}
}

func (d *StreamDecoder) messageDelta(data *providerjson.Object) []wirechat.StreamEvent {
	delta, _ := data.Get("delta").(*providerjson.Object)
	if delta == nil {
		delta = newObj()
	}
	if reason, ok := delta.Get("stop_reason").(string); ok {
		d.stopReason = &reason
	}
	for _, key := range responseKept {
		if v := delta.Get(key); v != nil {
			d.metadata.Set(key, v)
		}
	}
	if v := data.Get("context_management"); v != nil {
		d.metadata.Set("context_management", v)
	}
	if usage, ok := data.Get("usage").(*providerjson.Object); ok {
		return d.mergeUsage(usage)
	}
	return nil
}

func (d *StreamDecoder) messageStop() []wirechat.StreamEvent {
	d.done = true
	event := &wirechat.FinishEvent{FinishReason: DecodeFinish(d.stopReason, d.hasCalls)}
	if len(d.unknown) > 0 {
		d.metadata.Set(unknownBlocks, d.unknown)
	}
	if d.metadata.Len() > 0 {
		event.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(d.metadata)}
	}
	return []wirechat.StreamEvent{event}
}

// Close implements adapters.StreamDecoder: a stream cut before message_stop ends in an error carrying the
// usage so far.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	return d.fail("the stream ended before message_stop")
}
