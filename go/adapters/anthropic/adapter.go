package anthropic

// The adapter value binding these modules and the generated tables (go/internal/tables, from
// adapters/anthropic.adapter.json) into the adapters.Adapter contract, with what the transport needs.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/tables"
)

// Manifest is the adapter's capability manifest.
var Manifest = tables.Anthropic.Manifest

// Adapter is the anthropic adapter.
var Adapter adapters.Adapter = adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: tables.Anthropic.BaseURL, KeyEnv: tables.Anthropic.APIKeyEnv, Path: tables.Anthropic.Paths["chat"],
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            shared.AuthHeaders(tables.Anthropic.AuthHeaders),
	StreamFlags:     shared.StreamFlags(tables.Anthropic.StreamBody),
}
