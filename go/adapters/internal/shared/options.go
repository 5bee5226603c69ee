package shared

// provider_options checked against the adapter's published options schema before anything is encoded
// (Python's adapters/_options.py, TypeScript's shared/options.ts), so {"reasoning_effort": "bogus"} is a
// *wirechat.WireError at /provider_options/openai-chat/reasoning_effort rather than a 400 from the
// provider later. The schemas (JSON Schema 2020-12, emitted into go/internal/tables) are compiled once
// each by github.com/santhosh-tekuri/jsonschema/v6 (decision 034); this file turns its error tree into
// problems: for a oneOf/anyOf that fails as a whole, the problems of the one variant whose const tag
// matched, as Python and TypeScript report them, else the union's own problem.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	compiledSchemas sync.Map // schema text -> *jsonschema.Schema
	printer         = message.NewPrinter(language.English)
)

// CompileOptionsSchema compiles an options schema (JSON text) once; later calls with the same text return
// the same *jsonschema.Schema. An error names what in the schema does not compile.
func CompileOptionsSchema(text string) (*jsonschema.Schema, error) {
	if compiled, ok := compiledSchemas.Load(text); ok {
		return compiled.(*jsonschema.Schema), nil
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("adapter options schema does not parse: %w", err)
	}
	compiler := jsonschema.NewCompiler()
	compiler.DefaultDraft(jsonschema.Draft2020)
	if err := compiler.AddResource("options.json", doc); err != nil {
		return nil, fmt.Errorf("adapter options schema: %w", err)
	}
	compiled, err := compiler.Compile("options.json")
	if err != nil {
		return nil, fmt.Errorf("adapter options schema does not compile: %w", err)
	}
	actual, _ := compiledSchemas.LoadOrStore(text, compiled)
	return actual.(*jsonschema.Schema), nil
}

