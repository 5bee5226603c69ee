package openaichat

// OpenAI chat.completion.chunk streams -> canonical stream events, as Python's openai_chat/stream.py (the
// encoder is in stream_encode.go).
//
// The first chunk gives start; delta.content opens a text part, delta.refusal a refusal part, the first
// delta.audio an audio part (its fragments collected, streamedAudio), and each delta.tool_calls[].index
// its own tool-call part (fragments are keyed by that index only, so parallel calls never glue together).
// Parts close when finish_reason arrives: the text's text_end carries the delta.annotations collected as
// its citations, the audio arrives whole as a part event. The usage chunk gives usage; [DONE] gives
// finish, with created and the members OpenAI's replies keep. A chunk with a top-level error gives an
// error event.
//
// No silent loss: a member of a chunk, its choice, delta or tool-call fragment that the decoder neither
// reads nor keeps goes to Warnings as provider.unmapped, pointed at /<n>/... (the n-th event fed, from 0),
// once per member (a member every chunk repeats is reported where it first came); so does each choice
// other than choice 0 (n > 1: a canonical reply has one message), once per choice.
//
// A chunk the decoder cannot read (a tool call whose first fragment has no id or no name, a delta that is
// not an object) ends the stream with an invalid_response error, never an invented value (issue 16).

import (
	"regexp"
	"strconv"
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
	seen          int // the position of the event being read
	reported      map[string]bool
	started       bool
	nextIndex     int64
	text          int64 // -1 until opened
	refusal       int64
	audio         *streamedAudio
	annotations   []any
	annotationsAt string
	calls         map[int64]int64 // OpenAI tool_calls[].index -> part index
	hasCalls      bool
	open          []openPart
	finishRaw     *string
	usage         *wirechat.TokenUsage
	metadata      *providerjson.Object
	logprobs      map[string][]any
	done          bool
	conv          shared.Conversion
	dialect       *Dialect
}

// NewStreamDecoder is a fresh decoder.
func NewStreamDecoder() *StreamDecoder { return NewStreamDecoderWith(openAI) }

// NewStreamDecoderWith is a fresh decoder reading dialect's chunks (an OpenAI-compatible server's adapter
// passes its own).
func NewStreamDecoderWith(dialect *Dialect) *StreamDecoder {
	return &StreamDecoder{
		seen: -1, reported: map[string]bool{}, text: -1, refusal: -1, calls: map[int64]int64{},
		metadata: providerjson.NewObject(), conv: shared.Conversion{Manifest: Manifest}, dialect: dialect,
	}
}

// Position is the position of the event being read (from 0): the first step of a warning's pointer.
func (d *StreamDecoder) Position() int { return d.seen }

// ReserveIndex takes the next part index for a part a wrapping decoder emits itself (an OpenAI-compatible
// server's reasoning), so that the parts this decoder opens later come after it.
func (d *StreamDecoder) ReserveIndex() int64 {
	index := d.nextIndex
	d.nextIndex++
	return index
}

// Degrade records a warning of the wrapping decoder among this decoder's, in the order they happen.
func (d *StreamDecoder) Degrade(feature, where string) { d.conv.Degrade(feature, where) }

// FeedChunk is the events of one chunk already parsed (a wrapping decoder that read it first passes it on
// rather than having it parsed again).
func (d *StreamDecoder) FeedChunk(chunk *providerjson.Object) []wirechat.StreamEvent {
	d.seen++
	if d.done {
		return nil
	}
	out, err := d.chunk(chunk)
	if err != nil {
		return append(out, d.fail(err.Error())...)
	}
	return out
}

// Warnings are what the decoder set aside or changed so far (pointers /<n>/...: the n-th event, then into
// its data).
func (d *StreamDecoder) Warnings() []adapters.Warning { return d.conv.Warnings }

var eventStep = regexp.MustCompile(`^/\d+`)

// report warns that the member at pointer is not mapped, once per member (the event number aside).
func (d *StreamDecoder) report(pointer string) {
	key := eventStep.ReplaceAllString(pointer, "")
	if !d.reported[key] {
		d.reported[key] = true
		d.conv.Degrade("provider.unmapped", pointer)
	}
}

func (d *StreamDecoder) fail(message string) []wirechat.StreamEvent {
	d.done = true
	return []wirechat.StreamEvent{cut(message, d.usage)}
}

// Feed implements adapters.StreamDecoder.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	d.seen++
	if d.done {
		return nil
	}
	data := event.Data
	if !strings.HasPrefix(data, "{") && strings.TrimSpace(data) == "[DONE]" {
		return d.finish()
	}
	value, err := providerjson.Parse([]byte(data))
	if err != nil {
		return d.fail("a stream chunk is not JSON: " + err.Error())
	}
	chunk, ok := value.(*providerjson.Object)
	if !ok {
		return d.fail("a stream chunk is not a JSON object")
	}
	out, err := d.chunk(chunk)
	if err != nil {
		return append(out, d.fail(err.Error())...)
	}
	return out
}

