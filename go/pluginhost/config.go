package pluginhost

// The plugin's config checked against its config_schema(), as Python checks it with jsonschema: the
// client's config when the plugin is loaded (a "required" member may be missing then: a request may
// supply it), each call's whole cfg before the export runs. The first problem in path order is reported
// with its JSON pointer (an unknown member's pointer names the member); the words are santhosh-tekuri's,
// not Python's jsonschema's.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// configSchema is the compiled config_schema(), nil when the plugin has none (every config passes).
type configSchema struct{ compiled *jsonschema.Schema }

type problem struct{ pointer, message string }

// readSchema calls config_schema() (a JSON Schema, or a JSON string holding one) and compiles it.
func (h *Host) readSchema(ctx context.Context) (*configSchema, error) {
	if !h.HasExport("config_schema") {
		return &configSchema{}, nil
	}
	raw, err := h.raw(ctx, "config_schema", nil)
	if err != nil {
		var said *reportedError
		if errors.As(err, &said) {
			return nil, fault(FaultInvalidOutput, "config_schema() failed: "+said.text, h.Source, "config_schema", "")
		}
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if text, ok := doc.(string); ok && err == nil {
		doc, err = jsonschema.UnmarshalJSON(strings.NewReader(text))
	}
	if err != nil {
		return nil, fault(FaultMalformedOutput, fmt.Sprintf("config_schema() is not JSON (%v)", err), h.Source, "config_schema", "")
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, fault(FaultInvalidOutput, "config_schema() is not a JSON Schema object", h.Source, "config_schema", "")
	}
	compiler := jsonschema.NewCompiler()
	compiler.DefaultDraft(jsonschema.Draft2020)
	if err := compiler.AddResource("config_schema.json", doc); err == nil {
		compiled, err := compiler.Compile("config_schema.json")
		if err == nil {
			return &configSchema{compiled: compiled}, nil
		}
	}
	_, err = compiler.Compile("config_schema.json")
	return nil, fault(FaultInvalidConfig, "the plugin's config_schema() is not a valid JSON Schema: "+firstLineOf(fmt.Sprint(err)),
		h.Source, "config_schema", "")
}

var printer = message.NewPrinter(language.English)

// check is the first problem of cfg against the schema, nil when none; base is the pointer of cfg
// ("/config" or "/cfg"); partial skips missing required members.
func (s *configSchema) check(cfg *providerjson.Object, base string, partial bool, _ string) *problem {
	if s == nil || s.compiled == nil {
		return nil
	}
	instance, err := jsonschema.UnmarshalJSON(bytes.NewReader(providerjson.MustMarshal(cfg)))
	if err != nil {
		return &problem{base, "not JSON: " + err.Error()}
	}
	err = s.compiled.Validate(instance)
	var failure *jsonschema.ValidationError
	if err == nil || !errors.As(err, &failure) {
		return nil
	}
	type placed struct {
		path []string
		kind jsonschema.ErrorKind
	}
	var found []placed
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			if _, missing := e.ErrorKind.(*kind.Required); !(partial && missing) {
				found = append(found, placed{e.InstanceLocation, e.ErrorKind})
			}
		}
		for _, cause := range e.Causes {
			walk(cause)
		}
	}
	walk(failure)
	if len(found) == 0 {
		return nil
	}
	slices.SortStableFunc(found, func(a, b placed) int { return comparePaths(a.path, b.path) })
	first := found[0]
	path := first.path
	if extra, ok := first.kind.(*kind.AdditionalProperties); ok && len(extra.Properties) > 0 {
		path = append(slices.Clone(path), slices.Min(extra.Properties))
	}
	rule := "schema"
	if keywords := first.kind.KeywordPath(); len(keywords) > 0 {
		rule = keywords[len(keywords)-1]
	}
	more := ""
	if len(found) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(found)-1)
	}
	return &problem{base + pointer(path), fmt.Sprintf("%s (schema rule %s)%s", first.kind.LocalizedString(printer), rule, more)}
}

func pointer(path []string) string {
	var b strings.Builder
	for _, token := range path {
		b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

func comparePaths(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] == b[i] {
			continue
		}
		x, errX := strconv.Atoi(a[i])
		y, errY := strconv.Atoi(b[i])
		if errX == nil && errY == nil {
			return x - y
		}
		return strings.Compare(a[i], b[i])
	}
	return len(a) - len(b)
}

// objectOf is config as a JSON object tree (nil: empty).
func objectOf(config map[string]any) (*providerjson.Object, error) {
	if config == nil {
		return providerjson.NewObject(), nil
	}
	data, err := json.Marshal(config)
	if err != nil {
		return nil, fmt.Errorf("wirechat: the plugin config is not JSON: %w", err)
	}
	return providerjson.ParseObject(data)
}
