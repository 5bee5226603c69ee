package wirechat_test

// Spec section 5 as the Go package implements it: a text fault is the only problem, at the offset,
// line, column and pointer of section 5.1; other problems are ordered, unique and capped (5.2); a
// caller's size limit is checked before parsing (5.3).

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func wireError(t *testing.T, err error) *wirechat.WireError {
	t.Helper()
	var wireErr *wirechat.WireError
	if !errors.As(err, &wireErr) {
		t.Fatalf("want a *WireError, got %v", err)
	}
	return wireErr
}

func TestATextFaultIsTheOnlyProblemWithItsLineAndColumn(t *testing.T) {
	cases := []struct {
		name, typ, text, rule, pointer string
		line, column                   int
	}{
		{"bom", "JsonValue", "\xEF\xBB\xBF[]", "bom", "", 1, 1},
		{"not utf-8 in a member's string", "DataRef", `{"value":{"a":"x` + "\xff" + `"}}`, "utf8", "/value/a", 1, 17},
		{"raw surrogate after a non-ASCII letter", "DataRef", `{"value":"é` + "\xED\xA0\x80" + `"}`, "lone-surrogate", "/value", 1, 12},
		{"not utf-8 wins over an earlier syntax error", "JsonValue", "[}\xff", "utf8", "", 1, 3},
		{"not utf-8 after the value", "JsonValue", `{"a":1} ` + "\xff", "utf8", "", 1, 9},
		{"trailing data", "JsonValue", `{"a":1} x`, "syntax", "", 1, 9},
		{"a second value", "JsonValue", `[1] [2]`, "syntax", "", 1, 5},
		{"a member without a value", "JsonValue", `{"a":}`, "syntax", "", 1, 6},
		{"a broken literal has begun", "JsonValue", `{"a":tru}`, "syntax", "/a", 1, 9},
		{"unterminated string", "JsonValue", `{"a":"xyz`, "syntax", "/a", 1, 10},
		{"on the second line", "Message", "{\"role\":\"user\",\n  \"parts\": [}", "syntax", "/parts", 2, 13},
		{"columns count code points", "JsonValue", "[\"日本\",\n \"é\" x]", "syntax", "", 2, 6},
		{"escaped lone surrogate", "Part", `{"type":"text","text":"a\ud800"}`, "lone-surrogate", "/text", 1, 25},
		{"lone surrogate in a member name", "DataRef", `{"value":{"\udc00":1}}`, "lone-surrogate", "/value", 1, 12},
		{"duplicate member", "Message", `{"role":"user","parts":[],"role":"tool"}`, "duplicate-key", "/role", 1, 27},
		{"duplicate unknown member", "Message", `{"role":"user","parts":[],"x":1,"x":2}`, "duplicate-key", "/x", 1, 33},
		{"a duplicate name comes before the missing colon after it", "Message", `{"role":"user","parts":[],"role"],"x":1}`, "duplicate-key", "/role", 1, 27},
		{"the same in free-form data", "JsonValue", `{"a":1,"a" x}`, "duplicate-key", "/a", 1, 8},
		{"a name without a colon", "Message", `{"role" 1}`, "syntax", "", 1, 9},
		{"duplicate in free-form data", "DataRef", `{"value":{"a":1,"a":2}}`, "duplicate-key", "/value/a", 1, 17},
		{"depth", "JsonValue", strings.Repeat("[", 201) + strings.Repeat("]", 201), "depth", strings.Repeat("/0", 199), 1, 201},
		{"invalid escape", "JsonValue", `["\x"]`, "syntax", "/0", 1, 4},
		{"bad unicode escape", "JsonValue", `["\u12G4"]`, "syntax", "/0", 1, 7},
		{"leading zero: the number 0 has ended", "JsonValue", `[01]`, "syntax", "", 1, 3},
		{"a letter after a whole literal", "JsonValue", `[truex]`, "syntax", "", 1, 6},
		{"a letter after a whole number in a member", "JsonValue", `{"a":1.5x}`, "syntax", "", 1, 9},
		{"a minus alone", "JsonValue", `[-]`, "syntax", "/0", 1, 3},
		{"end of input after a comma", "JsonValue", `[1,`, "syntax", "", 1, 4},
		{"control character", "JsonValue", "[\"a\tb\"]", "syntax", "/0", 1, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := wirechat.DecodeInto(wirechat.NewByName(c.typ), []byte(c.text))
			problems := wireError(t, err).Problems
			want := wirechat.Problem{Pointer: c.pointer, Rule: c.rule, Line: c.line, Column: c.column}
			if len(problems) != 1 {
				t.Fatalf("want one problem, got %v", err)
			}
			got := problems[0]
			got.Message = ""
			if got != want {
				t.Fatalf("got  %+v\nwant %+v\n(%v)", got, want, err)
			}
			if wantText := fmt.Sprintf("(line %d, column %d)", c.line, c.column); !strings.Contains(problems[0].Message, wantText) {
				t.Fatalf("the message does not say %s: %v", wantText, err)
			}
		})
	}
}

