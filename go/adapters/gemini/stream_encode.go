package gemini

// Canonical stream events -> Gemini stream chunks, as Python's gemini/stream_encode.py: one chunk per part,
// in index order, once the part has ended (a thought and its signature, a function call, a code execution
// part, an image are whole on the wire), a leading empty text where a text follows a text and an empty
// thought where a thought follows an unsigned thought (so that it is not read as a continuation), and a
// last chunk with the finish reason, the usage and the candidate's kept members. Opaque reasoning is held
// back and sent on the part after it, as in a non-streamed body.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// StreamEncoder turns one response's canonical events into Gemini chunks.
type StreamEncoder struct {
	conv        shared.Conversion
	ends        map[int64][]wirechat.StreamEvent
	sent        int64
	envelope    *obj
	usage       *wirechat.TokenUsage
	lastText    bool
	lastThought bool // the last part sent is an unsigned thought, which a thought would continue
	held        []wirechat.Part
}

// NewStreamEncoder is a fresh encoder.
func NewStreamEncoder() *StreamEncoder {
	return &StreamEncoder{conv: shared.Conversion{Manifest: Manifest}, ends: map[int64][]wirechat.StreamEvent{}, envelope: newObj()}
}

// Warnings are the degradations applied so far.
func (e *StreamEncoder) Warnings() []adapters.Warning { return e.conv.Warnings }

func chunkEvent(body *obj) adapters.SseEvent { return adapters.SseEvent{Data: compactJSON(body)} }

// Feed is the chunks for one canonical event.
func (e *StreamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	switch ev := event.(type) {
	case *wirechat.StartEvent:
		if ev.ID != nil {
			e.envelope.Set("responseId", *ev.ID)
		}
		if ev.Model != nil {
			e.envelope.Set("modelVersion", *ev.Model)
		}
		return nil, nil
	case *wirechat.TextStartEvent:
		e.ends[ev.Index] = []wirechat.StreamEvent{ev}
	case *wirechat.ReasoningStartEvent:
		e.ends[ev.Index] = []wirechat.StreamEvent{ev}
	case *wirechat.ToolCallStartEvent:
		e.ends[ev.Index] = []wirechat.StreamEvent{ev}
	case *wirechat.TextDeltaEvent:
		e.ends[ev.Index] = append(e.ends[ev.Index], ev)
	case *wirechat.ReasoningDeltaEvent:
		e.ends[ev.Index] = append(e.ends[ev.Index], ev)
	case *wirechat.ToolCallDeltaEvent:
		e.ends[ev.Index] = append(e.ends[ev.Index], ev)
	case *wirechat.TextEndEvent:
		e.ends[ev.Index] = append(e.ends[ev.Index], ev)
		return e.flush()
	case *wirechat.ReasoningEndEvent:
		e.ends[ev.Index] = append(e.ends[ev.Index], ev)
		return e.flush()
	case *wirechat.ToolCallEndEvent:
		e.ends[ev.Index] = append(e.ends[ev.Index], ev)
		return e.flush()
	case *wirechat.PartEvent:
		e.ends[ev.Index] = []wirechat.StreamEvent{ev}
		return e.flush()
	case *wirechat.UsageEvent:
		usage := ev.Usage
		e.usage = &usage
	case *wirechat.FinishEvent:
		return e.finish(ev)
	case *wirechat.ErrorEvent:
		return []adapters.SseEvent{chunkEvent(errorBody(ev.Error))}, nil
	}
	return nil, nil
}

func ended(events []wirechat.StreamEvent) bool {
	switch events[len(events)-1].(type) {
	case *wirechat.TextEndEvent, *wirechat.ReasoningEndEvent, *wirechat.ToolCallEndEvent, *wirechat.PartEvent:
		return true
	}
	return false
}

// atZero is a copy of a part's event at index 0.
func atZero(event wirechat.StreamEvent) wirechat.StreamEvent {
	switch ev := event.(type) {
	case *wirechat.TextStartEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.TextDeltaEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.TextEndEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.ReasoningStartEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.ReasoningDeltaEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.ReasoningEndEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.ToolCallStartEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.ToolCallDeltaEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.ToolCallEndEvent:
		c := *ev
		c.Index = 0
		return &c
	case *wirechat.PartEvent:
		c := *ev
		c.Index = 0
		return &c
	}
	return event
}

