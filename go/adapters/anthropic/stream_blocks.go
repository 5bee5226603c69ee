package anthropic

// The content blocks of an Anthropic stream, the half of StreamDecoder (stream.go) that reads
// content_block_start, _delta and _stop (and the blocks message_start already holds): each block opens its
// part at its index, less the blocks of unknown types before it; its deltas are fragments of that index
// only; a provider-run block is collected, its input fragments joined and parsed, and sent whole as one part
// event when it closes.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// part is the part index of the block at index: blocks of unknown types before it are not parts.
func (d *StreamDecoder) part(index int64) int64 {
	out := index
	for _, skipped := range d.skipped {
		if skipped < index {
			out--
		}
	}
	return out
}

func (d *StreamDecoder) open(i int64, raw any, where string) []wirechat.StreamEvent {
	block, ok := raw.(*obj)
	if !ok {
		return d.fail(where + " (" + strconv.FormatInt(i, 10) + "): expected a content block object")
	}
	kind, _ := block.Get("type").(string)
	d.kinds[i] = kind
	for _, pointer := range unmappedBlock(block, where) {
		d.warn("provider.unmapped", pointer)
	}
	part := d.part(i)
	switch {
	case kind == "text":
		out := []wirechat.StreamEvent{&wirechat.TextStartEvent{Index: part}}
		if text, ok := block.Get("text").(string); ok && text != "" {
			out = append(out, &wirechat.TextDeltaEvent{Index: part, Text: text})
		}
		if citations, ok := block.Get("citations").([]any); ok && len(citations) > 0 {
			d.citations[i] = append([]any(nil), citations...)
		}
		return out
	case kind == "thinking":
		out := []wirechat.StreamEvent{&wirechat.ReasoningStartEvent{Index: part, Issuer: &issuer}}
		text, _ := block.Get("thinking").(string)
		signature, _ := block.Get("signature").(string)
		if text != "" || signature != "" {
			delta := &wirechat.ReasoningDeltaEvent{Index: part}
			if signature != "" {
				delta.Signature = &signature
			}
			if text != "" {
				delta.Text = &text
			}
			out = append(out, delta)
		}
		return out
	case kind == "redacted_thinking":
		redacted, ok := block.Get("data").(string)
		if !ok {
			return d.fail("a redacted_thinking block has no data")
		}
		return []wirechat.StreamEvent{&wirechat.ReasoningStartEvent{Index: part, Issuer: &issuer, RedactedData: &redacted}}
	case kind == "tool_use":
		return d.openToolUse(i, part, block)
	case isProviderCall(kind) || isProviderResult(kind):
		d.run[i] = &runBlock{block: block.Copy()}
		return nil
	}
	d.warn("provider.unmapped", where)
	d.kinds[i] = "unknown"
	d.skipped = append(d.skipped, i)
	d.unknown = append(d.unknown, newObj().Set("index", i).Set("block", block))
	return nil
}

func (d *StreamDecoder) openToolUse(i, part int64, block *obj) []wirechat.StreamEvent {
	d.hasCalls = true
	d.normalisers[i] = &wirechat.ArgumentsNormaliser{}
	id, _ := block.Get("id").(string)
	name, _ := block.Get("name").(string)
	if id == "" || name == "" {
		return d.fail("a tool_use block has no id or no name")
	}
	if extras := toolUseExtrasOf(block); extras.Len() > 0 {
		d.extras[i] = extras
	}
	out := []wirechat.StreamEvent{&wirechat.ToolCallStartEvent{Index: part, ID: id, Name: name}}
	if input := block.Get("input"); shared.Truthy(input) {
		arguments, err := wirechat.BuildArguments(input)
		if err != nil {
			return d.fail("a tool_use block's input could not be read: " + err.Error())
		}
		d.sentArgs[i] = true
		out = append(out, &wirechat.ToolCallDeltaEvent{Index: part, Arguments: arguments})
	}
	return out
}

func (d *StreamDecoder) delta(data *providerjson.Object) []wirechat.StreamEvent {
	i := index(data, 0)
	delta, _ := data.Get("delta").(*providerjson.Object)
	if delta == nil {
		delta = newObj()
	}
	kind, _ := delta.Get("type").(string)
	shape, known := deltaShapes[kind]
	if !known || d.kinds[i] == "unknown" { // a delta this adapter does not know
		d.warn("provider.unmapped", "/delta")
		return nil
	}
	for _, pointer := range shared.UnmappedMembers(delta, shape, "/delta") {
		d.warn("provider.unmapped", pointer)
	}
	part := d.part(i)
	switch kind {
	case "text_delta":
		text, _ := delta.Get("text").(string)
		return []wirechat.StreamEvent{&wirechat.TextDeltaEvent{Index: part, Text: text}}
	case "input_json_delta":
		fragment, _ := delta.Get("partial_json").(string)
		return d.inputDelta(i, part, fragment)
	case "thinking_delta":
		if text, _ := delta.Get("thinking").(string); text != "" {
			return []wirechat.StreamEvent{&wirechat.ReasoningDeltaEvent{Index: part, Text: &text}}
		}
	case "signature_delta":
		if signature, _ := delta.Get("signature").(string); signature != "" {
			return []wirechat.StreamEvent{&wirechat.ReasoningDeltaEvent{Index: part, Signature: &signature}}
		}
	case "citations_delta":
		d.citations[i] = append(d.citations[i], delta.Get("citation"))
	}
	return nil
}

