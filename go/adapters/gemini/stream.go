package gemini

// Gemini streams (:streamGenerateContent?alt=sse) -> canonical stream events, as Python's gemini/stream.py
// (the encoder is stream_encode.go). Each data: is a whole GenerateContentResponse holding only the new
// parts; there is no end marker: the stream ends with the body, and Close gives finish when a chunk had a
// finishReason (an invalid_response error when none had: the stream was cut).
//
// The first part of a chunk continues the part before it when both are plain text, or both thought text
// and the open thought has no signature yet; every other part starts a new canonical part. A function call
// arrives whole, or streamed (willContinue, partialArgs: partial_args.go), then it starts when it opens and
// its arguments come whole when it closes. usageMetadata gives usage (the last one wins). The candidate's
// other members and the body's are kept for the finish event's provider_metadata, merged member by member
// over the chunks; a member a later chunk repeats with another value replaces it, and the replaced one is
// reported (stream.member_superseded), as is every member neither mapped nor kept (provider.unmapped).
// When the reply's only text part is the part still open at the end, text_end carries the citations the
// grounding metadata gives it. {"error": {...}} gives error; a chunk that is not JSON, not an object, or
// has none of the members of a response gives an invalid_response error.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	responseMembers = []string{"candidates", "usageMetadata", "promptFeedback", "modelVersion", "responseId"}
	streamPartShape = func() shared.Shape {
		out := shared.Shape{}
		for key, value := range partShape {
			out[key] = value
		}
		out["functionCall"] = shared.Shape{"id": nil, "name": nil, "args": nil, "partialArgs": nil, "willContinue": nil}
		return out
	}()
)

func invalidEvent(message string, usage *wirechat.TokenUsage) wirechat.StreamEvent {
	return &wirechat.ErrorEvent{Error: wirechat.Error{Kind: wirechat.ErrorKindInvalidResponse, Message: message, Retryable: true, Usage: usage}}
}

// openPart is the continuable part: its index and kind (text, thought, signed, held).
type openPart struct {
	index int64
	kind  string
}

// StreamDecoder turns one streamed response's chunks into canonical events.
type StreamDecoder struct {
	n          int // the index of the chunk being read
	next       int64
	open       *openPart
	text       []string
	texts      int
	calls      int
	codes      *codeIDs
	streamed   *streamedCall
	streamedAt int64
	started    bool
	envelope   *obj
	usage      *wirechat.TokenUsage
	metadata   *obj
	setAt      map[string]string
	finished   bool
	finish     *string
	hasCalls   bool
	done       bool
	conv       shared.Conversion
}

// NewStreamDecoder is a fresh decoder.
func NewStreamDecoder() *StreamDecoder {
	return &StreamDecoder{n: -1, codes: newCodeIDs(), envelope: newObj(), metadata: newObj(), setAt: map[string]string{},
		conv: shared.Conversion{Manifest: Manifest}}
}

// Warnings are what the decoder set aside or changed so far (pointers /<n>/...: the n-th chunk).
func (d *StreamDecoder) Warnings() []adapters.Warning { return d.conv.Warnings }

func (d *StreamDecoder) fail(message string) []wirechat.StreamEvent {
	d.done = true
	return []wirechat.StreamEvent{invalidEvent(message, d.usage)}
}

func hasAny(data *obj, members []string) bool {
	for _, key := range members {
		if data.Has(key) {
			return true
		}
	}
	return false
}

// Feed implements adapters.StreamDecoder.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	d.n++
	if d.done {
		return nil
	}
	value, err := providerjson.Parse([]byte(event.Data))
	if err != nil {
		return d.fail("a stream chunk is not JSON: " + err.Error())
	}
	data, ok := value.(*obj)
	if !ok {
		return d.fail("a stream chunk is not a JSON object")
	}
	if data.Has("error") {
		d.done = true
		failure := decodeErrorObject(0, nil, data)
		if d.usage != nil {
			failure.Usage = d.usage
		}
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}
	}
	if !hasAny(data, responseMembers) {
		return d.fail("a stream chunk has none of the members of a response")
	}
	out, err := d.chunk(data)
	if err != nil {
		return d.fail("a stream chunk could not be read: " + err.Error())
	}
	return out
}

func (d *StreamDecoder) warn(feature, where string) { d.conv.Degrade(feature, where) }

func (d *StreamDecoder) at() string { return "/" + strconv.Itoa(d.n) }

