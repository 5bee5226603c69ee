package providerjson

// Writing a tree as Python's json.dumps(value, ensure_ascii=False, separators=(",", ":")) does.

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
)

// unquote decodes a JSON string token (quotes included), escapes and surrogate pairs resolved.
func unquote(token []byte) (string, error) {
	var s string
	err := json.Unmarshal(token, &s)
	if err == nil && strings.ContainsRune(s, '\uFFFD') && !strings.Contains(string(token), "\uFFFD") {
		// encoding/json turned a lone surrogate escape into U+FFFD; Python keeps it, which cannot be
		// UTF-8: refuse rather than invent a character.
		if loneSurrogate(string(token)) {
			return "", fmt.Errorf("lone surrogate escape")
		}
	}
	return s, err
}

func loneSurrogate(token string) bool {
	for i := 0; i+5 < len(token); i++ {
		if token[i] != '\\' {
			continue
		}
		if token[i+1] != 'u' {
			i++
			continue
		}
		r, err := strconv.ParseUint(token[i+2:i+6], 16, 16)
		if err != nil {
			return false
		}
		if utf16.IsSurrogate(rune(r)) {
			if r >= 0xDC00 {
				return true
			}
			if i+11 < len(token)+0 && token[i+6] == '\\' && token[i+7] == 'u' {
				low, err := strconv.ParseUint(token[i+8:i+12], 16, 16)
				if err == nil && low >= 0xDC00 && low <= 0xDFFF {
					i += 11
					continue
				}
			}
			return true
		}
		i += 5
	}
	return false
}

// Marshal writes v compactly (see the package doc). It fails only for values that are not JSON (an
// unsupported Go type, or a number JSON cannot hold).
func Marshal(v any) ([]byte, error) {
	var b []byte
	return appendValue(b, v)
}

// MustMarshal is Marshal for trees known to be JSON (built from parsed text and wire values).
func MustMarshal(v any) []byte {
	out, err := Marshal(v)
	if err != nil {
		panic(err)
	}
	return out
}

// Compact is the Python form of a JSON text: parsed and written back (the arguments of a tool call that a
// provider gave as an object).
func Compact(v any) (string, error) {
	out, err := Marshal(v)
	return string(out), err
}

func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case string:
		return AppendString(b, x), nil
	case Number:
		return appendNumber(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case float64:
		return appendFloat(b, x)
	case []any:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendValue(b, item); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case *Object:
		b = append(b, '{')
		for i, key := range x.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, key)
			b = append(b, ':')
			var err error
			if b, err = appendValue(b, x.values[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []string:
		items := make([]any, len(x))
		for i, s := range x {
			items[i] = s
		}
		return appendValue(b, items)
	}
	return nil, fmt.Errorf("providerjson: cannot write a %T", v)
}

const hex = "0123456789abcdef"

// AppendString writes s as a JSON string the way Python does with ensure_ascii=False: only the quote,
// the backslash and control characters are escaped.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendNumber writes a number read from text as Python re-prints it: an integer literal as its value
// (any size; "-0" is "0"), any other as a float's repr.
func appendNumber(b []byte, n Number) ([]byte, error) {
	if n.IsInt() {
		if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
			return strconv.AppendInt(b, i, 10), nil
		}
		var big big.Int
		if _, ok := big.SetString(string(n), 10); ok {
			return big.Append(b, 10), nil
		}
		return nil, fmt.Errorf("providerjson: invalid integer %q", string(n))
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil && !math.IsInf(f, 0) {
		return nil, fmt.Errorf("providerjson: invalid number %q", string(n))
	}
	return appendFloat(b, f)
}

// appendFloat writes Python's repr of a float: the shortest digits that read back, positional for
// exponents from -4 to 15 (with ".0" when integral), else d.ddde+XX.
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, fmt.Errorf("providerjson: %v is not a JSON number", f)
	}
	exp := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mantissa, power, _ := strings.Cut(exp, "e")
	p, _ := strconv.Atoi(power)
	if p >= -4 && p < 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.ContainsAny(s, ".") {
			s += ".0"
		}
		return append(b, s...), nil
	}
	b = append(b, mantissa...)
	b = append(b, 'e')
	if p < 0 {
		b = append(b, '-')
		p = -p
	} else {
		b = append(b, '+')
	}
	if p < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, int64(p), 10), nil
}

// MustCompact is Compact for trees known to be JSON.
func MustCompact(v any) string { return string(MustMarshal(v)) }
