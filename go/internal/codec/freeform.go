package codec

// Free-form values (JsonValue, JsonObject, provider data) and values skipped after a problem: read
// whole, with every I-JSON rule checked inside them.

import (
	"bytes"
	"fmt"
)

// RawValue reads any JSON value, checks the I-JSON rules inside it, and returns a copy of its bytes.
func (d *Decoder) RawValue() []byte {
	if d.fatal {
		return nil
	}
	if !d.begin() {
		return nil
	}
	start := d.pos
	d.value()
	if d.fatal {
		return nil
	}
	return bytes.Clone(d.data[start:d.pos])
}

// RawObject is RawValue for a value that must be an object.
func (d *Decoder) RawObject() []byte {
	if d.fatal {
		return nil
	}
	if !d.begin() {
		return nil
	}
	if d.peek() != '{' {
		d.mismatch("an object")
		return nil
	}
	return d.RawValue()
}

// value reads and checks one value of any type: the I-JSON rules for free-form data and for values
// that are skipped after a problem.
func (d *Decoder) value() {
	if !d.begin() {
		return
	}
	switch c := d.peek(); {
	case c == '{':
		d.pos++
		if !d.push(frame{keyStart: -1}) {
			return
		}
		for d.NextMember() {
			if d.duplicateName() {
				d.Duplicate()
				break
			}
			d.value()
		}
	case c == '[':
		d.pos++
		if !d.push(frame{array: true, index: -1}) {
			return
		}
		for d.NextElement() {
			d.value()
		}
	case c == '"':
		d.readString()
	case c == 't':
		d.literal("true")
	case c == 'f':
		d.literal("false")
	case c == 'n':
		d.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		token, integer := d.scanNumber()
		if rule, message := numberFault(token, integer); rule != "" && !d.fatal {
			d.Report(rule, message)
		}
	case d.pos >= len(d.data):
		d.syntax("unexpected end of input, expected a value")
	default:
		d.syntax(fmt.Sprintf("unexpected character %q, expected a value", rune(c)))
	}
}

// numberFault names the section 2 number rule a number token breaks (number-overflow, unsafe-integer) and
// its message, or "" when it breaks none. Such a number has that problem alone (spec section 5): the
// schema is not checked against it.
func numberFault(token []byte, integer bool) (rule, message string) {
	if integer {
		if !safeInteger(token) {
			return RuleUnsafeInteger, "integer " + shownToken(token) + " is outside +/-(2^53-1), which not every language reads exactly"
		}
		return "", ""
	}
	value, finite := parseFloat(token, false)
	switch {
	case !finite:
		return RuleNumberOverflow, overflowMessage(token)
	case wideWhole(value):
		return RuleUnsafeInteger, wideWholeMessage(token)
	}
	return "", ""
}
