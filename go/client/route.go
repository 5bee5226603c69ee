package client

// Where an encoded body goes, as Python's _calls.route: the endpoint path as given, or the adapter's own
// (adapters.RoutedCodec) for an API whose URL depends on the request (Gemini puts the model and the
// streaming method in the path: /v1beta/models/{model}:streamGenerateContent?alt=sse).

import (
	"errors"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// route is the path and body to send for an encoded body of kind ("chat", "embed"); an adapter that cannot
// route it (its URL needs what the body lacks) gives an *UnsupportedCallError before anything is sent.
func (c *Client) route(kind, path string, body *providerjson.Object, stream bool) (string, *providerjson.Object, error) {
	routed, ok := c.adapter.(adapters.RoutedCodec)
	if !ok {
		return path, body, nil
	}
	target, sent, err := routed.RequestTarget(kind, body, stream)
	var refused *adapters.RefusedError
	if errors.As(err, &refused) {
		return "", nil, &UnsupportedCallError{Adapter: c.adapter.Name(), Call: kind}
	}
	return target, sent, err
}
