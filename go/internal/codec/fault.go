package codec

// Text faults (spec section 5.1): bom, utf8, syntax, duplicate-key, lone-surrogate and depth. The first
// one stops the Decoder and is the only problem it reports, with the offset the spec defines for its
// rule, the line and column of that offset, and the pointer of the innermost value that has begun
// before the offset and not ended at it.

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// badText is a utf8 (or raw lone-surrogate) fault found before parsing: the Decoder then reads only the
// text before it, to learn the pointer at that offset, and reports this fault whatever stops it.
type badText struct {
	rule, message string
	offset        int
}

// checkText looks for the first ill-formed UTF-8 sequence of the text. When there is one, the decoder
// reads only the bytes before it.
func (d *Decoder) checkText() {
	if utf8.Valid(d.data) {
		return
	}
	offset := firstInvalid(d.data)
	bad := &badText{rule: RuleUTF8, message: "bytes that are not UTF-8, which I-JSON forbids", offset: offset}
	if rawSurrogate(d.data[offset:]) {
		bad.rule = RuleLoneSurrogate
		bad.message = "a surrogate written as UTF-8 bytes (a raw lone surrogate), which I-JSON forbids"
	}
	d.badText = bad
	d.data = d.data[:offset]
}

// stop records a text fault at the current offset and stops the decoder.
func (d *Decoder) stop(rule, message string) {
	d.stopAt(rule, message, d.pos, d.faultPointer(d.pos))
}

// stopAt records a text fault at offset, with its pointer, and stops the decoder: nothing after it can
// be read reliably. A fault found before parsing (badText) replaces whatever fault stopped the reading
// of the text before it, and keeps the pointer found there.
func (d *Decoder) stopAt(rule, message string, offset int, pointer string) {
	if d.fatal {
		return
	}
	d.fatal = true
	if d.badText != nil {
		rule, message, offset = d.badText.rule, d.badText.message, d.badText.offset
	}
	line, column := lineColumn(d.text, offset)
	d.fault = &Problem{
		Pointer: pointer,
		Message: fmt.Sprintf("invalid JSON: %s (line %d, column %d)", message, line, column),
		Rule:    rule,
		Line:    line,
		Column:  column,
	}
}

// faultPointer is the pointer of the innermost value that has begun before offset and not ended at it:
// every open array and object, and the current element or member of the innermost one when its value
// began before offset (a member's value begins at its own first byte, not at its name).
func (d *Decoder) faultPointer(offset int) string {
	n := len(d.frames)
	if n == 0 {
		return d.prefix
	}
	f := d.frames[n-1]
	if f.valueStart >= 0 && f.valueStart < offset {
		return d.pointer()
	}
	d.frames[n-1].index, d.frames[n-1].keyStart = -1, -1
	pointer := d.pointer()
	d.frames[n-1] = f
	return pointer
}

// begin marks the value at d.pos (after whitespace) as the current value of the innermost open array
// or object: a fault after its first byte lies inside it. It returns false when the decoder has
// stopped, or stops it now for a member name that no colon followed (see NextMember).
func (d *Decoder) begin() bool {
	if d.fatal {
		return false
	}
	if d.colonMissing {
		d.colonMissing = false
		d.syntax("expected ':' after a member name")
		return false
	}
	d.skipSpace()
	if n := len(d.frames); n > 0 {
		d.frames[n-1].valueStart = d.pos
	}
	return true
}

// ended marks the current value of the innermost open array or object as ended: a fault after it lies
// in the array or object, not in the value.
func (d *Decoder) ended() {
	if n := len(d.frames); n > 0 {
		d.frames[n-1].valueStart = -1
	}
}

// lineColumn is the 1-based line and column of offset in text, the column counted in code points.
func lineColumn(text []byte, offset int) (line, column int) {
	before := text[:min(offset, len(text))]
	line = 1 + bytes.Count(before, []byte{'\n'})
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[lineStart:])
}

// firstInvalid is the offset of the first byte of b that does not start a valid UTF-8 sequence.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// rawSurrogate reports whether b starts with the UTF-8 form of a surrogate (U+D800..U+DFFF: ED A0..BF).
func rawSurrogate(b []byte) bool {
	return len(b) >= 2 && b[0] == 0xED && b[1] >= 0xA0 && b[1] <= 0xBF
}
