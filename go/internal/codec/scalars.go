package codec

// The scalar readers of the Decoder: strings, union tags, booleans, integers and numbers, each checked
// against the JSON type the schema wants and the I-JSON number rules (section 2, rule 5).

import (
	"math"
	"strconv"
)

// String reads a string value; ok is false when the value is not a string (the problem is reported).
func (d *Decoder) String() (value string, ok bool) {
	if d.fatal {
		return "", false
	}
	if !d.begin() {
		return "", false
	}
	if d.peek() != '"' {
		d.mismatch("a string")
		return "", false
	}
	content, _ := d.readString()
	return string(content), !d.fatal
}

// Tag reads the tag member of a union variant and checks that it is want.
func (d *Decoder) Tag(want string) {
	if d.fatal {
		return
	}
	if !d.begin() {
		return
	}
	if d.peek() != '"' { // a failing type is the only schema problem at its pointer (spec section 5)
		d.mismatch("the string " + strconv.Quote(want))
		return
	}
	content, _ := d.readString()
	if string(content) != want && !d.fatal {
		d.Report(RuleConst, "must be "+strconv.Quote(want)+" (got "+Quote(string(content))+")")
	}
}

// Bool reads true or false; ok is false when the value is not a boolean (the problem is reported).
func (d *Decoder) Bool() (value, ok bool) {
	if d.fatal {
		return false, false
	}
	if !d.begin() {
		return false, false
	}
	switch d.peek() {
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	}
	d.mismatch("a boolean")
	return false, false
}

// literal reads the literal word at d.pos; a fault is at the first byte that does not continue it.
func (d *Decoder) literal(word string) bool {
	end := d.pos + len(word)
	for i := 0; i < len(word); i++ {
		if d.pos+i >= len(d.data) || d.data[d.pos+i] != word[i] {
			d.pos += i
			d.syntax("invalid literal (expected " + word + ")")
			return false
		}
	}
	if end < len(d.data) && !isDelimiter(d.data[end]) {
		d.pos = end
		d.ended() // the literal is whole: what follows cannot continue the text
		d.syntax("unexpected character after " + word)
		return false
	}
	d.pos = end
	return true
}

// Int reads an integer written as an integer literal (no fraction, no exponent) and checks it against
// the schema's bounds; ok is false when the value is not an integer (the problem is reported).
func (d *Decoder) Int(minimum, maximum int64) (value int64, ok bool) {
	if d.fatal {
		return 0, false
	}
	if !d.begin() {
		return 0, false
	}
	if c := d.peek(); c != '-' && (c < '0' || c > '9') {
		d.mismatch("an integer")
		return 0, false
	}
	token, integer := d.scanNumber()
	switch {
	case d.fatal:
		return 0, false
	case !integer:
		d.notIntegerLiteral(token)
		return 0, false
	}
	value, _ = parseInt(token) // an integer that does not fit an int64 is not safe either
	switch {
	case !safeInteger(token):
		// Beyond +/-(2^53-1) the I-JSON rule is broken whatever the field's bounds (the other languages
		// read such an integer inexactly, so they report this rule too).
		bound := "must be <= " + strconv.FormatInt(maximum, 10)
		if token[0] == '-' {
			bound = "must be >= " + strconv.FormatInt(minimum, 10)
		}
		d.Report(RuleUnsafeInteger, bound+" (got "+shownToken(token)+", outside +/-(2^53-1))")
	case value < minimum:
		d.Report(RuleMinimum, "must be >= "+strconv.FormatInt(minimum, 10)+" (got "+string(token)+")")
	case value > maximum:
		d.Report(RuleMaximum, "must be <= "+strconv.FormatInt(maximum, 10)+" (got "+string(token)+")")
	}
	return value, true
}

// Float reads a number (integer literals included) and checks it against the schema's bounds; ok is
// false when the value is not a number (the problem is reported).
func (d *Decoder) Float(minimum, maximum float64) (value float64, ok bool) {
	if d.fatal {
		return 0, false
	}
	if !d.begin() {
		return 0, false
	}
	if c := d.peek(); c != '-' && (c < '0' || c > '9') {
		d.mismatch("a number")
		return 0, false
	}
	token, integer := d.scanNumber()
	if d.fatal {
		return 0, false
	}
	value, finite := parseFloat(token, integer)
	switch {
	case !finite:
		d.Report(RuleNumberOverflow, overflowMessage(token))
	case integer && !safeInteger(token):
		d.Report(RuleUnsafeInteger, "integer "+shownToken(token)+" is outside +/-(2^53-1), which not every language reads exactly")
	case !integer && wideWhole(value):
		d.Report(RuleUnsafeInteger, wideWholeMessage(token))
	case value < minimum:
		d.Report(RuleMinimum, "must be >= "+FormatFloat(minimum)+" (got "+shownToken(token)+")")
	case value > maximum:
		d.Report(RuleMaximum, "must be <= "+FormatFloat(maximum)+" (got "+shownToken(token)+")")
	}
	return value, true
}

// wideWhole reports a whole number of magnitude from 2^53 up to 10^21: RFC 8785 writes it as an integer
// literal beyond +/-(2^53-1) (from 10^21 up it uses an exponent), so it is refused like one (spec, section
// 2, rule 5).
func wideWhole(value float64) bool {
	magnitude := math.Abs(value)
	return magnitude >= 1<<53 && magnitude < 1e21 && magnitude == math.Trunc(magnitude)
}

// notIntegerLiteral reports a number with a fraction or an exponent where an integer is wanted: a whole
// one (1.0, 1e2) breaks the integer-literal rule, any other (1.5, 1e400) the JSON type or the range.
func (d *Decoder) notIntegerLiteral(token []byte) {
	value, finite := parseFloat(token, false)
	switch {
	case !finite:
		d.Report(RuleNumberOverflow, overflowMessage(token))
	case wideWhole(value): // a number rule first (spec section 5): 9007199254740992.0 is unsafe-integer
		d.Report(RuleUnsafeInteger, wideWholeMessage(token))
	case value == math.Trunc(value):
		d.Report(RuleIntegerLiteral, "must be an integer literal, without fraction or exponent (got "+shownToken(token)+")")
	default:
		d.Report(RuleType, "must be an integer (got "+shownToken(token)+")")
	}
}

func wideWholeMessage(token []byte) string {
	return "number " + shownToken(token) + " is a whole number outside +/-(2^53-1): its canonical form is an " +
		"integer literal not every language reads exactly"
}

func overflowMessage(token []byte) string {
	return "number " + shownToken(token) + " is not a finite double (it overflows)"
}
