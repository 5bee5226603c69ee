package adapters

import "github.com/wirechat/wirechat/go/adapters/providerjson"

// RoutedCodec is an optional capability, Python's RoutedCodec: an API whose URL depends on the request
// (Gemini's /v1beta/models/{model}:streamGenerateContent?alt=sse). The client sends each encoded body to
// the path RequestTarget returns instead of ChatPath / EmbedPath. Pure, like the rest of the contract.
type RoutedCodec interface {
	// RequestTarget is the path (query included) for an encoded body of kind ("chat", "embed"), and the
	// body to send (members that travel in the URL removed); a *RefusedError when the body lacks what the
	// URL needs.
	RequestTarget(kind string, body *providerjson.Object, stream bool) (string, *providerjson.Object, error)
}
