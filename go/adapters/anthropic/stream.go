package anthropic

// Anthropic Messages streams -> canonical stream events, as Python's anthropic/stream.py.
//
// message_start gives start (and the input-side usage); each content_block_start opens the part at the
// block's index (thinking with issuer anthropic; redacted thinking arrives whole); text_delta,
// thinking_delta, signature_delta and input_json_delta are fragments of that index only;
// content_block_stop ends it; message_delta carries the stop reason and cumulative usage; message_stop
// gives finish; ping is ignored; error (even after a 200) gives error. Tool input fragments are passed on
// without insignificant whitespace, so the folded arguments equal the compact JSON the non-streamed
// response decodes to; a tool with no input fragments gets {}.
//
// Where Python writes str(None) for a tool_use block without an id or name, this decoder ends the stream
// with an invalid_response error instead (issue 16: never an invented value).

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// jsonCompactor removes insignificant whitespace from JSON text arriving in arbitrary fragments.
type jsonCompactor struct{ inString, escape bool }

func (c *jsonCompactor) feed(fragment string) string {
	out := make([]byte, 0, len(fragment))
	for i := 0; i < len(fragment); i++ {
		ch := fragment[i]
		switch {
		case c.inString:
			out = append(out, ch)
			if c.escape {
				c.escape = false
			} else if ch == '\\' {
				c.escape = true
			} else if ch == '"' {
				c.inString = false
			}
		case ch == '"':
			c.inString = true
			out = append(out, ch)
		case ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n':
			out = append(out, ch)
		}
	}
	return string(out)
}

func cut(message string, usage *wirechat.TokenUsage) wirechat.StreamEvent {
	return &wirechat.ErrorEvent{Error: wirechat.Error{
		Kind: wirechat.ErrorKindInvalidResponse, Message: message, Retryable: true, Usage: usage,
	}}
}

// StreamDecoder turns one streamed response's events into canonical events.
type StreamDecoder struct {
	kinds      map[int64]string
	compactors map[int64]*jsonCompactor
	sentArgs   map[int64]bool
	citations  map[int64][]any
	usageRaw   *providerjson.Object
	usage      *wirechat.TokenUsage
	metadata   *providerjson.Object
	stopReason *string
	hasCalls   bool
	done       bool
	warnings   []adapters.Warning
}

// Warnings are what the decoder set aside or changed so far (pointers /<n>/...: the n-th event, then into
// its data).
func (d *StreamDecoder) Warnings() []adapters.Warning { return d.warnings }

// NewStreamDecoder is a fresh decoder.
func NewStreamDecoder() *StreamDecoder {
	return &StreamDecoder{
		kinds: map[int64]string{}, compactors: map[int64]*jsonCompactor{}, sentArgs: map[int64]bool{},
		citations: map[int64][]any{}, usageRaw: providerjson.NewObject(), metadata: providerjson.NewObject(),
	}
}

func (d *StreamDecoder) fail(message string) []wirechat.StreamEvent {
	d.done = true
	return []wirechat.StreamEvent{cut(message, d.usage)}
}

