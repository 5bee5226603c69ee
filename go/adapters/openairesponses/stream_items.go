package openairesponses

// The end of a streamed output item (response.output_item.done), as Python's openai_responses/stream.py
// reads it: the finished item is read as a reply's body reads it (shapes.go), a message's texts end with
// their citations and kept members, a call's arguments are sent when no fragment was, reasoning arrives
// whole, and a provider-run item becomes part events.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// itemDone reads a finished item: its canonical parts, as the events that end the parts it opened.
func (d *StreamDecoder) itemDone(data *obj) ([]wirechat.StreamEvent, error) {
	raw, ok := data.Get("item").(*obj)
	positionValue := member(data, "output_index", int64(-1))
	position := key(positionValue)
	if !ok {
		return nil, shared.Invalid("/output_index", "response.output_item.done for %s has no item object", position)
	}
	var out []wirechat.StreamEvent
	if _, seen := d.items[position]; !seen { // never added (a trimmed stream): read it whole here
		opened, err := d.added(newObj().Set("output_index", positionValue).Set("item", raw))
		if err != nil {
			return nil, err
		}
		out = append(out, opened...)
	}
	item := d.items[position]
	where := d.at() + "/item"
	var unmapped []string
	if item.kind == "message" {
		raw = withAnnounced(item, raw)
	}
	parts, err := decodeOutputItem(raw, where, d.pairs, &unmapped, replyStatus)
	if err != nil {
		return out, err
	}
	for _, at := range unmapped {
		d.conv.Degrade("provider.unmapped", at)
	}
	if item.kind != "message" && (isCall(item.kind) || item.kind == "reasoning" || item.kind == "compaction") {
		// the finished item must read as the part its added event opened (Python's parts[0] raises
		// IndexError, uncaught, for an item that ends as another type than it began)
		if len(parts) != 1 || !sameKind(item.kind, parts[0].(*obj).Get("type")) {
			return out, shared.Invalid(where+"/type", "a %s item ended as %s", item.kind, kindOf(raw))
		}
	}
	switch {
	case item.kind == "message":
		more, err := d.messageDone(item, parts)
		return append(out, more...), err
	case isCall(item.kind):
		index, part := item.parts["0"], parts[0].(*obj)
		arguments, _ := part.Obj("tool_call").Get("arguments").(string)
		if !item.sentArguments && arguments != "" {
			out = append(out, &wirechat.ToolCallDeltaEvent{Index: index, Arguments: arguments})
		}
		end := &wirechat.ToolCallEndEvent{Index: index, ProviderMetadata: metadataOfPart(part)}
		return append(out, end), nil
	case item.kind == "reasoning" || item.kind == "compaction":
		more, err := d.reasoningDone(item, parts[0].(*obj))
		return append(out, more...), err
	}
	for _, part := range parts { // provider-run items, and types this adapter does not know (reported, no part)
		index := d.open(item, strconv.Itoa(len(item.parts)))
		event, err := wirechat.Decode[wirechat.PartEvent](providerjson.MustMarshal(newObj().Set("type", "part").Set("index", index).Set("part", part)))
		if err != nil {
			return out, shared.Invalid(where, "%v", err)
		}
		out = append(out, &event)
	}
	return out, nil
}

// sameKind reports whether a part of type partType is what an item of kind reads as.
func sameKind(kind string, partType any) bool {
	if isCall(kind) {
		return partType == "tool_call"
	}
	return partType == "reasoning"
}

// withAnnounced is the finished message item, with the annotations that events announced where it has none.
func withAnnounced(item *streamItem, raw *obj) *obj {
	content, ok := raw.Get("content").([]any)
	if !ok || len(item.annotations) == 0 {
		return raw
	}
	entries := make([]any, len(content))
	for k, value := range content {
		entries[k] = value
		announced := item.annotations[strconv.Itoa(k)]
		if entry, ok := value.(*obj); ok && !shared.Truthy(entry.Get("annotations")) && len(announced) > 0 {
			entries[k] = entry.Copy().Set("annotations", announced)
		}
	}
	return raw.Copy().Set("content", entries)
}

func metadataOfPart(part *obj) wirechat.ProviderMetadata {
	metadata, ok := part.Get("provider_metadata").(*obj)
	if !ok {
		return nil
	}
	out := wirechat.ProviderMetadata{}
	for _, key := range metadata.Keys() {
		out[key] = shared.ObjectBytes(metadata.Obj(key))
	}
	return out
}

func (d *StreamDecoder) messageDone(item *streamItem, parts []any) ([]wirechat.StreamEvent, error) {
	var out []wirechat.StreamEvent
	for k, value := range parts {
		part := value.(*obj)
		at := strconv.Itoa(k)
		if _, open := item.parts[at]; !open {
			out = append(out, &wirechat.TextStartEvent{Index: d.open(item, at)})
			if text, _ := part.Get("text").(string); text != "" {
				out = append(out, &wirechat.TextDeltaEvent{Index: item.parts[at], Text: text})
			}
		}
		end := newObj().Set("type", "text_end").Set("index", item.parts[at])
		if citations := part.Get("citations"); citations != nil {
			end.Set("citations", citations)
		}
		if metadata := part.Get("provider_metadata"); metadata != nil {
			end.Set("provider_metadata", metadata)
		}
		event, err := wirechat.Decode[wirechat.TextEndEvent](providerjson.MustMarshal(end))
		if err != nil {
			return out, shared.Invalid("", "%v", err)
		}
		out = append(out, &event)
	}
	return out, nil
}

// reasoningDone is the whole reasoning part, from the finished item: encrypted_content is final only there,
// and a start event carries the redacted data.
func (d *StreamDecoder) reasoningDone(item *streamItem, part *obj) ([]wirechat.StreamEvent, error) {
	reasoning := part.Obj("reasoning")
	index := d.open(item, "0")
	start := &wirechat.ReasoningStartEvent{Index: index}
	if issuer, ok := reasoning.Get("issuer").(string); ok {
		start.Issuer = &issuer
	}
	if data, ok := reasoning.Get("redacted_data").(string); ok {
		start.RedactedData = &data
	}
	out := []wirechat.StreamEvent{start}
	if text, ok := reasoning.Get("text").(string); ok {
		out = append(out, &wirechat.ReasoningDeltaEvent{Index: index, Text: &text})
	}
	if signature, ok := reasoning.Get("signature").(string); ok {
		out = append(out, &wirechat.ReasoningDeltaEvent{Index: index, Signature: &signature})
	}
	return append(out, &wirechat.ReasoningEndEvent{Index: index, ProviderMetadata: metadataOfPart(part)}), nil
}
