package codec

// The greedy form of a pattern must agree with regexp on every input, and must be refused where a greedy
// pass could decide wrongly.

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The schema's patterns (schema/v1) and a few shapes that need the regexp fallback.
var patternSources = []string{
	`^[A-Za-z0-9+/]*={0,2}$`,
	`^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*`,
	`^[A-Za-z][A-Za-z0-9+.-]*:`,
	`^[a-z][a-z0-9_.-]*$`,
	`^a*a$`,
	`^(ab)+$`,
	`^[a-z]+é?[^a-z]{2,3}$`,
	`^x{2}y?z+$`,
}

func TestGreedyFormIsUsedOnlyWhereItIsSafe(t *testing.T) {
	for _, source := range patternSources[:4] {
		if NewPattern(source).steps == nil {
			t.Errorf("%s should have a greedy form", source)
		}
	}
	for _, source := range []string{`^a*a$`, `^(ab)+$`, `^[a-z]*[c-e]`, `^a|b`, `^={0,2}=$`} {
		if NewPattern(source).steps != nil {
			t.Errorf("%s must fall back to regexp", source)
		}
	}
}

func TestGreedyFormAgreesWithRegexp(t *testing.T) {
	alphabet := []rune("aAzZ09+/=-_.:*!#$&^ é😀\n")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, source := range patternSources {
		p := NewPattern(source)
		for range 20000 {
			var b strings.Builder
			for range rng.IntN(12) {
				b.WriteRune(alphabet[rng.IntN(len(alphabet))])
			}
			s := b.String()
			if got, want := p.Match(s), p.re.MatchString(s); got != want {
				t.Fatalf("%s on %q: greedy says %v, regexp %v", source, s, got, want)
			}
		}
	}
}

func FuzzGreedyFormAgreesWithRegexp(f *testing.F) {
	f.Add("image/png", "QUJD==")
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, source := range patternSources {
			p := NewPattern(source)
			for _, s := range []string{a, b, a + b} {
				if got, want := p.Match(s), p.re.MatchString(s); got != want {
					t.Fatalf("%s on %q: greedy says %v, regexp %v", source, s, got, want)
				}
			}
		}
	})
}
