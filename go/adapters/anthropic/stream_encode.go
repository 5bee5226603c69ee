package anthropic

// Canonical stream events -> Anthropic Messages events (StreamEncoder), as Python's
// anthropic/stream_encode.py: start opens the message (a message_start is made up if the stream has none);
// text, thinking and tool calls become content_block_start / _delta / _stop at the next block index
// (renumbered so that the provider stream has no gaps); a text part's own citations (issuer anthropic,
// with their blocks) go out as citations_delta before its content_block_stop; a part event holding a call
// or a result Anthropic ran is its block, whole, in content_block_start, then content_block_stop.
// Reasoning, provider-run parts and citations another API issued are not sent (the replay rule, spec
// sections 10 and 15); any other part event is refused. finish gives message_delta (stop reason, the last
// usage) and message_stop; error gives an error event.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// StreamEncoder turns one response's canonical events into provider events.
type StreamEncoder struct {
	started bool
	blocks  map[int64]int64
	skipped map[int64]bool
	usage   *wirechat.TokenUsage
	conv    shared.Conversion
}

// NewStreamEncoder is a fresh encoder.
func NewStreamEncoder() *StreamEncoder {
	return &StreamEncoder{blocks: map[int64]int64{}, skipped: map[int64]bool{}, conv: shared.Conversion{Manifest: Manifest}}
}

// Warnings are the degradations applied so far.
func (e *StreamEncoder) Warnings() []adapters.Warning { return e.conv.Warnings }

func sse(name string, body *obj) adapters.SseEvent {
	full := newObj().Set("type", name)
	for _, key := range body.Keys() {
		full.Set(key, body.Get(key))
	}
	return adapters.SseEvent{Event: name, Data: providerjson.MustCompact(full)}
}

func (e *StreamEncoder) start(id, model string) []adapters.SseEvent {
	e.started = true
	message := newObj().Set("id", id).Set("type", "message").Set("role", "assistant").Set("content", []any{}).
		Set("model", model).Set("stop_reason", nil).Set("stop_sequence", nil).
		Set("usage", newObj().Set("input_tokens", int64(0)).Set("output_tokens", int64(0)))
	return []adapters.SseEvent{sse("message_start", newObj().Set("message", message))}
}

func (e *StreamEncoder) open(index int64, block *obj) []adapters.SseEvent {
	e.blocks[index] = int64(len(e.blocks))
	return []adapters.SseEvent{sse("content_block_start", newObj().Set("index", e.blocks[index]).Set("content_block", block))}
}

func (e *StreamEncoder) delta(index int64, delta *obj) []adapters.SseEvent {
	if e.skipped[index] {
		return nil
	}
	return []adapters.SseEvent{sse("content_block_delta", newObj().Set("index", e.blocks[index]).Set("delta", delta))}
}

func (e *StreamEncoder) stop(index int64) []adapters.SseEvent {
	if e.skipped[index] {
		return nil
	}
	return []adapters.SseEvent{sse("content_block_stop", newObj().Set("index", e.blocks[index]))}
}

// Feed is the provider events for one canonical event; a part a Messages stream cannot carry is refused.
func (e *StreamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	var prefix []adapters.SseEvent
	if _, isStart := event.(*wirechat.StartEvent); !e.started && !isStart {
		prefix = e.start("", "")
	}
	out, err := e.feed(event)
	return append(prefix, out...), err
}

