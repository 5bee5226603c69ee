package wirechat_test

// Every problem names the rule it breaks, with the names the Python and TypeScript packages use (the
// table mirrors tests/wirechat/test_errors.py::test_each_problem_names_the_rule_it_broke).

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestEachProblemNamesTheRuleItBroke(t *testing.T) {
	const noPointer = "-" // syntax faults: the pointer is the parser's best guess, not compared
	cases := []struct {
		text, typeName, pointer, rule string
	}{
		{`{"role":"user"}`, "Message", "/parts", "required"},
		{`{"role":"user","parts":[],"x":1}`, "Message", "/x", "additionalProperties"},
		{`{"type":"video"}`, "Part", "/type", "discriminator"},
		{`{"text":"a"}`, "Part", "/type", "discriminator"},
		{`{"type":5,"text":"a"}`, "Part", "/type", "discriminator"},
		{`{"text":"a"}`, "TextPart", "/type", "required"},
		{`{"type":"image","text":"a"}`, "TextPart", "/type", "const"},
		{`{"role":"bot","parts":[]}`, "Message", "/role", "enum"},
		{`{"role":"user","parts":"x"}`, "Message", "/parts", "type"},
		{`{"source":"url","url":"nope"}`, "MediaRef", "/url", "pattern"},
		{`{"temperature":-1}`, "ChatOptions", "/temperature", "minimum"},
		{`{"temperature":3}`, "ChatOptions", "/temperature", "maximum"},
		{`{"temperature":1e400}`, "ChatOptions", "/temperature", "number-overflow"},
		{`{"max_tokens":1.0}`, "ChatOptions", "/max_tokens", "integer-literal"},
		{`{"max_tokens":1.5}`, "ChatOptions", "/max_tokens", "type"},
		{`{"max_tokens":9007199254740992}`, "ChatOptions", "/max_tokens", "unsafe-integer"},
		{`{"max_tokens":99999999999999999999}`, "ChatOptions", "/max_tokens", "unsafe-integer"},
		{`{"id":"","name":"f","arguments":"{}"}`, "ToolCall", "/id", "minLength"},
		{`{"name":"` + strings.Repeat("x", 129) + `","input_schema":{}}`, "ToolDefinition", "/name", "maxLength"},
		{`{"messages":[]}`, "ChatRequest", "/messages", "minItems"},
		{`{"value":[1e999]}`, "DataRef", "/value/0", "number-overflow"},
		{`{"value":[9007199254740993]}`, "DataRef", "/value/0", "unsafe-integer"},
		{`{"value":[1e20]}`, "DataRef", "/value/0", "unsafe-integer"},
		{`{"value":1,"value":2}`, "DataRef", "/value", "duplicate-key"},
		{`{"value":{"a":1,"a":2}}`, "DataRef", "/value/a", "duplicate-key"},
		{`{"value":"\ud800"}`, "DataRef", "/value", "lone-surrogate"},
		{"{\"value\":\"\xff\"}", "DataRef", "/value", "utf8"},
		{"{\"value\":\"\xed\xa0\x80\"}", "DataRef", "/value", "lone-surrogate"},
		{"{\"value\":1}\xff", "DataRef", noPointer, "utf8"},
		{`{"embeddings":[[1e16]]}`, "EmbedResponse", "/embeddings/0/0", "unsafe-integer"},
		{`{"embeddings":[[9007199254740993]]}`, "EmbedResponse", "/embeddings/0/0", "unsafe-integer"},
		{`{"value":[1,]}`, "DataRef", noPointer, "syntax"},
		{"\xef\xbb\xbf{\"value\":1}", "DataRef", "", "bom"},
		{`{"value":` + strings.Repeat("[", 201) + "1" + strings.Repeat("]", 201) + "}", "DataRef", noPointer, "depth"},
	}
	for _, c := range cases {
		err := wirechat.DecodeInto(wirechat.NewByName(c.typeName), []byte(c.text))
		var wireErr *wirechat.WireError
		if !errors.As(err, &wireErr) {
			t.Errorf("%s %.60q: want a *WireError, got %v", c.typeName, c.text, err)
			continue
		}
		first := wireErr.Problems[0]
		if first.Rule != c.rule || (c.pointer != noPointer && first.Pointer != c.pointer) {
			t.Errorf("%s %.60q: first problem %q at %q (rule %q), want rule %q at %q",
				c.typeName, c.text, first.Message, first.Pointer, first.Rule, c.rule, c.pointer)
		}
	}
}

