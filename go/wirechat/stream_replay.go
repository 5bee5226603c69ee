package wirechat

// EventsFromResponse: a whole response as the stream of events that folds back to it (Python's
// wirechat.stream.events_from_response), for a source that answers in one piece but is read as a stream
// (a QueryMT plugin's chat export, a stored reply).

import (
	"errors"
	"unicode/utf8"
)

// fragments cuts text into pieces of at most size characters, never inside a UTF-8 sequence (an invalid
// byte counts as one character, so the pieces always join back to text byte for byte).
func fragments(text string, size int) []string {
	var out []string
	for len(text) > 0 {
		cut := 0
		for n := 0; n < size && cut < len(text); n++ {
			_, width := utf8.DecodeRuneInString(text[cut:])
			cut += width
		}
		out = append(out, text[:cut])
		text = text[cut:]
	}
	return out
}

// EventsFromResponse is a well-formed stream that folds back to response: text, reasoning and tool-call
// arguments cut into fragments of fragmentSize characters. The message must be a plain assistant message
// (no id, name or provider_metadata of its own), as the fold law requires.
func EventsFromResponse(response ChatResponse, fragmentSize int) ([]StreamEvent, error) {
	message := response.Message
	if message.Role != RoleAssistant || message.ID != nil || message.Name != nil || message.ProviderMetadata != nil {
		return nil, errors.New("only a plain assistant message (no id, name or provider_metadata) can be streamed")
	}
	var events []StreamEvent
	if response.ID != nil || response.Model != nil {
		events = append(events, &StartEvent{ID: response.ID, Model: response.Model})
	}
	for i, part := range message.Parts {
		index := int64(i)
		switch p := part.(type) {
		case *TextPart:
			events = append(events, &TextStartEvent{Index: index})
			for _, piece := range fragments(p.Text, fragmentSize) {
				events = append(events, &TextDeltaEvent{Index: index, Text: piece})
			}
			events = append(events, &TextEndEvent{Index: index, Citations: p.Citations, ProviderMetadata: p.ProviderMetadata})
		case *ReasoningPart:
			r := p.Reasoning
			events = append(events, &ReasoningStartEvent{Index: index, Issuer: r.Issuer, RedactedData: r.RedactedData})
			if r.Text != nil {
				pieces := fragments(*r.Text, fragmentSize)
				if len(pieces) == 0 {
					pieces = []string{""}
				}
				for _, piece := range pieces {
					events = append(events, &ReasoningDeltaEvent{Index: index, Text: &piece})
				}
			}
			if r.Signature != nil {
				for _, piece := range fragments(*r.Signature, fragmentSize) {
					events = append(events, &ReasoningDeltaEvent{Index: index, Signature: &piece})
				}
			}
			events = append(events, &ReasoningEndEvent{Index: index, ProviderMetadata: p.ProviderMetadata})
		case *ToolCallPart:
			call := p.ToolCall
			events = append(events, &ToolCallStartEvent{Index: index, ID: call.ID, Name: call.Name})
			for _, piece := range fragments(call.Arguments, fragmentSize) {
				events = append(events, &ToolCallDeltaEvent{Index: index, Arguments: piece})
			}
			events = append(events, &ToolCallEndEvent{Index: index, ProviderMetadata: p.ProviderMetadata})
		default:
			events = append(events, &PartEvent{Index: index, Part: part})
		}
	}
	if response.Usage != nil {
		events = append(events, &UsageEvent{Usage: *response.Usage})
	}
	return append(events, &FinishEvent{FinishReason: response.FinishReason, ProviderMetadata: response.ProviderMetadata}), nil
}
