package gomodel

// Parsed JSON trees and checked reads that name the JSON pointer of whatever is wrong. Numbers stay
// json.Number, so free-form values (DataRef values, input schemas) keep their literal text.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/wirechat"
)

type object = map[string]any

// parse reads one I-JSON text (wirechat's rules: no duplicate members, no lone surrogates, safe
// integers ...) into a tree.
func parse(data []byte) (any, error) {
	if _, err := wirechat.Decode[wirechat.JsonValue](data); err != nil {
		return nil, err
	}
	return parseChecked(data)
}

// parseChecked reads a text already checked as I-JSON (by wirechat's decoder or encoder).
func parseChecked(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, errorf("", "not JSON: %v", err)
	}
	return v, nil
}

// write is compact JSON as encoding/json writes it (<, > and & escaped, as the SDK's documents have
// them; the same JSON text under JCS), seed objects in field order, other objects with sorted keys.
func write(v any) ([]byte, error) { return appendJSON(nil, v) }

func appendJSON(buf []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(buf, "null"...), nil
	case bool:
		return strconv.AppendBool(buf, x), nil
	case string:
		return appendString(buf, x)
	case json.Number:
		return append(buf, x...), nil
	case int64:
		return strconv.AppendInt(buf, x, 10), nil
	case int:
		return strconv.AppendInt(buf, int64(x), 10), nil
	case seed:
		return x.appendTo(buf)
	case object:
		keys := make([]string, 0, len(x))
		for key := range x {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		return appendMembers(buf, keys, x)
	case []any:
		buf = append(buf, '[')
		for i, item := range x {
			if i > 0 {
				buf = append(buf, ',')
			}
			var err error
			if buf, err = appendJSON(buf, item); err != nil {
				return nil, err
			}
		}
		return append(buf, ']'), nil
	}
	data, err := json.Marshal(v)
	return append(buf, data...), err
}

func appendMembers(buf []byte, keys []string, members map[string]any) ([]byte, error) {
	buf = append(buf, '{')
	for i, key := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = appendString(buf, key); err != nil {
			return nil, err
		}
		buf = append(buf, ':')
		if buf, err = appendJSON(buf, members[key]); err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

// appendString writes plain printable ASCII directly and leaves every other string to encoding/json,
// so that escapes are exactly the ones it writes.
func appendString(buf []byte, s string) ([]byte, error) {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			data, err := json.Marshal(s)
			return append(buf, data...), err
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"'), nil
}

// tree turns a wirechat value into a tree (through its canonical encoding).
func tree(v any) (any, error) {
	data, err := wirechat.Encode(v)
	if err != nil {
		return nil, err
	}
	return parseChecked(data)
}

// checked validates a canonical tree as the wirechat type T.
func checked[T any](v any) (T, error) {
	data, err := write(v)
	if err != nil {
		var zero T
		return zero, err
	}
	return wirechat.Decode[T](data)
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case []any:
		return "an array"
	case object:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func readObject(v any, at string) (object, error) {
	o, ok := v.(object)
	if !ok {
		return nil, errorf(at, "expected an object, got %s", kindOf(v))
	}
	return o, nil
}

// readString returns o[key] and whether it is present; a present non-string is an error.
func readString(o object, key, at string) (string, bool, error) {
	v, ok := o[key]
	if !ok {
		return "", false, nil
	}
	s, isString := v.(string)
	if !isString {
		return "", false, errorf(at+"/"+key, "expected a string, got %s", kindOf(v))
	}
	return s, true, nil
}

func requireString(o object, key, at string) (string, error) {
	s, ok, err := readString(o, key, at)
	if err == nil && !ok {
		err = errorf(at+"/"+key, "required member is missing")
	}
	return s, err
}

func expectMembers(o object, allowed []string, at, typeName string) error {
	keys := make([]string, 0, len(o))
	for key := range o {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, key := range keys {
		if !slices.Contains(allowed, key) {
			return errorf(at+"/"+key, "%s has no member %q (it has %s)", typeName, key, strings.Join(allowed, ", "))
		}
	}
	return nil
}

func itoa(i int) string { return strconv.Itoa(i) }

const maxSafe = 1<<53 - 1

// readCount reads an integer count in 0 .. 2^53-1 (absent is 0).
func readCount(o object, key, at string) (int64, error) {
	v, ok := o[key]
	if !ok {
		return 0, nil
	}
	n, isNumber := v.(json.Number)
	if !isNumber {
		return 0, errorf(at+"/"+key, "expected an integer count, got %s", kindOf(v))
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		return 0, errorf(at+"/"+key, "expected an integer count, got %s", n)
	}
	if i < 0 || i > maxSafe {
		return 0, errorf(at+"/"+key, "%d is outside 0 .. 2^53-1 (a negative int64 count has no wirechat form)", i)
	}
	return i, nil
}

// seed is an object of one of the seed's structs: it is written with its members in the order of the
// struct's fields, as encoding/json writes the struct, so that go-model output is byte for byte what the
// SDK itself would write. Free-form values (DataRef values, input schemas) stay plain maps, which
// encoding/json writes with sorted keys, as the SDK's map[string]any fields are written.
type seed map[string]any

// seedOrder lists every member of the seed's structs (and of the request and response documents) in an
// order that agrees with each struct's field order.
var seedOrder = []string{
	"role", "parts", "type", "text", "image", "audio", "file", "data", "tool_call", "tool_result",
	"url", "base64", "media_type", "id", "uri", "mime_type", "name", "arguments", "description",
	"input_schema", "value", "tool_call_id", "content", "is_error", "input_tokens", "output_tokens",
	"total_tokens", "model", "latency_ms", "cost_micros", "messages", "tools", "tool_calls", "message",
	"finish_reason", "usage", "error",
}

// MarshalJSON writes the members in seedOrder.
func (s seed) MarshalJSON() ([]byte, error) { return s.appendTo(nil) }

func (s seed) appendTo(buf []byte) ([]byte, error) {
	keys := make([]string, 0, len(s))
	for _, key := range seedOrder {
		if _, ok := s[key]; ok {
			keys = append(keys, key)
		}
	}
	if len(keys) != len(s) {
		return nil, fmt.Errorf("gomodel: a seed object holds a member outside seedOrder: %v", map[string]any(s))
	}
	return appendMembers(buf, keys, s)
}
