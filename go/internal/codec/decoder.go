package codec

// The Decoder: one pass over a JSON text that the generated decoders drive value by value, with the
// I-JSON checks, the JSON pointer of the value being read, and every problem recorded where it is.

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxDepth is the deepest nesting of arrays and objects a document may have. The spec sets no limit;
// this one keeps a hostile document from costing stack and agrees with the Python decoder (jiter stops
// at about the same depth), so the two give the same verdict on the same bytes.
const MaxDepth = 200

// frame is one open array or object on the way from the root to the value being read.
type frame struct {
	array    bool
	index    int // array: the element being read, -1 before the first
	keyStart int // object: offset of the current member's name token, -1 before the first
	keyEnd   int
	// valueStart is the offset of the current element's or member's value once it has begun, -1 before
	// (between members, after a name): where a text fault inside it is reported (see faultPointer).
	valueStart int
	// namesBase and many hold the member names of an object that duplicates are looked for in: those of
	// a free-form object, the unknown ones of a typed object (its known ones are Seen bits), in
	// d.names[namesBase:], indexed by many once there are more than a few (see duplicateName).
	namesBase int
	many      map[uint64]int
}

// Decoder reads one JSON document for the generated decoders. It applies the I-JSON rules as it goes
// and records every problem with its JSON pointer. A text fault (spec section 5.1) stops it and is the
// only problem it reports; every other problem is recorded and reading continues, so one pass reports
// them all, ordered and capped as section 5.2 asks.
type Decoder struct {
	text       []byte // the whole text
	data       []byte // the text that is read: all of it, or the part before bytes that are not UTF-8
	pos        int
	frames     []frame
	problems   problemList
	fatal      bool
	fault      *Problem // the text fault that stopped the decoder
	badText    *badText // bytes that are not UTF-8, found before parsing
	prefix     string   // pointer of data's root inside a larger document (see Checker.Raw)
	key        []byte   // the current member name, unescaped; valid until the next string is read
	keyEscaped bool     // key lives in scratch rather than in data
	scratch    []byte   // unescaped string content
	names      [][]byte // member names of the objects being read, innermost last (see frame.namesBase)
	frameBuf   [16]frame
}

var byteOrderMark = []byte{0xEF, 0xBB, 0xBF}

// NewDecoder returns a decoder over one JSON text.
func NewDecoder(data []byte) *Decoder {
	d := &Decoder{text: data, data: data}
	d.frames = d.frameBuf[:0]
	if bytes.HasPrefix(data, byteOrderMark) {
		d.stopAt(RuleBOM, "text starts with a byte-order mark, which I-JSON forbids", 0, d.prefix)
		return d
	}
	d.checkText()
	return d
}

// Finish checks that nothing but whitespace follows the value and returns a *WireError listing every
// problem, or nil when there was none: the text fault alone when there was one, else the problems in
// order (section 5.2).
func (d *Decoder) Finish(typeName string) error {
	if !d.fatal {
		d.frames = d.frames[:0]
		d.skipSpace()
		if d.pos < len(d.data) || d.badText != nil {
			d.syntax("unexpected data after the JSON value")
		}
	}
	if d.fault != nil {
		return &WireError{Type: typeName, Problems: []Problem{*d.fault}}
	}
	if d.problems.empty() {
		return nil
	}
	return &WireError{Type: typeName, Problems: d.problems.result()}
}

// Report records a problem at the value being read, breaking rule (Decoder is a Reporter).
func (d *Decoder) Report(rule, message string) {
	d.problems.add(Problem{Pointer: d.pointer(), Message: message, Rule: rule})
}

// reportAt records a problem at the member name of the object being read.
func (d *Decoder) reportAt(name, rule, message string) {
	d.problems.add(Problem{Pointer: d.pointer() + "/" + EscapeToken(name), Message: message, Rule: rule})
}

