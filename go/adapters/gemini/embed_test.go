package gemini

// The embeddings options check reads the tables' schema (call_options_schemas.embed in
// adapters/gemini.adapter.json, Manifest.CallOptionsSchemas["embed"]): taskType and title go on every item,
// anything else is a WireError of type EmbedRequest at its pointer, as Python's and TypeScript's.

import (
	"errors"
	"reflect"
	"testing"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

func embedRequest(t *testing.T, options string) wirechat.EmbedRequest {
	t.Helper()
	request, err := wirechat.Decode[wirechat.EmbedRequest]([]byte(
		`{"model": "e", "inputs": ["a", "b"], "provider_options": {"gemini": ` + options + `}}`))
	if err != nil {
		t.Fatal(err)
	}
	return request
}

func TestEmbedOptionsAreTheTablesSchema(t *testing.T) {
	body, err := EncodeEmbedRequest(embedRequest(t, `{"taskType": "CLUSTERING", "title": "t"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"requests":[{"model":"models/e","content":{"parts":[{"text":"a"}]},"taskType":"CLUSTERING","title":"t"},` +
		`{"model":"models/e","content":{"parts":[{"text":"b"}]},"taskType":"CLUSTERING","title":"t"}]}`
	if got := string(providerjson.MustMarshal(body)); got != want {
		t.Errorf("body %s, want %s", got, want)
	}
	cases := map[string][]string{
		`{"taskType": "X"}`: {"/provider_options/gemini/taskType", "enum"},
		`{"title": 1}`:      {"/provider_options/gemini/title", "type"},
		`{"other": 1}`:      {"/provider_options/gemini", "additionalProperties"},
	}
	for options, want := range cases {
		_, err := EncodeEmbedRequest(embedRequest(t, options))
		var wire *wirechat.WireError
		if !errors.As(err, &wire) {
			t.Fatalf("%s: not a WireError: %v", options, err)
		}
		if wire.Type != "EmbedRequest" || len(wire.Problems) != 1 {
			t.Fatalf("%s: %s with %d problems, want EmbedRequest with 1", options, wire.Type, len(wire.Problems))
		}
		if got := []string{wire.Problems[0].Pointer, wire.Problems[0].Rule}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", options, got, want)
		}
	}
}
