package wirechat_test

// FuzzDecode feeds arbitrary bytes to Decode for several wire types. Whatever it gets, Decode must not
// panic and must either fail with a *WireError that has problems, or accept a document that is valid
// JSON without duplicate members (checked here with encoding/json, an independent parser), that
// encodes, whose encoding decodes again, and that keeps the round-trip promise:
// JCS(Encode(Decode(x))) == JCS(x).
//
// CI runs it briefly; run it longer on demand:
//
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 10s ./wirechat/
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 10m ./wirechat/
//
// The seeds are the shared examples and the I-JSON cases; a failure the fuzzer finds is saved under
// testdata/fuzz/FuzzDecode/ and then runs as a plain test with go test.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

var fuzzTypes = []string{"ChatRequest", "ChatResponse", "Message", "Part", "StreamEvent", "ToolDefinition", "JsonValue", "TokenUsage"}

func FuzzDecode(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join(schemaDir, "examples", "*", "valid", "*.json"))
	cases, _ := filepath.Glob(filepath.Join("testdata", "ijson", "*.json"))
	for _, path := range append(seeds, cases...) {
		if raw, err := os.ReadFile(path); err == nil {
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
		var wireErr *wirechat.WireError
		if !errors.As(err, &wireErr) || len(wireErr.Problems) == 0 {
			t.Fatalf("%s: a failure must be a WireError with problems, got %v", name, err)
		}
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
	if err := wirechat.DecodeInto(wirechat.NewByName(name), encoded); err != nil {
		t.Fatalf("%s: the encoding %q of %q does not decode: %v", name, encoded, data, err)
	}
	want, errWant := wirechat.CanonicalJSON(data)
	got, errGot := wirechat.CanonicalJSON(encoded)
	if errWant != nil || errGot != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: round trip of %q\n got %s (%v)\nwant %s (%v)", name, data, got, errGot, want, errWant)
	}
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
