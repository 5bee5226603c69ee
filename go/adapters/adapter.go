// Package adapters is the Go side of wirechat's adapter contract: what a provider adapter offers (a pure
// codec between canonical wirechat values and one provider API's JSON, plus the few facts a transport
// needs) and the small types it speaks in. It mirrors Python's wirechat.adapters._contract; the
// providers live in the sub-packages openaichat, anthropic, gemini and openairesponses, each with the same
// module set as Python (shapes, request_encode, response, stream, usage, finish, errors; the manifest and
// the other tables are generated into go/internal/tables from adapters/, decision 028).
//
// Every function of an adapter is pure: no I/O, no clock, no randomness.
package adapters

import (
	"fmt"
	"net/http"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Level is how an adapter carries a feature: lossless, degraded or refused. The table types are generated
// with the tables (go/internal/tables, from adapters/; decision 028) and named here.
type Level = tables.Level

// The three levels of the capability manifest.
const (
	Lossless = tables.Lossless
	Degraded = tables.Degraded
	Refused  = tables.Refused
)

// Support is one manifest entry: the level and, for degraded, the warning text, for refused, the reason.
type Support = tables.Support

// Manifest is an adapter's capability manifest, generated from adapters/<name>.adapter.json.
type Manifest = tables.Manifest

// Warning is a degradation an adapter applied: the manifest feature, what happened, and Where: the JSON
// pointer of the value concerned (into the canonical value when encoding, into the provider's body when
// decoding; "" where no single place applies).
type Warning struct {
	Feature string
	Message string
	Where   string
}

func (w Warning) String() string { return w.Feature + ": " + w.Message }

// RefusedError is a conversion the target cannot express without changing meaning.
type RefusedError struct {
	Feature string // the manifest feature
	Reason  string // the manifest's reason
	Where   string // a JSON pointer into the canonical value
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("refused (%s) at %s: %s", e.Feature, e.Where, e.Reason)
}

// InvalidBodyError is provider JSON an adapter cannot read: Pointer names the member, Message says why.
// The client turns it into an error of kind invalid_response.
type InvalidBodyError struct {
	Pointer string
	Message string
}

func (e *InvalidBodyError) Error() string {
	where := e.Pointer
	if where == "" {
		where = "(root)"
	}
	return where + ": " + e.Message
}

// SseEvent is one server-sent event: the event: name ("" when absent) and the data: text.
type SseEvent struct {
	Event string
	Data  string
}

// StreamDecoder turns one response's provider SSE events into canonical stream events, statefully.
type StreamDecoder interface {
	// Feed returns the canonical events this provider event yields (often none, sometimes several).
	Feed(event SseEvent) []wirechat.StreamEvent
	// Close is called at the end of the body: the closing events still owed (an error event of kind
	// invalid_response when the stream was cut before its terminal event).
	Close() []wirechat.StreamEvent
	// Warnings are what the decoder set aside or changed so far, each Where a pointer /<n>/...: the n-th
	// SSE event from 0, then into its data.
	Warnings() []Warning
}

// StreamEncoder turns one response's canonical stream events into the provider's SSE events.
type StreamEncoder interface {
	// Feed returns the provider events for this canonical event; a *RefusedError for a part the
	// provider's stream cannot carry.
	Feed(event wirechat.StreamEvent) ([]SseEvent, error)
	// Close returns the provider's closing events still owed.
	Close() []SseEvent
	// Warnings are the degradations applied so far.
	Warnings() []Warning
}

// Adapter is one provider API.
type Adapter interface {
	// Name is the registry name and provider_options key (openai-chat, anthropic).
	Name() string
	// Provider is the provider_metadata key and reasoning issuer (openai, anthropic).
	Provider() string
	Manifest() *Manifest
	// DefaultBaseURL is scheme and host, without the version path.
	DefaultBaseURL() string
	// APIKeyEnv is the environment variable that conventionally holds the key.
	APIKeyEnv() string
	// EncodeRequest is the provider's (non-streaming) body for request; a *RefusedError when it cannot be.
	EncodeRequest(request wirechat.ChatRequest) (*providerjson.Object, []Warning, error)
	// DecodeRequest is the canonical request for a provider's request body (the warnings of what it
	// could not carry); *InvalidBodyError for a body that is not a valid request.
	DecodeRequest(body []byte) (wirechat.ChatRequest, []Warning, error)
	// DecodeResponse is the canonical response for a provider's response body, with the warnings of what
	// it set aside or changed (each Where a pointer into body); *InvalidBodyError when the body cannot be
	// read.
	DecodeResponse(body []byte) (wirechat.ChatResponse, []Warning, error)
	// EncodeResponse is the provider's response body for a canonical response (the warnings of what was
	// degraded); a *RefusedError when it cannot be.
	EncodeResponse(response wirechat.ChatResponse) (*providerjson.Object, []Warning, error)
	// NewStreamDecoder is a fresh decoder for one streamed response.
	NewStreamDecoder() StreamDecoder
	// NewStreamEncoder is a fresh encoder for one streamed response.
	NewStreamEncoder() StreamEncoder
	// DecodeError is the canonical error for an HTTP failure, or for a mid-stream error payload (status
	// 0). It never fails: an unreadable body gives the status's meaning.
	DecodeError(status int, headers http.Header, body []byte) wirechat.Error
	// ChatPath is the URL path of a chat call (/v1/chat/completions).
	ChatPath() string
	// AuthHeaders are every header the provider needs on each request: credentials and API version.
	AuthHeaders(apiKey string) http.Header
	// StreamRequestFlags is a copy of body that asks for a streamed response (with usage, where opt-in).
	StreamRequestFlags(body *providerjson.Object) *providerjson.Object
}

// EmbedCodec is an optional capability: an adapter that has it offers embeddings (client.Embed), sent to
// EmbedPath. Without it the client gives an UnsupportedCallError before sending anything.
type EmbedCodec interface {
	EmbedPath() string
	// EncodeEmbedRequest is the provider's embeddings body; a *RefusedError for what it cannot carry.
	EncodeEmbedRequest(request wirechat.EmbedRequest) (*providerjson.Object, error)
	// DecodeEmbedResponse is the canonical response, Embeddings[i] for Inputs[i]; *InvalidBodyError for a
	// body that is not an embeddings response.
	DecodeEmbedResponse(body []byte) (wirechat.EmbedResponse, error)
}

// CompleteCodec is an optional capability: an adapter that has it offers text completions
// (client.Complete), sent to CompletePath.
type CompleteCodec interface {
	CompletePath() string
	// EncodeCompleteRequest is the provider's completions body; a *RefusedError for what it cannot carry.
	EncodeCompleteRequest(request wirechat.CompleteRequest) (*providerjson.Object, error)
	// DecodeCompleteResponse is the canonical response; *InvalidBodyError for a body that is not one.
	DecodeCompleteResponse(body []byte) (wirechat.CompleteResponse, error)
}
