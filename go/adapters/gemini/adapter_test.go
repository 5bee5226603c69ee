package gemini

// RequestTarget, the routing the vectors do not cover: the model moves from the body into the path
// (percent-encoded as Python's quote(safe="/")), a stream goes to :streamGenerateContent?alt=sse, a tuned
// model's resource name replaces models/{model}, an embeddings body names its model in each item, and a
// body without a model is refused before anything is sent.

import (
	"errors"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

func TestRequestTargetMovesTheModelIntoThePath(t *testing.T) {
	routed := Adapter.(adapters.RoutedCodec)
	cases := []struct {
		kind, model string
		stream      bool
		path        string
	}{
		{"chat", "gemini-2.5-flash", false, "/v1beta/models/gemini-2.5-flash:generateContent"},
		{"chat", "gemini-2.5-flash", true, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"},
		{"chat", "tunedModels/my-model", false, "/v1beta/tunedModels/my-model:generateContent"},
		{"chat", "a b:c?", false, "/v1beta/models/a%20b%3Ac%3F:generateContent"},
		{"embed", "models/gemini-embedding-001", false, "/v1beta/models/gemini-embedding-001:batchEmbedContents"},
	}
	for _, tc := range cases {
		body := providerjson.NewObject().Set("model", tc.model).Set("contents", []any{})
		if tc.kind == "embed" {
			body = providerjson.NewObject().Set("requests", []any{providerjson.NewObject().Set("model", tc.model)})
		}
		path, sent, err := routed.RequestTarget(tc.kind, body, tc.stream)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.kind, tc.model, err)
		}
		if path != tc.path {
			t.Errorf("%s %q: path %s, want %s", tc.kind, tc.model, path, tc.path)
		}
		if tc.kind == "chat" && (sent.Has("model") || !body.Has("model")) {
			t.Errorf("the model must leave the body sent, and the encoded body stay as it was")
		}
	}
	_, _, err := routed.RequestTarget("chat", providerjson.NewObject().Set("contents", []any{}), false)
	var refused *adapters.RefusedError
	if !errors.As(err, &refused) || refused.Feature != "model.absent" {
		t.Fatalf("a body without a model: %v", err)
	}
}
