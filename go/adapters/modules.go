package adapters

// Modules binds a provider's module functions into the Adapter contract once, as Python's ModuleAdapter
// does: each provider package fills one value with its names, endpoint and functions, and keeps only what
// is its own (its auth headers and stream flags) as functions too.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Modules is an Adapter made of a provider package's functions.
type Modules struct {
	AdapterName, ProviderName, BaseURL, KeyEnv, Path string
	AdapterManifest                                  *Manifest
	Encode                                           func(wirechat.ChatRequest) (*providerjson.Object, []Warning, error)
	Decode                                           func([]byte) (wirechat.ChatRequest, []Warning, error)
	DecodeReply                                      func([]byte) (wirechat.ChatResponse, []Warning, error)
	EncodeReply                                      func(wirechat.ChatResponse) (*providerjson.Object, []Warning, error)
	StreamDecoderOf                                  func() StreamDecoder
	StreamEncoderOf                                  func() StreamEncoder
	Errors                                           func(status int, headers http.Header, body []byte) wirechat.Error
	Auth                                             func(apiKey string) http.Header
	StreamFlags                                      func(body *providerjson.Object) *providerjson.Object
}

var _ Adapter = Modules{}

func (m Modules) Name() string                    { return m.AdapterName }
func (m Modules) Provider() string                { return m.ProviderName }
func (m Modules) Manifest() *Manifest             { return m.AdapterManifest }
func (m Modules) DefaultBaseURL() string          { return m.BaseURL }
func (m Modules) APIKeyEnv() string               { return m.KeyEnv }
func (m Modules) ChatPath() string                { return m.Path }
func (m Modules) NewStreamDecoder() StreamDecoder { return m.StreamDecoderOf() }
func (m Modules) NewStreamEncoder() StreamEncoder { return m.StreamEncoderOf() }
func (m Modules) AuthHeaders(apiKey string) http.Header {
	return m.Auth(apiKey)
}

func (m Modules) EncodeRequest(request wirechat.ChatRequest) (*providerjson.Object, []Warning, error) {
	return m.Encode(request)
}

func (m Modules) DecodeRequest(body []byte) (wirechat.ChatRequest, []Warning, error) {
	return m.Decode(body)
}

func (m Modules) DecodeResponse(body []byte) (wirechat.ChatResponse, []Warning, error) {
	return m.DecodeReply(body)
}

func (m Modules) EncodeResponse(response wirechat.ChatResponse) (*providerjson.Object, []Warning, error) {
	return m.EncodeReply(response)
}

func (m Modules) DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return m.Errors(status, headers, body)
}

func (m Modules) StreamRequestFlags(body *providerjson.Object) *providerjson.Object {
	return m.StreamFlags(body)
}
