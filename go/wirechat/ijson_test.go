package wirechat_test

// Byte-level cases for the I-JSON profile (schema/README.md, section 2) that the shared examples cannot
// hold, because a JSON file cannot contain a duplicate member or a lone surrogate for a decoder to find:
// testdata/ijson/cases.json names each raw file, its type, why, and the pointer of the problem.

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

type ijsonCase struct {
	File    string  `json:"file"`
	Type    string  `json:"type"`
	Reason  string  `json:"reason"`
	Pointer *string `json:"pointer"`
}

func TestIJSONCases(t *testing.T) {
	dir := filepath.Join("testdata", "ijson")
	manifest, err := os.ReadFile(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases struct{ Cases []ijsonCase }
	if err := json.Unmarshal(manifest, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases.Cases {
		t.Run(strings.TrimSuffix(c.File, ".json"), func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, c.File))
			if err != nil {
				t.Fatal(err)
			}
			value := wirechat.NewByName(c.Type)
			err = wirechat.DecodeInto(value, raw)
			if c.Pointer == nil {
				if err != nil {
					t.Fatalf("rejected (%s): %v", c.Reason, err)
				}
				assertRoundTrip(t, value, raw)
				return
			}
			var wireErr *wirechat.WireError
			if !errors.As(err, &wireErr) {
				t.Fatalf("accepted (%s), or failed without a WireError: %v", c.Reason, err)
			}
			if !slices.Contains(wireErr.Pointers(), *c.Pointer) {
				t.Fatalf("expected a problem at %q (%s), got: %v", *c.Pointer, c.Reason, err)
			}
		})
	}
}

func assertRoundTrip(t *testing.T, value any, raw []byte) {
	t.Helper()
	encoded, err := wirechat.Encode(value)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	got, err := wirechat.CanonicalJSON(encoded)
	if err != nil {
		t.Fatal(err)
	}
	want, err := wirechat.CanonicalJSON(raw)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("round trip changed the document\n got: %s\nwant: %s", got, want)
	}
}

func TestNestingDeeperThanTheLimitIsRejected(t *testing.T) {
	deep := func(n int) []byte {
		return []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
	}
	if _, err := wirechat.Decode[wirechat.JsonValue](deep(200)); err != nil {
		t.Fatalf("200 levels are allowed: %v", err)
	}
	_, err := wirechat.Decode[wirechat.JsonValue](deep(201))
	if err == nil || !strings.Contains(err.Error(), "nested deeper than 200") {
		t.Fatalf("201 levels must be refused, got %v", err)
	}
	if _, err := wirechat.Decode[wirechat.JsonValue](deep(1_000_000)); err == nil {
		t.Fatal("a million levels must be refused")
	}
}

func TestEveryProblemIsReportedInOnePass(t *testing.T) {
	doc := `{"role":"bot","parts":[{"type":"text"},{"type":"video"},{"type":"text","text":"a\ud800"}],` +
		`"name":"","colour":1,"role":"user"}`
	_, err := wirechat.Decode[wirechat.Message]([]byte(doc))
	var wireErr *wirechat.WireError
	if !errors.As(err, &wireErr) {
		t.Fatalf("want a WireError, got %v", err)
	}
	want := []string{"/role", "/parts/0/text", "/parts/1/type", "/parts/2/text", "/name", "/colour", "/role"}
	if !slices.Equal(wireErr.Pointers(), want) {
		t.Fatalf("pointers\n got %q\nwant %q\n%v", wireErr.Pointers(), want, err)
	}
}

func TestPointersEscapeTildeAndSlash(t *testing.T) {
	doc := `{"value":{"a/b":{"c~d":[1, 1e999]}}}`
	_, err := wirechat.Decode[wirechat.DataRef]([]byte(doc))
	var wireErr *wirechat.WireError
	if !errors.As(err, &wireErr) || !slices.Equal(wireErr.Pointers(), []string{"/value/a~1b/c~0d/1"}) {
		t.Fatalf("want one problem at /value/a~1b/c~0d/1, got %v", err)
	}
}

func TestSyntaxErrorsSayWhere(t *testing.T) {
	_, err := wirechat.Decode[wirechat.Message]([]byte("{\"role\":\"user\",\n  \"parts\": [}"))
	if err == nil || !strings.Contains(err.Error(), "line 2, column 13") || !strings.Contains(err.Error(), "/parts") {
		t.Fatalf("want the line, column and pointer of the fault, got %v", err)
	}
}
