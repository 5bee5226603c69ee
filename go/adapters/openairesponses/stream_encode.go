package openairesponses

// Canonical stream events -> OpenAI Responses stream events, as Python's openai_responses/stream_encode.py.
//
// Each canonical part becomes one output item, numbered in order (output_index): a text part an assistant
// message item with one output_text content part, a tool call a function_call item, a reasoning part a
// reasoning item, a provider-run call its issuer's item (block, when OpenAI issued it: the replay rule; a
// result without a block is in its call's item, so it writes nothing). A text part's citations that OpenAI
// issued are its annotations; a call read from a custom tool call finishes as one. Reasoning is held until
// its end event (its id, the signature, and a split summary arrive last) and sent only when OpenAI issued
// it; the finish event becomes response.completed, response.incomplete or response.failed with the usage;
// an error event becomes an error event. Every event carries its sequence_number.

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

type heldCall struct{ id, name string }

// StreamEncoder turns one response's canonical events into Responses events.
type StreamEncoder struct {
	sequence  int64
	started   bool
	id, model string
	positions map[int64]int64 // part index -> output_index
	texts     map[int64]*strings.Builder
	calls     map[int64]heldCall
	reasoning map[int64]*wirechat.Reasoning
	hasCalls  bool
	usage     *wirechat.TokenUsage
	conv      shared.Conversion
}

// NewStreamEncoder is a fresh encoder.
func NewStreamEncoder() *StreamEncoder {
	return &StreamEncoder{
		positions: map[int64]int64{}, texts: map[int64]*strings.Builder{}, calls: map[int64]heldCall{},
		reasoning: map[int64]*wirechat.Reasoning{}, conv: shared.Conversion{Manifest: Manifest},
	}
}

// Warnings implements adapters.StreamEncoder.
func (e *StreamEncoder) Warnings() []adapters.Warning { return e.conv.Warnings }

// Close implements adapters.StreamEncoder: nothing is owed after the terminal event.
func (e *StreamEncoder) Close() []adapters.SseEvent { return nil }

func (e *StreamEncoder) event(kind string, body *obj) adapters.SseEvent {
	data := newObj().Set("type", kind)
	for _, key := range body.Keys() {
		data.Set(key, body.Get(key))
	}
	data.Set("sequence_number", e.sequence)
	e.sequence++
	return adapters.SseEvent{Event: kind, Data: providerjson.MustCompact(data)}
}

func (e *StreamEncoder) response() *obj {
	out := newObj().Set("id", e.id).Set("object", "response").Set("model", e.model).Set("output", []any{})
	for _, w := range writtenWhenAbsent {
		out.Set(w.key, w.value())
	}
	return out
}

func (e *StreamEncoder) itemEvent(kind string, index int64, item *obj) adapters.SseEvent {
	if _, ok := e.positions[index]; !ok {
		e.positions[index] = int64(len(e.positions))
	}
	return e.event(kind, newObj().Set("output_index", e.positions[index]).Set("item", item))
}

func (e *StreamEncoder) start() []adapters.SseEvent {
	e.started = true
	return []adapters.SseEvent{e.event("response.created", newObj().Set("response", e.response().Set("status", "in_progress")))}
}

// at is the members locating a text part's content: item_id, output_index, content_index.
func (e *StreamEncoder) at(index int64) *obj {
	return newObj().Set("item_id", "").Set("output_index", e.positions[index]).Set("content_index", int64(0))
}

func (e *StreamEncoder) text(index int64) *strings.Builder {
	if e.texts[index] == nil {
		e.texts[index] = &strings.Builder{}
	}
	return e.texts[index]
}

// Feed implements adapters.StreamEncoder.
func (e *StreamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	var prefix []adapters.SseEvent
	if _, isStart := event.(*wirechat.StartEvent); !e.started && !isStart {
		prefix = e.start()
	}
	out, err := e.feed(event)
	return append(prefix, out...), err
}

