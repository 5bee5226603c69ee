package openaicompatible

// OpenAI-compatible chat.completion.chunk streams -> canonical stream events, as Python's
// openai_compatible/stream.py: openaichat's decoder (reading the profile's dialect) wrapped with the
// profile's quirks (the encoder is in stream_encode.go).
//
// A chunk is parsed here first only when its text holds a marker of a quirk ("reasoning, "x_groq",
// "executed_tools", a usage object, a content array, and "tool_calls" for profiles whose servers may omit
// ids), then handed to openaichat parsed. A content array of Mistral's chunks gives its thinking as a plain
// reasoning fragment and its text chunks as the delta's text; the thinking chunk's closed has no place in
// a streamed part and is reported once. Reasoning fragments open a reasoning part whose index is reserved
// in the inner decoder before the chunk's other parts, so the folded parts come in the order the body
// decoder gives (reasoning first). The fragments are the profile's text members, or, in a chunk that has
// reasoning_details, the details: a part per detail (its issuer the profile's, its text and signature as
// deltas, its redacted_data on the start, its other members on the end); fragments belong to one detail
// while their index and type stay the same. Plain text ends when a chunk brings something else; a detail
// stays open until another detail starts or the stream finishes. A tool call's first fragment without an
// id gets synthesisedID (the same id as the whole body's), flagged on its tool_call_end. Groq's
// x_groq.usage becomes the usage; the tools Groq ran (delta.executed_tools) arrive as whole provider-run
// parts before the finish; the finish reason is read with the profile's table.

import (
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

const plainKey = "text" // the key of the plain reasoning part (details are keyed by their index and type)

var (
	// readPieces are the detail members a fragment carries in pieces (the whole detail has the rest).
	readPieces = map[string]bool{"text": true, "summary": true, "signature": true, "data": true}
)

// fragment is a reasoning fragment: the key of its part, its Reasoning fields and its kept members.
type fragment struct {
	key                               string
	issuer, text, signature, redacted *string
	kept                              *obj
}

type streamDecoder struct {
	inner          *openaichat.StreamDecoder
	profile        *Profile
	withCalls      bool // whether "tool_calls" is a marker (servers that may omit ids)
	responseID     *string
	reasoning      int64 // -1: no reasoning part open
	key            string
	kept           *obj
	positions      map[string]int
	flags          map[string]bool
	flagParts      map[int64]bool
	hasCalls       bool
	rawUsage       *obj
	tools          streamedTools
	toolParts      map[int64]int64 // executed tool index -> its call's part index
	chunksReported bool
	done           bool
}

func newStreamDecoder(profile *Profile, dialect *openaichat.Dialect) adapters.StreamDecoder {
	d := &streamDecoder{
		inner: openaichat.NewStreamDecoderWith(dialect), profile: profile, reasoning: -1,
		withCalls: profile.ToolCallIDs == "synthesise",
		positions: map[string]int{}, flags: map[string]bool{}, flagParts: map[int64]bool{}, toolParts: map[int64]int64{},
	}
	return d
}

// hasMarker is whether a chunk's text holds a marker of a quirk (Python's regular expression
// "reasoning|"x_groq"|"executed_tools"|"usage": ?{|"content": ?[ , with |"tool_calls" when withCalls),
// searched as plain strings: the common chunk, one text delta, holds none and is not parsed here.
func hasMarker(data string, withCalls bool) bool {
	return strings.Contains(data, `"reasoning`) || strings.Contains(data, `"x_groq"`) ||
		strings.Contains(data, `"executed_tools"`) || followedBy(data, `"usage":`, '{') ||
		followedBy(data, `"content":`, '[') || (withCalls && strings.Contains(data, `"tool_calls"`))
}

// followedBy is whether key occurs in data followed by opening, with at most one space between.
func followedBy(data, key string, opening byte) bool {
	for {
		i := strings.Index(data, key)
		if i < 0 {
			return false
		}
		data = data[i+len(key):]
		rest := strings.TrimPrefix(data, " ")
		if len(rest) > 0 && rest[0] == opening {
			return true
		}
	}
}

func (d *streamDecoder) Warnings() []adapters.Warning { return d.inner.Warnings() }

func (d *streamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	if d.done {
		d.inner.Feed(event) // counted, ignored
		return nil
	}
	var fragments []fragment
	var parsed *obj
	if data := event.Data; len(data) > 0 && data[0] == '{' && hasMarker(data, d.withCalls) {
		if chunk, err := providerjson.ParseObject([]byte(data)); err == nil && chunk.Get("error") == nil {
			found, err := d.prepare(chunk)
			if err != nil {
				d.inner.Feed(adapters.SseEvent{Data: "{}"}) // the event is counted
				return d.fail(err)
			}
			fragments, parsed = found, chunk
		}
	}
	var opened []wirechat.StreamEvent
	for _, f := range fragments {
		opened = append(opened, d.fragment(f)...)
	}
	var inner []wirechat.StreamEvent
	if parsed != nil {
		inner = d.inner.FeedChunk(parsed)
	} else {
		inner = d.inner.Feed(event)
	}
	return d.after(inner, opened, len(fragments) == 0)
}

func (d *streamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	return d.after(d.inner.Close(), nil, true)
}

// fail ends the stream with an invalid_response error for a chunk that cannot be read.
func (d *streamDecoder) fail(err error) []wirechat.StreamEvent {
	d.done = true
	return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: wirechat.Error{
		Kind: wirechat.ErrorKindInvalidResponse, Message: err.Error(), Retryable: true,
	}}}
}