// Feed implements adapters.StreamDecoder.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	if d.done {
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
	kind, _ := data.Get("type").(string)
	if kind == "" {
		kind = event.Event
	}
	switch kind {
	case "content_block_delta":
		return d.delta(data)
	case "content_block_start":
		return d.startBlock(data)
	case "content_block_stop":
		return d.stopBlock(data)
	case "message_start":
		return d.messageStart(data)
	case "message_delta":
		return d.messageDelta(data)
	case "message_stop":
		d.done = true
		event := &wirechat.FinishEvent{FinishReason: DecodeFinish(d.stopReason, d.hasCalls)}
		if d.metadata.Len() > 0 {
			event.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(d.metadata)}
		}
		return []wirechat.StreamEvent{event}
	case "error":
		d.done = true
		failure := decodeErrorObject(0, nil, data)
		failure.Usage = d.usage
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}
	}
	return nil // ping, and event types newer than this adapter
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
	message, _ := data.Get("message").(*providerjson.Object)
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
	for _, key := range []string{"container", "diagnostics"} {
		if v := message.Get(key); v != nil {
			d.metadata.Set(key, v)
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

func (d *StreamDecoder) startBlock(data *providerjson.Object) []wirechat.StreamEvent {
	i := index(data, int64(len(d.kinds)))
	block, _ := data.Get("content_block").(*providerjson.Object)
	kind, _ := block.Get("type").(string)
	d.kinds[i] = kind
	switch kind {
	case "text":
		out := []wirechat.StreamEvent{&wirechat.TextStartEvent{Index: i}}
		if text, ok := block.Get("text").(string); ok && text != "" {
			out = append(out, &wirechat.TextDeltaEvent{Index: i, Text: text})
		}
		if citations, ok := block.Get("citations").([]any); ok && len(citations) > 0 {
			d.citations[i] = append([]any(nil), citations...)
		}
		return out
	case "thinking":
		out := []wirechat.StreamEvent{&wirechat.ReasoningStartEvent{Index: i, Issuer: &issuer}}
		text, _ := block.Get("thinking").(string)
		signature, _ := block.Get("signature").(string)
		if text != "" || signature != "" {
			delta := &wirechat.ReasoningDeltaEvent{Index: i}
			if signature != "" {
				delta.Signature = &signature
			}
			if text != "" {
				delta.Text = &text
			}
			out = append(out, delta)
		}
		return out
	case "redacted_thinking":
		redacted, ok := block.Get("data").(string)
		if !ok {
			return d.fail("a redacted_thinking block has no data")
		}
		return []wirechat.StreamEvent{&wirechat.ReasoningStartEvent{Index: i, Issuer: &issuer, RedactedData: &redacted}}
	case "tool_use":
		id, _ := block.Get("id").(string)
		name, _ := block.Get("name").(string)
		if id == "" || name == "" {
			return d.fail("a tool_use block has no id or no name")
		}
		d.hasCalls = true
		d.compactors[i] = &jsonCompactor{}
		out := []wirechat.StreamEvent{&wirechat.ToolCallStartEvent{Index: i, ID: id, Name: name}}
		if input := block.Get("input"); shared.Truthy(input) {
			arguments, err := providerjson.Compact(input)
			if err != nil {
				return d.fail("a tool_use block's input could not be read: " + err.Error())
			}
			d.sentArgs[i] = true
			out = append(out, &wirechat.ToolCallDeltaEvent{Index: i, Arguments: arguments})
		}
		return out
	}
	d.kinds[i] = "part"
	if block == nil {
		block = providerjson.NewObject()
	}
	return []wirechat.StreamEvent{&wirechat.PartEvent{Index: i, Part: blockData(block)}}
}

func (d *StreamDecoder) delta(data *providerjson.Object) []wirechat.StreamEvent {
	i := index(data, 0)
	delta, _ := data.Get("delta").(*providerjson.Object)
	switch delta.Get("type") {
	case "text_delta":
		text, _ := delta.Get("text").(string)
		return []wirechat.StreamEvent{&wirechat.TextDeltaEvent{Index: i, Text: text}}
	case "input_json_delta":
		fragment, _ := delta.Get("partial_json").(string)
		if compactor, ok := d.compactors[i]; ok {
			fragment = compactor.feed(fragment)
		}
		if fragment == "" {
			return nil
		}
		d.sentArgs[i] = true
		return []wirechat.StreamEvent{&wirechat.ToolCallDeltaEvent{Index: i, Arguments: fragment}}
	case "thinking_delta":
		if text, _ := delta.Get("thinking").(string); text != "" {
			return []wirechat.StreamEvent{&wirechat.ReasoningDeltaEvent{Index: i, Text: &text}}
		}
	case "signature_delta":
		if signature, _ := delta.Get("signature").(string); signature != "" {
			return []wirechat.StreamEvent{&wirechat.ReasoningDeltaEvent{Index: i, Signature: &signature}}
		}
	case "citations_delta":
		d.citations[i] = append(d.citations[i], delta.Get("citation"))
	}
	return nil
}

func (d *StreamDecoder) stopBlock(data *providerjson.Object) []wirechat.StreamEvent {
	i := index(data, 0)
	switch d.kinds[i] {
	case "text":
		if citations, ok := d.citations[i]; ok {
			meta := providerjson.NewObject().Set("citations", citations)
			return []wirechat.StreamEvent{&wirechat.TextEndEvent{Index: i, ProviderMetadata: wirechat.ProviderMetadata{Provider: shared.ObjectBytes(meta)}}}
		}
		return []wirechat.StreamEvent{&wirechat.TextEndEvent{Index: i}}
	case "thinking", "redacted_thinking":
		return []wirechat.StreamEvent{&wirechat.ReasoningEndEvent{Index: i}}
	case "tool_use":
		var out []wirechat.StreamEvent
		if !d.sentArgs[i] {
			out = append(out, &wirechat.ToolCallDeltaEvent{Index: i, Arguments: "{}"})
		}
		return append(out, &wirechat.ToolCallEndEvent{Index: i})
	}
	return nil
}

func (d *StreamDecoder) messageDelta(data *providerjson.Object) []wirechat.StreamEvent {
	delta, _ := data.Get("delta").(*providerjson.Object)
	if reason, ok := delta.Get("stop_reason").(string); ok {
		d.stopReason = &reason
	}
	for _, key := range []string{"stop_sequence", "stop_details"} {
		if v := delta.Get(key); v != nil {
			d.metadata.Set(key, v)
		}
	}
	if usage, ok := data.Get("usage").(*providerjson.Object); ok {
		return d.mergeUsage(usage)
	}
	return nil
}

// Close implements adapters.StreamDecoder: a stream cut before message_stop ends in an error carrying the
// usage so far.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	return d.fail("the stream ended before message_stop")
}
