package codec

// The lexical layer of the Decoder: strings (unescaping, UTF-8 and surrogate checks), numbers (the JSON
// grammar, integer literals, doubles), and the quiet scanning that looks ahead for a union's tag.

import (
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// plain marks the bytes a string may hold as they are: printable ASCII other than '"' and '\\'.
var plain = func() (table [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		table[c] = c != '"' && c != '\\'
	}
	return table
}()

func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ']', '}', ':':
		return true
	}
	return false
}

// readString reads the string token at d.pos (a '"') and returns its content, unescaped. The content
// aliases the input when the token has no escapes (escaped is false), and d.scratch otherwise. The text
// read is UTF-8 (checkText made sure); an escaped lone surrogate is a text fault.
func (d *Decoder) readString() (content []byte, escaped bool) {
	data := d.data
	start := d.pos + 1
	for i := start; i < len(data); {
		c := data[i]
		switch {
		case plain[c]:
			i++
		case c == '"':
			d.pos = i + 1
			return data[start:i], false
		case c == '\\':
			return d.readEscaped(start, i), true
		case c < 0x20:
			d.pos = i
			d.syntax("control character in a string (it must be escaped)")
			return nil, false
		default: // a byte of a multi-byte UTF-8 sequence
			i++
		}
	}
	d.pos = len(data)
	d.syntax("unterminated string")
	return nil, false
}

func (d *Decoder) readEscaped(start, i int) []byte {
	data := d.data
	buf := append(d.scratch[:0], data[start:i]...)
	for i < len(data) {
		c := data[i]
		switch {
		case plain[c]:
			buf = append(buf, c)
			i++
		case c == '"':
			d.pos = i + 1
			d.scratch = buf
			return buf
		case c == '\\':
			if i+1 >= len(data) {
				i = len(data)
				continue
			}
			switch e := data[i+1]; e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := hex4(data, i+2)
				if !ok {
					d.pos = i + 2 + hexDigits(data[i+2:min(i+6, len(data))])
					d.syntax(`invalid \u escape (it needs four hexadecimal digits)`)
					return nil
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if r < 0xDC00 && i+6 <= len(data) && data[i] == '\\' && data[i+1] == 'u' {
						if low, ok := hex4(data, i+2); ok && low >= 0xDC00 && low < 0xE000 {
							buf = utf8.AppendRune(buf, utf16.DecodeRune(r, low))
							i += 6
							continue
						}
					}
					at := i - 6 // the backslash of the escape
					d.stopAt(RuleLoneSurrogate, `string holds a lone surrogate \u`+strconv.FormatInt(int64(r), 16)+`, which I-JSON forbids`,
						at, d.faultPointer(at))
					return nil
				}
				buf = utf8.AppendRune(buf, r)
				continue
			default:
				d.pos = i + 1 // the byte after the backslash is the first that cannot continue the string
				d.syntax("invalid escape " + strconv.Quote(string(data[i:i+2])) + " in a string")
				return nil
			}
			i += 2
		case c < 0x20:
			d.pos = i
			d.syntax("control character in a string (it must be escaped)")
			return nil
		default: // a byte of a multi-byte UTF-8 sequence
			buf = append(buf, c)
			i++
		}
	}
	d.pos = len(data)
	d.syntax("unterminated string")
	return nil
}

// hexDigits counts the hexadecimal digits at the start of b.
func hexDigits(b []byte) int {
	for i, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return i
		}
	}
	return len(b)
}

func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// scanNumber reads the number token at d.pos, checking the JSON grammar. integer is true for a token
// without fraction and exponent.
func (d *Decoder) scanNumber() (token []byte, integer bool) {
	data, i := d.data, d.pos
	start := i
	if data[i] == '-' {
		i++
	}
	digits := func() bool {
		first := i
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		return i > first
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case !digits():
		d.pos = i
		d.syntax("invalid number")
		return nil, false
	}
	integer = true
	if i < len(data) && data[i] == '.' {
		integer = false
		i++
		if !digits() {
			d.pos = i
			d.syntax("invalid number (a digit must follow the decimal point)")
			return nil, false
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		integer = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if !digits() {
			d.pos = i
			d.syntax("invalid number (a digit must follow the exponent)")
			return nil, false
		}
	}
	if i < len(data) && !isDelimiter(data[i]) {
		d.pos = i
		d.ended() // the number is whole: what follows cannot continue the text, not the number
		d.syntax("unexpected character after a number")
		return nil, false
	}
	d.pos = i
	return data[start:i], integer
}

// parseInt converts an integer literal; ok is false when it does not fit an int64.
func parseInt(token []byte) (int64, bool) {
	negative := token[0] == '-'
	digits := token
	if negative {
		digits = token[1:]
	}
	if len(digits) > 18 {
		value, err := strconv.ParseInt(string(token), 10, 64)
		return value, err == nil
	}
	var value int64
	for _, c := range digits {
		value = value*10 + int64(c-'0')
	}
	if negative {
		value = -value
	}
	return value, true
}

// safeInteger reports whether an integer literal lies within +/-(2^53-1).
func safeInteger(token []byte) bool {
	digits := token
	if digits[0] == '-' {
		digits = digits[1:]
	}
	const limit = "9007199254740991"
	return len(digits) < len(limit) || (len(digits) == len(limit) && string(digits) <= limit)
}

// parseFloat converts a number token; finite is false when it overflows a double.
func parseFloat(token []byte, integer bool) (value float64, finite bool) {
	if integer && len(token) <= 15 {
		n, _ := parseInt(token)
		return float64(n), true
	}
	value, err := strconv.ParseFloat(string(token), 64)
	if err != nil && math.IsInf(value, 0) {
		return value, false
	}
	return value, true
}

// unquoteQuiet unescapes a string token without reporting anything: lone surrogates and bad escapes
// become U+FFFD. It serves messages and pointers, which are built only when something is wrong.
func unquoteQuiet(token []byte) string {
	if len(token) < 2 {
		return ""
	}
	body := token[1 : len(token)-1]
	if !containsByte(body, '\\') {
		return string(body)
	}
	buf := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' || i+1 >= len(body) {
			buf = append(buf, c)
			continue
		}
		i++
		switch e := body[i]; e {
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := hex4(body, i+1)
			if !ok {
				buf = utf8.AppendRune(buf, utf8.RuneError)
				continue
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if low, ok := hex4(body, i+3); ok && r < 0xDC00 && i+2 < len(body) && body[i+1] == '\\' && body[i+2] == 'u' {
					if combined := utf16.DecodeRune(r, low); combined != utf8.RuneError {
						buf = utf8.AppendRune(buf, combined)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			buf = utf8.AppendRune(buf, r)
		default:
			buf = append(buf, e)
		}
	}
	return string(buf)
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

func skipSpaceAt(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// quietString returns the offset after the string token that starts at data[i], without checking it.
func quietString(data []byte, i int) (int, bool) {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return 0, false
}

// quietSkip returns the offset after the value that starts at data[i], checking only enough to find
// its end. The decoder reads the value properly afterwards and reports what is wrong with it.
func quietSkip(data []byte, i int) (int, bool) {
	if i >= len(data) {
		return 0, false
	}
	switch data[i] {
	case '"':
		return quietString(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				end, ok := quietString(data, i)
				if !ok {
					return 0, false
				}
				i = end
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return 0, false
	}
	start := i
	for i < len(data) && !isDelimiter(data[i]) {
		i++
	}
	return i, i > start
}
