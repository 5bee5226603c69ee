package openaichat

// OpenAI chat.completion.chunk streams -> canonical stream events, as Python's openai_chat/stream.py.
//
// The first chunk gives start; delta.content opens a text part, delta.refusal a refusal part, and each
// delta.tool_calls[].index its own tool-call part (fragments are keyed by that index only, so parallel
// calls never glue together). Parts close when finish_reason arrives; the usage chunk gives usage;
// [DONE] gives finish. A chunk with a top-level error gives an error event. Only choice 0 is decoded.
//
// Where Python invents a value, this decoder does not (issue 16): a tool call whose first fragment has
// no id or no name, or a chunk that is not a JSON object, ends the stream with an invalid_response error.

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// cut is the error event of a stream that cannot go on.
func cut(message string, usage *wirechat.TokenUsage) wirechat.StreamEvent {
	return &wirechat.ErrorEvent{Error: wirechat.Error{
		Kind: wirechat.ErrorKindInvalidResponse, Message: message, Retryable: true, Usage: usage,
	}}
}

type openPart struct {
	kind  string // text, refusal, tool_call
	index int64
}

// StreamDecoder turns one streamed response's chunks into canonical events.
type StreamDecoder struct {
	started   bool
	nextIndex int64
	text      int64 // -1 until opened
	refusal   int64
	calls     map[string]int64 // OpenAI tool_calls[].index -> part index
	hasCalls  bool
	open      []openPart
	finishRaw *string
	usage     *wirechat.TokenUsage
	metadata  *providerjson.Object
	logprobs  map[string][]any
	done      bool
	warnings  []adapters.Warning
}

// Warnings are what the decoder set aside or changed so far (pointers /<n>/...: the n-th event, then into
// its data).
func (d *StreamDecoder) Warnings() []adapters.Warning { return d.warnings }

// NewStreamDecoder is a fresh decoder.
func NewStreamDecoder() *StreamDecoder {
	return &StreamDecoder{text: -1, refusal: -1, calls: map[string]int64{}, metadata: providerjson.NewObject()}
}

// Feed implements adapters.StreamDecoder.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	data := event.Data
	if !strings.HasPrefix(data, "{") && strings.TrimSpace(data) == "[DONE]" {
		return d.finish()
	}
	value, err := providerjson.Parse([]byte(data))
	if err != nil {
		d.done = true
		return []wirechat.StreamEvent{cut("a stream chunk is not JSON: "+err.Error(), d.usage)}
	}
	chunk, ok := value.(*providerjson.Object)
	if !ok {
		d.done = true
		return []wirechat.StreamEvent{cut("a stream chunk is not a JSON object", d.usage)}
	}
	if chunk.Get("error") != nil {
		d.done = true
		failure := decodeErrorObject(0, nil, chunk)
		failure.Usage = d.usage
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}
	}
	var out []wirechat.StreamEvent
	if !d.started {
		d.started = true
		start := &wirechat.StartEvent{}
		if id, ok := chunk.Get("id").(string); ok && id != "" {
			start.ID = &id
		}
		if model, ok := chunk.Get("model").(string); ok && model != "" {
			start.Model = &model
		}
		if start.ID != nil || start.Model != nil {
			out = append(out, start)
		}
	}
	if created, ok := shared.IntValue(chunk.Get("created")); ok && created != 0 {
		d.metadata.Set("created", chunk.Get("created"))
	}
	for _, key := range metadataKeys {
		if value := chunk.Get(key); value != nil {
			d.metadata.Set(key, value)
		}
	}
	choices, _ := chunk.Get("choices").([]any)
	for _, raw := range choices {
		choice, ok := raw.(*providerjson.Object)
		if !ok {
			continue
		}
		if index := choice.Get("index"); index != nil {
			if i, ok := shared.IntValue(index); !ok || i != 0 {
				continue
			}
		}
		var failed wirechat.StreamEvent
		out, failed = d.choice(choice, out)
		if failed != nil {
			d.done = true
			return append(out, failed)
		}
	}
	if raw, ok := chunk.Get("usage").(*providerjson.Object); ok {
		usage, extra, err := DecodeUsage(raw, "/usage")
		if err != nil {
			d.done = true
			return append(out, cut("the usage chunk could not be read: "+err.Error(), d.usage))
		}
		d.usage = &usage
		if extra != nil {
			d.metadata.Set("usage", extra)
		}
		copied := usage
		out = append(out, &wirechat.UsageEvent{Usage: copied})
	}
	return out
}

