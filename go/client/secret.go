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

// Redact replaces every occurrence of the key in text with ***.
func (s Secret) Redact(text string) string {
	if len(s.value) < 4 { // a key this short would redact ordinary words
		return text
	}
	return strings.ReplaceAll(text, s.value, "***")
}
