package gomodel

// Streams: Records <-> canonical stream events. The SDK streams StreamChunks (role, content, whole
// tool calls, finish_reason; all omitempty) and reports usage as a TokenUsage beside them. A Record is
// one of them: Event nil (or "chunk") with a StreamChunk, "usage" with a TokenUsage, "error" with
// {"error": message}; the same framing as the Python adapter's server-sent events.

import "encoding/json"

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
	out      []any
}

func streamToWirechat(records []Record) ([]any, error) {
	d := &streamDecoder{openText: -1}
	for i, record := range records {
		at := "/" + itoa(i)
		if d.done {
			return nil, errorf(at, "an event after the stream's error")
		}
		data, err := parse(record.Data)
		if err != nil {
			return nil, err
		}
		event := ""
		if record.Event != nil {
			event = *record.Event
		}
		switch event {
		case "usage":
			usage, err := usageToWirechat(data, at+"/data")
			if err != nil {
				return nil, err
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
			if err := d.chunk(data, at+"/data"); err != nil {
				return nil, err
			}
		default:
			return nil, errorf(at+"/event", "unknown event %q (chunk, usage or error)", event)
		}
	}
	if !d.done {
		d.closeText()
		if d.finish == nil {
			d.out = append(d.out, object{"type": "error", "error": object{"kind": "invalid_response", "message": "the stream ended without a finish_reason", "retryable": false}})
		} else {
			d.out = append(d.out, object{"type": "finish", "finish_reason": finishToWirechat(*d.finish, true, d.hasCalls)})
		}
	}
	return d.out, nil
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

func streamFromWirechat(events []any) ([]Record, []Warning, error) {
	c := &conversion{}
	var out []Record
	calls := map[string]seed{}
	reasoning := map[string]object{}
	emit := func(event string, v any) error {
		data, err := write(v)
		if err != nil {
			return err
		}
		record := Record{Data: data}
		if event != "" {
			record.Event = &event
		}
		out = append(out, record)
		return nil
	}
	for _, raw := range events {
		e := raw.(object)
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
		var err error
		switch kind {
		case "start":
			for _, member := range []string{"id", "model"} {
				if _, ok := e[member]; ok {
					c.degrade("response."+member, at+"/"+member)
				}
			}
		case "text_delta":
			if text := e["text"].(string); text != "" {
				err = emit("", seed{"content": text})
			}
		case "tool_call_start":
			calls[index] = seed{"id": e["id"], "name": e["name"], "arguments": ""}
		case "tool_call_delta":
			calls[index]["arguments"] = calls[index]["arguments"].(string) + e["arguments"].(string)
		case "tool_call_end":
			err = emit("", seed{"tool_calls": []any{calls[index]}})
			delete(calls, index)
		case "reasoning_start":
			state := object{}
			for _, member := range []string{"issuer", "redacted_data"} {
				if v, ok := e[member]; ok {
					state[member] = v
				}
			}
			reasoning[index] = state
		case "reasoning_delta":
			for _, member := range []string{"text", "signature"} {
				if v, ok := e[member].(string); ok {
					previous, _ := reasoning[index][member].(string)
					reasoning[index][member] = previous + v
				}
			}
		case "reasoning_end":
			c.degrade(reasoningFeature(reasoning[index]), at)
			delete(reasoning, index)
		case "part":
			return nil, nil, refuse("response.part_unsupported", at)
		case "usage":
			err = emit("usage", usageFromWirechat(e["usage"].(object), "/usage", c))
		case "finish":
			if meta, ok := e["provider_metadata"].(object); ok && len(meta) > 0 {
				c.degrade("response.provider_metadata.foreign", at+"/provider_metadata")
			}
			err = emit("", seed{"finish_reason": finishFromWirechat(e["finish_reason"].(object), "/finish_reason", c)})
		case "error":
			err = emit("error", seed{"error": e["error"].(object)["message"]})
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return out, c.warnings, nil
}