// prepare reads the quirks of one parsed chunk, changing it in place where openaichat must read it
// differently; it returns the chunk's reasoning fragments.
func (d *streamDecoder) prepare(chunk *obj) ([]fragment, error) {
	var fragments []fragment
	if d.responseID == nil {
		id, _ := chunk.Get("id").(string)
		d.responseID = &id
	}
	if groq, ok := chunk.Get("x_groq").(*obj); ok && chunk.Get("usage") == nil {
		if usage, ok := groq.Get("usage").(*obj); ok {
			rest := groq.Copy()
			rest.Delete("usage")
			chunk.Set("usage", usage).Set("x_groq", rest) // the usage, moved where it is read
		}
	}
	if usage, ok := chunk.Get("usage").(*obj); ok {
		d.rawUsage = usage
	}
	choices, _ := chunk.Get("choices").([]any)
	if len(choices) == 0 {
		return nil, nil
	}
	choice, ok := choices[0].(*obj)
	if !ok {
		return nil, nil
	}
	if index, isInt := shared.IntValue(choice.Get("index")); choice.Has("index") && (!isInt || index != 0) {
		return nil, nil
	}
	delta, ok := choice.Get("delta").(*obj)
	if !ok {
		return nil, nil
	}
	where := "/" + strconv.Itoa(d.inner.Position()+1) + "/choices/0/delta"
	if raw := delta.Get(details); d.profile.ReasoningDetails && raw != nil {
		found, err := detailFragments(raw, where+"/"+details, d.profile.Issuer)
		if err != nil {
			return nil, err
		}
		fragments = append(fragments, found...)
	} else {
		text, _, err := readReasoning(delta, reasoningRead(d.profile), where)
		if err != nil {
			return nil, err
		}
		if text != "" {
			fragments = append(fragments, fragment{key: plainKey, text: &text})
		}
	}
	if chunked := splitChunks(delta.Get("content")); chunked != nil { // Mistral's chunks (chunks.go)
		if chunked.thinking != "" {
			thinking := chunked.thinking
			fragments = append(fragments, fragment{key: plainKey, text: &thinking})
		}
		if chunked.kept.Len() > 0 && !d.chunksReported { // "closed": no streamed part carries it
			d.chunksReported = true
			for _, member := range chunked.kept.Keys() {
				d.inner.Degrade("provider.unmapped", where+"/content/0/"+member)
			}
		}
		delta.Set("content", chunked.text)
	}
	if raw := delta.Get(executed); d.profile.ExecutedTools && raw != nil {
		if err := d.tools.add(raw, where+"/"+executed); err != nil {
			return nil, err
		}
		for _, index := range d.tools.order {
			if _, seen := d.toolParts[index]; !seen {
				d.toolParts[index] = d.inner.ReserveIndex()
				d.inner.ReserveIndex() // its result, next to it
			}
		}
	}
	if calls, ok := delta.Get("tool_calls").([]any); ok && d.profile.ToolCallIDs == "synthesise" {
		for _, raw := range calls {
			call, ok := raw.(*obj)
			if !ok || call.Get("index") == nil {
				continue
			}
			slot := providerjson.MustCompact(call.Get("index"))
			if _, seen := d.positions[slot]; seen {
				continue
			}
			position := len(d.positions)
			d.positions[slot] = position
			changed, err := fillToolCallIDs([]any{call}, *d.responseID, d.profile, where+"/tool_calls", position)
			if err != nil {
				return nil, err
			}
			if len(changed) > 0 {
				d.flags[call.Get("id").(string)] = true
			}
		}
	}
	return fragments, nil
}

// detailFragments is the fragments of a chunk's reasoning_details: each entry read as detailPart reads a
// whole detail, keyed by the entry's index and type.
func detailFragments(raw any, where, issuer string) ([]fragment, error) {
	items, ok := raw.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of reasoning details, got %s", shared.TypeName(raw))
	}
	out := make([]fragment, 0, len(items))
	for i, entry := range items {
		part, err := detailPart(entry, where+"/"+strconv.Itoa(i), issuer)
		if err != nil {
			return nil, err
		}
		kept := newObj()
		own := part.Obj("provider_metadata").Obj(issuer)
		for _, key := range own.Keys() {
			if !readPieces[key] {
				kept.Set(key, own.Get(key))
			}
		}
		fields := part.Obj("reasoning")
		f := fragment{issuer: &issuer, kept: kept}
		for name, target := range map[string]**string{"text": &f.text, "signature": &f.signature, "redacted_data": &f.redacted} {
			if value, ok := fields.Get(name).(string); ok {
				*target = &value
			}
		}
		object := entry.(*obj)
		index := object.Get("index")
		if !object.Has("index") {
			index = int64(i)
		}
		f.key = "detail/" + providerjson.MustCompact(index) + "/" + providerjson.MustCompact(object.Get("type"))
		out = append(out, f)
	}
	return out, nil
}

