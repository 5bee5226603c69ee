// Package wirechat is the Go side of wirechat, one wire format for LLM conversations: messages, tool
// calls and results, reasoning, streams, usage and errors, the same in Go, Python and TypeScript.
//
// The types are generated from the JSON Schema in schema/v1 (the one source of truth); this package
// re-exports them and adds the behaviour:
//
//   - Decode reads a document with every check of the spec (schema/README.md) and reports each
//     problem as a JSON pointer and a message (*WireError);
//   - Validate checks a value built in Go; Encode writes compact JSON with only the members that are
//     set; Canonical writes RFC 8785 bytes, the form in which documents are compared;
//   - AddUsage and SumUsage total token usage; MessageText, ReasoningText, ToolCalls and ToolResults
//     read a message; BuildArguments and ParseArguments cross between Go values and the JSON text of
//     a tool call's arguments.
//
// How the schema maps to Go: an object is a struct whose optional members are pointers (absent and
// zero stay different) or nil slices, maps and raw JSON; a tagged union (Part, ContentPart,
// StreamEvent, ToolChoice, ResponseFormat, MediaRef, FileRef) is a sealed interface implemented by
// pointers to its variants, so a type switch covers it; a string enum is a named string type with
// constants; JsonValue and JsonObject keep the raw JSON bytes; integers are int64.
//
//	msg := wirechat.Message{Role: wirechat.RoleUser, Parts: []wirechat.Part{&wirechat.TextPart{Text: "Hi"}}}
//	data, err := wirechat.Encode(msg)              // {"role":"user","parts":[{"type":"text","text":"Hi"}]}
//	back, err := wirechat.Decode[wirechat.Message](data)
//	for _, part := range back.Parts {
//		switch p := part.(type) {
//		case *wirechat.TextPart:
//			fmt.Println(p.Text)
//		case *wirechat.ToolCallPart:
//			fmt.Println(p.ToolCall.Name)
//		}
//	}
package wirechat
