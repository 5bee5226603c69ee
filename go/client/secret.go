package client

// Secret keeps an API key out of every string form: fmt's %v, %s, %q, %#v, %x, String, GoString and
// JSON all print "Secret(***)"; only Reveal gives the value, and the client calls it in one place (the
// auth headers). The client also passes every text that came from outside (a server's error message,
// code or request id, a network error) through Redact, so a careless server echoing the key shows
// "***" instead.

import (
	"fmt"
	"strings"
)

// Secret is an API key.
type Secret struct{ value string }

// NewSecret wraps a key.
func NewSecret(value string) Secret { return Secret{value: value} }

const redacted = "Secret(***)"

// Reveal is the key itself, for the request's auth headers.
func (s Secret) Reveal() string { return s.value }

// String implements fmt.Stringer without the key.
func (s Secret) String() string { return redacted }

// GoString implements fmt.GoStringer without the key.
func (s Secret) GoString() string { return redacted }

// Format implements fmt.Formatter: every verb prints the redacted form.
func (s Secret) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(redacted)) }

// MarshalJSON writes the redacted form.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + redacted + `"`), nil }

// MinRedactedLength is the shortest key Redact searches for: a shorter one would match ordinary words.
const MinRedactedLength = 8

// Redact replaces the key with *** where it stands as a whole token: no ASCII letter or digit touching it
// on either side (spec section 5.3). A key shorter than MinRedactedLength is not searched for.
func (s Secret) Redact(text string) string {
	if len(s.value) < MinRedactedLength || !strings.Contains(text, s.value) {
		return text
	}
	var out strings.Builder
	for {
		at := strings.Index(text, s.value)
		if at < 0 {
			break
		}
		end := at + len(s.value)
		whole := (at == 0 || !isWordByte(text[at-1])) && (end == len(text) || !isWordByte(text[end]))
		if whole {
			out.WriteString(text[:at])
			out.WriteString("***")
		} else {
			out.WriteString(text[:end])
		}
		text = text[end:]
	}
	out.WriteString(text)
	return out.String()
}

func isWordByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
