package wirechat

// Tolerant reading (spec section 12): decode a document of a newer v1.x, keep what this reader does not
// know, and write it back out unchanged. The same algorithm as Python's wirechat.tolerant and TypeScript's
// decodeTolerant, over the generated wire.Shapes table.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/internal/codec"
	"github.com/wirechat/wirechat/go/internal/wire"
)

// OpenEnumFallback is the value that makes an enum open: a tolerant reader reads an unknown value of an
// enum that lists it as this one, and writes the original back.
const OpenEnumFallback = "other"

// The kinds of Unknown.
const (
	UnknownMember  = "member"  // a member of an object that the reader does not know
	UnknownVariant = "variant" // an array element whose union tag the reader does not know, kept whole
	UnknownEnum    = "enum"    // a value of an open enum that the reader does not know, read as "other"
)

// Unknown is one item a tolerant reader set aside: its kind, where it was (for a member: the pointer of
// its object, and Name), and its JSON text.
type Unknown struct {
	Kind    string
	Pointer string
	Name    string
	Value   json.RawMessage
}

// Tolerant is a tolerantly decoded value and what was set aside from it, in document order.
type Tolerant[T any] struct {
	Value   T
	Unknown []Unknown
}

// ErrTolerantRestore is wrapped by the error Encode and Canonical of a Tolerant return when a set-aside
// item's place (its JSON pointer) is gone from the value being written.
var ErrTolerantRestore = errors.New("a set-aside item has no place to go back to")

// DecodeTolerant reads data as a document of the wire type T like Decode, except that it keeps what a
// newer v1.x added (spec section 12): an unknown member of an object, an array element whose union tag
// is unknown (a new part type), a value of an open enum (one that lists "other") that is unknown (read as
// "other"). Everything it does know is checked as Decode checks it; text faults are rejected as always,
// and so are the number rules of spec section 2 inside what it sets aside (an unsafe integer in an unknown
// member is a problem at its pointer, as in every language).
func DecodeTolerant[T any](data []byte) (Tolerant[T], error) {
	var read Tolerant[T]
	unknown, err := DecodeTolerantInto(&read.Value, data)
	if err != nil {
		return Tolerant[T]{}, err
	}
	read.Unknown = unknown
	return read, nil
}

// DecodeTolerantInto is DecodeTolerant for a type chosen at run time: dst points to a wire value (see
// NewByName); it returns the items set aside.
func DecodeTolerantInto(dst any, data []byte) ([]Unknown, error) {
	return DecodeTolerantIntoWith(dst, data, DecodeOptions{})
}

