package openaichat

// The adapter value binding these modules into the adapters.Adapter contract, with what the transport
// needs: the endpoint, the bearer header, stream_options.include_usage on streamed requests.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Adapter is the openai-chat adapter.
var Adapter adapters.Adapter = adapter{}

type adapter struct{}

func (adapter) Name() string                             { return Name }
func (adapter) Provider() string                         { return Provider }
func (adapter) Manifest() *adapters.Manifest             { return Manifest }
func (adapter) DefaultBaseURL() string                   { return "https://api.openai.com" }
func (adapter) APIKeyEnv() string                        { return "OPENAI_API_KEY" }
func (adapter) ChatPath() string                         { return "/v1/chat/completions" }
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
	return http.Header{"Authorization": {"Bearer " + apiKey}}
}

func (adapter) StreamRequestFlags(body *providerjson.Object) *providerjson.Object {
	flagged := body.Copy()
	flagged.Set("stream", true)
	options := providerjson.NewObject()
	if existing, ok := flagged.Get("stream_options").(*providerjson.Object); ok {
		options = existing.Copy()
	}
	options.Set("include_usage", true) // the usage chunk arrives only when asked for
	flagged.Set("stream_options", options)
	return flagged
}