func (d *StreamDecoder) choice(choice *providerjson.Object, out []wirechat.StreamEvent) ([]wirechat.StreamEvent, wirechat.StreamEvent) {
	delta, _ := choice.Get("delta").(*providerjson.Object)
	if text, ok := delta.Get("content").(string); ok && text != "" {
		if d.text < 0 {
			d.text, out = d.openPart("text", out)
		}
		out = append(out, &wirechat.TextDeltaEvent{Index: d.text, Text: text})
	}
	if refusal, ok := delta.Get("refusal").(string); ok {
		if d.refusal < 0 {
			d.refusal, out = d.openPart("refusal", out)
		}
		if refusal != "" {
			out = append(out, &wirechat.TextDeltaEvent{Index: d.refusal, Text: refusal})
		}
	}
	if calls, ok := delta.Get("tool_calls").([]any); ok {
		for _, call := range calls {
			var failed wirechat.StreamEvent
			if out, failed = d.call(call, out); failed != nil {
				return out, failed
			}
		}
	}
	if logprobs, ok := choice.Get("logprobs").(*providerjson.Object); ok {
		for _, key := range []string{"content", "refusal"} {
			if items, ok := logprobs.Get(key).([]any); ok {
				if d.logprobs == nil {
					d.logprobs = map[string][]any{}
				}
				d.logprobs[key] = append(d.logprobs[key], items...)
			}
		}
	}
	if raw, ok := choice.Get("finish_reason").(string); ok {
		d.finishRaw = &raw
		out = d.closeParts(out)
	}
	return out, nil
}

func (d *StreamDecoder) openPart(kind string, out []wirechat.StreamEvent) (int64, []wirechat.StreamEvent) {
	index := d.nextIndex
	d.nextIndex++
	d.open = append(d.open, openPart{kind, index})
	return index, append(out, &wirechat.TextStartEvent{Index: index})
}

func (d *StreamDecoder) call(raw any, out []wirechat.StreamEvent) ([]wirechat.StreamEvent, wirechat.StreamEvent) {
	call, ok := raw.(*providerjson.Object)
	if !ok {
		return out, cut("a streamed tool call is not a JSON object", d.usage)
	}
	key := providerjson.MustCompact(call.Get("index"))
	if call.Get("index") == nil {
		key = providerjson.MustCompact(int64(len(d.calls)))
	}
	function, _ := call.Get("function").(*providerjson.Object)
	var arguments string
	if value := function.Get("arguments"); value != nil {
		text, err := argumentsText(value, "/function/arguments")
		if err != nil {
			return out, cut("a streamed tool call's arguments could not be read: "+err.Error(), d.usage)
		}
		arguments = text
	}
	index, known := d.calls[key]
	if !known {
		id, _ := call.Get("id").(string)
		name, _ := function.Get("name").(string)
		if id == "" || name == "" {
			return out, cut("the first fragment of streamed tool call "+key+" has no id or no name", d.usage)
		}
		index = d.nextIndex
		d.nextIndex++
		d.calls[key] = index
		d.hasCalls = true
		d.open = append(d.open, openPart{"tool_call", index})
		out = append(out, &wirechat.ToolCallStartEvent{Index: index, ID: id, Name: name})
	}
	if arguments != "" {
		out = append(out, &wirechat.ToolCallDeltaEvent{Index: index, Arguments: arguments})
	}
	return out, nil
}

func (d *StreamDecoder) closeParts(out []wirechat.StreamEvent) []wirechat.StreamEvent {
	for _, part := range d.open {
		switch part.kind {
		case "text":
			out = append(out, &wirechat.TextEndEvent{Index: part.index})
		case "refusal":
			out = append(out, &wirechat.TextEndEvent{Index: part.index, ProviderMetadata: refusalMetadata})
		default:
			out = append(out, &wirechat.ToolCallEndEvent{Index: part.index})
		}
	}
	d.open = nil
	return out
}

func (d *StreamDecoder) finish() []wirechat.StreamEvent {
	d.done = true
	out := d.closeParts(nil)
	if d.finishRaw == nil {
		return append(out, cut("the stream ended without a finish reason", d.usage))
	}
	metadata := d.metadata.Copy()
	if d.logprobs != nil {
		logprobs := providerjson.NewObject()
		for _, key := range []string{"content", "refusal"} {
			if items, ok := d.logprobs[key]; ok {
				logprobs.Set(key, items)
			} else {
				logprobs.Set(key, nil)
			}
		}
		metadata.Set("logprobs", logprobs)
	}
	event := &wirechat.FinishEvent{FinishReason: DecodeFinish(d.finishRaw, d.hasCalls)}
	if metadata.Len() > 0 {
		event.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return append(out, event)
}

// Close implements adapters.StreamDecoder: a stream cut before [DONE] is finished if its finish reason
// had arrived, else an error.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	return d.finish()
}