// DecodeTolerantIntoWith is DecodeTolerantInto with limits (see DecodeOptions): a document over MaxBytes is
// refused before it is read, as DecodeIntoWith refuses it.
func DecodeTolerantIntoWith(dst any, data []byte, options DecodeOptions) ([]Unknown, error) {
	name := wireName(dst)
	if name == "" {
		return nil, fmt.Errorf("%w: %T", ErrNotWireType, dst)
	}
	if err := tooLarge(name, data, options); err != nil {
		return nil, err
	}
	strictErr := wire.DecodeInto(dst, data)
	if strictErr == nil {
		return nil, nil
	}
	var wireErr *WireError
	if !errors.As(strictErr, &wireErr) || len(wireErr.Problems) == 0 || wireErr.Problems[0].Line != 0 {
		return nil, strictErr // a fault of the text itself: nothing to be tolerant about
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var tree any
	if err := decoder.Decode(&tree); err != nil {
		return nil, strictErr
	}
	var unknown []Unknown
	cleaned, err := walk(tree, &wire.Shape{Kind: "ref", Ref: name}, "", &unknown)
	if err != nil {
		return nil, err
	}
	text, err := marshal(cleaned)
	if err != nil {
		return nil, err
	}
	faults := setAsideFaults(wireErr.Problems, unknown)
	reflect.ValueOf(dst).Elem().SetZero()
	if err := wire.DecodeInto(dst, text); err != nil {
		var cleanedErr *WireError
		if len(faults) > 0 && errors.As(err, &cleanedErr) {
			merged := codec.OrderProblems(append(faults, cleanedErr.Problems...))
			return nil, &WireError{Type: cleanedErr.Type, Problems: merged}
		}
		return nil, err
	}
	if len(faults) > 0 {
		reflect.ValueOf(dst).Elem().SetZero()
		return nil, &WireError{Type: name, Problems: codec.OrderProblems(faults)}
	}
	return unknown, nil
}

// setAsideFaults are the strict decode's number problems (spec section 2 rules 4 and 5 hold anywhere in
// the document) that lie inside an item set aside: a tolerant reader never keeps a value it could not write
// back the same in every language (issue 26 item 1).
func setAsideFaults(problems []Problem, unknown []Unknown) []Problem {
	var faults []Problem
	for _, problem := range problems {
		if problem.Rule != codec.RuleUnsafeInteger && problem.Rule != codec.RuleNumberOverflow {
			continue
		}
		for _, item := range unknown {
			base := item.Pointer
			if item.Kind == UnknownMember {
				base += "/" + token(item.Name)
			}
			if item.Kind != UnknownEnum && (problem.Pointer == base || strings.HasPrefix(problem.Pointer, base+"/")) {
				faults = append(faults, problem)
				break
			}
		}
	}
	return faults
}

// Encode writes the value (see Encode) with every set-aside item back in place.
func (t Tolerant[T]) Encode() ([]byte, error) { return EncodeTolerant(&t.Value, t.Unknown) }

// Canonical is the RFC 8785 form of Encode's output.
func (t Tolerant[T]) Canonical() ([]byte, error) { return CanonicalTolerant(&t.Value, t.Unknown) }

// EncodeTolerant encodes v (see Encode) and puts every item of unknown back at its pointer, in order; an
// enum value goes back only where the value still reads "other" (a value the caller set wins).
func EncodeTolerant(v any, unknown []Unknown) ([]byte, error) {
	data, err := Encode(v)
	if err != nil || len(unknown) == 0 {
		return data, err
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var tree any
	if err := decoder.Decode(&tree); err != nil {
		return nil, err
	}
	tree, err = restore(tree, unknown)
	if err != nil {
		return nil, err
	}
	return marshal(tree)
}

// CanonicalTolerant is the RFC 8785 form of EncodeTolerant's output.
func CanonicalTolerant(v any, unknown []Unknown) ([]byte, error) {
	data, err := EncodeTolerant(v, unknown)
	if err != nil {
		return nil, err
	}
	return CanonicalJSON(data)
}

func marshal(value any) ([]byte, error) {
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(value); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

func raw(value any) (json.RawMessage, error) {
	data, err := marshal(value)
	return json.RawMessage(data), err
}

func resolve(shape *wire.Shape) *wire.Shape {
	for shape.Kind == "ref" {
		shape = wire.Shapes[shape.Ref]
	}
	return shape
}

// variant is the shape of the variant of union that value's tag selects, or nil when the tag is unknown
// (or value is no object with a string tag).
func variant(union *wire.Shape, value any) (*wire.Shape, bool) {
	object, isObject := value.(map[string]any)
	tag, isString := object[union.Tag].(string)
	if !isObject || !isString {
		return nil, false
	}
	name, known := union.Variants[tag]
	if !known {
		return nil, true
	}
	return wire.Shapes[name], true
}

func walk(value any, shape *wire.Shape, pointer string, out *[]Unknown) (any, error) {
	shape = resolve(shape)
	switch shape.Kind {
	case "union":
		if found, _ := variant(shape, value); found != nil {
			return walk(value, found, pointer, out)
		}
	case "object":
		object, ok := value.(map[string]any)
		if !ok {
			return value, nil
		}
		kept := make(map[string]any, len(object))
		for _, name := range codec.SortedKeys(object) { // document order is lost by encoding/json; keep one
			member, known := shape.Members[name]
			if !known {
				text, err := raw(object[name])
				if err != nil {
					return nil, err
				}
				*out = append(*out, Unknown{Kind: UnknownMember, Pointer: pointer, Name: name, Value: text})
				continue
			}
			walked, err := walk(object[name], member, pointer+"/"+codec.EscapeToken(name), out)
			if err != nil {
				return nil, err
			}
			kept[name] = walked
		}
		return kept, nil
	case "map":
		if object, ok := value.(map[string]any); ok {
			kept := make(map[string]any, len(object))
			for _, name := range codec.SortedKeys(object) {
				walked, err := walk(object[name], shape.Values, pointer+"/"+codec.EscapeToken(name), out)
				if err != nil {
					return nil, err
				}
				kept[name] = walked
			}
			return kept, nil
		}
	case "array":
		items, ok := value.([]any)
		if !ok {
			return value, nil
		}
		union := resolve(shape.Items)
		kept := make([]any, 0, len(items))
		for index, item := range items {
			at := pointer + "/" + strconv.Itoa(index)
			if union.Kind == "union" {
				if found, tagged := variant(union, item); tagged && found == nil {
					text, err := raw(item)
					if err != nil {
						return nil, err
					}
					*out = append(*out, Unknown{Kind: UnknownVariant, Pointer: at, Value: text})
					continue
				}
			}
			walked, err := walk(item, shape.Items, at, out)
			if err != nil {
				return nil, err
			}
			kept = append(kept, walked)
		}
		return kept, nil
	case "enum":
		text, ok := value.(string)
		if ok && !slices.Contains(shape.Enum, text) && slices.Contains(shape.Enum, OpenEnumFallback) {
			quoted, err := raw(text)
			if err != nil {
				return nil, err
			}
			*out = append(*out, Unknown{Kind: UnknownEnum, Pointer: pointer, Value: quoted})
			return OpenEnumFallback, nil
		}
	}
	return value, nil
}

func tokens(pointer string) []string {
	if pointer == "" {
		return nil
	}
	parts := strings.Split(pointer[1:], "/")
	for i, part := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
	}
	return parts
}

func at(tree any, path []string, item Unknown) (any, error) {
	node := tree
	for _, token := range path {
		switch current := node.(type) {
		case map[string]any:
			next, ok := current[token]
			if !ok {
				return nil, gone(item)
			}
			node = next
		case []any:
			index, err := strconv.Atoi(token)
			if err != nil || index < 0 || index >= len(current) {
				return nil, gone(item)
			}
			node = current[index]
		default:
			return nil, gone(item)
		}
	}
	return node, nil
}

func gone(item Unknown) error {
	where, what := item.Pointer, ""
	if where == "" {
		where = "/"
	}
	if item.Name != "" {
		what = " (" + strconv.Quote(item.Name) + ")"
	}
	return fmt.Errorf("%w: %s: the %s set aside here%s; the value no longer has this member or array element",
		ErrTolerantRestore, where, item.Kind, what)
}

// restore puts every item back into tree, in document order, and returns the tree.
func restore(tree any, unknown []Unknown) (any, error) {
	for _, item := range unknown {
		path := tokens(item.Pointer)
		switch item.Kind {
		case UnknownMember:
			target, err := at(tree, path, item)
			if err != nil {
				return nil, err
			}
			object, ok := target.(map[string]any)
			if _, taken := object[item.Name]; !ok || taken {
				return nil, fmt.Errorf("%w: %s: cannot put member %q back", ErrTolerantRestore, item.Pointer, item.Name)
			}
			object[item.Name] = item.Value
		case UnknownVariant:
			index, _ := strconv.Atoi(path[len(path)-1])
			if err := insert(&tree, path[:len(path)-1], index, item); err != nil {
				return nil, err
			}
		case UnknownEnum:
			current, err := at(tree, path, item)
			if err != nil {
				return nil, err
			}
			if current != OpenEnumFallback {
				continue // the caller set another value: theirs wins
			}
			if len(path) == 0 {
				tree = item.Value
				continue
			}
			parent, _ := at(tree, path[:len(path)-1], item)
			switch p := parent.(type) {
			case map[string]any:
				p[path[len(path)-1]] = item.Value
			case []any:
				index, _ := strconv.Atoi(path[len(path)-1])
				p[index] = item.Value
			}
		}
	}
	return tree, nil
}

// insert puts item.Value at index of the array at path (a slice grows, so its holder is updated).
func insert(tree *any, path []string, index int, item Unknown) error {
	array, err := at(*tree, path, item)
	items, ok := array.([]any)
	if err != nil || !ok || index > len(items) {
		return fmt.Errorf("%w: %s: the array is shorter than when it was read", ErrTolerantRestore, item.Pointer)
	}
	grown := slices.Insert(items, index, any(item.Value))
	if len(path) == 0 {
		*tree = grown
		return nil
	}
	holder, _ := at(*tree, path[:len(path)-1], item)
	switch h := holder.(type) {
	case map[string]any:
		h[path[len(path)-1]] = grown
	case []any:
		i, _ := strconv.Atoi(path[len(path)-1])
		h[i] = grown
	}
	return nil
}