func (d *Decoder) pointer() string {
	if len(d.frames) == 0 {
		return d.prefix
	}
	var b strings.Builder
	b.WriteString(d.prefix)
	for _, f := range d.frames {
		switch {
		case f.array && f.index >= 0:
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(f.index))
		case !f.array && f.keyStart >= 0:
			b.WriteByte('/')
			b.WriteString(EscapeToken(unquoteQuiet(d.data[f.keyStart:f.keyEnd])))
		}
	}
	return b.String()
}

// syntax records a syntax error at the current offset and stops the decoder.
func (d *Decoder) syntax(message string) { d.stop(RuleSyntax, message) }

// push enters an array or object whose opening bracket was the byte before d.pos.
func (d *Decoder) push(f frame) bool {
	if len(d.frames) >= MaxDepth {
		at := d.pos - 1
		d.stopAt(RuleDepth, fmt.Sprintf("arrays and objects nested deeper than %d levels", MaxDepth), at, d.faultPointer(at))
		return false
	}
	f.valueStart, f.namesBase = -1, len(d.names)
	d.frames = append(d.frames, f)
	return true
}

func (d *Decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte, or 0 at the end of the input.
func (d *Decoder) peek() byte {
	d.skipSpace()
	if d.pos < len(d.data) {
		return d.data[d.pos]
	}
	return 0
}

// OpenObject enters the object that comes next. When the next value is not an object it reports the
// mismatch, skips the value and returns false.
func (d *Decoder) OpenObject() bool {
	if d.fatal {
		return false
	}
	d.begin()
	if d.peek() == '{' {
		d.pos++
		return d.push(frame{keyStart: -1})
	}
	d.mismatch("an object")
	return false
}

// NextMember moves to the next member of the object entered last and reads its name (see Key). It
// returns false after the closing brace, or when a syntax error stops the decoder. The caller must read
// or skip exactly one value for every member.
func (d *Decoder) NextMember() bool {
	if d.fatal {
		return false
	}
	f := &d.frames[len(d.frames)-1]
	f.valueStart = -1 // the previous member's value, if any, has ended
	c := d.peek()
	if c == 0 && d.pos >= len(d.data) {
		d.syntax("unexpected end of input inside an object")
		return false
	}
	if c == '}' {
		d.pos++
		d.names = d.names[:f.namesBase]
		d.frames = d.frames[:len(d.frames)-1]
		return false
	}
	if f.keyStart >= 0 {
		if c != ',' {
			d.syntax("expected ',' or '}' after an object member")
			return false
		}
		d.pos++
		c = d.peek()
	}
	if c != '"' {
		d.syntax("expected a member name in double quotes")
		return false
	}
	start := d.pos
	f.keyStart = -1 // a fault inside the name belongs to the object
	d.key, d.keyEscaped = d.readString()
	if d.fatal {
		return false
	}
	f.keyStart, f.keyEnd = start, d.pos
	if d.peek() != ':' {
		d.syntax("expected ':' after a member name")
		return false
	}
	d.pos++
	return true
}

// Key is the name of the current member, unescaped. It is valid until the next value is read.
func (d *Decoder) Key() []byte { return d.key }

// Seen marks member number index of the object as read. For a member already read it reports the
// duplicate, skips the value and returns true.
func (d *Decoder) Seen(seen *uint64, index int) bool {
	if bit := uint64(1) << index; *seen&bit == 0 {
		*seen |= bit
		return false
	}
	d.Duplicate()
	return true
}

// Duplicate reports the current member as a second member of the same name: a text fault at the
// opening quote of its name, with the member's pointer, that stops the decoder.
func (d *Decoder) Duplicate() {
	f := d.frames[len(d.frames)-1]
	d.stopAt(RuleDuplicateKey, "duplicate member "+Quote(string(d.key))+" (I-JSON forbids two members with the same name)",
		f.keyStart, d.pointer())
}

// UnknownMember reports the current member as not in the schema and skips its value; an unknown member
// named twice is a duplicate (a text fault) like any other.
func (d *Decoder) UnknownMember() {
	if d.duplicateName() {
		d.Duplicate()
		return
	}
	d.Report(RuleAdditionalProperties, "unknown member (this type is closed; check the spelling or the schema version)")
	d.value()
}

// Missing reports every required member (a bit of mask) that was not seen. names[i] is the member of
// bit 1<<i.
func (d *Decoder) Missing(seen, mask uint64, names []string) {
	if d.fatal || seen&mask == mask {
		return
	}
	for i, name := range names {
		if bit := uint64(1) << i; mask&bit != 0 && seen&bit == 0 {
			d.reportAt(name, RuleRequired, "required member is missing")
		}
	}
}

// OpenArray enters the array that comes next. When the next value is not an array it reports the
// mismatch, skips the value and returns false.
func (d *Decoder) OpenArray() bool {
	if d.fatal {
		return false
	}
	d.begin()
	if d.peek() == '[' {
		d.pos++
		return d.push(frame{array: true, index: -1})
	}
	d.mismatch("an array")
	return false
}

// NextElement moves to the next element of the array entered last. It returns false after the closing
// bracket, or when a syntax error stops the decoder. The caller must read or skip one value for each
// element.
func (d *Decoder) NextElement() bool {
	if d.fatal {
		return false
	}
	f := &d.frames[len(d.frames)-1]
	f.valueStart = -1 // the previous element, if any, has ended
	c := d.peek()
	if c == 0 && d.pos >= len(d.data) {
		d.syntax("unexpected end of input inside an array")
		return false
	}
	if c == ']' {
		d.pos++
		d.frames = d.frames[:len(d.frames)-1]
		return false
	}
	if f.index >= 0 {
		if c != ',' {
			d.syntax("expected ',' or ']' after an array element")
			return false
		}
		d.pos++
	}
	f.index++
	return true
}

// mismatch reports that the next value is not of the wanted JSON type, and skips it.
func (d *Decoder) mismatch(want string) { d.mismatchRule(RuleType, want) }

// mismatchRule is mismatch for a value that breaks another rule than its JSON type (a tag's const).
func (d *Decoder) mismatchRule(rule, want string) {
	d.begin()
	if d.peek() == 0 && d.pos >= len(d.data) {
		d.syntax("unexpected end of input, expected a value")
		return
	}
	start := d.pos
	d.value()
	if d.fatal {
		return
	}
	d.Report(rule, "must be "+want+" (got "+describe(d.data[start:d.pos])+")")
}

// describe names a JSON value for a message: its kind, or its text when it is short.
func describe(token []byte) string {
	switch token[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return Quote(unquoteQuiet(token))
	}
	return shownToken(token)
}

// String reads a string value; ok is false when the value is not a string (the problem is reported).
func (d *Decoder) String() (value string, ok bool) {
	if d.fatal {
		return "", false
	}
	d.begin()
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
	d.begin()
	if d.peek() != '"' {
		d.mismatchRule(RuleConst, strconv.Quote(want))
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
	d.begin()
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
	d.begin()
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
	d.begin()
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

// RawValue reads any JSON value, checks the I-JSON rules inside it, and returns a copy of its bytes.
func (d *Decoder) RawValue() []byte {
	if d.fatal {
		return nil
	}
	d.begin()
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
	d.begin()
	if d.peek() != '{' {
		d.mismatch("an object")
		return nil
	}
	return d.RawValue()
}

// Name returns the current member name as a string (for map keys), copying it.
func (d *Decoder) Name() string { return string(d.key) }

// value reads and checks one value of any type: the I-JSON rules for free-form data and for values
// that are skipped after a problem.
func (d *Decoder) value() {
	d.begin()
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
		switch {
		case d.fatal:
		case integer && !safeInteger(token):
			d.Report(RuleUnsafeInteger, "integer "+shownToken(token)+" is outside +/-(2^53-1), which not every language reads exactly")
		case !integer:
			value, finite := parseFloat(token, false)
			if !finite {
				d.Report(RuleNumberOverflow, overflowMessage(token))
			} else if wideWhole(value) {
				d.Report(RuleUnsafeInteger, wideWholeMessage(token))
			}
		}
	case d.pos >= len(d.data):
		d.syntax("unexpected end of input, expected a value")
	default:
		d.syntax(fmt.Sprintf("unexpected character %q, expected a value", rune(c)))
	}
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
