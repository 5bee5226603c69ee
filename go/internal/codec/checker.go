package codec

// The Checker: the problem collector behind the generated Validate methods.

import (
	"strconv"
	"strings"
)

// Checker collects the problems of a value built in Go, for the generated Validate methods. It tracks
// the JSON pointer of the member being checked, as the Decoder does for the bytes it reads.
type Checker struct {
	path     []step
	problems problemList
}

type step struct {
	key   string
	index int // -1 for a member name
}

// Enter steps into a member.
func (c *Checker) Enter(name string) { c.path = append(c.path, step{key: name, index: -1}) }

// EnterIndex steps into an array element.
func (c *Checker) EnterIndex(i int) { c.path = append(c.path, step{index: i}) }

// Leave steps back out of the member or element entered last.
func (c *Checker) Leave() { c.path = c.path[:len(c.path)-1] }

// Report records a problem at the current member, breaking rule (Checker is a Reporter).
func (c *Checker) Report(rule, message string) {
	c.problems.add(Problem{Pointer: c.pointer(), Message: message, Rule: rule})
}

// Missing reports a required member that is not set.
func (c *Checker) Missing(name string) {
	c.Enter(name)
	c.Report(RuleRequired, "required member is missing")
	c.Leave()
}

// Raw checks free-form JSON at the current member: one I-JSON value (an object when object is true).
func (c *Checker) Raw(raw []byte, object bool) {
	d := NewDecoder(raw)
	d.prefix = c.pointer()
	if object {
		d.RawObject()
	} else {
		d.RawValue()
	}
	d.Finish("")
	if d.fault != nil {
		p := *d.fault
		if p.Rule == RuleSyntax {
			p.Rule = RuleJSONValue // bytes built in Go that do not parse: not a JSON value
		}
		p.Line, p.Column = 0, 0 // a value built in Go has no text to point into
		c.problems.add(p)
		return
	}
	d.problems.compact()
	for _, p := range d.problems.items {
		c.problems.add(p)
	}
	c.problems.dropped += d.problems.dropped
}

// Err returns a *WireError listing every problem, or nil when there was none.
func (c *Checker) Err(typeName string) error {
	if c.problems.empty() {
		return nil
	}
	return &WireError{Type: typeName, Problems: c.problems.result()}
}

func (c *Checker) pointer() string {
	var b strings.Builder
	for _, s := range c.path {
		b.WriteByte('/')
		if s.index >= 0 {
			b.WriteString(strconv.Itoa(s.index))
		} else {
			b.WriteString(EscapeToken(s.key))
		}
	}
	return b.String()
}
