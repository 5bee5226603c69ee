package openaichat

// The adapter value binding these modules and the generated tables (go/internal/tables, from
// adapters/openai-chat.adapter.json) into the adapters.Adapter contract, with what the transport needs.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Manifest is the adapter's capability manifest.
var Manifest = tables.OpenaiChat.Manifest

// Adapter is the openai-chat adapter; it offers embeddings and completions too (adapters.EmbedCodec,
// adapters.CompleteCodec).
var Adapter adapters.Adapter = adapter{adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: tables.OpenaiChat.BaseURL, KeyEnv: tables.OpenaiChat.APIKeyEnv, Path: tables.OpenaiChat.Paths["chat"],
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            shared.AuthHeaders(tables.OpenaiChat.AuthHeaders),
	StreamFlags:     shared.StreamFlags(tables.OpenaiChat.StreamBody),
}}

// adapter is the module set with the two optional capabilities.
type adapter struct{ adapters.Modules }

var (
	_ adapters.EmbedCodec    = adapter{}
	_ adapters.CompleteCodec = adapter{}
)

func (adapter) EmbedPath() string    { return tables.OpenaiChat.Paths["embed"] }
func (adapter) CompletePath() string { return tables.OpenaiChat.Paths["complete"] }

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
