package wirechat_test

// Decode, Validate, Encode and Canonical on values built in Go: absent versus zero, tags first, nil
// required slices, what Encode refuses, and how the types work with encoding/json.

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func ptr[T any](v T) *T { return &v }

func encodeString(t *testing.T, v any) string {
	t.Helper()
	data, err := wirechat.Encode(v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return string(data)
}

func problemsAt(t *testing.T, err error) []string {
	t.Helper()
	var wireErr *wirechat.WireError
	if !errors.As(err, &wireErr) {
		t.Fatalf("want a *WireError, got %v", err)
	}
	return wireErr.Pointers()
}

func TestAbsentAndZeroStayDifferent(t *testing.T) {
	doc := `{"input_tokens":0,"output_tokens":0,"total_tokens":0,"latency_ms":0}`
	usage, err := wirechat.Decode[wirechat.TokenUsage]([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if usage.LatencyMs == nil || *usage.LatencyMs != 0 || usage.CostMicros != nil {
		t.Fatalf("latency_ms must be present and zero, cost_micros absent: %+v", usage)
	}
	if got := encodeString(t, usage); got != doc {
		t.Fatalf("got %s, want %s", got, doc)
	}
}

func TestOptionalEmptyArrayIsKeptAndAbsentStaysAbsent(t *testing.T) {
	for _, doc := range []string{
		`{"messages":[{"role":"user","parts":[]}],"tools":[]}`,
		`{"messages":[{"role":"user","parts":[]}]}`,
	} {
		request, err := wirechat.Decode[wirechat.ChatRequest]([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		if got := encodeString(t, request); got != doc {
			t.Fatalf("got %s, want %s", got, doc)
		}
	}
}

func TestRequiredNilSliceEncodesAsEmptyArray(t *testing.T) {
	if got := encodeString(t, wirechat.Message{Role: wirechat.RoleAssistant}); got != `{"role":"assistant","parts":[]}` {
		t.Fatalf("got %s", got)
	}
}

func TestUnionVariantsWriteTheirTagFirst(t *testing.T) {
	var part wirechat.Part = &wirechat.ImagePart{Image: &wirechat.MediaUrl{URL: "https://x.test/a.png"}}
	want := `{"type":"image","image":{"source":"url","url":"https://x.test/a.png"}}`
	if got := encodeString(t, part); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	marshalled, err := json.Marshal(wirechat.Message{Role: wirechat.RoleUser, Parts: []wirechat.Part{part}})
	if err != nil || !strings.Contains(string(marshalled), want) {
		t.Fatalf("json.Marshal: %s, %v", marshalled, err)
	}
}

func TestDecodeAUnionGivesAPointerToTheVariant(t *testing.T) {
	part, err := wirechat.Decode[wirechat.Part]([]byte(`{"tool_call":{"id":"c1","name":"f","arguments":"{}"},"type":"tool_call"}`))
	if err != nil {
		t.Fatal(err)
	}
	call, ok := part.(*wirechat.ToolCallPart)
	if !ok || call.ToolCall.ID != "c1" {
		t.Fatalf("got %#v", part)
	}
	choice, err := wirechat.Decode[wirechat.ToolChoice]([]byte(`{"type":"auto"}`))
	if _, ok := choice.(*wirechat.ToolChoiceAuto); err != nil || !ok {
		t.Fatalf("got %#v, %v", choice, err)
	}
}

func TestDecodeRefusesATypeThatIsNotAWireType(t *testing.T) {
	if _, err := wirechat.Decode[string]([]byte(`"x"`)); !errors.Is(err, wirechat.ErrNotWireType) {
		t.Fatalf("want ErrNotWireType, got %v", err)
	}
	if err := wirechat.Validate(42); !errors.Is(err, wirechat.ErrNotWireType) {
		t.Fatalf("want ErrNotWireType, got %v", err)
	}
}

func TestEncodeRefusesWhatDecodeWouldReject(t *testing.T) {
	cases := []struct {
		name    string
		value   any
		pointer string
	}{
		{"unknown role", wirechat.Message{Role: "bot"}, "/role"},
		{"nil part", wirechat.Message{Role: wirechat.RoleUser, Parts: []wirechat.Part{nil}}, "/parts/0"},
		{"typed nil part", wirechat.Message{Role: wirechat.RoleUser, Parts: []wirechat.Part{(*wirechat.TextPart)(nil)}}, "/parts/0"},
		{"missing union", wirechat.ImagePart{}, "/image"},
		{"missing free-form value", wirechat.DataRef{}, "/value"},
		{"broken free-form value", wirechat.DataRef{Value: wirechat.JsonValue(`{"a":1,"a":2}`)}, "/value/a"},
		{"unsafe integer in free form", wirechat.DataRef{Value: wirechat.JsonValue(`[9007199254740992]`)}, "/value/0"},
		{"free-form object that is not one", wirechat.ToolDefinition{Name: "f", InputSchema: wirechat.JsonObject(`[]`)}, "/input_schema"},
		{"NaN", wirechat.ChatOptions{Temperature: ptr(math.NaN())}, "/temperature"},
		{"out of bounds", wirechat.ChatOptions{TopP: ptr(1.5)}, "/top_p"},
		{"not UTF-8", wirechat.TextPart{Text: "caf\xe9"}, "/text"},
		{"pattern", wirechat.MediaBase64{Base64: "no spaces", MediaType: "image/png"}, "/base64"},
		{"length in code points", wirechat.ToolCall{ID: "c", Name: strings.Repeat("é", 129)}, "/name"},
		{"provider metadata value", wirechat.Message{Role: wirechat.RoleUser, ProviderMetadata: wirechat.ProviderMetadata{"x/y": wirechat.JsonObject(`1`)}}, "/provider_metadata/x~1y"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := wirechat.Encode(c.value)
			if pointers := problemsAt(t, err); !slices.Contains(pointers, c.pointer) {
				t.Fatalf("want a problem at %q, got %v", c.pointer, err)
			}
			if err := wirechat.Validate(c.value); err == nil {
				t.Fatal("Validate accepts what Encode refuses")
			}
		})
	}
}

func TestValidateTakesValuesAndPointers(t *testing.T) {
	message := wirechat.TextMessage(wirechat.RoleUser, "hi")
	for _, v := range []any{message, &message, message.Parts[0], wirechat.RoleTool, wirechat.Embedding{0.5}} {
		if err := wirechat.Validate(v); err != nil {
			t.Fatalf("%T: %v", v, err)
		}
	}
	if err := message.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestFreeFormValuesKeepTheirBytes(t *testing.T) {
	doc := `{"value":{ "b" : 1.50, "a": [1e2, "\u00e9"] },"media_type":"application/json"}`
	data, err := wirechat.Decode[wirechat.DataRef]([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if string(data.Value) != `{ "b" : 1.50, "a": [1e2, "\u00e9"] }` {
		t.Fatalf("the raw value changed: %s", data.Value)
	}
	if got := encodeString(t, data); got != `{"value":{"b":1.50,"a":[1e2,"\u00e9"]},"media_type":"application/json"}` {
		t.Fatalf("encode drops the whitespace and keeps every token: %s", got)
	}
	spaced := wirechat.DataRef{Value: wirechat.JsonValue("[ \"a b\\\" c\" ,\n 1 ]")}
	if got := encodeString(t, spaced); got != `{"value":["a b\" c",1]}` {
		t.Fatalf("whitespace inside strings stays: %s", got)
	}
	canonical, err := wirechat.Canonical(data)
	if err != nil || string(canonical) != `{"media_type":"application/json","value":{"a":[100,"é"],"b":1.5}}` {
		t.Fatalf("canonical: %s, %v", canonical, err)
	}
}

func TestNumbersAreWrittenAsECMAScriptWrites(t *testing.T) {
	embedding := wirechat.Embedding{0.1, 1e-7, 123456789, 5e-324, -9007199254740991, 0.9999999999999999}
	if got := encodeString(t, embedding); got != `[0.1,1e-7,123456789,5e-324,-9007199254740991,0.9999999999999999]` {
		t.Fatalf("got %s", got)
	}
}

func TestStringsAreEscapedMinimally(t *testing.T) {
	text := "quote\" backslash\\ newline\n tab\t nul\x00 é 😀 </script>"
	want := `{"type":"text","text":"quote\" backslash\\ newline\n tab\t nul\u0000 é 😀 </script>"}`
	if got := encodeString(t, wirechat.TextPart{Text: text}); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	back, err := wirechat.Decode[wirechat.TextPart]([]byte(want))
	if err != nil || back.Text != text {
		t.Fatalf("got %q, %v", back.Text, err)
	}
}

func TestEncodingJSONInterop(t *testing.T) {
	type envelope struct {
		Request wirechat.ChatRequest `json:"request"`
		Note    string               `json:"note"`
	}
	in := envelope{
		Request: wirechat.ChatRequest{Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "hi")}},
		Note:    "n",
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out envelope
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if wirechat.MessageText(out.Request.Messages[0]) != "hi" || out.Note != "n" {
		t.Fatalf("got %+v", out)
	}
	bad := `{"request":{"messages":[{"role":"user","parts":[],"role":"tool"}]},"note":""}`
	err = json.Unmarshal([]byte(bad), &out)
	if pointers := problemsAt(t, err); !slices.Equal(pointers, []string{"/messages/0/role"}) {
		t.Fatalf("got %v", err)
	}
}

func TestErrorTextListsEveryProblem(t *testing.T) {
	_, err := wirechat.Decode[wirechat.ToolCall]([]byte(`{"id":"","name":"f"}`))
	want := `invalid ToolCall (2 problems): /arguments: required member is missing; /id: must have at least 1 character (got 0)`
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}
