package gomodel

// Streams: Records <-> canonical stream events. The SDK streams StreamChunks (role, content, whole
// tool calls, finish_reason; all omitempty) and reports usage as a TokenUsage beside them. A Record is
// one of them: Event nil (or "chunk") with a StreamChunk, "usage" with a TokenUsage, "error" with
// {"error": message}; the same framing as the Python adapter's server-sent events.

import (
	"encoding/json"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Record is one element of a go-model stream.
type Record struct {
	Event *string         `json:"event"`
	Data  json.RawMessage `json:"data"`
}

type streamDecoder struct {
	next     int
	openText int // -1 when no text part is open
	hasCalls bool
	finish   *string
	done     bool
	count    int // records fed so far
	out      []any
}

// StreamDecoder reads a go-model stream record by record (StreamToWirechat is the one-call form).
type StreamDecoder struct{ d streamDecoder }

// NewStreamDecoder is a decoder for one stream.
func NewStreamDecoder() *StreamDecoder { return &StreamDecoder{d: streamDecoder{openText: -1}} }

// Feed is the canonical events one record yields; an *Error (its pointer /<record>/...) for a record
// wirechat cannot hold or that is not a go-model stream record.
func (s *StreamDecoder) Feed(record Record) ([]wirechat.StreamEvent, error) {
	if err := s.d.feed(record); err != nil {
		return nil, err
	}
	return s.d.take()
}

// Close is the events still owed at the end of the stream: the open text's end, then the finish (or an
// invalid_response error when no chunk gave a finish_reason); none after an error record.
func (s *StreamDecoder) Close() ([]wirechat.StreamEvent, error) {
	s.d.close()
	return s.d.take()
}

// take is the events decoded since the last take, checked as wirechat.
func (d *streamDecoder) take() ([]wirechat.StreamEvent, error) {
	out := make([]wirechat.StreamEvent, len(d.out))
	for i, e := range d.out {
		var err error
		if out[i], err = checked[wirechat.StreamEvent](e); err != nil {
			return nil, err
		}
	}
	d.out = nil
	return out, nil
}

func streamToWirechat(records []Record) ([]any, error) {
	d := &streamDecoder{openText: -1}
	for _, record := range records {
		if err := d.feed(record); err != nil {
			return nil, err
		}
	}
	d.close()
	return d.out, nil
}

func (d *streamDecoder) feed(record Record) error {
	at := "/" + itoa(d.count)
	d.count++
	if d.done {
		return errorf(at, "an event after the stream's error")
	}
	data, err := parse(record.Data)
	if err != nil {
		return err
	}
	event := ""
	if record.Event != nil {
		event = *record.Event
	}
	switch event {
	case "usage":
		usage, err := usageToWirechat(data, at+"/data")
		if err != nil {
			return err
		}
		d.out = append(d.out, object{"type": "usage", "usage": usage})
	case "error":
		body, _ := data.(object)
		message, _ := body["error"].(string)
		if message == "" {
			message = "stream failed"
		}
		d.closeText()
		d.out = append(d.out, object{"type": "error", "error": object{"kind": "provider", "message": message, "retryable": true}})
		d.done = true
	case "", "chunk":
		return d.chunk(data, at+"/data")
	default:
		return errorf(at+"/event", "unknown event %q (chunk, usage or error)", event)
	}
	return nil
}

func (d *streamDecoder) close() {
	if d.done {
		return
	}
	d.done = true
	d.closeText()
	if d.finish == nil {
		d.out = append(d.out, object{"type": "error", "error": object{"kind": "invalid_response", "message": "the stream ended without a finish_reason", "retryable": false}})
	} else {
		d.out = append(d.out, object{"type": "finish", "finish_reason": finishToWirechat(*d.finish, true, d.hasCalls)})
	}
}

func (d *streamDecoder) closeText() {
	if d.openText >= 0 {
		d.out = append(d.out, object{"type": "text_end", "index": d.openText})
		d.openText = -1
	}
}

func (d *streamDecoder) chunk(v any, at string) error {
	chunk, err := readObject(v, at)
	if err != nil {
		return err
	}
	if err := expectMembers(chunk, []string{"role", "content", "tool_calls", "finish_reason"}, at, "StreamChunk"); err != nil {
		return err
	}
	role, _, err := readString(chunk, "role", at)
	if err != nil {
		return err
	}
	if role != "" && role != "assistant" {
		return errorf(at+"/role", "a streamed reply is the assistant's, got %q", role)
	}
	content, _, err := readString(chunk, "content", at)
	if err != nil {
		return err
	}
	if content != "" {
		if d.openText < 0 {
			d.openText, d.next = d.next, d.next+1
			d.out = append(d.out, object{"type": "text_start", "index": d.openText})
		}
		d.out = append(d.out, object{"type": "text_delta", "index": d.openText, "text": content})
	}
	var calls []any
	switch c := chunk["tool_calls"].(type) {
	case nil:
	case []any:
		calls = c
	default:
		return errorf(at+"/tool_calls", "expected an array")
	}
	if len(calls) > 0 {
		d.closeText()
	}
	for i, raw := range calls {
		callAt := at + "/tool_calls/" + itoa(i)
		o, err := readObject(raw, callAt)
		if err != nil {
			return err
		}
		call, err := toolCallToWirechat(o, callAt)
		if err != nil {
			return err
		}
		index := d.next
		d.next++
		d.hasCalls = true
		d.out = append(d.out, object{"type": "tool_call_start", "index": index, "id": call["id"], "name": call["name"]})
		if call["arguments"] != "" {
			d.out = append(d.out, object{"type": "tool_call_delta", "index": index, "arguments": call["arguments"]})
		}
		d.out = append(d.out, object{"type": "tool_call_end", "index": index})
	}
	finish, present, err := readString(chunk, "finish_reason", at)
	if err != nil {
		return err
	}
	if present {
		d.finish = &finish
	}
	return nil
}

// streamEncoder holds what an encoding carries from one event to the next: the tool calls and reasoning
// being assembled (by index) and the warnings.
type streamEncoder struct {
	c         conversion
	calls     map[string]seed
	reasoning map[string]object
}

// StreamEncoder writes canonical events as go-model Records one by one (StreamFromWirechat is the
// one-call form).
type StreamEncoder struct{ e streamEncoder }

// NewStreamEncoder is an encoder for one stream.
func NewStreamEncoder() *StreamEncoder {
	return &StreamEncoder{e: streamEncoder{calls: map[string]seed{}, reasoning: map[string]object{}}}
}

// Feed is the records one canonical event becomes (often none); a *Refused for a whole part (image,
// file ...), which a StreamChunk cannot hold.
func (s *StreamEncoder) Feed(event wirechat.StreamEvent) ([]Record, error) {
	v, err := tree(event)
	if err != nil {
		return nil, err
	}
	return s.e.feed(v.(object))
}

// Warnings are the degradations applied so far.
func (s *StreamEncoder) Warnings() []Warning { return s.e.c.warnings }

func streamFromWirechat(events []any) ([]Record, []Warning, error) {
	e := streamEncoder{calls: map[string]seed{}, reasoning: map[string]object{}}
	var out []Record
	for _, raw := range events {
		records, err := e.feed(raw.(object))
		if err != nil {
			return nil, nil, err
		}
		out = append(out, records...)
	}
	return out, e.c.warnings, nil
}

func record(event string, v any) (Record, error) {
	data, err := write(v)
	if err != nil {
		return Record{}, err
	}
	out := Record{Data: data}
	if event != "" {
		out.Event = &event
	}
	return out, nil
}

func (s *streamEncoder) feed(e object) ([]Record, error) {
	c := &s.c
	kind := e["type"].(string)
	at := "/" + kind
	index := ""
	if n, ok := e["index"].(json.Number); ok {
		index = string(n)
		at += "/" + index
	}
	if meta, ok := e["provider_metadata"].(object); ok && len(meta) > 0 && len(kind) > 4 && kind[len(kind)-4:] == "_end" {
		c.degrade("part.provider_metadata", at+"/provider_metadata")
	}
	emit := func(event string, v any) ([]Record, error) {
		one, err := record(event, v)
		if err != nil {
			return nil, err
		}
		return []Record{one}, nil
	}
	switch kind {
	case "start":
		for _, member := range []string{"id", "model"} {
			if _, ok := e[member]; ok {
				c.degrade("response."+member, at+"/"+member)
			}
		}
	case "text_delta":
		if text := e["text"].(string); text != "" {
			return emit("", seed{"content": text})
		}
	case "tool_call_start":
		s.calls[index] = seed{"id": e["id"], "name": e["name"], "arguments": ""}
	case "tool_call_delta":
		s.calls[index]["arguments"] = s.calls[index]["arguments"].(string) + e["arguments"].(string)
	case "tool_call_end":
		call := s.calls[index]
		delete(s.calls, index)
		return emit("", seed{"tool_calls": []any{call}})
	case "reasoning_start":
		state := object{}
		for _, member := range []string{"issuer", "redacted_data"} {
			if v, ok := e[member]; ok {
				state[member] = v
			}
		}
		s.reasoning[index] = state
	case "reasoning_delta":
		for _, member := range []string{"text", "signature"} {
			if v, ok := e[member].(string); ok {
				previous, _ := s.reasoning[index][member].(string)
				s.reasoning[index][member] = previous + v
			}
		}
	case "reasoning_end":
		c.degrade(reasoningFeature(s.reasoning[index]), at)
		delete(s.reasoning, index)
	case "part":
		return nil, refuse("response.part_unsupported", at)
	case "usage":
		return emit("usage", usageFromWirechat(e["usage"].(object), "/usage", c))
	case "finish":
		if meta, ok := e["provider_metadata"].(object); ok && len(meta) > 0 {
			c.degrade("response.provider_metadata.foreign", at+"/provider_metadata")
		}
		return emit("", seed{"finish_reason": finishFromWirechat(e["finish_reason"].(object), "/finish_reason", c)})
	case "error":
		return emit("error", seed{"error": e["error"].(object)["message"]})
	}
	return nil, nil
}
