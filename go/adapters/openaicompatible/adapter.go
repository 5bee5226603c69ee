package openaicompatible

// The adapter values binding these modules and the generated profiles (go/internal/tables, from
// adapters/openai-compatible.adapter.json and adapters/profiles/) into the adapters.Adapter contract, one
// per profile, with what the transport needs: each profile's base URL (with its version path, as the
// OpenAI SDK's base_url), key variable and placeholder key, paths, stream flags (stream_options only for
// servers that take it) and embeddings where the server has them.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Adapter is one profile of the openai-compatible adapter. DefaultAPIKey is the placeholder bearer token
// sent when no key is given ("": the server needs a real key).
type Adapter struct {
	adapters.Modules
	Profile *Profile
}

// DefaultAPIKey is the placeholder key of a server that checks none ("" when a key is required).
func (a Adapter) DefaultAPIKey() string { return a.Profile.DefaultAPIKey }

// Adapters are every profile's adapter by registry name: openai-compatible (the generic profile) and
// openai-compatible:<profile>.
var Adapters = map[string]Adapter{}

// Generic is the openai-compatible adapter without a profile name.
var Generic Adapter

func init() {
	for _, name := range tables.OpenaiCompatibleProfiles {
		adapter := newAdapter(tables.OpenaiCompatible[name])
		Adapters[adapter.Name()] = adapter
	}
	Generic = Adapters[Name]
}

func newAdapter(profile *Profile) Adapter {
	t := profile.Adapter
	name := t.Name
	dialect := dialectOf(profile)
	return Adapter{Profile: profile, Modules: adapters.Modules{
		AdapterName: name, ProviderName: t.Provider, AdapterManifest: t.Manifest,
		BaseURL: t.BaseURL, KeyEnv: t.APIKeyEnv, Path: t.Paths["chat"],
		Encode: func(request wirechat.ChatRequest) (*providerjson.Object, []adapters.Warning, error) {
			return encodeRequest(request, name, profile)
		},
		Decode: func(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
			return decodeRequest(data, name, profile)
		},
		DecodeReply: func(data []byte) (wirechat.ChatResponse, []adapters.Warning, error) {
			return decodeResponse(data, profile)
		},
		EncodeReply: func(response wirechat.ChatResponse) (*providerjson.Object, []adapters.Warning, error) {
			return encodeResponse(response, profile)
		},
		StreamDecoderOf: func() adapters.StreamDecoder { return newStreamDecoder(profile, dialect) },
		StreamEncoderOf: func() adapters.StreamEncoder { return newStreamEncoder(profile, dialect) },
		Errors:          DecodeError,
		Auth:            shared.AuthHeaders(t.AuthHeaders),
		StreamFlags:     shared.StreamFlags(t.StreamBody),
	}}
}

var _ adapters.EmbedCodec = Adapter{}

// EmbedPath is the embeddings path ("" for a server without one: Groq, Mistral's profile).
func (a Adapter) EmbedPath() string { return a.Profile.Adapter.Paths["embed"] }

// EncodeEmbedRequest is openai-chat's embeddings body; refused for a server without embeddings.
func (a Adapter) EncodeEmbedRequest(request wirechat.EmbedRequest) (*providerjson.Object, error) {
	if !a.Profile.Embeddings {
		return nil, &adapters.RefusedError{Feature: "endpoint", Reason: "no endpoint for 'embed'; known: chat", Where: "/"}
	}
	return openaichat.EncodeEmbedRequestFor(request, a.Name())
}

// DecodeEmbedResponse is openai-chat's reading of an embeddings response.
func (a Adapter) DecodeEmbedResponse(body []byte) (wirechat.EmbedResponse, error) {
	return openaichat.DecodeEmbedResponse(body)
}
