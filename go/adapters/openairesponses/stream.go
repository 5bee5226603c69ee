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
