// Package providerjson holds a provider's JSON (request bodies, responses, stream chunks) as a small
// ordered tree, and writes it back as Python's json.dumps(ensure_ascii=False, separators=(",", ":"))
// would: members in the order they were read or set, non-ASCII kept, numbers as Python prints them.
//
// The order matters for one thing only, but that thing is byte for byte: a tool call's arguments that a
// provider hands over as an object (Anthropic's tool_use input) become JSON text in the provider's member
// order (wirechat.BuildArguments, through Object's MarshalJSON; spec section 6). Everything else is
// compared in RFC 8785 form.
//
// A value is one of: *Object, []any, string, Number, bool, nil (JSON null); a tree built in Go may also
// hold int64, int and float64, which Write prints as the equivalent JSON number.
package providerjson

// Number is a JSON number as written in the text.
type Number string

// MarshalJSON writes the number as it was read, so that encoding/json (and wirechat.BuildArguments) can
// hold a tree.
func (n Number) MarshalJSON() ([]byte, error) { return []byte(n), nil }

// IsInt reports whether the number is written as an integer (Python reads it as an int).
func (n Number) IsInt() bool {
	for i := 0; i < len(n); i++ {
		if c := n[i]; c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// Object is a JSON object that keeps its members' order. A duplicate member keeps its first position and
// its last value, as a Python dict does. Members sit in two slices (provider objects are small); an index
// map is built once an object grows past indexAfter members, so that a hostile object with many members
// costs linear time, not quadratic.
type Object struct {
	keys   []string
	values []any
	index  map[string]int
}

const indexAfter = 16

// MarshalJSON writes the object compactly with its members in order (see Marshal), so that
// encoding/json (and wirechat.BuildArguments) keeps the order a provider sent.
func (o *Object) MarshalJSON() ([]byte, error) { return Marshal(o) }

// NewObject returns an empty object.
func NewObject() *Object { return &Object{} }

func (o *Object) find(key string) int {
	if o == nil {
		return -1
	}
	if o.index != nil {
		if i, ok := o.index[key]; ok {
			return i
		}
		return -1
	}
	for i, k := range o.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// Set sets a member, appending it when new.
func (o *Object) Set(key string, value any) *Object {
	if i := o.find(key); i >= 0 {
		o.values[i] = value
		return o
	}
	o.keys = append(o.keys, key)
	o.values = append(o.values, value)
	if o.index != nil {
		o.index[key] = len(o.keys) - 1
	} else if len(o.keys) > indexAfter {
		o.index = make(map[string]int, len(o.keys)*2)
		for i, k := range o.keys {
			o.index[k] = i
		}
	}
	return o
}

// Get is the member's value, nil when absent (as JSON null: Python's .get).
func (o *Object) Get(key string) any {
	if i := o.find(key); i >= 0 {
		return o.values[i]
	}
	return nil
}

// Has reports whether the member is present (even when null).
func (o *Object) Has(key string) bool { return o.find(key) >= 0 }

// Delete removes a member.
func (o *Object) Delete(key string) {
	i := o.find(key)
	if i < 0 {
		return
	}
	o.keys = append(o.keys[:i], o.keys[i+1:]...)
	o.values = append(o.values[:i], o.values[i+1:]...)
	if o.index != nil {
		o.index = make(map[string]int, len(o.keys))
		for j, k := range o.keys {
			o.index[k] = j
		}
	}
}

// Keys are the member names in order.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	return o.keys
}

// Len is the number of members.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// Copy is a shallow copy.
func (o *Object) Copy() *Object {
	out := &Object{keys: append([]string(nil), o.keys...), values: append([]any(nil), o.values...)}
	if o.index != nil {
		out.index = make(map[string]int, len(o.index))
		for k, i := range o.index {
			out.index[k] = i
		}
	}
	return out
}

// Str is the member as a string, and whether it is one.
func (o *Object) Str(key string) (string, bool) {
	s, ok := o.Get(key).(string)
	return s, ok
}

// Obj is the member as an object, nil when it is absent or not one.
func (o *Object) Obj(key string) *Object {
	m, _ := o.Get(key).(*Object)
	return m
}

// List is the member as an array, and whether it is one.
func (o *Object) List(key string) ([]any, bool) {
	l, ok := o.Get(key).([]any)
	return l, ok
}
