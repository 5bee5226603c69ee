package codec

// The order of pointers and the cap of a problem list (spec section 5.2).

import (
	"fmt"
	"slices"
	"testing"
)

func TestComparePointers(t *testing.T) {
	ordered := []string{
		"",
		"/a",
		"/a/0",
		"/a/2",
		"/a/010", // equal in value to 10: then by code points
		"/a/10",
		"/a/1x", // a decimal token before any other (a total order: 2 < 10 < 1x < 2 was a cycle)
		"/a/b",
		"/ab",
		"/a~1b", // tokens as written in the pointer: '~' sorts after letters
		"/b",
		"/é",
	}
	for i, a := range ordered {
		for j, b := range ordered {
			got := ComparePointers(a, b)
			if (i < j && got >= 0) || (i > j && got <= 0) || (i == j && got != 0) {
				t.Errorf("ComparePointers(%q, %q) = %d", a, b, got)
			}
		}
	}
}

func TestProblemListKeepsTheFirstHundredUniqueInOrder(t *testing.T) {
	var l problemList
	for i := 999; i >= 0; i-- { // reported backwards, twice each
		p := Problem{Pointer: fmt.Sprintf("/%d", i), Rule: RuleType, Message: "first"}
		l.add(p)
		p.Message = "second"
		l.add(p)
	}
	got := l.result()
	if len(got) != MaxProblems+1 {
		t.Fatalf("want %d problems, got %d", MaxProblems+1, len(got))
	}
	for i, p := range got[:MaxProblems] {
		if p.Pointer != fmt.Sprintf("/%d", i) {
			t.Fatalf("problem %d at %q", i, p.Pointer)
		}
	}
	if got[MaxProblems].Message != "and 900 more problems" {
		t.Fatalf("count: %+v", got[MaxProblems])
	}
	if !slices.ContainsFunc(got, func(p Problem) bool { return p.Message == "first" }) {
		t.Fatal("of two problems at one pointer and rule the first reported stays")
	}
}
