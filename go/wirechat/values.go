package wirechat

// Helpers for building wire values from ordinary Go values: Ptr for the optional fields (they are
// pointers, nil when absent), and JSON / ToJSON for the free-form members (JsonObject and JsonValue keep
// raw JSON bytes, so a map literal does not compile where one is expected):
//
//	request := wirechat.ChatRequest{
//		Model:    wirechat.Ptr("gpt-4.1"),
//		Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris?")},
//		Options:  &wirechat.ChatOptions{MaxTokens: wirechat.Ptr[int64](200)},
//	}
//	tool := wirechat.ToolDefinition{Name: "get_weather", InputSchema: wirechat.JSON(map[string]any{
//		"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}},
//	})}

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Ptr is a pointer to a copy of v, for the optional fields: Temperature: wirechat.Ptr(0.2).
func Ptr[T any](v T) *T { return &v }

// JSON is v written as a JSON object (a map, a struct with json tags, json.RawMessage ...), for the
// JsonObject members such as ToolDefinition.InputSchema. It panics when v is not a JSON object or
// cannot be written (as regexp.MustCompile does): use it for values written in the code, ToJSON for
// values that arrive at run time.
func JSON(v any) JsonObject {
	object, err := ToJSON(v)
	if err != nil {
		panic(err)
	}
	return object
}

// ToJSON is v written as a JSON object, or an error saying why it is not one.
func ToJSON(v any) (JsonObject, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("wirechat: %T cannot be written as JSON: %w", v, err)
	}
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, fmt.Errorf("wirechat: a JsonObject must be a JSON object, and %T writes %.40s", v, data)
	}
	return JsonObject(data), nil
}

// JSONValue is v written as any JSON value (a DataPart's data, a tool-call argument), or an error.
func JSONValue(v any) (JsonValue, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("wirechat: %T cannot be written as JSON: %w", v, err)
	}
	return JsonValue(data), nil
}