// CheckOptions returns a *wirechat.WireError listing every way options (provider_options[name]) breaks the
// options schema (JSON text), each problem at its pointer and named by the schema keyword, sorted by
// pointer then rule; nil when it conforms or there is no schema.
func CheckOptions(options any, name, schema string) error {
	if schema == "" {
		return nil
	}
	compiled, err := CompileOptionsSchema(schema)
	if err != nil {
		panic(err.Error()) // the generated tables are compiled by a test; a bad one is a build bug
	}
	instance, err := jsonschema.UnmarshalJSON(bytes.NewReader(providerjson.MustMarshal(options)))
	if err != nil {
		panic("provider options do not round-trip through JSON: " + err.Error())
	}
	err = compiled.Validate(instance)
	if err == nil {
		return nil
	}
	root, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err
	}
	base := "/provider_options/" + pointerToken.Replace(name)
	var problems []wirechat.Problem
	repairPropertyNames(root, instance)
	for _, leaf := range leaves(root, nil) {
		for _, found := range specific(leaf) {
			problems = append(problems, problemsOf(base, found, instance)...)
		}
	}
	slices.SortStableFunc(problems, func(a, b wirechat.Problem) int {
		if c := strings.Compare(a.Pointer, b.Pointer); c != 0 {
			return c
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return &wirechat.WireError{Type: "ChatRequest", Problems: problems}
}

// repairPropertyNames puts each propertyNames error back at the object that holds the refused name. The
// validator (santhosh-tekuri/jsonschema v6.0.3) keeps that error's location without copying it, so a
// sibling validated after it may overwrite its last token (which sibling comes last follows Go's map
// order: the problem sat at another member's pointer in about 1 run of 4). Upstream: issue #258, pull
// request #269; drop this when a release has the fix.
func repairPropertyNames(e *jsonschema.ValidationError, instance any) {
	if k, ok := e.ErrorKind.(*kind.PropertyNames); ok && len(e.InstanceLocation) > 0 && !holds(valueAt(instance, e.InstanceLocation), k.Property) {
		parent := e.InstanceLocation[:len(e.InstanceLocation)-1]
		if siblings, ok := valueAt(instance, parent).(map[string]any); ok {
			for _, key := range slices.Sorted(maps.Keys(siblings)) {
				if holds(siblings[key], k.Property) {
					e.InstanceLocation = append(slices.Clone(parent), key)
					break
				}
			}
		}
	}
	for _, cause := range e.Causes {
		repairPropertyNames(cause, instance)
	}
}

func holds(value any, name string) bool {
	object, ok := value.(map[string]any)
	_, has := object[name]
	return ok && has
}

// located is one error with the instance location it is reported at (a propertyNames failure is reported
// at the object, as Python does, not at the name).
type located struct {
	err *jsonschema.ValidationError
	at  []string
}

// leaves flattens the error tree down to keyword errors, stopping at unions (their causes are variants).
func leaves(e *jsonschema.ValidationError, at []string) []located {
	where := e.InstanceLocation
	if at != nil {
		where = at
	}
	switch e.ErrorKind.(type) {
	case *kind.Group, *kind.Schema, *kind.Reference:
	case *kind.PropertyNames:
		var out []located
		for _, cause := range e.Causes {
			out = append(out, leaves(cause, where)...)
		}
		return out
	default:
		return []located{{e, where}}
	}
	var out []located
	for _, cause := range e.Causes {
		out = append(out, leaves(cause, at)...)
	}
	return out
}

// specific is Python's _specific: a union that failed as a whole becomes the errors of its one variant with
// no const failure (the variant whose tag matched), else stays itself.
func specific(l located) []located {
	switch k := l.err.ErrorKind.(type) {
	case *kind.OneOf:
		if k.Subschemas != nil {
			return []located{l}
		}
	case *kind.AnyOf:
	default:
		return []located{l}
	}
	var tagged [][]located
	for _, variant := range l.err.Causes {
		found := leaves(variant, nil)
		if !slices.ContainsFunc(found, func(f located) bool { _, isConst := f.err.ErrorKind.(*kind.Const); return isConst }) {
			tagged = append(tagged, found)
		}
	}
	if len(tagged) != 1 {
		return []located{l}
	}
	var out []located
	for _, found := range tagged[0] {
		out = append(out, specific(found)...)
	}
	return out
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, token := range tokens {
		b.WriteString("/" + pointerToken.Replace(token))
	}
	return b.String()
}

// valueAt is the instance value at a location, for messages.
func valueAt(instance any, tokens []string) any {
	for _, token := range tokens {
		switch node := instance.(type) {
		case map[string]any:
			instance = node[token]
		case []any:
			i, err := strconv.Atoi(token)
			if err != nil || i < 0 || i >= len(node) {
				return nil
			}
			instance = node[i]
		default:
			return nil
		}
	}
	return instance
}

func show(value any) string {
	text, err := json.Marshal(value)
	if err != nil {
		return fmt.Sprint(value)
	}
	return string(text)
}

func showRat(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// problemsOf is one problem per failing keyword, but one per name for required and additionalProperties
// (as ajv and the earlier Go and TypeScript checks report them).
func problemsOf(base string, l located, instance any) []wirechat.Problem {
	at := base + pointer(l.at)
	switch k := l.err.ErrorKind.(type) {
	case *kind.Required:
		out := make([]wirechat.Problem, 0, len(k.Missing))
		for _, name := range k.Missing {
			out = append(out, wirechat.Problem{Pointer: at, Rule: wirechat.RuleRequired, Message: show(name) + " is a required property"})
		}
		return out
	case *kind.AdditionalProperties:
		out := make([]wirechat.Problem, 0, len(k.Properties))
		for _, name := range k.Properties {
			out = append(out, wirechat.Problem{
				Pointer: at, Rule: wirechat.RuleAdditionalProperties,
				Message: fmt.Sprintf("additional properties are not allowed (%s was unexpected)", show(name)),
			})
		}
		return out
	}
	return []wirechat.Problem{problem(at, l, instance)}
}

func problem(at string, l located, instance any) wirechat.Problem {
	value := show(valueAt(instance, l.at))
	rule, text := "", l.err.ErrorKind.LocalizedString(printer)
	switch k := l.err.ErrorKind.(type) {
	case *kind.Type:
		rule, text = wirechat.RuleType, fmt.Sprintf("%s is not of type %s", value, strings.Join(k.Want, ", "))
	case *kind.Enum:
		rule, text = wirechat.RuleEnum, fmt.Sprintf("%s is not one of %s", value, show(k.Want))
	case *kind.Const:
		rule, text = wirechat.RuleConst, fmt.Sprintf("%s was expected", show(k.Want))
	case *kind.Minimum:
		rule, text = wirechat.RuleMinimum, fmt.Sprintf("%s is less than the minimum of %s", value, showRat(k.Want))
	case *kind.Maximum:
		rule, text = wirechat.RuleMaximum, fmt.Sprintf("%s is greater than the maximum of %s", value, showRat(k.Want))
	case *kind.MaxLength:
		rule, text = wirechat.RuleMaxLength, fmt.Sprintf("%s is longer than %d characters", value, k.Want)
	case *kind.OneOf:
		rule, text = "oneOf", fmt.Sprintf("%s is not valid under any of the given schemas", value)
		if k.Subschemas != nil {
			text = fmt.Sprintf("%s is valid under more than one of the given schemas", value)
		}
	case *kind.Not:
		rule, text = "not", fmt.Sprintf("%s should not be valid under the schema of not", value)
	default:
		if path := l.err.ErrorKind.KeywordPath(); len(path) > 0 {
			rule = path[0]
		}
		text = value + ": " + text
	}
	return wirechat.Problem{Pointer: at, Rule: rule, Message: text}
}
