package shared

// Checked reads of provider JSON, each failure an *adapters.InvalidBodyError naming the member, as
// Python's get_map / get_list / get_str and the usage modules' token counts.

import (
	"fmt"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// Invalid is an *adapters.InvalidBodyError.
func Invalid(pointer, format string, args ...any) error {
	return &adapters.InvalidBodyError{Pointer: pointer, Message: fmt.Sprintf(format, args...)}
}

// TypeName is the Python name of a tree value's type, for messages that match Python's.
func TypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case string:
		return "str"
	case providerjson.Number:
		if x.IsInt() {
			return "int"
		}
		return "float"
	case []any:
		return "list"
	case *providerjson.Object:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}

// GetStr is obj[key] checked to be a string; ok false when absent or null and not required.
func GetStr(obj *providerjson.Object, key, path string, required bool) (string, bool, error) {
	v := obj.Get(key)
	if v == nil {
		if required {
			return "", false, Invalid(path+"/"+key, "required string is missing")
		}
		return "", false, nil
	}
	s, ok := v.(string)
	if !ok {
		return "", false, Invalid(path+"/"+key, "expected a string, got %s", TypeName(v))
	}
	return s, true, nil
}

// GetObj is obj[key] checked to be an object; nil when absent or null and not required.
func GetObj(obj *providerjson.Object, key, path string, required bool) (*providerjson.Object, error) {
	v := obj.Get(key)
	if v == nil {
		if required {
			return nil, Invalid(path+"/"+key, "required object is missing")
		}
		return nil, nil
	}
	o, ok := v.(*providerjson.Object)
	if !ok {
		return nil, Invalid(path+"/"+key, "expected an object, got %s", TypeName(v))
	}
	return o, nil
}

// GetList is obj[key] checked to be an array; nil when absent or null and not required.
func GetList(obj *providerjson.Object, key, path string, required bool) ([]any, error) {
	v := obj.Get(key)
	if v == nil {
		if required {
			return nil, Invalid(path+"/"+key, "required array is missing")
		}
		return nil, nil
	}
	l, ok := v.([]any)
	if !ok {
		return nil, Invalid(path+"/"+key, "expected an array, got %s", TypeName(v))
	}
	return l, nil
}

// Count is a token count: an integer >= 0.
func Count(v any, where string) (int64, error) {
	n, ok := v.(providerjson.Number)
	if ok && n.IsInt() {
		if i, err := strconv.ParseInt(string(n), 10, 64); err == nil && i >= 0 {
			return i, nil
		}
	}
	return 0, Invalid(where, "expected a token count (an integer >= 0), got %s", pyRepr(v))
}

func pyRepr(v any) string {
	switch x := v.(type) {
	case string:
		return "'" + x + "'"
	case providerjson.Number:
		return string(x)
	case bool:
		if x {
			return "True"
		}
		return "False"
	case nil:
		return "None"
	}
	return TypeName(v)
}

// IntValue is a tree value as an int when it is an integer literal.
func IntValue(v any) (int64, bool) {
	n, ok := v.(providerjson.Number)
	if !ok || !n.IsInt() {
		return 0, false
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	return i, err == nil
}

// Truthy is Python's truth of a tree value (for `if block.get("x")`).
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case providerjson.Number:
		f, _ := strconv.ParseFloat(string(x), 64)
		return f != 0
	case []any:
		return len(x) > 0
	case *providerjson.Object:
		return x.Len() > 0
	}
	return true
}

// Ptr is a pointer to a copy of v.
func Ptr[T any](v T) *T { return &v }

// DataURL splits a data:<type>;base64,<data> URL, ok false when url is not one.
func DataURL(url string) (mediaType, data string, ok bool) {
	found := dataURL.FindStringSubmatch(url)
	if found == nil {
		return "", "", false
	}
	return found[1], found[2], true
}

// MapEach decodes every item of items with decode, each at where/<index>, in order; the first failure
// stops it.
func MapEach[T any](items []any, where string, decode func(item any, at string) (T, error)) ([]any, error) {
	out := make([]any, 0, len(items))
	for i, item := range items {
		decoded, err := decode(item, where+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		out = append(out, decoded)
	}
	return out, nil
}