// flush is every part ended so far, in index order, each as one chunk.
func (e *StreamEncoder) flush() ([]adapters.SseEvent, error) {
	var out []adapters.SseEvent
	for {
		events, ok := e.ends[e.sent]
		if !ok || !ended(events) {
			return out, nil
		}
		delete(e.ends, e.sent)
		e.sent++
		folded := make([]wirechat.StreamEvent, 0, len(events)+1)
		for _, event := range events {
			folded = append(folded, atZero(event))
		}
		folded = append(folded, &wirechat.FinishEvent{FinishReason: wirechat.FinishReason{Kind: wirechat.FinishKindOther}})
		response, err := wirechat.Fold(folded)
		if err != nil {
			return out, err
		}
		part := response.Message.Parts[0]
		if reasoning, ok := part.(*wirechat.ReasoningPart); ok && reasoning.Reasoning.RedactedData != nil {
			e.held = append(e.held, part) // opaque state: it goes on the next part when there is one
			continue
		}
		chunks, err := e.sendParts(append(e.held, part))
		if err != nil {
			return out, err
		}
		out = append(out, chunks...)
	}
}

func (e *StreamEncoder) sendParts(canonical []wirechat.Part) ([]adapters.SseEvent, error) {
	e.held = nil
	parts, err := encodeModelParts(canonical, "/message/parts", &e.conv, true)
	if err != nil || len(parts) == 0 {
		return nil, err
	}
	first := parts[0].(*obj)
	if e.lastText && first.Has("text") && !first.Has("thought") && !first.Has("thoughtSignature") {
		parts = append([]any{newObj().Set("text", "")}, parts...)
	} else if e.lastThought && first.Get("thought") == true {
		parts = append([]any{newObj().Set("thought", true).Set("text", "")}, parts...) // continues the open thought with nothing
	}
	last := parts[len(parts)-1].(*obj)
	isCarrier := last.Get("text") == "" && last.Has("thoughtSignature") // reads back as reasoning alone
	e.lastText = last.Has("text") && !last.Has("thought") && !isCarrier
	e.lastThought = last.Get("thought") == true && !last.Has("thoughtSignature")
	candidate := newObj().Set("content", newObj().Set("role", "model").Set("parts", parts)).Set("index", int64(0))
	return []adapters.SseEvent{e.send(newObj().Set("candidates", []any{candidate}))}, nil
}

func (e *StreamEncoder) send(body *obj) adapters.SseEvent {
	for _, key := range e.envelope.Keys() {
		body.Set(key, e.envelope.Get(key))
	}
	return chunkEvent(body)
}

func (e *StreamEncoder) finish(event *wirechat.FinishEvent) ([]adapters.SseEvent, error) {
	mine := newObj()
	if event.ProviderMetadata != nil {
		if raw, ok := event.ProviderMetadata[Provider]; ok {
			if tree, ok := shared.Raw(raw).(*obj); ok {
				mine = tree
			}
		}
	}
	var out []adapters.SseEvent
	if len(e.held) > 0 {
		chunks, err := e.sendParts(e.held)
		if err != nil {
			return nil, err
		}
		out = chunks
	}
	candidate := newObj().Set("finishReason", encodeFinish(event.FinishReason, &e.conv)).Set("index", int64(0))
	body := candidateBody(candidate, mine)
	extra, _ := mine.Get("usage").(*obj)
	mine.Delete("usage")
	if e.usage != nil {
		body.Set("usageMetadata", encodeUsage(*e.usage, &e.conv, extra))
	}
	for _, key := range mine.Keys() {
		body.Set(key, mine.Get(key))
	}
	return append(out, e.send(body)), nil
}

// Close returns nothing: the stream ends with the body.
func (e *StreamEncoder) Close() []adapters.SseEvent { return nil }
