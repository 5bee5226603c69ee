package openaichat

// Canonical stream events -> OpenAI chat.completion.chunk events (StreamEncoder), as Python's
// openai_chat/stream.py StreamEncoder: reasoning is not sent (Chat Completions streams none); the usage
// chunk and [DONE] follow the finish chunk.

import (
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
}

// NewStreamEncoder is a fresh encoder.
func NewStreamEncoder() *StreamEncoder {
	return &StreamEncoder{calls: map[int64]int64{}, conv: shared.Conversion{Manifest: Manifest}}
}

// Warnings are the degradations applied so far.
func (e *StreamEncoder) Warnings() []adapters.Warning { return e.conv.Warnings }

func (e *StreamEncoder) chunk(delta *providerjson.Object, finish any, extra *providerjson.Object) adapters.SseEvent {
	choices := []any{}
	if delta != nil {
		choices = append(choices, newObj().Set("index", int64(0)).Set("delta", delta).Set("finish_reason", finish))
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
	case *wirechat.PartEvent:
		return nil, e.conv.Refuse("response.part_unsupported", "")
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
	for _, key := range metadataKeys {
		if own.Has(key) {
			extra.Set(key, own.Get(key))
		}
	}
	if own.Has("created") {
		extra.Set("created", own.Get("created"))
	}
	raw := shared.EncodeFinish(event.FinishReason, Manifest, &e.conv, "/finish_reason")
	out := []adapters.SseEvent{e.chunk(newObj(), raw, extra)}
	if e.usage != nil {
		usageExtra := extra.Copy().Set("usage", EncodeUsage(*e.usage, &e.conv, own.Obj("usage")))
		out = append(out, e.chunk(nil, nil, usageExtra))
	}
	return append(out, adapters.SseEvent{Data: "[DONE]"})
}

// Close is the closing events still owed: none (the finish event sends them).
func (e *StreamEncoder) Close() []adapters.SseEvent { return nil }
