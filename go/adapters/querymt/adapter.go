package querymt

// The adapter value binding these modules and the generated tables (go/internal/tables, from
// adapters/querymt.adapter.json) into the adapters.Adapter contract, with the embed and complete codecs.
// No base URL, no path, no auth: a plugin is called through its exports (an Extism host), not over HTTP.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
)

// Manifest is the adapter's capability manifest.
var Manifest = tables.Querymt.Manifest

// codec adds the embed and complete exports to the module binding.
type codec struct{ adapters.Modules }

var (
	_ adapters.EmbedCodec    = codec{}
	_ adapters.CompleteCodec = codec{}
)

// Adapter is the querymt adapter.
var Adapter adapters.Adapter = codec{adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: tables.Querymt.BaseURL, KeyEnv: tables.Querymt.APIKeyEnv, Path: tables.Querymt.Paths["chat"],
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            func(string) http.Header { return http.Header{} },
	StreamFlags:     func(body *providerjson.Object) *providerjson.Object { return body.Copy() },
}}
