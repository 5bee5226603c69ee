package shared

// The options check through santhosh-tekuri/jsonschema (decision 034): every generated options schema
// compiles, and the pointers and rules are Python's (adapters/_options.py) for keywords the hand-written
// subset validator this replaced did not check, and for a tagged oneOf.

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

var optionSchemas = map[string]string{
	"anthropic":        tables.Anthropic.Manifest.OptionsSchema,
	"openai-chat":      tables.OpenaiChat.Manifest.OptionsSchema,
	"openai-responses": tables.OpenaiResponses.Manifest.OptionsSchema,
	"gemini":           tables.Gemini.Manifest.OptionsSchema,
	"go-model":         tables.GoModel.Manifest.OptionsSchema,
	"querymt":          tables.Querymt.Manifest.OptionsSchema,
}

// callOptionSchemas are the other calls' schemas (call_options_schemas), by adapter.
var callOptionSchemas = map[string]map[string]string{
	"anthropic":        tables.Anthropic.Manifest.CallOptionsSchemas,
	"openai-chat":      tables.OpenaiChat.Manifest.CallOptionsSchemas,
	"openai-responses": tables.OpenaiResponses.Manifest.CallOptionsSchemas,
	"gemini":           tables.Gemini.Manifest.CallOptionsSchemas,
	"go-model":         tables.GoModel.Manifest.CallOptionsSchemas,
	"querymt":          tables.Querymt.Manifest.CallOptionsSchemas,
}

func TestEveryGeneratedOptionsSchemaCompiles(t *testing.T) {
	for name, schema := range optionSchemas {
		if _, err := CompileOptionsSchema(schema); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		for kind, schema := range callOptionSchemas[name] {
			if _, err := CompileOptionsSchema(schema); err != nil {
				t.Errorf("%s %s: %v", name, kind, err)
			}
		}
	}
}

func problemsOfOptions(t *testing.T, name, options string) []wirechat.Problem {
	t.Helper()
	tree, err := providerjson.Parse([]byte(options))
	if err != nil {
		t.Fatal(err)
	}
	err = CheckOptions(tree, name, optionSchemas[name])
	if err == nil {
		return nil
	}
	var wire *wirechat.WireError
	if !errors.As(err, &wire) {
		t.Fatalf("%s: not a WireError: %v", name, err)
	}
	return wire.Problems
}

func pairs(problems []wirechat.Problem) [][2]string {
	var out [][2]string
	for _, p := range problems {
		out = append(out, [2]string{p.Pointer, p.Rule})
	}
	return out
}

// Each expectation is what Python's check_options printed for the same input.
func TestOptionsKeywordsTheSubsetSkippedAtPythonsPointers(t *testing.T) {
	cases := []struct {
		name, options string
		want          [][2]string
	}{
		{"openai-responses", `{"previous_response_id": "", "include": ["reasoning.encrypted_content", "bogus"], "text": {}, "metadata": {"k": 5, "j": "ok"}, "reasoning": {"effort": "low", "extra": 1}}`, [][2]string{
			{"/provider_options/openai-responses/include/1", "enum"},
			{"/provider_options/openai-responses/metadata/k", "type"},
			{"/provider_options/openai-responses/previous_response_id", "minLength"},
			{"/provider_options/openai-responses/reasoning", "additionalProperties"},
			{"/provider_options/openai-responses/text", "minProperties"},
		}},
		{"querymt", `{"cfg": {"model": "x"}}`, [][2]string{{"/provider_options/querymt/cfg", "not"}}},
		{"go-model", `{"a": 1}`, [][2]string{{"/provider_options/go-model", "maxProperties"}}},
		{"gemini", `{"generationConfig": {"responseModalities": ["TEXT", "TEXT", "TEXT", "TEXT"], "responseSchema": {"type": "STRING", "bogus": 1}}}`, [][2]string{
			{"/provider_options/gemini/generationConfig/responseModalities", "maxItems"},
			{"/provider_options/gemini/generationConfig/responseSchema", "enum"},
		}},
		{"anthropic", `{"thinking": {"type": "enabled", "budget_tokens": 10}}`, [][2]string{{"/provider_options/anthropic/thinking/budget_tokens", "minimum"}}},
		{"anthropic", `{"thinking": {"type": "bogus"}}`, [][2]string{{"/provider_options/anthropic/thinking", "oneOf"}}},
		{"anthropic", `{"thinking": {"type": "adaptive"}}`, nil},
	}
	for _, c := range cases {
		if got := pairs(problemsOfOptions(t, c.name, c.options)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %s:\n got %v\nwant %v", c.name, c.options, got, c.want)
		}
	}
}

func TestOptionsMessagesKeepPythonsWording(t *testing.T) {
	got := problemsOfOptions(t, "openai-chat", `{"top_logprobs": 3.5, "reasoning_effort": 5}`)
	want := []wirechat.Problem{
		{Pointer: "/provider_options/openai-chat/reasoning_effort", Rule: "enum", Message: `5 is not one of ["none","minimal","low","medium","high","xhigh"]`},
		{Pointer: "/provider_options/openai-chat/top_logprobs", Rule: "type", Message: "3.5 is not of type integer"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
	err := CheckOptions(mustParse(t, `{"user": "`+strings.Repeat("é", 41)+`"}`), "openai-chat", optionSchemas["openai-chat"])
	if err == nil || !strings.Contains(err.Error(), "/provider_options/openai-chat/user") || !strings.Contains(err.Error(), "is longer than 40 characters") {
		t.Errorf("maxLength counts code points and keeps the pointer: %v", err)
	}
}

func mustParse(t *testing.T, text string) any {
	t.Helper()
	tree, err := providerjson.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}
