package wirechat_test

// FuzzDecode feeds arbitrary bytes to Decode for several wire types. Whatever it gets, Decode must not
// panic and must either fail with a *WireError (and no other error) that has between 1 and 101 problems
// in the spec's order (section 5.2: a text fault alone, with its line and column), or accept a document
// that is valid JSON without duplicate members (checked here with encoding/json, an independent parser),
// that encodes, whose encoding decodes again to the same value (decode -> encode -> decode -> encode
// gives the same bytes), and that keeps the round-trip promise: JCS(Encode(Decode(x))) == JCS(x).
//
// CI runs it briefly; run it longer on demand:
//
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 10s ./wirechat/
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 10m ./wirechat/
//
// The seeds are the shared examples and the decode cases of the conformance corpus; a failure the fuzzer
// finds is saved under testdata/fuzz/FuzzDecode/ and then runs as a plain test with go test (and goes
// into the corpus as a case).

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

var fuzzTypes = []string{"ChatRequest", "ChatResponse", "Message", "Part", "StreamEvent", "ToolDefinition", "JsonValue", "TokenUsage"}

func FuzzDecode(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join(schemaDir, "examples", "*", "valid", "*.json"))
	for _, path := range seeds {
		if raw, err := os.ReadFile(path); err == nil {
			f.Add(raw)
		}
	}
	_, cases := corpusDecodeCases(f)
	for _, c := range cases {
		if raw, err := c.bytes(); err == nil && len(raw) < 1<<16 {
			f.Add(raw)
		}
	}
	invalid, _ := filepath.Glob(filepath.Join(schemaDir, "examples", "*", "invalid", "*.json"))
	for _, path := range invalid {
		raw, err := os.ReadFile(path)
		var example struct{ Document json.RawMessage }
		if err == nil && json.Unmarshal(raw, &example) == nil {
			f.Add([]byte(example.Document))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range fuzzTypes {
			checkDecode(t, name, data)
		}
	})
}

func checkDecode(t *testing.T, name string, data []byte) {
	value := wirechat.NewByName(name)
	err := wirechat.DecodeInto(value, data)
	if err != nil {
		checkProblems(t, name, data, err)
		return
	}
	if !json.Valid(data) {
		t.Fatalf("%s: accepted text that encoding/json says is not JSON: %q", name, data)
	}
	if duplicate, found := firstDuplicate(data); found {
		t.Fatalf("%s: accepted a duplicate member %q: %q", name, duplicate, data)
	}
	encoded, err := wirechat.Encode(value)
	if err != nil {
		t.Fatalf("%s: accepted %q but cannot encode it: %v", name, data, err)
	}
	again := wirechat.NewByName(name)
	if err := wirechat.DecodeInto(again, encoded); err != nil {
		t.Fatalf("%s: the encoding %q of %q does not decode: %v", name, encoded, data, err)
	}
	if reencoded, err := wirechat.Encode(again); err != nil || !bytes.Equal(reencoded, encoded) {
		t.Fatalf("%s: decode -> encode -> decode -> encode of %q is not stable: %q then %q (%v)", name, data, encoded, reencoded, err)
	}
	want, errWant := wirechat.CanonicalJSON(data)
	got, errGot := wirechat.CanonicalJSON(encoded)
	if errWant != nil || errGot != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: round trip of %q\n got %s (%v)\nwant %s (%v)", name, data, got, errGot, want, errWant)
	}
}

// checkProblems checks a decoding failure: only the typed error, 1 to MaxProblems+1 problems in the
// spec's order, one per pointer and rule, and a text fault alone with its line and column.
func checkProblems(t *testing.T, name string, data []byte, err error) {
	t.Helper()
	var wireErr *wirechat.WireError
	if reflect.TypeOf(err) != reflect.TypeOf(wireErr) {
		t.Fatalf("%s: a failure must be a *WireError and nothing else, got %T: %v", name, err, err)
	}
	wireErr = err.(*wirechat.WireError)
	problems := wireErr.Problems
	if len(problems) == 0 || len(problems) > wirechat.MaxProblems+1 {
		t.Fatalf("%s: %d problems for %q (want 1 to %d)", name, len(problems), data, wirechat.MaxProblems+1)
	}
	if first := problems[0]; first.Line > 0 {
		if len(problems) != 1 || !textFaults[first.Rule] || first.Column < 1 {
			t.Fatalf("%s: a text fault is the only problem, with a line and a column: %+v", name, problems)
		}
		return
	}
	listed := problems
	if last := problems[len(problems)-1]; last.Rule == wirechat.RuleTooManyProblems {
		listed = problems[:len(problems)-1]
	}
	for i, p := range listed {
		if textFaults[p.Rule] || p.Line != 0 || p.Column != 0 {
			t.Fatalf("%s: a text fault among other problems: %+v", name, problems)
		}
		if i > 0 && !problemBefore(listed[i-1], p) {
			t.Fatalf("%s: problems out of order or repeated: %+v then %+v", name, listed[i-1], p)
		}
	}
}

func problemBefore(a, b wirechat.Problem) bool {
	if c := wirechat.ComparePointers(a.Pointer, b.Pointer); c != 0 {
		return c < 0
	}
	return a.Rule < b.Rule
}

// firstDuplicate finds a member name used twice in one object, with encoding/json's tokenizer.
func firstDuplicate(data []byte) (string, bool) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		object    bool
		names     map[string]bool
		expectKey bool
	}
	var stack []*frame
	for {
		token, err := decoder.Token()
		if err == io.EOF {
			return "", false
		}
		if err != nil {
			return "", false
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.expectKey {
			if name, ok := token.(string); ok {
				if top.names[name] {
					return name, true
				}
				top.names[name] = true
				top.expectKey = false
				continue
			}
		}
		switch token {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, names: map[string]bool{}, expectKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 && stack[len(stack)-1].object {
			stack[len(stack)-1].expectKey = true
		}
	}
}