func (e *StreamEncoder) feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	switch ev := event.(type) {
	case *wirechat.StartEvent:
		e.id, e.model = shared.Deref(ev.ID), shared.Deref(ev.Model)
		return e.start(), nil
	case *wirechat.TextStartEvent:
		e.texts[ev.Index] = &strings.Builder{}
		item := newObj().Set("type", "message").Set("id", "").Set("role", "assistant").Set("status", "in_progress").Set("content", []any{})
		added := e.itemEvent("response.output_item.added", ev.Index, item)
		part := newObj().Set("type", "output_text").Set("text", "").Set("annotations", []any{})
		return []adapters.SseEvent{added, e.event("response.content_part.added", e.at(ev.Index).Set("part", part))}, nil
	case *wirechat.TextDeltaEvent:
		e.text(ev.Index).WriteString(ev.Text)
		return []adapters.SseEvent{e.event("response.output_text.delta", e.at(ev.Index).Set("delta", ev.Text))}, nil
	case *wirechat.TextEndEvent:
		return e.textDone(ev)
	case *wirechat.ToolCallStartEvent:
		e.hasCalls = true
		e.texts[ev.Index] = &strings.Builder{}
		e.calls[ev.Index] = heldCall{ev.ID, ev.Name}
		item := newObj().Set("type", "function_call").Set("id", "").Set("call_id", ev.ID).Set("name", ev.Name).Set("arguments", "").Set("status", "in_progress")
		return []adapters.SseEvent{e.itemEvent("response.output_item.added", ev.Index, item)}, nil
	case *wirechat.ToolCallDeltaEvent:
		e.text(ev.Index).WriteString(ev.Arguments)
		body := newObj().Set("item_id", "").Set("output_index", e.positions[ev.Index]).Set("delta", ev.Arguments)
		return []adapters.SseEvent{e.event("response.function_call_arguments.delta", body)}, nil
	case *wirechat.ToolCallEndEvent:
		return e.callDone(ev), nil
	case *wirechat.ReasoningStartEvent:
		e.reasoning[ev.Index] = &wirechat.Reasoning{Issuer: ev.Issuer, RedactedData: ev.RedactedData}
		return nil, nil
	case *wirechat.ReasoningDeltaEvent:
		held := e.reasoning[ev.Index]
		if held == nil {
			held = &wirechat.Reasoning{}
			e.reasoning[ev.Index] = held
		}
		if ev.Text != nil {
			held.Text = shared.Ptr(shared.Deref(held.Text) + *ev.Text)
		}
		if ev.Signature != nil {
			held.Signature = shared.Ptr(shared.Deref(held.Signature) + *ev.Signature)
		}
		return nil, nil
	case *wirechat.ReasoningEndEvent:
		return e.reasoningDone(ev)
	case *wirechat.PartEvent:
		switch ev.Part.(type) {
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
		default:
			feature := "response.part_unsupported"
			return nil, &adapters.RefusedError{Feature: feature, Reason: Manifest.Features[feature].Message, Where: "/" + itoa(ev.Index) + "/part"}
		}
		written, err := shared.ProviderPartOut(ev.Part, "/message/parts/"+itoa(ev.Index), &e.conv, Provider)
		if err != nil || written == nil {
			return nil, err
		}
		return []adapters.SseEvent{
			e.itemEvent("response.output_item.added", ev.Index, written),
			e.itemEvent("response.output_item.done", ev.Index, written),
		}, nil
	case *wirechat.UsageEvent:
		usage := ev.Usage
		e.usage = &usage
		return nil, nil
	case *wirechat.FinishEvent:
		return e.finish(ev), nil
	case *wirechat.ErrorEvent:
		return []adapters.SseEvent{e.event("error", streamError(ev.Error))}, nil
	}
	return nil, nil
}

func (e *StreamEncoder) textDone(ev *wirechat.TextEndEvent) ([]adapters.SseEvent, error) {
	text := e.text(ev.Index).String()
	delete(e.texts, ev.Index)
	mine, _ := shared.MetadataFor(ev.ProviderMetadata, Provider)
	entry := textEntry(text, mine)
	var out []adapters.SseEvent
	where := "/message/parts/" + itoa(ev.Index)
	annotations, err := shared.CitationsOut(&wirechat.TextPart{Text: text, Citations: ev.Citations}, where, &e.conv, Provider)
	if err != nil {
		return nil, err
	}
	for k, annotation := range annotations {
		if list, ok := entry.Get("annotations").([]any); ok {
			entry.Set("annotations", append(list, annotation))
		}
		body := e.at(ev.Index).Set("annotation_index", int64(k)).Set("annotation", annotation)
		out = append(out, e.event("response.output_text.annotation.added", body))
	}
	itemID, _ := mine.Get("item_id").(string)
	status, ok := mine.Get("status").(string)
	if !ok {
		status = "completed"
	}
	item := newObj().Set("type", "message").Set("id", itemID).Set("role", "assistant").Set("status", status).Set("content", []any{entry})
	if phase, ok := mine.Get("phase").(string); ok {
		item.Set("phase", phase)
	}
	return append(out,
		e.event("response.output_text.done", e.at(ev.Index).Set("text", text)),
		e.event("response.content_part.done", e.at(ev.Index).Set("part", entry)),
		e.itemEvent("response.output_item.done", ev.Index, item),
	), nil
}