func TestValidateNamesTheRuleItBroke(t *testing.T) {
	temperature := 3.0
	cases := []struct {
		value         any
		pointer, rule string
	}{
		{&wirechat.ChatOptions{Temperature: &temperature}, "/temperature", "maximum"},
		{&wirechat.ToolCall{ID: "", Name: "f", Arguments: "{}"}, "/id", "minLength"},
		{&wirechat.Message{Role: "bot", Parts: []wirechat.Part{}}, "/role", "enum"},
		{&wirechat.DataRef{}, "/value", "required"},
		{&wirechat.Message{Role: wirechat.RoleUser, Parts: []wirechat.Part{nil}}, "/parts/0", "type"},
		{&wirechat.TextPart{Text: "a\xff"}, "/text", "utf8"},
		{&wirechat.DataRef{Value: wirechat.JsonValue("nope")}, "/value", "json-value"},
		{&wirechat.DataRef{Value: wirechat.JsonValue(`[1e400]`)}, "/value/0", "number-overflow"},
	}
	for _, c := range cases {
		var wireErr *wirechat.WireError
		if err := wirechat.Validate(c.value); !errors.As(err, &wireErr) {
			t.Errorf("%T: want a *WireError, got %v", c.value, err)
			continue
		}
		if first := wireErr.Problems[0]; first.Rule != c.rule || first.Pointer != c.pointer {
			t.Errorf("%T: first problem %q at %q (rule %q), want rule %q at %q",
				c.value, first.Message, first.Pointer, first.Rule, c.rule, c.pointer)
		}
	}
}

// TestOneValueHasTheRulesSection5GivesIt: a number rule alone, a bad tag discriminator alone, a wrong type
// alone, else every failing keyword (issue 26 item 3: Go said const for a number tag and added type or
// discriminator beside a number rule, integer-literal for 9007199254740992.0).
func TestOneValueHasTheRulesSection5GivesIt(t *testing.T) {
	cases := []struct{ text, typeName, want string }{
		{`{"role":1,"parts":[]}`, "Message", "/role type"},
		{`{"type":1,"text":"a"}`, "TextPart", "/type type"},
		{`{"type":9007199254740993,"text":"a"}`, "Part", "/type unsafe-integer"},
		{`{"type":1e400,"text":"a"}`, "Part", "/type number-overflow"},
		{`{"type":"text","text":9007199254740993}`, "Part", "/text unsafe-integer"},
		{`{"role":1e400,"parts":[]}`, "Message", "/role number-overflow"},
		{`{"max_tokens":9007199254740992.0}`, "ChatOptions", "/max_tokens unsafe-integer"},
		{`{"transport":"stdio","name":"","command":"x"}`, "McpServerConfig", "/name minLength, /name pattern"},
	}
	for _, c := range cases {
		err := wirechat.DecodeInto(wirechat.NewByName(c.typeName), []byte(c.text))
		var wireErr *wirechat.WireError
		if !errors.As(err, &wireErr) {
			t.Errorf("%s %s: want a *WireError, got %v", c.typeName, c.text, err)
			continue
		}
		got := make([]string, len(wireErr.Problems))
		for i, p := range wireErr.Problems {
			got[i] = p.Pointer + " " + p.Rule
		}
		if strings.Join(got, ", ") != c.want {
			t.Errorf("%s %s: problems %q, want %q", c.typeName, c.text, strings.Join(got, ", "), c.want)
		}
	}
}
