package codec

// The Writer: compact JSON output for Encode and MarshalJSON.

import (
	"errors"
	"math"
	"strconv"
	"unicode/utf8"
)

// Writer builds compact JSON for the generated encoders. It places commas itself: a member name or an
// array element is preceded by one unless it opens its object or array.
type Writer struct {
	buf []byte
	err error
}

// Bytes returns what was written.
func (w *Writer) Bytes() []byte { return w.buf }

// Err returns the first thing that could not be written (a missing required value), or nil.
func (w *Writer) Err() error { return w.err }

// Fail records that a value could not be written; the output is not a valid document.
func (w *Writer) Fail(message string) {
	if w.err == nil {
		w.err = errors.New("wirechat: cannot encode: " + message)
	}
	w.buf = append(w.buf, "null"...)
}

// OpenObject writes '{'.
func (w *Writer) OpenObject() { w.buf = append(w.buf, '{') }

// CloseObject writes '}'.
func (w *Writer) CloseObject() { w.buf = append(w.buf, '}') }

// OpenArray writes '['.
func (w *Writer) OpenArray() { w.buf = append(w.buf, '[') }

// CloseArray writes ']'.
func (w *Writer) CloseArray() { w.buf = append(w.buf, ']') }

// Key writes a member name (an ASCII schema name that needs no escaping) and the colon.
func (w *Writer) Key(name string) {
	if n := len(w.buf); n > 0 && w.buf[n-1] != '{' {
		w.buf = append(w.buf, ',')
	}
	w.buf = append(w.buf, '"')
	w.buf = append(w.buf, name...)
	w.buf = append(w.buf, '"', ':')
}

// Element starts an array element.
func (w *Writer) Element() {
	if n := len(w.buf); n > 0 && w.buf[n-1] != '[' {
		w.buf = append(w.buf, ',')
	}
}

// Bool writes true or false.
func (w *Writer) Bool(v bool) { w.buf = strconv.AppendBool(w.buf, v) }

// Int writes an integer.
func (w *Writer) Int(v int64) { w.buf = strconv.AppendInt(w.buf, v, 10) }

// Float writes a finite number in the shortest form that reads back exactly.
func (w *Writer) Float(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		w.Fail("a number is not finite")
		return
	}
	w.buf = appendFloat(w.buf, v)
}

// Raw writes free-form JSON as it is, without the whitespace between its tokens (strings and numbers
// are kept byte for byte).
func (w *Writer) Raw(raw []byte) {
	if len(raw) == 0 {
		w.Fail("a required free-form value is missing")
		return
	}
	inString, escaped := false, false
	start := 0
	for i, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			w.buf = append(w.buf, raw[start:i]...)
			start = i + 1
		}
	}
	w.buf = append(w.buf, raw[start:]...)
}

// String writes a JSON string. Only '"', '\\' and control characters are escaped; invalid UTF-8 (which
// Validate reports) is written as U+FFFD.
func (w *Writer) String(s string) {
	buf := append(w.buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				buf = append(buf, s[start:i]...)
				buf = append(buf, `\ufffd`...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		buf = append(buf, s[start:i]...)
		switch c {
		case '"', '\\':
			buf = append(buf, '\\', c)
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		case '\t':
			buf = append(buf, '\\', 't')
		case '\b':
			buf = append(buf, '\\', 'b')
		case '\f':
			buf = append(buf, '\\', 'f')
		default:
			const hex = "0123456789abcdef"
			buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		i++
		start = i
	}
	buf = append(buf, s[start:]...)
	w.buf = append(buf, '"')
}

// appendFloat formats like ECMAScript (and encoding/json): plain decimals from 1e-6 to 1e21, exponent
// form outside that range, always the shortest digits that read back to the same double.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// 1e-07 -> 1e-7, as ECMAScript writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// Name writes a member name that may need escaping (a map key) and the colon.
func (w *Writer) Name(name string) {
	if n := len(w.buf); n > 0 && w.buf[n-1] != '{' {
		w.buf = append(w.buf, ',')
	}
	w.String(name)
	w.buf = append(w.buf, ':')
}
