package wirechat

// Build messages and read them back: the constructors and accessors users reach for first, so that
// callers need not match on the Part union by hand.

import "strings"

// TextMessage returns a message with one text part.
func TextMessage(role Role, text string) Message {
	return Message{Role: role, Parts: []Part{&TextPart{Text: text}}}
}

// ToolCallMessage returns an assistant message that calls tools (several calls are parallel calls).
func ToolCallMessage(calls ...ToolCall) Message {
	parts := make([]Part, len(calls))
	for i := range calls {
		parts[i] = &ToolCallPart{ToolCall: calls[i]}
	}
	return Message{Role: RoleAssistant, Parts: parts}
}

// ToolResultMessage returns a tool message that answers one call.
func ToolResultMessage(result ToolResult) Message {
	return Message{Role: RoleTool, Parts: []Part{&ToolResultPart{ToolResult: result}}}
}

// MessageText returns the text of a message: its text parts, concatenated in order. Reasoning is not
// text (see ReasoningText).
func MessageText(m Message) string {
	var b strings.Builder
	for _, part := range m.Parts {
		if p, ok := part.(*TextPart); ok && p != nil {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// ReasoningText returns the readable reasoning of a message, concatenated in order; redacted or
// signature-only reasoning adds nothing.
func ReasoningText(m Message) string {
	var b strings.Builder
	for _, part := range m.Parts {
		if p, ok := part.(*ReasoningPart); ok && p != nil && p.Reasoning.Text != nil {
			b.WriteString(*p.Reasoning.Text)
		}
	}
	return b.String()
}

// ToolCalls returns the tool calls of a message, in order.
func ToolCalls(m Message) []ToolCall {
	var calls []ToolCall
	for _, part := range m.Parts {
		if p, ok := part.(*ToolCallPart); ok && p != nil {
			calls = append(calls, p.ToolCall)
		}
	}
	return calls
}

// ToolResults returns the tool results of a message, in order.
func ToolResults(m Message) []ToolResult {
	var results []ToolResult
	for _, part := range m.Parts {
		if p, ok := part.(*ToolResultPart); ok && p != nil {
			results = append(results, p.ToolResult)
		}
	}
	return results
}