func (e *StreamEncoder) callDone(ev *wirechat.ToolCallEndEvent) []adapters.SseEvent {
	arguments := e.text(ev.Index).String()
	delete(e.texts, ev.Index)
	call := e.calls[ev.Index]
	delete(e.calls, ev.Index)
	mine, _ := shared.MetadataFor(ev.ProviderMetadata, Provider)
	encoded := encodeFunctionCall(wirechat.ToolCall{ID: call.id, Name: call.name, Arguments: arguments}, mine)
	item := newObj().Set("id", "").Set("status", "completed")
	for _, key := range encoded.Keys() {
		item.Set(key, encoded.Get(key))
	}
	done := newObj().Set("item_id", item.Get("id")).Set("output_index", e.positions[ev.Index]).Set("arguments", arguments)
	return []adapters.SseEvent{
		e.event("response.function_call_arguments.done", done),
		e.itemEvent("response.output_item.done", ev.Index, item),
	}
}

func (e *StreamEncoder) reasoningDone(ev *wirechat.ReasoningEndEvent) ([]adapters.SseEvent, error) {
	held := e.reasoning[ev.Index]
	delete(e.reasoning, ev.Index)
	if held == nil {
		held = &wirechat.Reasoning{}
	}
	var metadata wirechat.ProviderMetadata
	if len(ev.ProviderMetadata) > 0 {
		metadata = ev.ProviderMetadata
	}
	part := &wirechat.ReasoningPart{Reasoning: *held, ProviderMetadata: metadata}
	item, err := encodeReasoning(part, "/message/parts/"+itoa(ev.Index), &e.conv)
	if err != nil || item == nil {
		return nil, err
	}
	added := item
	if item.Get("type") == "reasoning" { // a compaction item has no summary
		added = item.Copy().Set("summary", []any{})
	}
	out := []adapters.SseEvent{e.itemEvent("response.output_item.added", ev.Index, added)}
	id, _ := item.Get("id").(string)
	for k, value := range shared.Items(item.Get("summary")) {
		summary := value.(*obj)
		at := func() *obj {
			return newObj().Set("item_id", id).Set("output_index", e.positions[ev.Index]).Set("summary_index", int64(k))
		}
		out = append(out, e.event("response.reasoning_summary_part.added", at().Set("part", newObj().Set("type", "summary_text").Set("text", ""))))
		if text, _ := summary.Get("text").(string); text != "" {
			out = append(out, e.event("response.reasoning_summary_text.delta", at().Set("delta", text)))
		}
	}
	return append(out, e.itemEvent("response.output_item.done", ev.Index, item)), nil
}

func (e *StreamEncoder) finish(ev *wirechat.FinishEvent) []adapters.SseEvent {
	mine, _ := shared.MetadataFor(ev.ProviderMetadata, Provider)
	raw := encodeFinish(ev.FinishReason, &e.conv, e.hasCalls)
	fields := newObj()
	statusFields(raw, fields)
	response := e.response()
	for _, key := range fields.Keys() {
		response.Set(key, fields.Get(key))
	}
	response.Set("error", nil)
	if e.usage != nil {
		response.Set("usage", encodeUsage(*e.usage, &e.conv, mine.Get("usage")))
	}
	for _, key := range metadataKeys {
		if mine.Has(key) {
			response.Set(key, mine.Get(key))
		}
	}
	kind := "response.completed"
	switch fields.Get("status") {
	case "incomplete":
		kind = "response.incomplete"
	case "failed":
		kind = "response.failed"
	}
	return []adapters.SseEvent{e.event(kind, newObj().Set("response", response))}
}