func (d *StreamDecoder) inputDelta(i, part int64, fragment string) []wirechat.StreamEvent {
	if run, ok := d.run[i]; ok {
		if !isProviderCall(run.block.Get("type")) {
			d.warn("provider.unmapped", "/delta") // input for a result block
		} else {
			run.fragments = append(run.fragments, fragment)
		}
		return nil
	}
	if normaliser, ok := d.normalisers[i]; ok {
		var err error
		if fragment, err = normaliser.Feed(fragment); err != nil {
			return d.fail(fmt.Sprintf("the input of tool call %d cannot be tool arguments: %v", i, err))
		}
	}
	if fragment == "" {
		return nil
	}
	d.sentArgs[i] = true
	return []wirechat.StreamEvent{&wirechat.ToolCallDeltaEvent{Index: part, Arguments: fragment}}
}

func (d *StreamDecoder) close(i int64) []wirechat.StreamEvent {
	part := d.part(i)
	switch d.kinds[i] {
	case "text":
		raw := d.citations[i]
		if len(raw) == 0 {
			return []wirechat.StreamEvent{&wirechat.TextEndEvent{Index: part}}
		}
		citations, err := decodeCitations(raw, "/content/"+strconv.FormatInt(i, 10)+"/citations")
		if err != nil {
			return d.fail(err.Error())
		}
		end, err := wirechat.Decode[wirechat.TextEndEvent](providerjson.MustMarshal(newObj().Set("type", "text_end").Set("index", part).Set("citations", citations)))
		if err != nil {
			return d.fail("the citations could not be read: " + err.Error())
		}
		return []wirechat.StreamEvent{&end}
	case "thinking", "redacted_thinking":
		return []wirechat.StreamEvent{&wirechat.ReasoningEndEvent{Index: part}}
	case "tool_use":
		var out []wirechat.StreamEvent
		if normaliser, ok := d.normalisers[i]; ok {
			delete(d.normalisers, i)
			rest, err := normaliser.Finish()
			if err != nil {
				return d.fail(fmt.Sprintf("the input of tool call %d cannot be tool arguments: %v", i, err))
			}
			if rest != "" {
				d.sentArgs[i] = true
				out = append(out, &wirechat.ToolCallDeltaEvent{Index: part, Arguments: rest})
			}
		}
		if !d.sentArgs[i] {
			out = append(out, &wirechat.ToolCallDeltaEvent{Index: part, Arguments: "{}"})
		}
		end := &wirechat.ToolCallEndEvent{Index: part}
		if extras, ok := d.extras[i]; ok {
			end.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(extras)}
		}
		return append(out, end)
	}
	if _, ok := d.run[i]; ok {
		return d.closeRun(i, part)
	}
	return nil
}

func (d *StreamDecoder) closeRun(i, part int64) []wirechat.StreamEvent {
	run := d.run[i]
	delete(d.run, i)
	block, where := run.block, "/content/"+strconv.FormatInt(i, 10)
	var value *obj
	var err error
	if isProviderCall(block.Get("type")) {
		if collected := strings.Join(run.fragments, ""); strings.TrimSpace(collected) != "" {
			input, err := providerjson.Parse([]byte(collected))
			if err != nil {
				return d.fail("the input of provider-run call " + strconv.FormatInt(i, 10) + " is not JSON: " + err.Error())
			}
			block.Set("input", input)
		}
		value, err = decodeProviderCall(block, where)
		if err == nil {
			call := value.Get("provider_tool_call").(*obj)
			d.names[call.Get("id").(string)] = call.Get("name").(string)
		}
	} else {
		value, err = decodeProviderResult(block, where, d.names)
	}
	if err != nil {
		return d.fail(err.Error())
	}
	event, err := wirechat.Decode[wirechat.PartEvent](providerjson.MustMarshal(newObj().Set("type", "part").Set("index", part).Set("part", value)))
	if err != nil {
		return d.fail("a provider-run block could not be read: " + err.Error())
	}
	return []wirechat.StreamEvent{&event}
}
