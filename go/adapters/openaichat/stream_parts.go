package openaichat

// The parts of a Chat Completions stream, the half of StreamDecoder (stream.go) that opens and closes
// them: the text and refusal parts a delta opens, a tool-call part per delta.tool_calls[].index (its
// fragments keyed by that index only), and at the finish reason their ends: the text's with the annotations
// collected as its citations, the audio whole as a part event.

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func (d *StreamDecoder) openPart(kind string, out []wirechat.StreamEvent) (int64, []wirechat.StreamEvent) {
	index := d.nextIndex
	d.nextIndex++
	d.open = append(d.open, openPart{kind, index})
	return index, append(out, &wirechat.TextStartEvent{Index: index})
}

func (d *StreamDecoder) call(call *providerjson.Object, where string, out []wirechat.StreamEvent) ([]wirechat.StreamEvent, error) {
	key := int64(len(d.calls))
	if call.Has("index") {
		n, ok := shared.IntValue(call.Get("index"))
		if !ok {
			return out, shared.Invalid(where+"/index", "an integer, not %s", shared.TypeName(call.Get("index")))
		}
		key = n
	}
	function := newObj()
	if raw := call.Get("function"); shared.Truthy(raw) {
		object, ok := raw.(*providerjson.Object)
		if !ok {
			return out, shared.Invalid(where+"/function", "a JSON object, not %s", shared.TypeName(raw))
		}
		function = object
	}
	var arguments string
	if value := function.Get("arguments"); value != nil {
		text, err := argumentsText(value, where+"/function/arguments")
		if err != nil {
			return out, err
		}
		arguments = text
	}
	index, known := d.calls[key]
	if !known {
		index = d.nextIndex
		d.nextIndex++
		d.calls[key] = index
		d.hasCalls = true
		d.open = append(d.open, openPart{"tool_call", index})
		id, _ := call.Get("id").(string)
		name, _ := function.Get("name").(string)
		if id == "" || name == "" {
			missing := "id"
			if id != "" {
				missing = "function name"
			}
			// the first fragment of a call names it; inventing an id or a name would hide a broken stream
			return out, shared.Invalid(where, "(%d): a tool call's first fragment has no %s", key, missing)
		}
		out = append(out, &wirechat.ToolCallStartEvent{Index: index, ID: id, Name: name})
	}
	if arguments != "" {
		out = append(out, &wirechat.ToolCallDeltaEvent{Index: index, Arguments: arguments})
	}
	return out, nil
}

func (d *StreamDecoder) closeParts() ([]wirechat.StreamEvent, error) {
	var out []wirechat.StreamEvent
	annotations := d.annotations
	d.annotations = nil
	if len(annotations) > 0 && d.text < 0 {
		d.conv.Degrade("provider.unmapped", d.annotationsAt) // no text for them to cite
	}
	for _, part := range d.open {
		switch part.kind {
		case "text":
			if len(annotations) == 0 {
				out = append(out, &wirechat.TextEndEvent{Index: part.index})
				continue
			}
			end, err := wirechat.Decode[wirechat.TextEndEvent](providerjson.MustMarshal(newObj().Set("type", "text_end").Set("index", part.index).Set("citations", annotations)))
			if err != nil {
				return out, shared.Invalid(d.annotationsAt, "%v", err)
			}
			out = append(out, &end)
		case "refusal":
			out = append(out, &wirechat.TextEndEvent{Index: part.index, ProviderMetadata: refusalMetadata})
		default:
			out = append(out, &wirechat.ToolCallEndEvent{Index: part.index})
		}
	}
	d.open = nil
	if d.audio != nil {
		tree, err := d.audio.part(d.at() + "/choices/0/delta/audio")
		if err != nil {
			return out, err
		}
		part, err := wirechat.Decode[wirechat.AudioPart](providerjson.MustMarshal(tree))
		if err != nil {
			return out, shared.Invalid(d.at()+"/choices/0/delta/audio", "%v", err)
		}
		out = append(out, &wirechat.PartEvent{Index: d.audio.index, Part: &part})
		d.audio = nil
	}
	return out, nil
}
