package anthropic

// The adapter value binding these modules into the adapters.Adapter contract, with what the transport
// needs: the endpoint and the x-api-key and anthropic-version headers.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Adapter is the anthropic adapter.
var Adapter adapters.Adapter = adapter{}

type adapter struct{}

func (adapter) Name() string                             { return Name }
func (adapter) Provider() string                         { return Provider }
func (adapter) Manifest() *adapters.Manifest             { return Manifest }
func (adapter) DefaultBaseURL() string                   { return "https://api.anthropic.com" }
func (adapter) APIKeyEnv() string                        { return "ANTHROPIC_API_KEY" }
func (adapter) ChatPath() string                         { return "/v1/messages" }
func (adapter) NewStreamDecoder() adapters.StreamDecoder { return NewStreamDecoder() }

func (adapter) EncodeRequest(request wirechat.ChatRequest) (*providerjson.Object, []adapters.Warning, error) {
	return EncodeRequest(request)
}

func (adapter) DecodeRequest(body []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	return DecodeRequest(body)
}

func (adapter) EncodeResponse(response wirechat.ChatResponse) (*providerjson.Object, []adapters.Warning, error) {
	return EncodeResponse(response)
}

func (adapter) NewStreamEncoder() adapters.StreamEncoder { return NewStreamEncoder() }

func (adapter) DecodeResponse(body []byte) (wirechat.ChatResponse, error) {
	return DecodeResponse(body)
}

func (adapter) DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	return DecodeError(status, headers, body)
}

func (adapter) AuthHeaders(apiKey string) http.Header {
	return http.Header{"X-Api-Key": {apiKey}, "Anthropic-Version": {APIVersion}}
}

func (adapter) StreamRequestFlags(body *providerjson.Object) *providerjson.Object {
	return body.Copy().Set("stream", true)
}
