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
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, errorf("", "not JSON: %v", err)
	}
	return v, nil
}

// write is compact JSON without HTML escaping (the SDK's own documents use encoding/json's default,
// which escapes <, > and &; both are the same JSON text under JCS).
func write(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// tree turns a wirechat value into a tree (through its canonical encoding).
func tree(v any) (any, error) {
	data, err := wirechat.Encode(v)
	if err != nil {
		return nil, err
	}
	return parse(data)
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
