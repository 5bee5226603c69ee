// Package providerjson holds a provider's JSON (request bodies, responses, stream chunks) as a small
// ordered tree, and writes it back as Python's json.dumps(ensure_ascii=False, separators=(",", ":"))
// would: members in the order they were read or set, non-ASCII kept, numbers as Python prints them.
//
// The order matters for one thing only, but that thing is byte for byte: a tool call's arguments that a
// provider hands over as an object (Anthropic's tool_use input) become JSON text, and the Go adapters
// must give the same text as the Python ones. Everything else is compared in RFC 8785 form.
//
// A value is one of: *Object, []any, string, Number, bool, nil (JSON null); a tree built in Go may also
// hold int64, int and float64, which Write prints as the equivalent JSON number.
package providerjson

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Number is a JSON number as written in the text.
type Number string

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

// SyntaxError is JSON text that cannot be read, with the byte offset of the fault.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s at byte %d", e.Msg, e.Offset) }

// ErrDepth is returned for values nested deeper than MaxDepth.
var ErrDepth = errors.New("JSON nested too deep")

// MaxDepth bounds nesting, so that hostile input cannot exhaust the stack.
const MaxDepth = 512

// Parse reads one JSON value (surrounded by optional whitespace), UTF-8 checked.
func Parse(data []byte) (any, error) {
	if !utf8.Valid(data) {
		return nil, &SyntaxError{Offset: invalidAt(data), Msg: "invalid UTF-8"}
	}
	p := parser{data: data}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.data) {
		return nil, p.fail("trailing data after the JSON value")
	}
	return v, nil
}

// ParseObject reads a JSON object; a value of any other type is an error.
func ParseObject(data []byte) (*Object, error) {
	v, err := Parse(data)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*Object)
	if !ok {
		return nil, errors.New("not a JSON object")
	}
	return o, nil
}

func invalidAt(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

type parser struct {
	data []byte
	i    int
}

func (p *parser) fail(msg string) error { return &SyntaxError{Offset: p.i, Msg: msg} }

func (p *parser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (any, error) {
	if depth > MaxDepth {
		return nil, ErrDepth
	}
	if p.i >= len(p.data) {
		return nil, p.fail("unexpected end of JSON text")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return nil, p.fail("unexpected character " + strconv.QuoteRune(rune(p.data[p.i])))
}

func (p *parser) literal(word string) error {
	if len(p.data)-p.i < len(word) || string(p.data[p.i:p.i+len(word)]) != word {
		return p.fail("invalid literal")
	}
	p.i += len(word)
	return nil
}

func (p *parser) object(depth int) (any, error) {
	o := NewObject()
	p.i++
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return o, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, p.fail("expected a member name")
		}
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.fail("expected ':'")
		}
		p.i++
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		o.Set(key, v)
		p.space()
		if p.i >= len(p.data) {
			return nil, p.fail("unexpected end of JSON text")
		}
		if p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.data[p.i] == '}' {
			p.i++
			return o, nil
		}
		return nil, p.fail("expected ',' or '}'")
	}
}

func (p *parser) array(depth int) (any, error) {
	out := []any{}
	p.i++
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return out, nil
	}
	for {
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.space()
		if p.i >= len(p.data) {
			return nil, p.fail("unexpected end of JSON text")
		}
		if p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.data[p.i] == ']' {
			p.i++
			return out, nil
		}
		return nil, p.fail("expected ',' or ']'")
	}
}

func (p *parser) str() (string, error) {
	start := p.i
	p.i++
	escaped := false
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			if !escaped {
				return string(p.data[start+1 : p.i-1]), nil
			}
			s, err := unquote(p.data[start:p.i])
			if err != nil {
				return "", &SyntaxError{Offset: start, Msg: "invalid string escape"}
			}
			return s, nil
		case c == '\\':
			escaped = true
			p.i += 2
		case c < 0x20:
			return "", p.fail("control character in string")
		default:
			p.i++
		}
	}
	return "", p.fail("unterminated string")
}

func (p *parser) number() (any, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if n := digits(); n == 0 || (n > 1 && p.data[intStart] == '0') {
		return nil, p.fail("invalid number")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.fail("invalid number")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.fail("invalid number")
		}
	}
	return Number(p.data[start:p.i]), nil
}
