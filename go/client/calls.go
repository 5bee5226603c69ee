package client

// Embeddings and text completions, for the adapters that offer them (adapters.EmbedCodec,
// adapters.CompleteCodec: openai-chat): the same transport, retries, timeouts and typed errors as Chat.
// An adapter without the call gives an *UnsupportedCallError before anything is sent.

import (
	"context"
	"fmt"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// UnsupportedCallError is a call the provider (or its adapter) does not have, such as embeddings on
// Anthropic.
type UnsupportedCallError struct {
	Adapter, Call string
}

func (e *UnsupportedCallError) Error() string {
	return fmt.Sprintf("the %s adapter has no %s call", e.Adapter, e.Call)
}

// Embed sends request to the provider's embeddings endpoint; Embeddings[i] belongs to Inputs[i].
func (c *Client) Embed(ctx context.Context, request wirechat.EmbedRequest) (wirechat.EmbedResponse, error) {
	codec, ok := c.adapter.(adapters.EmbedCodec)
	if !ok {
		return wirechat.EmbedResponse{}, &UnsupportedCallError{Adapter: c.adapter.Name(), Call: "embed"}
	}
	if err := wirechat.Validate(&request); err != nil {
		return wirechat.EmbedResponse{}, err
	}
	body, err := codec.EncodeEmbedRequest(request)
	if err != nil {
		return wirechat.EmbedResponse{}, err
	}
	path, body, err := c.route("embed", codec.EmbedPath(), body, false)
	if err != nil {
		return wirechat.EmbedResponse{}, err
	}
	return call(c, ctx, path, body, codec.DecodeEmbedResponse)
}

// Complete sends request to the provider's text completions endpoint.
func (c *Client) Complete(ctx context.Context, request wirechat.CompleteRequest) (wirechat.CompleteResponse, error) {
	codec, ok := c.adapter.(adapters.CompleteCodec)
	if !ok {
		return wirechat.CompleteResponse{}, &UnsupportedCallError{Adapter: c.adapter.Name(), Call: "complete"}
	}
	if err := wirechat.Validate(&request); err != nil {
		return wirechat.CompleteResponse{}, err
	}
	body, err := codec.EncodeCompleteRequest(request)
	if err != nil {
		return wirechat.CompleteResponse{}, err
	}
	return call(c, ctx, codec.CompletePath(), body, codec.DecodeCompleteResponse)
}

// call posts body to path and decodes the 2xx answer; an answer that cannot be read is an
// invalid_response *Error, as in Chat.
func call[T any](c *Client, ctx context.Context, path string, body *providerjson.Object, decode func([]byte) (T, error)) (T, error) {
	var zero T
	data, err := providerjson.Marshal(body)
	if err != nil {
		return zero, err
	}
	answer, attempts, err := c.post(ctx, path, data)
	if err != nil {
		return zero, err
	}
	response, err := decode(answer)
	if err != nil {
		failure := newError(wirechat.ErrorKindInvalidResponse,
			c.secret.Redact("the provider's response could not be read: "+err.Error()), false, nil)
		failure.Attempts = attempts
		return zero, failure
	}
	return response, nil
}
