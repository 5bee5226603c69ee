package wirechat

// The one text of tool-call arguments built from an object (spec section 6, "Arguments built from an
// object"; decision 036): compact, members in the object's own order, RFC 8785 strings and numbers (what
// JavaScript's JSON.stringify writes). BuildArguments writes it; ArgumentsNormaliser rewrites JSON text
// that arrives in fragments (Anthropic's partial_json) into it token by token, so that a stream folds to
// the text the same call gives unstreamed (section 9's law): 1E2 becomes 100, "\u00e9" becomes "é",
// "\/" becomes "/", and U+2028 is written as itself.

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// ArgumentsTextError is a value the arguments form cannot hold; Rule is the I-JSON rule (spec section 2)
// it breaks: unsafe-integer, number-overflow or lone-surrogate.
type ArgumentsTextError struct {
	Rule    string
	Message string
}

func (e *ArgumentsTextError) Error() string { return e.Message }

var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

const maxSafe = 1<<53 - 1

// formatNumber is ECMAScript's Number::toString of a finite double (RFC 8785 section 3.2.2.3).
func formatNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	exp := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX: the shortest digits that read back
	mantissa, power, _ := strings.Cut(exp, "e")
	p, _ := strconv.Atoi(power)
	digits := strings.Replace(mantissa, ".", "", 1)
	k, n := len(digits), p+1 // value = 0.digits * 10^n
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	e := n - 1
	tail := "e+" + strconv.Itoa(e)
	if e < 0 {
		tail = "e-" + strconv.Itoa(-e)
	}
	if k == 1 {
		return sign + digits + tail
	}
	return sign + digits[:1] + "." + digits[1:] + tail
}

// numberText is the form of one complete JSON number token.
func numberText(token string) (string, error) {
	match := jsonNumber.FindStringSubmatch(token)
	if match == nil {
		return token, nil // not a JSON number: the text is not JSON, and stays as it came
	}
	value, err := strconv.ParseFloat(token, 64)
	if match[1] == "" && match[2] == "" {
		if math.Abs(value) > maxSafe {
			return "", &ArgumentsTextError{"unsafe-integer", fmt.Sprintf("integer %s is outside +/-(2^53-1)", token)}
		}
		return formatNumber(value), nil
	}
	if err != nil || math.IsInf(value, 0) {
		return "", &ArgumentsTextError{"number-overflow", fmt.Sprintf("number %s overflows a double", token)}
	}
	if value == math.Trunc(value) && math.Abs(value) >= 1<<53 && math.Abs(value) < 1e21 {
		return "", &ArgumentsTextError{"unsafe-integer", fmt.Sprintf("number %s is a whole number outside +/-(2^53-1)", token)}
	}
	return formatNumber(value), nil
}

func loneSurrogate(code rune) error {
	return &ArgumentsTextError{"lone-surrogate", fmt.Sprintf(`string holds a lone surrogate \u%04x`, code)}
}

// appendUnit writes one character of a string in the arguments form.
func appendUnit(b []byte, r rune) []byte {
	switch r {
	case '"':
		return append(b, '\\', '"')
	case '\\':
		return append(b, '\\', '\\')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	if r < 0x20 {
		return fmt.Appendf(b, `\u%04x`, r)
	}
	return utf8.AppendRune(b, r)
}

var unescaped = map[byte]string{'"': `\"`, '\\': `\\`, '/': "/", 'b': `\b`, 'f': `\f`, 'n': `\n`, 'r': `\r`, 't': `\t`}

// ArgumentsNormaliser rewrites JSON text arriving in fragments into the arguments form. Feed returns what
// is settled so far (a number waits for the character after it, an escape for its last character);
// Finish returns the rest. Text that is not JSON passes through without its insignificant whitespace; a
// number or an escape the form cannot hold gives an *ArgumentsTextError. The zero value is ready to use.
type ArgumentsNormaliser struct {
	inString bool
	escape   []byte // the escape read so far, backslash included
	high     rune   // a high surrogate escape waiting for its low half, or 0
	number   []byte
}

// Feed rewrites one fragment.
func (a *ArgumentsNormaliser) Feed(fragment string) (string, error) {
	out := make([]byte, 0, len(fragment))
	for i := 0; i < len(fragment); {
		if a.inString {
			var err error
			if out, i, err = a.str(out, fragment, i); err != nil {
				return "", err
			}
			continue
		}
		c := fragment[i]
		i++
		if len(a.number) > 0 && strings.IndexByte("-+.eE0123456789", c) >= 0 {
			a.number = append(a.number, c)
			continue
		}
		if len(a.number) > 0 {
			text, err := numberText(string(a.number))
			if err != nil {
				return "", err
			}
			out = append(out, text...)
			a.number = a.number[:0]
		}
		switch {
		case strings.IndexByte("-0123456789", c) >= 0:
			a.number = append(a.number, c)
		case c == '"':
			a.inString = true
			out = append(out, c)
		case c != ' ' && c != '\t' && c != '\r' && c != '\n':
			out = append(out, c)
		}
	}
	return string(out), nil
}

// Finish returns the text still held back (a number at the very end, an unfinished escape).
func (a *ArgumentsNormaliser) Finish() (string, error) {
	out := ""
	if len(a.number) > 0 {
		text, err := numberText(string(a.number))
		if err != nil {
			return "", err
		}
		out = text
	}
	out += string(a.escape)
	if a.high != 0 {
		return "", loneSurrogate(a.high)
	}
	a.number, a.escape = a.number[:0], nil
	return out, nil
}

func (a *ArgumentsNormaliser) str(out []byte, fragment string, i int) ([]byte, int, error) {
	if a.escape == nil {
		if a.high != 0 && fragment[i] != '\\' {
			return nil, 0, loneSurrogate(a.high)
		}
		stop := i
		for stop < len(fragment) && fragment[stop] != '\\' && fragment[stop] != '"' {
			stop++
		}
		out = append(out, fragment[i:stop]...)
		if stop == len(fragment) {
			return out, stop, nil
		}
		if fragment[stop] == '"' {
			a.inString = false
			out = append(out, '"')
		} else {
			a.escape = []byte{'\\'}
		}
		return out, stop + 1, nil
	}
	a.escape = append(a.escape, fragment[i])
	escape := a.escape
	if len(escape) == 2 && escape[1] != 'u' {
		a.escape = nil
		if a.high != 0 {
			return nil, 0, loneSurrogate(a.high)
		}
		if text, ok := unescaped[escape[1]]; ok {
			return append(out, text...), i + 1, nil
		}
		return append(out, escape...), i + 1, nil
	}
	if len(escape) == 6 {
		a.escape = nil
		var err error
		out, err = a.codeUnit(out, string(escape))
		return out, i + 1, err
	}
	return out, i + 1, nil
}

func (a *ArgumentsNormaliser) codeUnit(out []byte, escape string) ([]byte, error) {
	code64, err := strconv.ParseUint(escape[2:], 16, 16)
	if err != nil {
		return append(out, escape...), nil // not JSON: as it came
	}
	code := rune(code64)
	if a.high != 0 {
		high := a.high
		a.high = 0
		if !utf16.IsSurrogate(code) || code < 0xdc00 {
			return nil, loneSurrogate(high)
		}
		return utf8.AppendRune(out, utf16.DecodeRune(high, code)), nil
	}
	if code >= 0xd800 && code <= 0xdbff {
		a.high = code
		return out, nil
	}
	if code >= 0xdc00 && code <= 0xdfff {
		return nil, loneSurrogate(code)
	}
	return appendUnit(out, code), nil
}
