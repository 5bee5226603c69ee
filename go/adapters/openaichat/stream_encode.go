package openaichat

// Canonical stream events -> OpenAI chat.completion.chunk events (StreamEncoder), as Python's
// openai_chat/stream_encode.py: text and tool-call fragments become deltas as they come; reasoning is not
// sent (Chat Completions streams none). A text part's own citations (text_end) go out as a
// delta.annotations chunk, an audio part read from OpenAI (a part event) as one delta.audio chunk; any
// other whole part has no place in a Chat Completions stream (refused). The finish chunk carries what the
// finish event kept (created, the body and choice members OpenAI's replies keep), then the usage chunk
// and [DONE].

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// StreamEncoder turns one response's canonical events into provider events.
type StreamEncoder struct {
	id, model string
	calls     map[int64]int64
	usage     *wirechat.TokenUsage
	conv      shared.Conversion
	dialect   *Dialect
}

// NewStreamEncoder is a fresh encoder.
func NewStreamEncoder() *StreamEncoder { return NewStreamEncoderWith(openAI) }

// NewStreamEncoderWith is a fresh encoder writing dialect's chunks.
func NewStreamEncoderWith(dialect *Dialect) *StreamEncoder {
	return &StreamEncoder{calls: map[int64]int64{}, conv: shared.Conversion{Manifest: Manifest}, dialect: dialect}
}

// Delta is a chunk of choice 0 holding delta (a wrapping encoder writes its server's own members so).
func (e *StreamEncoder) Delta(delta *providerjson.Object) adapters.SseEvent {
	return e.chunk(delta, nil, nil)
}

// Warnings are the degradations applied so far.
func (e *StreamEncoder) Warnings() []adapters.Warning { return e.conv.Warnings }

func (e *StreamEncoder) chunk(delta *providerjson.Object, finish any, extra *providerjson.Object) adapters.SseEvent {
	return e.choiceChunk(delta, finish, nil, extra)
}

// choiceChunk is a chunk of choice 0 holding delta (with choiceExtra's members after its own), or of no
// choice when delta is nil; extra's members follow the body's own (created replaces the default 0).
func (e *StreamEncoder) choiceChunk(delta *providerjson.Object, finish any, choiceExtra, extra *providerjson.Object) adapters.SseEvent {
	choices := []any{}
	if delta != nil {
		choice := newObj().Set("index", int64(0)).Set("delta", delta).Set("finish_reason", finish)
		for _, key := range choiceExtra.Keys() {
			choice.Set(key, choiceExtra.Get(key))
		}
		choices = append(choices, choice)
	}
	created := any(int64(0))
	if extra.Has("created") {
		created = extra.Get("created")
	}
	body := newObj().Set("id", e.id).Set("object", "chat.completion.chunk").Set("created", created).
		Set("model", e.model).Set("choices", choices)
	for _, key := range extra.Keys() {
		if key != "created" {
			body.Set(key, extra.Get(key))
		}
	}
	return adapters.SseEvent{Data: providerjson.MustCompact(body)}
}

// Feed is the provider events for one canonical event; a part Chat Completions cannot stream is refused.
func (e *StreamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	switch ev := event.(type) {
	case *wirechat.StartEvent:
		e.id, e.model = shared.Deref(ev.ID), shared.Deref(ev.Model)
		return []adapters.SseEvent{e.chunk(newObj().Set("role", "assistant"), nil, nil)}, nil
	case *wirechat.TextDeltaEvent:
		return []adapters.SseEvent{e.chunk(newObj().Set("content", ev.Text), nil, nil)}, nil
	case *wirechat.ToolCallStartEvent:
		key := int64(len(e.calls))
		e.calls[ev.Index] = key
		function := newObj().Set("name", ev.Name).Set("arguments", "")
		opening := newObj().Set("index", key).Set("id", ev.ID).Set("type", "function").Set("function", function)
		return []adapters.SseEvent{e.chunk(newObj().Set("tool_calls", []any{opening}), nil, nil)}, nil
	case *wirechat.ToolCallDeltaEvent:
		fragment := newObj().Set("index", e.calls[ev.Index]).Set("function", newObj().Set("arguments", ev.Arguments))
		return []adapters.SseEvent{e.chunk(newObj().Set("tool_calls", []any{fragment}), nil, nil)}, nil
	case *wirechat.TextEndEvent:
		found := encodeAnnotations(ev.Citations, "/parts/"+strconv.FormatInt(ev.Index, 10), &e.conv, e.dialect.Issuer)
		if len(found) == 0 {
			return nil, nil
		}
		return []adapters.SseEvent{e.chunk(newObj().Set("annotations", found), nil, nil)}, nil
	case *wirechat.PartEvent:
		where := "/parts/" + strconv.FormatInt(ev.Index, 10)
		part, isAudio := ev.Part.(*wirechat.AudioPart)
		if !isAudio {
			return nil, e.conv.Refuse("response.part_unsupported", where)
		}
		sound, err := encodeAudio(part, where, &e.conv)
		if err != nil {
			return nil, err
		}
		return []adapters.SseEvent{e.chunk(newObj().Set("audio", sound), nil, nil)}, nil
	case *wirechat.UsageEvent:
		usage := ev.Usage
		e.usage = &usage
		return nil, nil
	case *wirechat.FinishEvent:
		return e.finish(ev), nil
	case *wirechat.ErrorEvent:
		return []adapters.SseEvent{{Data: providerjson.MustCompact(errorBody(ev.Error))}}, nil
	}
	return nil, nil // part starts and ends, reasoning: nothing on this wire
}

func (e *StreamEncoder) finish(event *wirechat.FinishEvent) []adapters.SseEvent {
	own, _ := shared.MetadataFor(event.ProviderMetadata, Provider)
	extra := newObj()
	for _, key := range e.dialect.KeptBody {
		if own.Has(key) {
			extra.Set(key, own.Get(key))
		}
	}
	if own.Has("created") {
		extra.Set("created", own.Get("created"))
	}
	choiceExtra := newObj()
	for _, key := range e.dialect.KeptChoice {
		if own.Has(key) && key != "logprobs" {
			choiceExtra.Set(key, own.Get(key))
		}
	}
	raw := shared.EncodeFinish(event.FinishReason, Manifest, &e.conv, "/finish_reason")
	out := []adapters.SseEvent{e.choiceChunk(newObj(), raw, choiceExtra, extra)}
	if e.usage != nil {
		usageExtra := newObj().Set("usage", EncodeUsage(*e.usage, &e.conv, own.Obj("usage")))
		for _, key := range extra.Keys() {
			usageExtra.Set(key, extra.Get(key))
		}
		out = append(out, e.chunk(nil, nil, usageExtra))
	}
	return append(out, adapters.SseEvent{Data: "[DONE]"})
}

// Close is the closing events still owed: none (the finish event sends them).
func (e *StreamEncoder) Close() []adapters.SseEvent { return nil }
