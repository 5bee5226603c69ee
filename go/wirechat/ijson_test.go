package wirechat_test

// I-JSON checks (schema/README.md, section 2) beyond the shared corpus (corpus_test.go): the depth
// limit, every problem in one pass, escaped pointers, where a syntax error is.

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

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
	doc := `{"role":"bot","parts":[{"type":"text"},{"type":"video"},{"type":"text","text":"a","x":1}],` +
		`"name":"","colour":1}`
	_, err := wirechat.Decode[wirechat.Message]([]byte(doc))
	var wireErr *wirechat.WireError
	if !errors.As(err, &wireErr) {
		t.Fatalf("want a WireError, got %v", err)
	}
	want := []string{"/colour", "/name", "/parts/0/text", "/parts/1/type", "/parts/2/x", "/role"}
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
