package gemini

// A function call whose arguments Gemini 3 streams in pieces (functionCall.willContinue, partialArgs), as
// Python's gemini/partial_args.py. {"functionCall": {"name", "willContinue": true}} opens it, each
// {"functionCall": {"partialArgs": [...], "willContinue": true}} adds argument values, and a functionCall
// without willContinue closes it. A partial argument is {jsonPath, stringValue | numberValue | boolValue |
// nullValue, willContinue?}: the value at the path ($.a.b[0], $['a b']); a string whose willContinue is
// true goes on in the next piece for the same path. The call's arguments are the object these values
// build, in the order their paths first arrive.

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

var (
	partialArgShape = shared.Shape{"jsonPath": nil, "stringValue": nil, "numberValue": nil, "boolValue": nil,
		"nullValue": nil, "willContinue": nil}
	pathStep = regexp.MustCompile(`^(?:\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\])`)
	unescape = regexp.MustCompile(`\\(.)`)
)

// step is a member name (index < 0) or an array index.
type step struct {
	name  string
	index int
}

func jsonPath(raw any, where string) ([]step, error) {
	text, ok := raw.(string)
	if !ok || !strings.HasPrefix(text, "$") {
		return nil, shared.Invalid(where, "expected a JSON path starting with $, got %s", providerjsonText(raw))
	}
	var steps []step
	for at := 1; at < len(text); {
		found := pathStep.FindStringSubmatchIndex(text[at:])
		if found == nil {
			return nil, shared.Invalid(where, "a JSON path this adapter cannot read: %s", text)
		}
		group := func(i int) (string, bool) {
			if found[2*i] < 0 {
				return "", false
			}
			return text[at+found[2*i] : at+found[2*i+1]], true
		}
		if name, ok := group(1); ok {
			steps = append(steps, step{name: name, index: -1})
		} else if index, ok := group(2); ok {
			n, err := strconv.Atoi(index)
			if err != nil {
				return nil, shared.Invalid(where, "an index too large: %s", text)
			}
			steps = append(steps, step{index: n})
		} else {
			quoted, ok := group(3)
			if !ok {
				quoted, _ = group(4)
			}
			steps = append(steps, step{name: unescape.ReplaceAllString(quoted, "$1"), index: -1})
		}
		at += found[1]
	}
	if len(steps) == 0 {
		return nil, shared.Invalid(where, "a partial argument needs a member path, got %s", text)
	}
	return steps, nil
}

func pieceValue(piece *obj, where string) (any, error) {
	for _, key := range []string{"stringValue", "numberValue", "boolValue"} {
		if piece.Has(key) {
			return piece.Get(key), nil
		}
	}
	if piece.Has("nullValue") {
		return nil, nil
	}
	return nil, shared.Invalid(where, "a partial argument without a value")
}

// streamedCall is one streamed function call: its id and name, and the arguments built so far.
type streamedCall struct {
	id, name string
	args     *obj
	open     map[string]bool // paths whose string goes on in the next piece
}

func newStreamedCall(id, name string) *streamedCall {
	return &streamedCall{id: id, name: name, args: newObj(), open: map[string]bool{}}
}

// add adds a part's partialArgs; it returns the pointers of members of them that are not mapped.
func (c *streamedCall) add(raw any, where string) ([]string, error) {
	pieces, ok := raw.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of partial arguments")
	}
	var unmapped []string
	for i, rawPiece := range pieces {
		at := where + "/" + strconv.Itoa(i)
		piece, ok := rawPiece.(*obj)
		if !ok {
			return nil, shared.Invalid(at, "expected a partial argument object")
		}
		for _, key := range piece.Keys() {
			if _, mapped := partialArgShape[key]; !mapped {
				unmapped = append(unmapped, at+"/"+key)
			}
		}
		steps, err := jsonPath(piece.Get("jsonPath"), at+"/jsonPath")
		if err != nil {
			return nil, err
		}
		value, err := pieceValue(piece, at)
		if err != nil {
			return nil, err
		}
		if err := c.set(steps, value, piece.Get("willContinue") == true, at); err != nil {
			return nil, err
		}
	}
	return unmapped, nil
}

func pathKey(steps []step) string {
	var b strings.Builder
	for _, s := range steps {
		if s.index >= 0 {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		} else {
			b.WriteString("." + strconv.Quote(s.name))
		}
	}
	return b.String()
}

// arr is an array being built (a pointer, so that growing it stays visible to its parent); arguments()
// turns it into a plain list.
type arr struct{ items []any }

func (c *streamedCall) set(steps []step, value any, goesOn bool, where string) error {
	var target any = c.args
	for i, s := range steps[:len(steps)-1] {
		wantList := steps[i+1].index >= 0
		current := get(target, s)
		_, isObject := current.(*obj)
		_, isList := current.(*arr)
		if current == nil || (wantList && !isList) || (!wantList && !isObject) {
			var empty any = newObj()
			if wantList {
				empty = &arr{}
			}
			if err := put(target, s, empty, where); err != nil {
				return err
			}
			current = empty
		}
		target = current
	}
	last, key := steps[len(steps)-1], pathKey(steps)
	if current, ok := get(target, last).(string); ok && c.open[key] {
		if piece, ok := value.(string); ok {
			value = current + piece
		}
	}
	if err := put(target, last, value, where); err != nil {
		return err
	}
	if goesOn {
		c.open[key] = true
	} else {
		delete(c.open, key)
	}
	return nil
}

func get(target any, s step) any {
	switch t := target.(type) {
	case *obj:
		if s.index < 0 {
			return t.Get(s.name)
		}
	case *arr:
		if s.index >= 0 && s.index < len(t.items) {
			return t.items[s.index]
		}
	}
	return nil
}

func put(target any, s step, value any, where string) error {
	switch t := target.(type) {
	case *obj:
		if s.index < 0 {
			t.Set(s.name, value)
			return nil
		}
	case *arr:
		if s.index >= 0 {
			for len(t.items) <= s.index {
				t.items = append(t.items, nil)
			}
			t.items[s.index] = value
			return nil
		}
	}
	return shared.Invalid(where+"/jsonPath", "the path mixes members and indices at the same place")
}

// plain is a built value with its arrays as plain lists.
func plain(value any) any {
	switch v := value.(type) {
	case *obj:
		out := newObj()
		for _, key := range v.Keys() {
			out.Set(key, plain(v.Get(key)))
		}
		return out
	case *arr:
		out := make([]any, len(v.items))
		for i, item := range v.items {
			out[i] = plain(item)
		}
		return out
	}
	return value
}

// arguments is the arguments as the compact JSON text an unstreamed call of the same object reads as.
func (c *streamedCall) arguments() string { return compactJSON(plain(c.args)) }
