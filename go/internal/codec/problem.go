package codec

// Problems and the WireError that lists them.

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Problem is one thing wrong with a document: where it is (an RFC 6901 JSON pointer, "" for the whole
// document), what is wrong, and the name of the rule it breaks.
type Problem struct {
	Pointer string
	Message string
	// Rule names the rule broken, with the names the Python and TypeScript packages use: a JSON Schema
	// keyword (RuleRequired, RuleAdditionalProperties, RuleDiscriminator, RuleType, RuleEnum, RuleConst,
	// RulePattern, RuleMinimum, RuleMaximum, RuleMinLength, RuleMaxLength, RuleMinItems, RuleMaxItems) or
	// an I-JSON rule (RuleSyntax, RuleUTF8, RuleBOM, RuleDuplicateKey, RuleLoneSurrogate,
	// RuleNumberOverflow, RuleUnsafeInteger, RuleIntegerLiteral, RuleDepth, RuleJSONValue) or a limit
	// (RuleTooLarge, RuleTooManyProblems).
	Rule string
	// Line and Column locate a text fault (spec section 5.1: bom, utf8, syntax, duplicate-key,
	// lone-surrogate, depth) in the text, both 1-based, the column counted in code points. They are 0 for
	// every other problem, which has no place in the text but its pointer.
	Line, Column int
}

// The names of the rules a Problem can break (Problem.Rule).
const (
	RuleRequired             = "required"
	RuleAdditionalProperties = "additionalProperties"
	RuleDiscriminator        = "discriminator"
	RuleType                 = "type"
	RuleEnum                 = "enum"
	RuleConst                = "const"
	RulePattern              = "pattern"
	RuleMinimum              = "minimum"
	RuleMaximum              = "maximum"
	RuleMinLength            = "minLength"
	RuleMaxLength            = "maxLength"
	RuleMinItems             = "minItems"
	RuleMaxItems             = "maxItems"
	RuleSyntax               = "syntax"
	RuleUTF8                 = "utf8"
	RuleBOM                  = "bom"
	RuleDuplicateKey         = "duplicate-key"
	RuleLoneSurrogate        = "lone-surrogate"
	RuleNumberOverflow       = "number-overflow"
	RuleUnsafeInteger        = "unsafe-integer"
	RuleIntegerLiteral       = "integer-literal"
	RuleDepth                = "depth"
	RuleJSONValue            = "json-value"
	RuleTooLarge             = "too-large"
	RuleTooManyProblems      = "too-many-problems"
)

// String renders the problem as "pointer: message", with "(root)" for the empty pointer.
func (p Problem) String() string {
	pointer := p.Pointer
	if pointer == "" {
		pointer = "(root)"
	}
	return pointer + ": " + p.Message
}

// WireError reports a document (or a value) that is not valid wirechat: every problem found, each with
// its JSON pointer. Type names the wire type that was decoded, validated or encoded, when known.
type WireError struct {
	Type     string
	Problems []Problem
}

// Error lists every problem on one line.
func (e *WireError) Error() string {
	var b strings.Builder
	if e.Type != "" {
		b.WriteString("invalid " + e.Type)
	} else {
		b.WriteString("invalid document")
	}
	if len(e.Problems) == 1 {
		b.WriteString(" (1 problem): ")
	} else {
		b.WriteString(" (" + strconv.Itoa(len(e.Problems)) + " problems): ")
	}
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// Rules lists the rule of every problem, in order.
func (e *WireError) Rules() []string {
	out := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.Rule
	}
	return out
}

// Pointers lists the JSON pointer of every problem, in order.
func (e *WireError) Pointers() []string {
	out := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.Pointer
	}
	return out
}

// EscapeToken escapes one reference token of a JSON pointer (RFC 6901: "~" is "~0", "/" is "~1").
func EscapeToken(token string) string {
	if !strings.ContainsAny(token, "~/") {
		return token
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}

// maxShown is how many characters of a value a message quotes before it cuts the rest.
const maxShown = 60

// Quote renders a string for a message: JSON-quoted, cut after maxShown characters.
func Quote(s string) string {
	if utf8.RuneCountInString(s) > maxShown {
		runes := []rune(s)
		return strconv.Quote(string(runes[:maxShown])) + "..."
	}
	return strconv.Quote(s)
}

// shownToken renders a raw JSON token (a number or a literal) for a message, cut like Quote.
func shownToken(token []byte) string {
	if len(token) > maxShown {
		return string(token[:maxShown]) + "..."
	}
	return string(token)
}

// ErrNotWireType is returned (wrapped) when a value that is not a wire type is passed where one is
// needed, such as a *string to Decode.
var ErrNotWireType = errors.New("not a wire type")