func TestNumberProblemsAreValueProblemsWithoutLineAndColumn(t *testing.T) {
	err := wirechat.DecodeInto(wirechat.NewByName("DataRef"), []byte(`{"value":[1e400, 9007199254740993],"x":1}`))
	got := wireError(t, err).Problems
	want := [][3]string{{"/value/0", "number-overflow"}, {"/value/1", "unsafe-integer"}, {"/x", "additionalProperties"}}
	if len(got) != len(want) {
		t.Fatalf("got %v", err)
	}
	for i, p := range got {
		if p.Pointer != want[i][0] || p.Rule != want[i][1] || p.Line != 0 || p.Column != 0 {
			t.Fatalf("problem %d: got %+v, want %v without line and column", i, p, want[i])
		}
	}
}

func TestProblemsAreOrderedByPointerTokensThenRule(t *testing.T) {
	parts := strings.Repeat(`{"type":"text","text":1},`, 11) + `{"type":"text","text":"","x":1}`
	err := wirechat.DecodeInto(wirechat.NewByName("Message"), []byte(`{"role":"bot","parts":[`+parts+`],"colour":1}`))
	var got []string
	for _, p := range wireError(t, err).Problems {
		got = append(got, p.Pointer+" "+p.Rule)
	}
	want := []string{"/colour additionalProperties"}
	for i := range 11 {
		want = append(want, fmt.Sprintf("/parts/%d/text type", i))
	}
	want = append(want, "/parts/11/x additionalProperties", "/role enum")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAtMostAHundredProblemsThenACount(t *testing.T) {
	err := wirechat.DecodeInto(wirechat.NewByName("Message"), badParts(250))
	problems := wireError(t, err).Problems
	if len(problems) != wirechat.MaxProblems+1 {
		t.Fatalf("want %d problems, got %d", wirechat.MaxProblems+1, len(problems))
	}
	for i, p := range problems[:wirechat.MaxProblems] {
		if want := fmt.Sprintf("/parts/%d/text", i); p.Pointer != want {
			t.Fatalf("problem %d is at %q, want %q (the first 100 in order)", i, p.Pointer, want)
		}
	}
	last := problems[wirechat.MaxProblems]
	want := wirechat.Problem{Pointer: "", Message: "and 150 more problems", Rule: wirechat.RuleTooManyProblems}
	if last != want {
		t.Fatalf("last problem: got %+v, want %+v", last, want)
	}
	if !strings.HasSuffix(err.Error(), "; (root): and 150 more problems") {
		t.Fatalf("the root is written (root) in messages: %v", err)
	}
}

func TestAHundredProblemsAreListedWithoutACount(t *testing.T) {
	err := wirechat.DecodeInto(wirechat.NewByName("Message"), badParts(100))
	if problems := wireError(t, err).Problems; len(problems) != 100 || problems[99].Rule != wirechat.RuleType {
		t.Fatalf("want exactly the 100 problems, got %d, last %+v", len(problems), problems[len(problems)-1])
	}
}

func TestMaxBytesRejectsALongerDocumentBeforeParsing(t *testing.T) {
	doc := []byte(`{"role":"user","parts":[]}`)
	if _, err := wirechat.DecodeWith[wirechat.Message](doc, wirechat.DecodeOptions{MaxBytes: len(doc)}); err != nil {
		t.Fatalf("a document of exactly MaxBytes is accepted: %v", err)
	}
	_, err := wirechat.DecodeWith[wirechat.Message](append(doc, " x"...), wirechat.DecodeOptions{MaxBytes: len(doc)})
	want := wirechat.Problem{Pointer: "", Message: "document is 28 bytes, more than the limit of 26 bytes", Rule: wirechat.RuleTooLarge}
	if problems := wireError(t, err).Problems; len(problems) != 1 || problems[0] != want {
		t.Fatalf("got %v, want only %+v (the trailing data is never parsed)", err, want)
	}
	if wireError(t, err).Type != "Message" {
		t.Fatalf("the error names the type: %v", err)
	}
	if _, err := wirechat.DecodeWith[wirechat.Message](append(doc, " x"...), wirechat.DecodeOptions{}); err == nil ||
		wireError(t, err).Problems[0].Rule != wirechat.RuleSyntax {
		t.Fatalf("no limit unless one is given: %v", err)
	}
	if err := wirechat.DecodeIntoWith(new(string), doc, wirechat.DecodeOptions{MaxBytes: 1}); !errors.Is(err, wirechat.ErrNotWireType) {
		t.Fatalf("a type that is not a wire type is refused as such: %v", err)
	}
}
