package codec

// Schema patterns. Go's regexp is linear-time but slow on long inputs (about 30 MB/s on a 100 KB base64
// image, most of a decode's time), and the schema's patterns are simple: an anchor, then character
// classes and literals with counts. Such a pattern needs no backtracking when each class that repeats
// a variable number of times is disjoint from what may follow it; then one greedy pass decides. NewPattern
// compiles a pattern of that shape to such a pass and keeps regexp for anything else.

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// Pattern is a schema pattern: its source (an ECMAScript regular expression in the portable subset that
// the schema lint allows, anchored with ^) compiled for Go. In that subset RE2 and ECMAScript agree, and
// "$" matches only at the end of the string in both.
type Pattern struct {
	Source string
	re     *regexp.Regexp
	steps  []patternStep // the greedy form, when the pattern has one
	toEnd  bool          // the pattern ends with $
}

// patternStep matches between min and max (-1: no limit) runes of one class.
type patternStep struct {
	ascii    [128]bool
	ranges   []rune // non-ASCII ranges, as pairs
	min, max int
}

func (s *patternStep) matches(r rune) bool {
	if r < utf8.RuneSelf {
		return s.ascii[r]
	}
	for i := 0; i+1 < len(s.ranges); i += 2 {
		if s.ranges[i] <= r && r <= s.ranges[i+1] {
			return true
		}
	}
	return false
}

// NewPattern compiles a schema pattern; it panics on a pattern the lint should have refused.
func NewPattern(source string) *Pattern {
	p := &Pattern{Source: source, re: regexp.MustCompile(source)}
	p.steps, p.toEnd = greedyForm(source)
	return p
}

// Match reports whether s matches the pattern (the patterns carry their own anchors).
func (p *Pattern) Match(s string) bool {
	if p.steps == nil {
		return p.re.MatchString(s)
	}
	pos := 0
	for i := range p.steps {
		st := &p.steps[i]
		count := 0
		for (st.max < 0 || count < st.max) && pos < len(s) {
			r, size := rune(s[pos]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(s[pos:])
			}
			if !st.matches(r) {
				break
			}
			pos += size
			count++
		}
		if count < st.min {
			return false
		}
	}
	return !p.toEnd || pos == len(s)
}

// greedyForm turns ^(class{m,n})*$? into steps, or returns nil when the pattern has another shape or
// when a greedy pass could decide wrongly.
func greedyForm(source string) ([]patternStep, bool) {
	tree, err := syntax.Parse(source, syntax.Perl)
	if err != nil || tree.Op != syntax.OpConcat || len(tree.Sub) < 2 || tree.Sub[0].Op != syntax.OpBeginText {
		return nil, false
	}
	nodes := tree.Sub[1:]
	toEnd := false
	if last := nodes[len(nodes)-1]; last.Op == syntax.OpEndText {
		toEnd, nodes = true, nodes[:len(nodes)-1]
	}
	var steps []patternStep
	for _, node := range nodes {
		min, max := 1, 1
		switch node.Op {
		case syntax.OpStar:
			min, max, node = 0, -1, node.Sub[0]
		case syntax.OpPlus:
			min, max, node = 1, -1, node.Sub[0]
		case syntax.OpQuest:
			min, max, node = 0, 1, node.Sub[0]
		case syntax.OpRepeat:
			min, max, node = node.Min, node.Max, node.Sub[0]
		}
		if node.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		switch node.Op {
		case syntax.OpCharClass:
			steps = append(steps, classStep(node.Rune, min, max))
		case syntax.OpLiteral:
			if len(node.Rune) != 1 && (min != 1 || max != 1) {
				return nil, false
			}
			for _, r := range node.Rune {
				steps = append(steps, classStep([]rune{r, r}, min, max))
			}
		default:
			return nil, false
		}
	}
	// A step that takes a variable count must not be able to take what the steps after it need.
	for i := range steps {
		if steps[i].min == steps[i].max {
			continue
		}
		for j := i + 1; j < len(steps); j++ {
			if overlaps(&steps[i], &steps[j]) {
				return nil, false
			}
			if steps[j].min > 0 {
				break
			}
		}
	}
	return steps, toEnd
}

func classStep(ranges []rune, min, max int) patternStep {
	s := patternStep{min: min, max: max}
	for i := 0; i+1 < len(ranges); i += 2 {
		low, high := ranges[i], ranges[i+1]
		for r := low; r <= high && r < utf8.RuneSelf; r++ {
			s.ascii[r] = true
		}
		if high >= utf8.RuneSelf {
			s.ranges = append(s.ranges, max32(low, utf8.RuneSelf), high)
		}
	}
	return s
}

func max32(a, b rune) rune {
	if a > b {
		return a
	}
	return b
}

func overlaps(a, b *patternStep) bool {
	for r := range a.ascii {
		if a.ascii[r] && b.ascii[r] {
			return true
		}
	}
	for i := 0; i+1 < len(a.ranges); i += 2 {
		for j := 0; j+1 < len(b.ranges); j += 2 {
			if a.ranges[i] <= b.ranges[j+1] && b.ranges[j] <= a.ranges[i+1] {
				return true
			}
		}
	}
	return false
}