func (d *streamDecoder) fragment(f fragment) []wirechat.StreamEvent {
	var out []wirechat.StreamEvent
	if d.reasoning >= 0 && f.key != d.key {
		out = append(out, d.end())
	}
	if d.reasoning < 0 {
		d.reasoning, d.key, d.kept = d.inner.ReserveIndex(), f.key, newObj()
		out = append(out, &wirechat.ReasoningStartEvent{Index: d.reasoning, Issuer: f.issuer, RedactedData: f.redacted})
	}
	for _, key := range f.kept.Keys() {
		d.kept.Set(key, f.kept.Get(key))
	}
	if f.text != nil {
		out = append(out, &wirechat.ReasoningDeltaEvent{Index: d.reasoning, Text: f.text})
	}
	if f.signature != nil && *f.signature != "" {
		out = append(out, &wirechat.ReasoningDeltaEvent{Index: d.reasoning, Signature: f.signature})
	}
	return out
}

func (d *streamDecoder) end() wirechat.StreamEvent {
	index, key, kept := d.reasoning, d.key, d.kept
	d.reasoning, d.key, d.kept = -1, "", nil
	if key == plainKey {
		return &wirechat.ReasoningEndEvent{Index: index}
	}
	return &wirechat.ReasoningEndEvent{Index: index, ProviderMetadata: wirechat.ProviderMetadata{d.profile.Issuer: shared.ObjectBytes(kept)}}
}

func (d *streamDecoder) after(events, opened []wirechat.StreamEvent, ending bool) []wirechat.StreamEvent {
	if len(opened) == 0 && d.reasoning < 0 && len(events) == 1 {
		switch events[0].(type) {
		case *wirechat.TextDeltaEvent, *wirechat.ToolCallDeltaEvent:
			return events
		}
	}
	var out []wirechat.StreamEvent
	for _, inner := range events {
		event := inner
		switch ev := inner.(type) {
		case *wirechat.StartEvent:
			if d.responseID == nil {
				id := shared.Deref(ev.ID)
				d.responseID = &id
			}
		case *wirechat.UsageEvent:
		default:
			_, finishing := inner.(*wirechat.FinishEvent)
			if d.reasoning >= 0 && (finishing || (ending && d.key == plainKey)) {
				out = append(out, d.end())
			}
		}
		switch ev := inner.(type) {
		case *wirechat.ToolCallStartEvent:
			d.hasCalls = true
			if d.flags[ev.ID] {
				d.flagParts[ev.Index] = true
			}
		case *wirechat.ToolCallEndEvent:
			if d.flagParts[ev.Index] {
				event = &wirechat.ToolCallEndEvent{Index: ev.Index, ProviderMetadata: wirechat.ProviderMetadata{Provider: wirechat.JsonObject(`{"` + idFlag + `":true}`)}}
			}
		case *wirechat.UsageEvent:
			if d.rawUsage != nil {
				if usage, _, err := decodeUsage(d.rawUsage, ""); err == nil {
					event = &wirechat.UsageEvent{Usage: usage}
				}
			}
		case *wirechat.FinishEvent:
			ran, err := d.ran()
			if err != nil {
				return append(out, d.fail(err)...)
			}
			out = append(out, ran...)
			event = d.finish(ev)
		}
		out = append(out, event)
		if _, started := inner.(*wirechat.StartEvent); started {
			out = append(out, opened...)
			opened = nil
		}
	}
	return append(opened, out...)
}

// ran is the tools the server ran, whole, each at the indices reserved when it first came.
func (d *streamDecoder) ran() ([]wirechat.StreamEvent, error) {
	var out []wirechat.StreamEvent
	for _, index := range d.tools.order {
		where := "/" + strconv.Itoa(d.inner.Position()) + "/executed_tools/" + strconv.FormatInt(index, 10)
		trees, err := entryParts(d.tools.entries[index], where, d.profile.Issuer)
		if err != nil {
			return nil, err
		}
		parts, err := partsOf(trees, where)
		if err != nil {
			return nil, err
		}
		out = append(out, &wirechat.PartEvent{Index: d.toolParts[index], Part: parts[0]},
			&wirechat.PartEvent{Index: d.toolParts[index] + 1, Part: parts[1]})
	}
	d.tools = streamedTools{}
	return out, nil
}

func (d *streamDecoder) finish(event *wirechat.FinishEvent) *wirechat.FinishEvent {
	if event.FinishReason.Raw == nil {
		return event
	}
	finished := *event
	finished.FinishReason = decodeFinish(*event.FinishReason.Raw, d.hasCalls, d.profile)
	return &finished
}
