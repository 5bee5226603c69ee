package providerjson

// Reading JSON text into the tree: a small recursive-descent parser (UTF-8 checked, nesting bounded),
// strings unescaped by encoding/json, numbers kept as written.

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

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
	o := &Object{keys: make([]string, 0, 8), values: make([]any, 0, 8)} // most provider objects fit
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
