package gemini

// The parts of a Gemini stream, the half of StreamDecoder (stream.go) that reads a chunk's candidate parts:
// a plain text or an unsigned thought continued by the next chunk's first part, a signature after a text
// held apart so the text may still be cited, a function call whose arguments stream (partial_args.go)
// opened, continued and closed, and every other part opened and ended at once (decodePart).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func (d *StreamDecoder) part(raw any, j int) ([]wirechat.StreamEvent, error) {
	part, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid("/candidates/0/content/parts/"+strconv.Itoa(j), "expected a part object")
	}
	if call, ok := part.Get("functionCall").(*obj); ok && (d.streamed != nil || call.Get("willContinue") == true || call.Has("partialArgs")) {
		return d.streamedCall(part, call, j)
	}
	out := d.endStreamed()
	signed := part.Has("thoughtSignature")
	thought := part.Get("thought") == true
	text, isText := part.Get("text").(string)
	if j == 0 && d.open != nil && isText {
		index, kind := d.open.index, d.open.kind
		if kind == "text" && !thought && !signed {
			d.text = append(d.text, text)
			if text != "" {
				out = append(out, textDelta(index, text))
			}
			return out, nil
		}
		if kind == "thought" && thought {
			delta := &wirechat.ReasoningDeltaEvent{Index: index}
			if text != "" {
				delta.Text = &text
			}
			if signed {
				signature, _ := part.Get("thoughtSignature").(string)
				delta.Signature = &signature
				d.open = &openPart{index, "signed"}
			}
			if delta.Text != nil || delta.Signature != nil {
				out = append(out, delta)
			}
			return out, nil
		}
	}
	if d.open != nil && (d.open.kind == "text" || d.open.kind == "held") && !thought && isText && text == "" && signed && part.Len() == 2 {
		d.open = &openPart{d.open.index, "held"} // a signature after the text: the text may still be cited
		events, err := d.openSignature(part.Get("thoughtSignature"))
		return append(out, events...), err
	}
	out = append(out, d.closeOpen(nil)...)
	decoded, err := decodePart(part, "/candidates/0/content/parts/"+strconv.Itoa(j), d.calls, "", d.codes)
	if err != nil {
		return nil, err
	}
	if part.Has("functionCall") {
		d.calls++
	}
	for _, p := range decoded {
		out = append(out, d.openPart(p.(*obj), thought && !signed)...)
	}
	return out, nil
}

// streamedCall is a part of a function call whose arguments stream: it opens, goes on or closes one.
func (d *StreamDecoder) streamedCall(part, call *obj, j int) ([]wirechat.StreamEvent, error) {
	var out []wirechat.StreamEvent
	where := d.at() + "/candidates/0/content/parts/" + strconv.Itoa(j)
	if d.streamed == nil || shared.Truthy(call.Get("name")) {
		out = append(out, d.endStreamed()...)
		out = append(out, d.closeOpen(nil)...)
		name, ok := call.Get("name").(string)
		if !ok || name == "" {
			return nil, shared.Invalid("/candidates/0/content/parts/"+strconv.Itoa(j)+"/functionCall/name", "a functionCall needs a name")
		}
		id, ok := call.Get("id").(string)
		if !ok || id == "" {
			id = syntheticID(d.calls)
		}
		d.calls++
		if part.Has("thoughtSignature") {
			events, err := d.signature(part.Get("thoughtSignature"))
			if err != nil {
				return nil, err
			}
			out = append(out, events...)
		}
		d.streamed = newStreamedCall(id, name)
		if args, ok := call.Get("args").(*obj); ok {
			d.streamed.args = args.Copy()
		}
		d.streamedAt = d.next
		d.next++
		out = append(out, &wirechat.ToolCallStartEvent{Index: d.streamedAt, ID: id, Name: name})
	} else if part.Has("thoughtSignature") { // on a later piece: state with no text, kept after the call's start
		events, err := d.signature(part.Get("thoughtSignature"))
		if err != nil {
			return nil, err
		}
		out = append(out, events...)
	}
	if call.Has("partialArgs") {
		unmapped, err := d.streamed.add(call.Get("partialArgs"), where+"/functionCall/partialArgs")
		if err != nil {
			return nil, err
		}
		for _, pointer := range unmapped {
			d.warn("provider.unmapped", pointer)
		}
	}
	if call.Get("willContinue") != true {
		out = append(out, d.endStreamed()...)
	}
	return out, nil
}