func (d *StreamDecoder) at() string { return "/" + strconv.Itoa(d.seen) }

func (d *StreamDecoder) chunk(chunk *providerjson.Object) ([]wirechat.StreamEvent, error) {
	if chunk.Get("error") != nil {
		d.done = true
		failure := DecodeErrorObject(0, nil, chunk)
		failure.Usage = d.usage
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}, nil
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
	for _, pointer := range unmapped(chunk, d.dialect.chunk, d.at()) {
		d.report(pointer)
	}
	d.keep(chunk, d.dialect.KeptBody)
	for position, raw := range shared.Items(chunk.Get("choices")) {
		choice, ok := raw.(*providerjson.Object)
		if !ok {
			continue
		}
		where := d.at() + "/choices/" + strconv.Itoa(position)
		index := choice.Get("index")
		if n, isInt := shared.IntValue(index); !choice.Has("index") || (isInt && n == 0) {
			var err error
			if out, err = d.choice(choice, where, out); err != nil {
				return out, err
			}
		} else if key := "choice " + providerjson.MustCompact(index); !d.reported[key] {
			d.reported[key] = true
			d.conv.Degrade("provider.unmapped", where) // n > 1: a canonical reply has one message
		}
	}
	if raw, ok := chunk.Get("usage").(*providerjson.Object); ok {
		usage, extra, err := DecodeUsage(raw, d.at()+"/usage")
		if err != nil {
			return out, err
		}
		d.usage = &usage
		if extra != nil {
			d.metadata.Set("usage", extra)
		}
		out = append(out, &wirechat.UsageEvent{Usage: usage})
	}
	return out, nil
}

func (d *StreamDecoder) keep(holder *obj, keys []string) {
	for _, key := range keys {
		if value := holder.Get(key); value != nil {
			d.metadata.Set(key, value)
		}
	}
}

func (d *StreamDecoder) choice(choice *providerjson.Object, where string, out []wirechat.StreamEvent) ([]wirechat.StreamEvent, error) {
	for _, pointer := range unmapped(choice, d.dialect.chunkChoice, where) {
		d.report(pointer)
	}
	for _, key := range d.dialect.KeptChoice {
		if key != "logprobs" {
			d.keep(choice, []string{key})
		}
	}
	delta := newObj()
	if raw := choice.Get("delta"); shared.Truthy(raw) {
		object, ok := raw.(*providerjson.Object)
		if !ok {
			return out, shared.Invalid(where+"/delta", "a delta is a JSON object, not %s", shared.TypeName(raw))
		}
		delta = object
	}
	for _, pointer := range unmapped(delta, d.dialect.message, where+"/delta") {
		d.report(pointer)
	}
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
	if audio, ok := delta.Get("audio").(*providerjson.Object); ok {
		for _, pointer := range unmapped(audio, audioMembers, where+"/delta/audio") {
			d.report(pointer)
		}
		if d.audio == nil {
			d.audio = newStreamedAudio(d.nextIndex)
			d.nextIndex++
		}
		d.audio.add(audio)
	}
	if calls := delta.Get("tool_calls"); shared.Truthy(calls) {
		items, ok := calls.([]any)
		if !ok {
			return out, shared.Invalid(where+"/delta/tool_calls", "an array of tool call fragments, not %s", shared.TypeName(calls))
		}
		for position, raw := range items {
			at := where + "/delta/tool_calls/" + strconv.Itoa(position)
			call, ok := raw.(*providerjson.Object)
			if !ok {
				return out, shared.Invalid(at, "a tool call fragment is a JSON object, not %s", shared.TypeName(raw))
			}
			for _, pointer := range unmapped(call, toolCallMembers, at) {
				d.report(pointer)
			}
			var err error
			if out, err = d.call(call, at, out); err != nil {
				return out, err
			}
		}
	}
	if annotations := delta.Get("annotations"); shared.Truthy(annotations) {
		found, err := decodeAnnotations(annotations, where+"/delta/annotations", d.dialect.Issuer)
		if err != nil {
			return out, err
		}
		d.annotations = append(d.annotations, found...)
		if d.annotationsAt == "" {
			d.annotationsAt = where + "/delta/annotations"
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
		closed, err := d.closeParts()
		if err != nil {
			return out, err
		}
		out = append(out, closed...)
	}
	return out, nil
}

func (d *StreamDecoder) finish() []wirechat.StreamEvent {
	d.done = true
	out, err := d.closeParts()
	if err != nil {
		return append(out, cut(err.Error(), d.usage))
	}
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

// refusalMetadata marks a text part as the model's refusal.
var refusalMetadata = wirechat.ProviderMetadata{Provider: wirechat.JsonObject(`{"refusal":true}`)}
