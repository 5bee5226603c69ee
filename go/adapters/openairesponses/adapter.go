package openairesponses

// The adapter value binding these modules and the generated tables (go/internal/tables, from
// adapters/openai-responses.adapter.json) into the adapters.Adapter contract, with what the transport
// needs. The Responses API has no embeddings or text-completion call: the adapter offers neither codec.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/tables"
)

// Manifest is the adapter's capability manifest.
var Manifest = tables.OpenaiResponses.Manifest

// Adapter is the openai-responses adapter.
var Adapter adapters.Adapter = adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: tables.OpenaiResponses.BaseURL, KeyEnv: tables.OpenaiResponses.APIKeyEnv, Path: tables.OpenaiResponses.Paths["chat"],
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            shared.AuthHeaders(tables.OpenaiResponses.AuthHeaders),
	StreamFlags:     shared.StreamFlags(tables.OpenaiResponses.StreamBody),
}
