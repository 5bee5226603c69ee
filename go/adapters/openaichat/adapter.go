package openaichat

// The adapter value binding these modules into the adapters.Adapter contract, with what the transport
// needs: the endpoint, the bearer header, stream_options.include_usage on streamed requests.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Adapter is the openai-chat adapter; it offers embeddings and completions too (adapters.EmbedCodec,
// adapters.CompleteCodec).
var Adapter adapters.Adapter = adapter{adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: "https://api.openai.com", KeyEnv: "OPENAI_API_KEY", Path: "/v1/chat/completions",
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            func(apiKey string) http.Header { return http.Header{"Authorization": {"Bearer " + apiKey}} },
	StreamFlags:     streamRequestFlags,
}}

// adapter is the module set with the two optional capabilities.
type adapter struct{ adapters.Modules }

var (
	_ adapters.EmbedCodec    = adapter{}
	_ adapters.CompleteCodec = adapter{}
)

func (adapter) EmbedPath() string    { return EmbedPath }
func (adapter) CompletePath() string { return CompletePath }

func (adapter) EncodeEmbedRequest(request wirechat.EmbedRequest) (*providerjson.Object, error) {
	return EncodeEmbedRequest(request)
}

func (adapter) DecodeEmbedResponse(body []byte) (wirechat.EmbedResponse, error) {
	return DecodeEmbedResponse(body)
}

func (adapter) EncodeCompleteRequest(request wirechat.CompleteRequest) (*providerjson.Object, error) {
	return EncodeCompleteRequest(request)
}

func (adapter) DecodeCompleteResponse(body []byte) (wirechat.CompleteResponse, error) {
	return DecodeCompleteResponse(body)
}

// streamRequestFlags asks for a stream, with the usage chunk that arrives only when asked for.
func streamRequestFlags(body *providerjson.Object) *providerjson.Object {
	flagged := body.Copy()
	flagged.Set("stream", true)
	options := providerjson.NewObject()
	if existing, ok := flagged.Get("stream_options").(*providerjson.Object); ok {
		options = existing.Copy()
	}
	options.Set("include_usage", true)
	flagged.Set("stream_options", options)
	return flagged
}
