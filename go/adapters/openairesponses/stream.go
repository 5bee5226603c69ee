package openairesponses

// OpenAI Responses streams -> canonical stream events, as Python's openai_responses/stream.py (the encoder
// is in stream_encode.go).
//
// Event by event (the JSON type): response.created gives start; each output item gets part indices in
// order of appearance: an assistant message one per content part (response.content_part.added or its first
// response.output_text.delta / response.refusal.delta opens it, response.output_item.done ends it with the
// item id and the annotations as citations), a function or custom tool call one (response.output_item.added
// must carry call_id and name; argument fragments go to that item's part only, keyed by output_index, so
// parallel calls stay apart), a reasoning item one, read whole from response.output_item.done (its
// encrypted_content is final only there). A provider-run item arrives as part events when it is done, its
// call and its result, as the non-streamed reading has them; its progress events are what the finished item
// carries. An item that ends without having been added (a trimmed stream) is read whole at its end.
// response.completed / response.incomplete / response.failed give usage and finish (response.failed with
// an error gives error); an error event gives error. An event type this adapter does not know, an item type
// it does not know, and a member it neither maps nor keeps are reported in the warnings (provider.unmapped,
// pointer /<n>/...: the n-th event from 0, then into its data); so is an event after the terminal one. An
// event that is not a JSON object with a type, or that the decoder cannot read (where Python raises
// ValueError and the client reports invalid_response), ends the stream as invalid_response, as does a
// stream that stops before its terminal event.