func (d *StreamDecoder) chunk(data *obj) ([]wirechat.StreamEvent, error) {
	out := d.start(data)
	candidate, metadata, err := splitBody(data, "")
	if err != nil {
		return nil, err
	}
	d.keep(metadata)
	if candidate != nil {
		content, _ := candidate.Get("content").(*obj)
		rawParts := content.Get("parts")
		parts, isList := rawParts.([]any)
		if rawParts != nil && !isList {
			return nil, shared.Invalid("/candidates/0/content/parts", "expected an array of parts")
		}
		for j, raw := range parts {
			events, err := d.part(raw, j)
			if err != nil {
				return nil, err
			}
			out = append(out, events...)
		}
		if content != nil {
			for _, w := range contentWarnings(content, d.at()+"/candidates/0/content", streamPartShape) {
				d.warn(w.feature, w.where)
			}
		}
		if reason := candidate.Get("finishReason"); reason != nil {
			d.finished, d.finish = true, rawName(reason)
		}
	} else if feedback, ok := data.Get("promptFeedback").(*obj); ok {
		if reason, ok := feedback.Get("blockReason").(string); ok {
			d.finished, d.finish = true, &reason // a blocked prompt
		}
	}
	if raw, ok := data.Get("usageMetadata").(*obj); ok {
		usage, extra, err := DecodeUsage(raw, "/usageMetadata")
		if err != nil {
			return nil, err
		}
		d.usage = &usage
		if extra.Len() > 0 {
			d.metadata.Set("usage", extra)
		} else {
			d.metadata.Delete("usage")
		}
		out = append(out, &wirechat.UsageEvent{Usage: usage})
	}
	return out, nil
}

// start is the start event from the first chunk; a later chunk naming another id or model is reported.
func (d *StreamDecoder) start(data *obj) []wirechat.StreamEvent {
	names := [][2]string{{"id", "responseId"}, {"model", "modelVersion"}}
	if !d.started {
		d.started = true
		event := &wirechat.StartEvent{}
		for _, pair := range names {
			if value, ok := data.Get(pair[1]).(string); ok && value != "" {
				d.envelope.Set(pair[1], value)
				if pair[0] == "id" {
					event.ID = &value
				} else {
					event.Model = &value
				}
			}
		}
		return []wirechat.StreamEvent{event}
	}
	for _, pair := range names {
		if value := data.Get(pair[1]); value != nil && value != d.envelope.Get(pair[1]) {
			d.warn("stream.member_superseded", d.at()+"/"+pair[1])
		}
	}
	return nil
}

// keep merges a chunk's members for provider_metadata into the kept ones: objects member by member, other
// values replaced (a replaced value that held something is reported).
func (d *StreamDecoder) keep(metadata *obj) {
	for _, key := range metadata.Keys() {
		value := metadata.Get(key)
		at := d.at() + "/" + key
		switch key {
		case "candidate":
			at = d.at() + "/candidates/0"
		case "candidates":
			at = d.at() + "/candidates/1"
		}
		if key == "candidate" {
			kept, ok := d.metadata.Get("candidate").(*obj)
			if !ok {
				kept = newObj()
				d.metadata.Set("candidate", kept)
			}
			members := value.(*obj)
			for _, member := range members.Keys() {
				d.merge(kept, key+"\x00"+member, member, members.Get(member), at+"/"+member)
			}
		} else {
			d.merge(d.metadata, key, key, value, at)
		}
	}
}

func emptyValue(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case *obj:
		return x.Len() == 0
	case []any:
		return len(x) == 0
	case string:
		return x == ""
	}
	return false
}

func (d *StreamDecoder) merge(target *obj, path, key string, value any, where string) {
	old := target.Get(key)
	oldObject, ok1 := old.(*obj)
	newObject, ok2 := value.(*obj)
	if ok1 && ok2 {
		for _, member := range newObject.Keys() {
			d.merge(oldObject, path+"\x00"+member, member, newObject.Get(member), where+"/"+member)
		}
		return
	}
	if !emptyValue(old) && !sameJSON(old, value) {
		d.warn("stream.member_superseded", d.setAt[path])
	}
	if o, ok := value.(*obj); ok {
		value = o.Copy()
	}
	target.Set(key, value)
	d.setAt[path] = where
}

func sameJSON(a, b any) bool {
	x, err1 := wirechat.CanonicalJSON(providerjson.MustMarshal(a))
	y, err2 := wirechat.CanonicalJSON(providerjson.MustMarshal(b))
	return err1 == nil && err2 == nil && string(x) == string(y)
}

func textStart(index int64) wirechat.StreamEvent { return &wirechat.TextStartEvent{Index: index} }
func textDelta(index int64, text string) wirechat.StreamEvent {
	return &wirechat.TextDeltaEvent{Index: index, Text: text}
}

// Close implements adapters.StreamDecoder: finish when a chunk gave a finish reason, else a cut-stream
// error.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	d.done = true
	if !d.finished {
		return []wirechat.StreamEvent{invalidEvent("the stream ended before a chunk with a finishReason", d.usage)}
	}
	candidate, _ := d.metadata.Get("candidate").(*obj)
	out := d.endStreamed()
	out = append(out, d.closeOpen(candidate.Get("groundingMetadata"))...)
	event := &wirechat.FinishEvent{FinishReason: DecodeFinish(d.finish, d.hasCalls)}
	if d.metadata.Len() > 0 {
		event.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(d.metadata)}
	}
	return append(out, event)
}
