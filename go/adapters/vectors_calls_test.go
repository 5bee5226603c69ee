package adapters_test

// The embeddings and completions vectors (kinds embed_request / complete_request; the response kinds are
// checked in vectors_test.go through checkCanonical): the Go codecs give Python's body or refusal.

import (
	"errors"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// checkCallRequest holds an embeddings or completions request to Python's body or refusal.
func checkCallRequest(t *testing.T, adapter adapters.Adapter, v vector) {
	var body *providerjson.Object
	var err error
	if v.Kind == "embed_request" {
		request, decodeErr := wirechat.Decode[wirechat.EmbedRequest](v.Canonical)
		if decodeErr != nil {
			t.Fatalf("canonical request does not decode: %v", decodeErr)
		}
		body, err = adapter.(adapters.EmbedCodec).EncodeEmbedRequest(request)
	} else {
		request, decodeErr := wirechat.Decode[wirechat.CompleteRequest](v.Canonical)
		if decodeErr != nil {
			t.Fatalf("canonical request does not decode: %v", decodeErr)
		}
		body, err = adapter.(adapters.CompleteCodec).EncodeCompleteRequest(request)
	}
	if v.Refused != "" {
		var refused *adapters.RefusedError
		if !errors.As(err, &refused) || refused.Feature != v.Refused {
			t.Fatalf("want refusal %s, got %v", v.Refused, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("want a body, got %v", err)
	}
	if got, want := jcs(t, providerjson.MustMarshal(body)), jcs(t, v.Body); got != want {
		t.Fatalf("body differs from Python's\n got: %s\nwant: %s", got, want)
	}
}
