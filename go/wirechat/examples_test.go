package wirechat_test

// The shared examples (schema/v1/examples/<Type>/{valid,invalid}/*.json) get the same verdict here as in
// Python and TypeScript: every valid one decodes and round-trips to the same RFC 8785 bytes, every
// invalid one is rejected with a problem at the pointer the example names. (That every schema type is
// re-exported here is generated: types_gen.go, from the schema's IR.)

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

const schemaDir = "../../schema/v1"

func examples(t *testing.T, verdict string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(schemaDir, "examples", "*", verdict, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no %s examples under %s", verdict, schemaDir)
	}
	return paths
}

// typeOf is the type an example belongs to: the name of the folder above valid/ or invalid/.
func typeOf(path string) string { return filepath.Base(filepath.Dir(filepath.Dir(path))) }

func testName(path string) string {
	return typeOf(path) + "/" + strings.TrimSuffix(filepath.Base(path), ".json")
}

func TestValidExamplesRoundTrip(t *testing.T) {
	for _, path := range examples(t, "valid") {
		t.Run(testName(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			value := wirechat.NewByName(typeOf(path))
			if value == nil {
				t.Fatalf("no Go type for %s", typeOf(path))
			}
			if err := wirechat.DecodeInto(value, raw); err != nil {
				t.Fatalf("a valid example is rejected: %v", err)
			}
			encoded, err := wirechat.Encode(value)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			want, err := wirechat.CanonicalJSON(raw)
			if err != nil {
				t.Fatalf("JCS of the example: %v", err)
			}
			got, err := wirechat.CanonicalJSON(encoded)
			if err != nil {
				t.Fatalf("JCS of the encoding %s: %v", encoded, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("round trip changed the document\n got: %s\nwant: %s", got, want)
			}
			again := wirechat.NewByName(typeOf(path))
			if err := wirechat.DecodeInto(again, encoded); err != nil {
				t.Fatalf("the encoding does not decode: %v\n%s", err, encoded)
			}
		})
	}
}

func TestInvalidExamplesAreRejectedWhereTheySay(t *testing.T) {
	for _, path := range examples(t, "invalid") {
		t.Run(testName(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var example struct {
				Reason   string          `json:"reason"`
				Pointer  *string         `json:"pointer"`
				Document json.RawMessage `json:"document"`
			}
			if err := json.Unmarshal(raw, &example); err != nil {
				t.Fatal(err)
			}
			if example.Pointer == nil || example.Document == nil || strings.TrimSpace(example.Reason) == "" {
				t.Fatal(`an invalid example is {"reason", "pointer", "document"}`)
			}
			err = wirechat.DecodeInto(wirechat.NewByName(typeOf(path)), example.Document)
			var wireErr *wirechat.WireError
			if !errors.As(err, &wireErr) {
				t.Fatalf("accepted (%s), or failed without a WireError: %v", example.Reason, err)
			}
			if !slices.Contains(wireErr.Pointers(), *example.Pointer) {
				t.Fatalf("expected a problem at %q (%s), got: %v", *example.Pointer, example.Reason, err)
			}
		})
	}
}
