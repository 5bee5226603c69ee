package codec

// The order, the uniqueness and the cap of a problem list (spec section 5.2): problems sorted by pointer
// (token by token, array-like tokens as numbers) then by rule, one per pointer and rule, at most
// MaxProblems of them and then one too-many-problems problem saying how many were left out.
//
// A problemList keeps at most a few times MaxProblems problems in memory whatever the document holds:
// when it fills up it sorts, drops repeats and keeps the first MaxProblems, counting the rest, so a
// document with a million faults costs a million comparisons, not a million stored messages.

import (
	"slices"
	"strconv"
	"strings"
)

// MaxProblems is how many problems an error lists before the one that counts the rest.
const MaxProblems = 100

// compactAt is the length at which a problemList sorts and cuts itself back to MaxProblems.
const compactAt = 8 * MaxProblems

// problemList collects problems in any order and hands them back ordered, unique and capped.
type problemList struct {
	items   []Problem
	dropped int // problems cut off beyond MaxProblems so far
}

func (l *problemList) add(p Problem) {
	l.items = append(l.items, p)
	if len(l.items) >= compactAt {
		l.compact()
	}
}

func (l *problemList) empty() bool { return len(l.items) == 0 }

// compact sorts the problems, drops those at a pointer and rule already listed (the first reported
// stays) and cuts the list to MaxProblems. A problem cut off here cannot come back: every problem
// added later that sorts before it pushes it further out. The decoder reports a pointer and rule at
// most once as it reads (each value is read once), so the count of the problems cut off is exact.
func (l *problemList) compact() {
	slices.SortStableFunc(l.items, compareProblems)
	l.items = slices.CompactFunc(l.items, func(a, b Problem) bool {
		return a.Pointer == b.Pointer && a.Rule == b.Rule
	})
	if len(l.items) > MaxProblems {
		l.dropped += len(l.items) - MaxProblems
		clear(l.items[MaxProblems:])
		l.items = l.items[:MaxProblems]
	}
}

// result returns the problems in order, capped, with the too-many-problems problem last when any were
// cut off.
func (l *problemList) result() []Problem {
	l.compact()
	out := slices.Clip(l.items)
	if l.dropped > 0 {
		out = append(out, Problem{
			Pointer: "",
			Message: "and " + strconv.Itoa(l.dropped) + " more " + pluralWord(l.dropped, "problem"),
			Rule:    RuleTooManyProblems,
		})
	}
	return out
}

func pluralWord(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// OrderProblems returns problems in the spec's order, one per pointer and rule, capped at MaxProblems
// plus the too-many-problems problem.
func OrderProblems(problems []Problem) []Problem {
	var l problemList
	for _, p := range problems {
		l.add(p)
	}
	return l.result()
}

func compareProblems(a, b Problem) int {
	if c := ComparePointers(a.Pointer, b.Pointer); c != 0 {
		return c
	}
	return strings.Compare(a.Rule, b.Rule)
}

// ComparePointers orders two JSON pointers as section 5.2 asks: reference token by reference token as
// written, a decimal token before any other, two decimal tokens by their value then as written, any other
// two by Unicode code points (the order of their UTF-8 bytes); a pointer comes before the longer pointers
// it is a prefix of.
func ComparePointers(a, b string) int {
	for a != b {
		if a == "" {
			return -1
		}
		if b == "" {
			return 1
		}
		tokenA, restA := nextToken(a)
		tokenB, restB := nextToken(b)
		if c := compareTokens(tokenA, tokenB); c != 0 {
			return c
		}
		a, b = restA, restB
	}
	return 0
}

// nextToken splits "/token/rest..." into "token" and "/rest...".
func nextToken(pointer string) (token, rest string) {
	pointer = strings.TrimPrefix(pointer, "/")
	if i := strings.IndexByte(pointer, '/'); i >= 0 {
		return pointer[:i], pointer[i:]
	}
	return pointer, ""
}

func compareTokens(a, b string) int {
	if decimal(a) != decimal(b) { // a decimal token before any other: a total order
		if decimal(a) {
			return -1
		}
		return 1
	}
	if decimal(a) {
		x, y := strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
		if len(x) != len(y) {
			return len(x) - len(y)
		}
		if c := strings.Compare(x, y); c != 0 {
			return c
		}
	}
	return strings.Compare(a, b)
}

// decimal reports a token written as a non-negative decimal integer (ASCII digits only).
func decimal(token string) bool {
	if token == "" {
		return false
	}
	for i := 0; i < len(token); i++ {
		if token[i] < '0' || token[i] > '9' {
			return false
		}
	}
	return true
}
