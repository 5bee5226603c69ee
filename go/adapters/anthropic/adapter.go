package anthropic

// The adapter value binding these modules into the adapters.Adapter contract, with what the transport
// needs: the endpoint and the x-api-key and anthropic-version headers.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// Adapter is the anthropic adapter.
var Adapter adapters.Adapter = adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: "https://api.anthropic.com", KeyEnv: "ANTHROPIC_API_KEY", Path: "/v1/messages",
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth: func(apiKey string) http.Header {
		return http.Header{"X-Api-Key": {apiKey}, "Anthropic-Version": {APIVersion}}
	},
	StreamFlags: func(body *providerjson.Object) *providerjson.Object { return body.Copy().Set("stream", true) },
}
