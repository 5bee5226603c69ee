package wirechat

// Decode, Validate, Encode and Canonical: the four things every wirechat implementation does with a
// document, with the same verdicts and the same RFC 8785 bytes as the Python and TypeScript packages.

import (
	"errors"
	"reflect"
	"strconv"

	"github.com/gowebpki/jcs"

	"github.com/wirechat/wirechat/go/internal/codec"
	"github.com/wirechat/wirechat/go/internal/wire"
)

// WireError reports a document or value that is not valid wirechat. Problems lists the problems found
// (spec section 5: a text fault alone, else in order of pointer and rule, at most MaxProblems and a
// count of the rest), each as an RFC 6901 JSON pointer into the document ("" is the whole document,
// written "(root)" in messages), a message and the rule it breaks.
type WireError = codec.WireError

// Problem is one entry of a WireError: Pointer (where), Message (what) and Rule (the name of the rule
// broken, the same name the Python and TypeScript packages give: one of the Rule constants); Line and
// Column (1-based, the column in code points) locate a text fault and are 0 for any other problem.
type Problem = codec.Problem

// The rules a Problem can break: JSON Schema keywords, then the I-JSON rules of the spec's section 2.
const (
	RuleRequired             = codec.RuleRequired
	RuleAdditionalProperties = codec.RuleAdditionalProperties
	RuleDiscriminator        = codec.RuleDiscriminator
	RuleType                 = codec.RuleType
	RuleEnum                 = codec.RuleEnum
	RuleConst                = codec.RuleConst
	RulePattern              = codec.RulePattern
	RuleMinimum              = codec.RuleMinimum
	RuleMaximum              = codec.RuleMaximum
	RuleMinLength            = codec.RuleMinLength
	RuleMaxLength            = codec.RuleMaxLength
	RuleMinItems             = codec.RuleMinItems
	RuleMaxItems             = codec.RuleMaxItems
	RuleSyntax               = codec.RuleSyntax
	RuleUTF8                 = codec.RuleUTF8
	RuleBOM                  = codec.RuleBOM
	RuleDuplicateKey         = codec.RuleDuplicateKey
	RuleLoneSurrogate        = codec.RuleLoneSurrogate
	RuleNumberOverflow       = codec.RuleNumberOverflow
	RuleUnsafeInteger        = codec.RuleUnsafeInteger
	RuleIntegerLiteral       = codec.RuleIntegerLiteral
	RuleDepth                = codec.RuleDepth
	RuleJSONValue            = codec.RuleJSONValue
	RuleTooLarge             = codec.RuleTooLarge
	RuleTooManyProblems      = codec.RuleTooManyProblems
)

// MaxProblems is how many problems a WireError lists at most; when a document has more, one last
// problem (pointer "", rule RuleTooManyProblems) says how many were left out (spec section 5.2).
const MaxProblems = codec.MaxProblems

// ErrNotWireType is wrapped by the error returned when a value is not a wire type (or a pointer to one).
var ErrNotWireType = codec.ErrNotWireType

