package shared

// provider_options checked against the adapter's published options schema before anything is encoded
// (Python's adapters/_options.py, TypeScript's shared/options.ts), so {"reasoning_effort": "bogus"} is a
// *wirechat.WireError at /provider_options/openai-chat/reasoning_effort rather than a 400 from the
// provider later. The schemas use a small subset of JSON Schema (type, enum, const, minimum, maximum,
// maxLength, properties, required, additionalProperties, oneOf), which is what this checks; for a oneOf
// that fails as a whole, the problems of the one variant whose const tag matched are reported, as Python
// and TypeScript do.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var parsedSchemas sync.Map // schema text -> parsed tree

func parseSchema(text string) any {
	if tree, ok := parsedSchemas.Load(text); ok {
		return tree
	}
	tree, err := providerjson.Parse([]byte(text))
	if err != nil {
		panic("adapter options schema does not parse: " + err.Error())
	}
	parsedSchemas.Store(text, tree)
	return tree
}

// CheckOptions returns a *wirechat.WireError listing every way options (provider_options[name]) breaks the
// options schema (JSON text), each problem at its pointer and named by the schema keyword, sorted by
// pointer then rule; nil when it conforms or there is no schema.
func CheckOptions(options any, name, schema string) error {
	if schema == "" {
		return nil
	}
	var problems []wirechat.Problem
	check(options, parseSchema(schema), "/provider_options/"+pointerToken.Replace(name), &problems)
	if len(problems) == 0 {
		return nil
	}
	slices.SortStableFunc(problems, func(a, b wirechat.Problem) int {
		if c := strings.Compare(a.Pointer, b.Pointer); c != 0 {
			return c
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return &wirechat.WireError{Type: "ChatRequest", Problems: problems}
}

func show(value any) string { return string(providerjson.MustMarshal(value)) }

func number(value any) (float64, bool) {
	n, ok := value.(providerjson.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil
}

func typeOK(value any, kind string) bool {
	switch kind {
	case "object":
		_, ok := value.(*providerjson.Object)
		return ok
	case "integer":
		f, ok := number(value)
		return ok && f == math.Trunc(f) && !math.IsInf(f, 0)
	case "number":
		_, ok := number(value)
		return ok
	case "string":
		_, ok := value.(string)
		return ok
	case "boolean":
		_, ok := value.(bool)
		return ok
	case "array":
		_, ok := value.([]any)
		return ok
	}
	return true
}

// equal compares two JSON values as JSON Schema does (numbers by value; true is not 1).
func equal(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	return show(a) == show(b)
}

func check(value, schemaTree any, at string, out *[]wirechat.Problem) {
	schema, ok := schemaTree.(*providerjson.Object)
	if !ok {
		return
	}
	problem := func(rule, format string, args ...any) {
		*out = append(*out, wirechat.Problem{Pointer: at, Rule: rule, Message: fmt.Sprintf(format, args...)})
	}
	if kind, ok := schema.Get("type").(string); ok && !typeOK(value, kind) {
		problem(wirechat.RuleType, "%s is not of type %s", show(value), kind)
		return
	}
	if options, ok := schema.Get("enum").([]any); ok && !slices.ContainsFunc(options, func(o any) bool { return equal(o, value) }) {
		problem(wirechat.RuleEnum, "%s is not one of %s", show(value), show(options))
	}
	if schema.Has("const") && !equal(schema.Get("const"), value) {
		problem(wirechat.RuleConst, "%s was expected", show(schema.Get("const")))
	}
	if f, ok := number(value); ok {
		if limit, ok := number(schema.Get("minimum")); ok && f < limit {
			problem(wirechat.RuleMinimum, "%s is less than the minimum of %s", show(value), show(schema.Get("minimum")))
		}
		if limit, ok := number(schema.Get("maximum")); ok && f > limit {
			problem(wirechat.RuleMaximum, "%s is greater than the maximum of %s", show(value), show(schema.Get("maximum")))
		}
	}
	if text, ok := value.(string); ok {
		if limit, ok := number(schema.Get("maxLength")); ok && float64(utf8.RuneCountInString(text)) > limit {
			problem(wirechat.RuleMaxLength, "%s is longer than %s characters", show(value), show(schema.Get("maxLength")))
		}
	}
	if variants, ok := schema.Get("oneOf").([]any); ok {
		checkOneOf(value, variants, at, out, problem)
	}
	object, ok := value.(*providerjson.Object)
	if !ok {
		return
	}
	properties, _ := schema.Get("properties").(*providerjson.Object)
	if required, ok := schema.Get("required").([]any); ok {
		for _, name := range required {
			if key, ok := name.(string); ok && !object.Has(key) {
				problem(wirechat.RuleRequired, "%s is a required property", show(key))
			}
		}
	}
	for _, key := range object.Keys() {
		if inner, ok := properties.Get(key).(*providerjson.Object); ok {
			check(object.Get(key), inner, at+"/"+pointerToken.Replace(key), out)
		} else if additional, ok := schema.Get("additionalProperties").(bool); ok && !additional {
			problem(wirechat.RuleAdditionalProperties, "additional properties are not allowed (%s was unexpected)", show(key))
		}
	}
}

func checkOneOf(value any, variants []any, at string, out *[]wirechat.Problem, problem func(string, string, ...any)) {
	passing := 0
	var tagged [][]wirechat.Problem
	for _, variant := range variants {
		var found []wirechat.Problem
		check(value, variant, at, &found)
		if len(found) == 0 {
			passing++
		} else if !slices.ContainsFunc(found, func(p wirechat.Problem) bool { return p.Rule == wirechat.RuleConst }) {
			tagged = append(tagged, found)
		}
	}
	switch {
	case passing == 1:
	case passing == 0 && len(tagged) == 1:
		*out = append(*out, tagged[0]...)
	case passing == 0:
		problem("oneOf", "%s is not valid under any of the given schemas", show(value))
	default:
		problem("oneOf", "%s is valid under more than one of the given schemas", show(value))
	}
}