func (e *StreamEncoder) feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	switch ev := event.(type) {
	case *wirechat.StartEvent:
		return e.start(shared.Deref(ev.ID), shared.Deref(ev.Model)), nil
	case *wirechat.TextStartEvent:
		return e.open(ev.Index, newObj().Set("type", "text").Set("text", "")), nil
	case *wirechat.TextDeltaEvent:
		return e.delta(ev.Index, newObj().Set("type", "text_delta").Set("text", ev.Text)), nil
	case *wirechat.ReasoningStartEvent:
		if ev.Issuer == nil || *ev.Issuer != Provider {
			e.skipped[ev.Index] = true
			return nil, nil
		}
		if ev.RedactedData != nil {
			return e.open(ev.Index, newObj().Set("type", "redacted_thinking").Set("data", *ev.RedactedData)), nil
		}
		return e.open(ev.Index, newObj().Set("type", "thinking").Set("thinking", "").Set("signature", "")), nil
	case *wirechat.ReasoningDeltaEvent:
		var out []adapters.SseEvent
		if ev.Text != nil && *ev.Text != "" {
			out = append(out, e.delta(ev.Index, newObj().Set("type", "thinking_delta").Set("thinking", *ev.Text))...)
		}
		if ev.Signature != nil && *ev.Signature != "" {
			out = append(out, e.delta(ev.Index, newObj().Set("type", "signature_delta").Set("signature", *ev.Signature))...)
		}
		return out, nil
	case *wirechat.ToolCallStartEvent:
		return e.open(ev.Index, newObj().Set("type", "tool_use").Set("id", ev.ID).Set("name", ev.Name).Set("input", newObj())), nil
	case *wirechat.ToolCallDeltaEvent:
		return e.delta(ev.Index, newObj().Set("type", "input_json_delta").Set("partial_json", ev.Arguments)), nil
	case *wirechat.TextEndEvent:
		return append(e.citations(ev), e.stop(ev.Index)...), nil
	case *wirechat.ReasoningEndEvent:
		return e.stop(ev.Index), nil
	case *wirechat.ToolCallEndEvent:
		return e.stop(ev.Index), nil
	case *wirechat.PartEvent:
		return e.part(ev)
	case *wirechat.UsageEvent:
		usage := ev.Usage
		e.usage = &usage
		return nil, nil
	case *wirechat.FinishEvent:
		return e.finish(ev), nil
	case *wirechat.ErrorEvent:
		return []adapters.SseEvent{{Event: "error", Data: providerjson.MustCompact(errorBody(ev.Error))}}, nil
	}
	return nil, nil
}

// citations are citations_delta events for the text's own citations (issuer anthropic, with their blocks).
func (e *StreamEncoder) citations(event *wirechat.TextEndEvent) []adapters.SseEvent {
	var out []adapters.SseEvent
	for _, citation := range event.Citations {
		if citation.Issuer != nil && *citation.Issuer == Provider && citation.Block != nil {
			out = append(out, e.delta(event.Index, newObj().Set("type", "citations_delta").Set("citation", shared.Raw(citation.Block)))...)
		}
	}
	return out
}

// part is a call or a result Anthropic ran, its block whole in content_block_start, then
// content_block_stop; another API's, or one without a block, is not sent (spec section 15); any other part
// is refused.
func (e *StreamEncoder) part(event *wirechat.PartEvent) ([]adapters.SseEvent, error) {
	var issuer string
	var block wirechat.JsonObject
	switch p := event.Part.(type) {
	case *wirechat.ProviderToolCallPart:
		issuer, block = p.ProviderToolCall.Issuer, p.ProviderToolCall.Block
	case *wirechat.ProviderToolResultPart:
		issuer, block = p.ProviderToolResult.Issuer, p.ProviderToolResult.Block
	default:
		return nil, e.conv.Refuse("response.part_unsupported", "")
	}
	if issuer != Provider || block == nil {
		e.skipped[event.Index] = true
		return nil, nil
	}
	return append(e.open(event.Index, shared.Raw(block).(*obj)), e.stop(event.Index)...), nil
}

func (e *StreamEncoder) finish(event *wirechat.FinishEvent) []adapters.SseEvent {
	own, _ := shared.MetadataFor(event.ProviderMetadata, Provider)
	delta := newObj().Set("stop_reason", shared.EncodeFinish(event.FinishReason, Manifest, &e.conv, "/finish_reason"))
	for _, key := range []string{"stop_sequence", "stop_details"} {
		if own.Has(key) {
			delta.Set(key, own.Get(key))
		}
	}
	body := newObj().Set("delta", delta)
	if e.usage != nil {
		body.Set("usage", EncodeUsage(*e.usage, &e.conv, own.Obj("usage")))
	}
	return []adapters.SseEvent{sse("message_delta", body), sse("message_stop", newObj())}
}

// Close is the closing events still owed: none (the finish event sends them).
func (e *StreamEncoder) Close() []adapters.SseEvent { return nil }
