package gomodel

// Typed pairs per kind: go-model JSON bytes in, wirechat values out, and back.

import "github.com/wirechat/wirechat/go/wirechat"

// MessageToWirechat reads one go-model Message.
func MessageToWirechat(data []byte) (wirechat.Message, error) {
	return typedTo[wirechat.Message](KindMessage, data)
}

// MessagesToWirechat reads a stored []Message.
func MessagesToWirechat(data []byte) ([]wirechat.Message, error) {
	v, err := parse(data)
	if err != nil {
		return nil, err
	}
	list, ok := v.([]any)
	if !ok {
		return nil, errorf("", "expected an array of messages, got %s", kindOf(v))
	}
	out := make([]wirechat.Message, len(list))
	for i, m := range list {
		converted, err := messageToWirechat(m, "/"+itoa(i))
		if err != nil {
			return nil, err
		}
		if out[i], err = checked[wirechat.Message](converted); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ToolDefinitionToWirechat reads a go-model ToolDefinition.
func ToolDefinitionToWirechat(data []byte) (wirechat.ToolDefinition, error) {
	return typedTo[wirechat.ToolDefinition](KindToolDefinition, data)
}

// TokenUsageToWirechat reads a go-model TokenUsage.
func TokenUsageToWirechat(data []byte) (wirechat.TokenUsage, error) {
	return typedTo[wirechat.TokenUsage](KindUsage, data)
}

// RequestToWirechat reads a go-model request document, a []Message or a Message.
func RequestToWirechat(data []byte) (wirechat.ChatRequest, error) {
	return typedTo[wirechat.ChatRequest](KindRequest, data)
}

// ResponseToWirechat reads a go-model response document.
func ResponseToWirechat(data []byte) (wirechat.ChatResponse, error) {
	return typedTo[wirechat.ChatResponse](KindResponse, data)
}

// StreamToWirechat reads a go-model stream: the canonical events, ending in a finish or an error.
func StreamToWirechat(records []Record) ([]wirechat.StreamEvent, error) {
	events, err := streamToWirechat(records)
	if err != nil {
		return nil, err
	}
	out := make([]wirechat.StreamEvent, len(events))
	for i, e := range events {
		if out[i], err = checked[wirechat.StreamEvent](e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func typedTo[T any](kind Kind, data []byte) (T, error) {
	var zero T
	v, err := parse(data)
	if err != nil {
		return zero, err
	}
	var converted object
	switch kind {
	case KindMessage:
		converted, err = messageToWirechat(v, "")
	case KindToolDefinition:
		converted, err = toolToWirechat(v, "")
	case KindUsage:
		converted, err = usageToWirechat(v, "")
	case KindRequest:
		converted, err = requestToWirechat(v)
	default:
		converted, err = responseToWirechat(v)
	}
	if err != nil {
		return zero, err
	}
	return checked[T](converted)
}

// MessageFromWirechat writes m as go-model JSON.
func MessageFromWirechat(m wirechat.Message) ([]byte, []Warning, error) {
	return typedFrom(KindMessage, &m)
}

// MessagesFromWirechat writes messages as a go-model []Message.
func MessagesFromWirechat(messages []wirechat.Message) ([]byte, []Warning, error) {
	c := &conversion{}
	out := make([]any, len(messages))
	for i := range messages {
		v, err := tree(&messages[i])
		if err != nil {
			return nil, nil, err
		}
		if out[i], err = messageFromWirechat(v.(object), "/"+itoa(i), c); err != nil {
			return nil, nil, err
		}
	}
	data, err := write(out)
	return data, c.warnings, err
}

// ToolDefinitionFromWirechat writes t as a go-model ToolDefinition.
func ToolDefinitionFromWirechat(t wirechat.ToolDefinition) ([]byte, []Warning, error) {
	return typedFrom(KindToolDefinition, &t)
}

// TokenUsageFromWirechat writes u as a go-model TokenUsage.
func TokenUsageFromWirechat(u wirechat.TokenUsage) ([]byte, []Warning, error) {
	return typedFrom(KindUsage, &u)
}

// RequestFromWirechat writes r as a go-model request document.
func RequestFromWirechat(r wirechat.ChatRequest) ([]byte, []Warning, error) {
	return typedFrom(KindRequest, &r)
}

// ResponseFromWirechat writes r as a go-model response document.
func ResponseFromWirechat(r wirechat.ChatResponse) ([]byte, []Warning, error) {
	return typedFrom(KindResponse, &r)
}

// StreamFromWirechat writes canonical events as go-model Records.
func StreamFromWirechat(events []wirechat.StreamEvent) ([]Record, []Warning, error) {
	trees := make([]any, len(events))
	for i, e := range events {
		var err error
		if trees[i], err = tree(e); err != nil {
			return nil, nil, err
		}
	}
	return streamFromWirechat(trees)
}

func typedFrom(kind Kind, v any) ([]byte, []Warning, error) {
	data, err := wirechat.Encode(v)
	if err != nil {
		return nil, nil, err
	}
	return FromWirechat(kind, data)
}
