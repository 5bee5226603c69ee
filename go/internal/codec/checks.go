package codec

// The constraint checks that decoding and validation share, with the messages every problem carries.

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Reporter records a problem at the value being looked at, with the rule it breaks. Decoder and Checker are Reporters, so the
// generated code calls the same checks whether a value was decoded or built in Go.
type Reporter interface {
	Report(rule, message string)
}

// CheckInt checks an integer against the schema's bounds.
func CheckInt(r Reporter, value, minimum, maximum int64) {
	switch {
	case value < minimum:
		r.Report(RuleMinimum, "must be >= "+strconv.FormatInt(minimum, 10)+" (got "+strconv.FormatInt(value, 10)+")")
	case value > maximum:
		r.Report(RuleMaximum, "must be <= "+strconv.FormatInt(maximum, 10)+" (got "+strconv.FormatInt(value, 10)+")")
	}
}

// CheckFloat checks a number against the schema's bounds; NaN and the infinities are never valid.
func CheckFloat(r Reporter, value, minimum, maximum float64) {
	switch {
	case math.IsNaN(value) || math.IsInf(value, 0):
		r.Report(RuleNumberOverflow, "must be a finite number (got "+strconv.FormatFloat(value, 'g', -1, 64)+")")
	case value < minimum:
		r.Report(RuleMinimum, "must be >= "+FormatFloat(minimum)+" (got "+FormatFloat(value)+")")
	case value > maximum:
		r.Report(RuleMaximum, "must be <= "+FormatFloat(maximum)+" (got "+FormatFloat(value)+")")
	}
}

// CheckLength checks a string's length in Unicode code points; a negative maximum means none.
func CheckLength(r Reporter, s string, minimum, maximum int) {
	// A string of n bytes holds between n/4 and n code points: count them only when that matters.
	if len(s) >= 4*minimum && (maximum < 0 || len(s) <= maximum) {
		return
	}
	n := utf8.RuneCountInString(s)
	switch {
	case n < minimum:
		r.Report(RuleMinLength, "must have at least "+plural(minimum, "character")+" (got "+strconv.Itoa(n)+")")
	case maximum >= 0 && n > maximum:
		r.Report(RuleMaxLength, "must have at most "+plural(maximum, "character")+" (got "+strconv.Itoa(n)+")")
	}
}

// CheckItems checks an array's length; a negative maximum means none.
func CheckItems(r Reporter, n, minimum, maximum int) {
	switch {
	case n < minimum:
		r.Report(RuleMinItems, "must have at least "+plural(minimum, "item")+" (got "+strconv.Itoa(n)+")")
	case maximum >= 0 && n > maximum:
		r.Report(RuleMaxItems, "must have at most "+plural(maximum, "item")+" (got "+strconv.Itoa(n)+")")
	}
}

// CheckPattern checks a string against a schema pattern.
func CheckPattern(r Reporter, s string, p *Pattern) {
	if !p.Match(s) {
		r.Report(RulePattern, "must match the pattern "+p.Source+" (got "+Quote(s)+")")
	}
}

// CheckEnum reports a value that is not one of the allowed values; known says whether it is.
func CheckEnum(r Reporter, value string, known bool, allowed []string) {
	if !known {
		r.Report(RuleEnum, "must be one of "+strings.Join(allowed, ", ")+" (got "+Quote(value)+")")
	}
}

// CheckText reports a Go string that is not UTF-8 (decoded strings always are; built ones may not be).
func CheckText(r Reporter, s string) {
	if !utf8.ValidString(s) {
		r.Report(RuleUTF8, "string is not valid UTF-8, which I-JSON requires")
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// FormatFloat writes a number the way JSON and messages show it (1, 0.5, 1e+21).
func FormatFloat(f float64) string { return string(appendFloat(nil, f)) }

// Ptr returns a pointer to a copy of v: how the generated decoders set optional members.
func Ptr[T any](v T) *T { return &v }

// SortedKeys returns the keys of a map in order, so that checks and output do not depend on Go's map
// iteration order.
func SortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