import (
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var terminalEvents = setOf("response.completed", "response.incomplete", "response.failed")

func isCall(kind string) bool { return kind == "function_call" || kind == "custom_tool_call" }

func cut(message string, usage *wirechat.TokenUsage) wirechat.StreamEvent {
	return &wirechat.ErrorEvent{Error: wirechat.Error{
		Kind: wirechat.ErrorKindInvalidResponse, Message: message, Retryable: true, Usage: usage,
	}}
}

// streamItem is one output item being streamed: its kind and the part indices it has opened, keyed by
// content index (written as JSON: Python's dict keys).
type streamItem struct {
	kind          string
	parts         map[string]int64
	sentArguments bool
	annotations   map[string][]any // content index -> annotations announced by events
}

// StreamDecoder turns one streamed response's events into canonical events.
type StreamDecoder struct {
	items    map[string]*streamItem // output_index (as JSON) -> item
	pairs    *pairing
	nextPart int64
	hasCalls bool
	usage    *wirechat.TokenUsage
	done     bool
	finished bool // a terminal event arrived
	event    int  // the position of the event being read, for warnings' pointers
	conv     shared.Conversion
}

// NewStreamDecoder is a fresh decoder.
func NewStreamDecoder() *StreamDecoder {
	return &StreamDecoder{items: map[string]*streamItem{}, pairs: newPairing(), event: -1, conv: shared.Conversion{Manifest: Manifest}}
}

// Warnings implements adapters.StreamDecoder.
func (d *StreamDecoder) Warnings() []adapters.Warning { return d.conv.Warnings }

func (d *StreamDecoder) at() string { return "/" + strconv.Itoa(d.event) }

func key(v any) string { return providerjson.MustCompact(v) }

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// member is data[name], or fallback when absent (Python's data.get(name, fallback)).
func member(data *obj, name string, fallback any) any {
	if !data.Has(name) {
		return fallback
	}
	return data.Get(name)
}

// Feed implements adapters.StreamDecoder.
func (d *StreamDecoder) Feed(event adapters.SseEvent) []wirechat.StreamEvent {
	d.event++
	text := event.Data
	if !strings.HasPrefix(text, "{") && strings.TrimSpace(text) == "[DONE]" {
		return nil
	}
	if d.done {
		if d.finished { // a response ended, and another event came: not part of it, reported
			d.conv.Degrade("provider.unmapped", d.at())
		}
		return nil
	}
	value, err := providerjson.Parse([]byte(text))
	if err != nil {
		return d.fail("a stream event is not JSON: " + err.Error())
	}
	data, ok := value.(*obj)
	kind, isText := data.Get("type").(string)
	if !ok || !isText {
		return d.fail("a stream event is not a Responses event (a JSON object with a type)")
	}
	if echoEvents[kind] || progressEvent(kind) {
		return nil
	}
	if kind != "error" {
		for _, where := range presentUnmapped(data, d.at(), eventMembers) {
			d.conv.Degrade("provider.unmapped", where)
		}
	}
	out, err := d.dispatch(kind, data)
	if err != nil { // Python raises here: the events of this one are lost, and the client reports invalid_response
		return d.fail("the provider sent an event that could not be read (" + err.Error() + ")")
	}
	return out
}

func (d *StreamDecoder) fail(message string) []wirechat.StreamEvent {
	d.done = true
	return []wirechat.StreamEvent{cut(message, d.usage)}
}

func (d *StreamDecoder) dispatch(kind string, data *obj) ([]wirechat.StreamEvent, error) {
	switch {
	case kind == "response.output_text.delta" || kind == "response.content_part.added" || kind == "response.refusal.delta":
		return d.text(data, kind)
	case kind == "response.created":
		response, _ := data.Get("response").(*obj)
		start := &wirechat.StartEvent{}
		if id, ok := response.Get("id").(string); ok && id != "" {
			start.ID = &id
		}
		if model, ok := response.Get("model").(string); ok && model != "" {
			start.Model = &model
		}
		return []wirechat.StreamEvent{start}, nil
	case kind == "response.output_item.added":
		return d.added(data)
	case kind == "response.function_call_arguments.delta" || kind == "response.custom_tool_call_input.delta":
		return d.arguments(data)
	case kind == "response.output_item.done":
		return d.itemDone(data)
	case kind == "response.output_text.annotation.added":
		if item := d.item(data); item != nil && item.kind == "message" { // the finished item repeats them, as a rule
			at := key(member(data, "content_index", int64(0)))
			item.annotations[at] = append(item.annotations[at], data.Get("annotation"))
		}
		return nil, nil
	case terminalEvents[kind]:
		return d.terminal(data, kind)
	case kind == "error":
		d.done = true
		failure := decodeErrorObject(0, nil, data)
		failure.Usage = d.usage
		return []wirechat.StreamEvent{&wirechat.ErrorEvent{Error: failure}}, nil
	}
	d.conv.Degrade("provider.unmapped", d.at()) // an event type newer than this adapter
	return nil, nil
}

func (d *StreamDecoder) open(item *streamItem, contentIndex string) int64 {
	index := d.nextPart
	item.parts[contentIndex] = index
	d.nextPart++
	return index
}

func (d *StreamDecoder) item(data *obj) *streamItem {
	return d.items[key(member(data, "output_index", int64(-1)))]
}

func (d *StreamDecoder) added(data *obj) ([]wirechat.StreamEvent, error) {
	raw, ok := data.Get("item").(*obj)
	if !ok {
		return nil, shared.Invalid("/item", "response.output_item.added has no item object")
	}
	position := key(member(data, "output_index", int64(len(d.items))))
	kind := kindOf(raw)
	item := &streamItem{kind: kind, parts: map[string]int64{}, annotations: map[string][]any{}}
	d.items[position] = item
	if isCall(kind) {
		part, err := decodeFunctionCall(raw, "/output/"+position, replyStatus)
		if err != nil {
			return nil, err
		}
		call := part.Obj("tool_call")
		d.hasCalls = true
		start := &wirechat.ToolCallStartEvent{Index: d.open(item, "0"), ID: call.Get("id").(string), Name: call.Get("name").(string)}
		return []wirechat.StreamEvent{start}, nil
	}
	return nil, nil // a message opens with its content parts; reasoning and provider-run items arrive whole when done
}

func (d *StreamDecoder) text(data *obj, kind string) ([]wirechat.StreamEvent, error) {
	item := d.item(data)
	if item != nil && item.kind == "reasoning" && kind == "response.content_part.added" {
		return nil, nil // a reasoning_text part: its text is read from the finished item
	}
	if item == nil || item.kind != "message" {
		return nil, shared.Invalid("", "%s: output_index %s is not an open message item", kind, key(data.Get("output_index")))
	}
	contentIndex := key(member(data, "content_index", int64(0)))
	var out []wirechat.StreamEvent
	if _, open := item.parts[contentIndex]; !open {
		out = append(out, &wirechat.TextStartEvent{Index: d.open(item, contentIndex)})
	}
	if delta, ok := data.Get("delta").(string); ok && delta != "" && kind != "response.content_part.added" {
		out = append(out, &wirechat.TextDeltaEvent{Index: item.parts[contentIndex], Text: delta})
	}
	return out, nil
}

func (d *StreamDecoder) arguments(data *obj) ([]wirechat.StreamEvent, error) {
	item := d.item(data)
	if item == nil || !isCall(item.kind) {
		return nil, shared.Invalid("/output_index", "%s is not an open function_call item", key(data.Get("output_index")))
	}
	delta, ok := data.Get("delta").(string)
	if !ok || delta == "" {
		return nil, nil
	}
	item.sentArguments = true
	return []wirechat.StreamEvent{&wirechat.ToolCallDeltaEvent{Index: item.parts["0"], Arguments: delta}}, nil
}

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

func (d *StreamDecoder) terminal(data *obj, kind string) ([]wirechat.StreamEvent, error) {
	d.done, d.finished = true, true
	response, ok := data.Get("response").(*obj)
	if !ok {
		return []wirechat.StreamEvent{cut(kind+" carries no response object", d.usage)}, nil
	}
	for _, where := range presentUnmapped(response, d.at()+"/response", responseShape) {
		d.conv.Degrade("provider.unmapped", where)
	}
	var out []wirechat.StreamEvent
	metadata := metadataOf(response)
	if raw, ok := response.Get("usage").(*obj); ok {
		usage, extra, err := DecodeUsage(raw, "/response/usage")
		if err != nil {
			return nil, err
		}
		d.usage = &usage
		out = append(out, &wirechat.UsageEvent{Usage: usage})
		if extra.Len() > 0 {
			metadata.Set("usage", extra)
		}
	}
	if failed, ok := response.Get("error").(*obj); ok && kind == "response.failed" {
		failure := decodeErrorObject(0, nil, newObj().Set("error", failed))
		failure.Usage = d.usage
		return append(out, &wirechat.ErrorEvent{Error: failure}), nil
	}
	raw, err := rawFinish(response, "/response")
	if err != nil {
		return out, err
	}
	finish := &wirechat.FinishEvent{FinishReason: DecodeFinish(raw, d.hasCalls)}
	if metadata.Len() > 0 {
		finish.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return append(out, finish), nil
}

// Close implements adapters.StreamDecoder: a stream cut before its terminal event ends in an error carrying
// the usage so far.
func (d *StreamDecoder) Close() []wirechat.StreamEvent {
	if d.done {
		return nil
	}
	return d.fail("the stream ended before response.completed (or incomplete, or failed)")
}
