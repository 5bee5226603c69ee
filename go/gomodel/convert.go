package gomodel

// The public functions: by Kind on JSON bytes (ToWirechat, FromWirechat), and typed pairs per kind.

import (
	"encoding/json"
	"fmt"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Kind names a go-model document kind.
type Kind string

// The document kinds.
const (
	KindMessage        Kind = "message"         // a Message
	KindMessages       Kind = "messages"        // a []Message
	KindToolDefinition Kind = "tool_definition" // a ToolDefinition
	KindUsage          Kind = "usage"           // a TokenUsage
	KindRequest        Kind = "request"         // {model?, messages, tools?}, a []Message or a Message
	KindResponse       Kind = "response"        // {message, finish_reason?, usage?}
	KindStream         Kind = "stream"          // a JSON array of Records
)

// ToWirechat converts a go-model document of kind to wirechat JSON (compact, validated; for
// KindMessages and KindStream a JSON array of documents).
func ToWirechat(kind Kind, data []byte) ([]byte, error) {
	if kind == KindStream {
		var records []Record
		if err := json.Unmarshal(data, &records); err != nil {
			return nil, errorf("", "a stream is an array of {\"event\", \"data\"} records: %v", err)
		}
		events, err := StreamToWirechat(records)
		if err != nil {
			return nil, err
		}
		return encodeAll(events)
	}
	switch kind {
	case KindMessage:
		return encodeOne(MessageToWirechat(data))
	case KindMessages:
		messages, err := MessagesToWirechat(data)
		if err != nil {
			return nil, err
		}
		return encodeAll(messages)
	case KindToolDefinition:
		return encodeOne(ToolDefinitionToWirechat(data))
	case KindUsage:
		return encodeOne(TokenUsageToWirechat(data))
	case KindRequest:
		return encodeOne(RequestToWirechat(data))
	case KindResponse:
		return encodeOne(ResponseToWirechat(data))
	}
	return nil, fmt.Errorf("gomodel: unknown kind %q", kind)
}

func encodeOne[T any](value T, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return wirechat.Encode(&value)
}

func encodeAll[T any](values []T) ([]byte, error) {
	out := make([]json.RawMessage, len(values))
	for i := range values {
		data, err := wirechat.Encode(values[i])
		if err != nil {
			return nil, err
		}
		out[i] = data
	}
	return json.Marshal(out)
}

// FromWirechat converts a wirechat document of kind (validated first) to go-model JSON, with the
// degradations applied; a *Refused error when go-model cannot say it.
func FromWirechat(kind Kind, data []byte) ([]byte, []Warning, error) {
	var out any
	var warnings []Warning
	var err error
	switch kind {
	case KindMessage:
		out, warnings, err = viaTree[wirechat.Message](data, func(v any, c *conversion) (any, error) {
			return messageFromWirechat(v.(object), "", c)
		})
	case KindMessages:
		var raws []json.RawMessage
		if err := json.Unmarshal(data, &raws); err != nil {
			return nil, nil, errorf("", "expected an array of messages: %v", err)
		}
		messages := make([]any, len(raws))
		for i, raw := range raws {
			var more []Warning
			messages[i], more, err = viaTree[wirechat.Message](raw, func(v any, c *conversion) (any, error) {
				return messageFromWirechat(v.(object), "/"+itoa(i), c)
			})
			if err != nil {
				return nil, nil, err
			}
			warnings = append(warnings, more...)
		}
		out = messages
	case KindToolDefinition:
		out, warnings, err = viaTree[wirechat.ToolDefinition](data, func(v any, c *conversion) (any, error) {
			return toolFromWirechat(v.(object), "", c), nil
		})
	case KindUsage:
		out, warnings, err = viaTree[wirechat.TokenUsage](data, func(v any, c *conversion) (any, error) {
			return usageFromWirechat(v.(object), "", c), nil
		})
	case KindRequest:
		out, warnings, err = viaTree[wirechat.ChatRequest](data, func(v any, c *conversion) (any, error) {
			body, more, err := requestFromWirechat(v.(object))
			c.warnings = more
			return body, err
		})
	case KindResponse:
		out, warnings, err = viaTree[wirechat.ChatResponse](data, func(v any, c *conversion) (any, error) {
			body, more, err := responseFromWirechat(v.(object))
			c.warnings = more
			return body, err
		})
	case KindStream:
		var raws []json.RawMessage
		if err := json.Unmarshal(data, &raws); err != nil {
			return nil, nil, errorf("", "expected an array of stream events: %v", err)
		}
		events := make([]wirechat.StreamEvent, len(raws))
		for i, raw := range raws {
			if events[i], err = wirechat.Decode[wirechat.StreamEvent](raw); err != nil {
				return nil, nil, err
			}
		}
		var records []Record
		records, warnings, err = StreamFromWirechat(events)
		out = records
	default:
		return nil, nil, fmt.Errorf("gomodel: unknown kind %q", kind)
	}
	if err != nil {
		return nil, nil, err
	}
	encoded, err := write(out)
	return encoded, warnings, err
}

// viaTree validates data as the wirechat type T and converts its tree with convert.
func viaTree[T any](data []byte, convert func(any, *conversion) (any, error)) (any, []Warning, error) {
	if _, err := wirechat.Decode[T](data); err != nil {
		return nil, nil, err
	}
	v, err := parseChecked(data)
	if err != nil {
		return nil, nil, err
	}
	c := &conversion{}
	out, err := convert(v, c)
	return out, c.warnings, err
}