func (d *StreamDecoder) signature(signature any) ([]wirechat.StreamEvent, error) {
	out := d.closeOpen(nil)
	events, err := d.openSignature(signature)
	return append(out, events...), err
}

// openSignature is a thought signature on a part of its own: opaque reasoning, started and ended at once.
func (d *StreamDecoder) openSignature(raw any) ([]wirechat.StreamEvent, error) {
	signature, ok := raw.(string)
	if !ok || signature == "" {
		return nil, shared.Invalid("/candidates/0/content/parts", "thoughtSignature: expected a non-empty string")
	}
	index := d.next
	d.next++
	issuer := Provider
	return []wirechat.StreamEvent{
		&wirechat.ReasoningStartEvent{Index: index, Issuer: &issuer, RedactedData: &signature},
		&wirechat.ReasoningEndEvent{Index: index},
	}, nil
}

func (d *StreamDecoder) endStreamed() []wirechat.StreamEvent {
	if d.streamed == nil {
		return nil
	}
	call, index := d.streamed, d.streamedAt
	d.streamed = nil
	d.hasCalls = true
	return []wirechat.StreamEvent{&wirechat.ToolCallDeltaEvent{Index: index, Arguments: call.arguments()}, &wirechat.ToolCallEndEvent{Index: index}}
}

func (d *StreamDecoder) closeOpen(grounded any) []wirechat.StreamEvent {
	if d.open == nil {
		return nil
	}
	index, kind := d.open.index, d.open.kind
	d.open = nil
	if kind != "text" && kind != "held" {
		return []wirechat.StreamEvent{&wirechat.ReasoningEndEvent{Index: index}}
	}
	var found []any
	if grounded != nil && d.texts == 1 {
		joined := ""
		for _, piece := range d.text {
			joined += piece
		}
		found = groundingCitations(grounded, joined)
	}
	d.text = nil
	event := &wirechat.TextEndEvent{Index: index}
	if len(found) > 0 {
		holder := newObj().Set("type", "text").Set("text", "").Set("citations", found)
		if part, err := wirechat.Decode[wirechat.TextPart](providerjson.MustMarshal(holder)); err == nil {
			event.Citations = part.Citations
		}
	}
	return []wirechat.StreamEvent{event}
}

func (d *StreamDecoder) openPart(part *obj, unsignedThought bool) []wirechat.StreamEvent {
	out := d.closeOpen(nil)
	index := d.next
	d.next++
	switch part.Get("type") {
	case "text":
		text, _ := part.Get("text").(string)
		out = append(out, textStart(index))
		if text != "" {
			out = append(out, textDelta(index, text))
		}
		d.open, d.text = &openPart{index, "text"}, []string{text}
		d.texts++
	case "reasoning":
		reasoning := part.Get("reasoning").(*obj)
		start := &wirechat.ReasoningStartEvent{Index: index}
		if issuer, ok := reasoning.Get("issuer").(string); ok {
			start.Issuer = &issuer
		}
		if data, ok := reasoning.Get("redacted_data").(string); ok {
			start.RedactedData = &data
		}
		out = append(out, start)
		delta := &wirechat.ReasoningDeltaEvent{Index: index}
		if text, ok := reasoning.Get("text").(string); ok {
			delta.Text = &text
		}
		if signature, ok := reasoning.Get("signature").(string); ok {
			delta.Signature = &signature
		}
		if delta.Text != nil || delta.Signature != nil {
			out = append(out, delta)
		}
		if unsignedThought {
			d.open = &openPart{index, "thought"}
		} else {
			out = append(out, &wirechat.ReasoningEndEvent{Index: index})
		}
	case "tool_call":
		call := part.Get("tool_call").(*obj)
		d.hasCalls = true
		id, _ := call.Get("id").(string)
		name, _ := call.Get("name").(string)
		arguments, _ := call.Get("arguments").(string)
		out = append(out, &wirechat.ToolCallStartEvent{Index: index, ID: id, Name: name},
			&wirechat.ToolCallDeltaEvent{Index: index, Arguments: arguments}, &wirechat.ToolCallEndEvent{Index: index})
	default:
		decoded, err := wirechat.Decode[wirechat.Message](providerjson.MustMarshal(newObj().Set("role", "assistant").Set("parts", []any{part})))
		if err != nil {
			d.done = true
			return append(out, invalidEvent("a stream part could not be read: "+err.Error(), d.usage))
		}
		out = append(out, &wirechat.PartEvent{Index: index, Part: decoded.Parts[0]})
	}
	return out
}
