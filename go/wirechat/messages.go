package wirechat

// Build messages, copy them and read them back: the constructors and accessors users reach for first,
// so that callers need not match on the Part union by hand. docs/helpers.md lists the same set in
// Python and TypeScript.

import (
	"reflect"
	"strings"
)

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

// ToolResultMessage returns a tool message that answers one call, or several (the results of parallel
// calls, in order).
func ToolResultMessage(results ...ToolResult) Message {
	parts := make([]Part, len(results))
	for i := range results {
		parts[i] = &ToolResultPart{ToolResult: results[i]}
	}
	return Message{Role: RoleTool, Parts: parts}
}

// ImageMessage returns a message with one image (a *MediaUrl or a *MediaBase64), after text unless
// text is empty.
func ImageMessage(role Role, text string, image MediaRef) Message {
	return withText(role, text, &ImagePart{Image: image})
}

// AudioMessage returns a message with one audio clip, after text unless text is empty.
func AudioMessage(role Role, text string, audio MediaRef) Message {
	return withText(role, text, &AudioPart{Audio: audio})
}

// FileMessage returns a message with one file (a *FileUri, *FileBase64 or *FileId), after text unless
// text is empty.
func FileMessage(role Role, text string, file FileRef) Message {
	return withText(role, text, &FilePart{File: file})
}

// DataMessage returns a message with one data part, after text unless text is empty.
func DataMessage(role Role, text string, data DataRef) Message {
	return withText(role, text, &DataPart{Data: data})
}

func withText(role Role, text string, part Part) Message {
	if text == "" {
		return Message{Role: role, Parts: []Part{part}}
	}
	return Message{Role: role, Parts: []Part{&TextPart{Text: text}, part}}
}

// HasToolCalls reports whether the message calls at least one tool.
func HasToolCalls(m Message) bool {
	for _, part := range m.Parts {
		if p, ok := part.(*ToolCallPart); ok && p != nil {
			return true
		}
	}
	return false
}

// CloneMessage returns a deep copy of m: its parts, their payloads, provider metadata and free-form
// values are all copied, so the copy can be changed without changing m.
func CloneMessage(m Message) Message { return deepCopy(m) }

// CloneMessages returns a deep copy of messages; nil stays nil.
func CloneMessages(messages []Message) []Message { return deepCopy(messages) }

// CloneParts returns a deep copy of parts; nil stays nil.
func CloneParts(parts []Part) []Part { return deepCopy(parts) }

func deepCopy[T any](v T) T {
	out := reflect.New(reflect.TypeFor[T]()).Elem()
	copyValue(out, reflect.ValueOf(&v).Elem())
	return out.Interface().(T)
}

// copyValue copies src into dst (both of one type), following pointers, slices, maps and interfaces.
func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			dst.Set(reflect.New(src.Type().Elem()))
			copyValue(dst.Elem(), src.Elem())
		}
	case reflect.Interface:
		if !src.IsNil() {
			inner := reflect.New(src.Elem().Type()).Elem()
			copyValue(inner, src.Elem())
			dst.Set(inner)
		}
	case reflect.Slice:
		if !src.IsNil() {
			dst.Set(reflect.MakeSlice(src.Type(), src.Len(), src.Len()))
			for i := range src.Len() {
				copyValue(dst.Index(i), src.Index(i))
			}
		}
	case reflect.Map:
		if !src.IsNil() {
			dst.Set(reflect.MakeMapWithSize(src.Type(), src.Len()))
			for _, key := range src.MapKeys() {
				value := reflect.New(src.Type().Elem()).Elem()
				copyValue(value, src.MapIndex(key))
				dst.SetMapIndex(key, value)
			}
		}
	case reflect.Struct:
		for i := range src.NumField() {
			copyValue(dst.Field(i), src.Field(i))
		}
	default:
		dst.Set(src)
	}
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
