package codec

// The Decoder: one pass over a JSON text that the generated decoders drive value by value, with the
// I-JSON checks, the JSON pointer of the value being read, and every problem recorded where it is.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// MaxDepth is the deepest nesting of arrays and objects a document may have (spec section 2, rule 6:
// the [ or { that opens level 201 is a depth fault, an empty innermost array or object included).
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
	text         []byte // the whole text
	data         []byte // the text that is read: all of it, or the part before bytes that are not UTF-8
	pos          int
	frames       []frame
	problems     problemList
	fatal        bool
	fault        *Problem // the text fault that stopped the decoder
	colonMissing bool     // the current member name is followed by something else than a colon
	badText      *badText // bytes that are not UTF-8, found before parsing
	prefix       string   // pointer of data's root inside a larger document (see Checker.Raw)
	key          []byte   // the current member name, unescaped; valid until the next string is read
	keyEscaped   bool     // key lives in scratch rather than in data
	scratch      []byte   // unescaped string content
	names        [][]byte // member names of the objects being read, innermost last (see frame.namesBase)
	frameBuf     [16]frame
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
	if !d.begin() {
		return false
	}
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
		// The name may be a duplicate, a fault at its opening quote, before this one: the caller looks
		// (Seen, UnknownMember) and the value's reader reports the missing colon (see begin).
		d.colonMissing = true
		return true
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
	if !d.begin() {
		return false
	}
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
	if !d.begin() {
		return
	}
	if d.peek() == 0 && d.pos >= len(d.data) {
		d.syntax("unexpected end of input, expected a value")
		return
	}
	start := d.pos
	if c := d.peek(); c == '-' || (c >= '0' && c <= '9') {
		token, integer := d.scanNumber()
		if d.fatal {
			return
		}
		if numberRule, message := numberFault(token, integer); numberRule != "" {
			d.Report(numberRule, message) // a number rule alone: the schema is not checked (spec section 5)
			return
		}
	} else {
		d.value()
		if d.fatal {
			return
		}
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

// Name returns the current member name as a string (for map keys), copying it.
func (d *Decoder) Name() string { return string(d.key) }