// Decode reads data as a document of the wire type T (Decode[wirechat.Message],
// Decode[wirechat.Part] ...) and checks everything the spec asks: the I-JSON rules (UTF-8, no
// duplicate members, no lone surrogates, numbers that fit a double, integer literals within
// +/-(2^53-1)), unknown members, union tags, required members, bounds, lengths, patterns and enums.
//
// On failure it returns the zero T and a *WireError (spec section 5). A fault of the text itself (rules
// bom, utf8, syntax, duplicate-key, lone-surrogate, depth) stops decoding and is the only problem, with
// its Line and Column; otherwise the problems are listed in order of pointer, then rule, one per pointer
// and rule, at most MaxProblems of them. For T that is not a wire type the error wraps ErrNotWireType.
// Decode sets no size limit: see DecodeWith.
func Decode[T any](data []byte) (T, error) {
	var v T
	if err := wire.DecodeInto(&v, data); err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// Validate checks a wire value built in Go, with the rules Decode applies to bytes (plus: strings must
// be UTF-8, numbers finite, free-form JsonValue bytes one I-JSON value). v may be a wire value or a
// pointer to one; a union value (a Part, a StreamEvent ...) is a pointer to its variant. It returns a
// *WireError listing every problem, with JSON pointers into the document v would encode to.
func Validate(v any) error {
	err := wire.Check(v)
	if errors.Is(err, ErrNotWireType) {
		if p, ok := addressable(v); ok {
			return wire.Check(p)
		}
	}
	return err
}

// Encode validates v (see Validate) and writes it as compact JSON with only the members that are set,
// union tags first. A value that Validate rejects is not written: Encode returns the *WireError.
func Encode(v any) ([]byte, error) {
	if p, ok := addressable(v); ok {
		v = p
	}
	if err := wire.Check(v); err != nil {
		return nil, err
	}
	return wire.Write(v)
}

// Canonical encodes v (see Encode) and returns its RFC 8785 (JCS) form: the bytes in which two
// documents are compared, identical in every wirechat language.
func Canonical(v any) ([]byte, error) {
	data, err := Encode(v)
	if err != nil {
		return nil, err
	}
	return jcs.Transform(data)
}

// CanonicalJSON returns the RFC 8785 (JCS) form of any JSON text, wirechat or not.
func CanonicalJSON(data []byte) ([]byte, error) {
	return jcs.Transform(data)
}

// addressable returns a pointer to a copy of v when v is a value rather than a pointer, so that the
// pointer methods of the generated types apply to it.
func addressable(v any) (any, bool) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		return nil, false
	}
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	return p.Interface(), true
}

// ComparePointers orders two JSON pointers as problems are listed (spec section 5.2): token by token,
// two tokens written as non-negative decimal integers by value, others by code points, a prefix first.
func ComparePointers(a, b string) int { return codec.ComparePointers(a, b) }

// DecodeOptions are the caller's limits for DecodeWith and DecodeIntoWith.
type DecodeOptions struct {
	// MaxBytes is the largest document accepted, in bytes; 0 (the default) sets no limit. A longer
	// document is rejected before it is parsed, with one problem: pointer "", rule RuleTooLarge, both
	// sizes in the message (spec section 5.3). A library cannot know how large its caller's documents
	// are; a server decoding what it is sent should set one (the wirechat CLI uses 64 MiB).
	MaxBytes int
}

// DecodeWith is Decode with limits (see DecodeOptions).
func DecodeWith[T any](data []byte, options DecodeOptions) (T, error) {
	var v T
	if err := DecodeIntoWith(&v, data, options); err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// DecodeIntoWith is DecodeInto with limits (see DecodeOptions).
func DecodeIntoWith(dst any, data []byte, options DecodeOptions) error {
	if name := wireName(dst); name != "" {
		if err := tooLarge(name, data, options); err != nil {
			return err
		}
	}
	return wire.DecodeInto(dst, data)
}

// tooLarge is the one problem of a document over options.MaxBytes (spec section 5.3), nil when within.
func tooLarge(name string, data []byte, options DecodeOptions) error {
	if options.MaxBytes <= 0 || len(data) <= options.MaxBytes {
		return nil
	}
	return &WireError{Type: name, Problems: []Problem{{
		Pointer: "",
		Message: "document is " + strconv.Itoa(len(data)) + " bytes, more than the limit of " +
			strconv.Itoa(options.MaxBytes) + " bytes",
		Rule: RuleTooLarge,
	}}}
}

// wireName is the schema name of the wire type dst points to, or "" when it is not one.
func wireName(dst any) string {
	t := reflect.TypeOf(dst)
	if t == nil || t.Kind() != reflect.Pointer || wire.New(t.Elem().Name()) == nil {
		return ""
	}
	if reflect.TypeOf(wire.New(t.Elem().Name())) != t {
		return ""
	}
	return t.Elem().Name()
}

// NewByName returns a pointer to a zero value of the wire type with that schema name (a *Message for
// "Message", a *Part for "Part"), ready for DecodeInto, or nil when there is no such type.
func NewByName(name string) any { return wire.New(name) }

// DecodeInto is Decode for a type chosen at run time: dst points to a wire value (see NewByName).
func DecodeInto(dst any, data []byte) error { return wire.DecodeInto(dst, data) }
