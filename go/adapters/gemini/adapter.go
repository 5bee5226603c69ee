package gemini

// The adapter value binding these modules and the generated tables (go/internal/tables, from
// adapters/gemini.adapter.json) into the adapters.Adapter contract, with the embeddings codec and the
// routing Gemini needs: its URL holds the model and the streaming method, so the adapter offers
// adapters.RoutedCodec (RequestTarget): a chat body's model member moves into the path.

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// codec is the gemini adapter: the bound modules, embeddings and routing.
type codec struct{ adapters.Modules }

// Adapter is the gemini adapter.
var Adapter adapters.Adapter = codec{adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: tables.Gemini.BaseURL, KeyEnv: tables.Gemini.APIKeyEnv, Path: tables.Gemini.Paths["chat"],
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            shared.AuthHeaders(tables.Gemini.AuthHeaders),
	StreamFlags:     shared.StreamFlags(tables.Gemini.StreamBody),
}}

var (
	_ adapters.EmbedCodec  = codec{}
	_ adapters.RoutedCodec = codec{}
)

func (codec) EmbedPath() string { return tables.Gemini.Paths["embed"] }

func (codec) EncodeEmbedRequest(request wirechat.EmbedRequest) (*obj, error) {
	return EncodeEmbedRequest(request)
}

func (codec) DecodeEmbedResponse(body []byte) (wirechat.EmbedResponse, error) {
	return DecodeEmbedResponse(body)
}

// RequestTarget is the path (with the model, and alt=sse for a stream) and the body to send: a chat body's
// model moves into the path; an embeddings body names it in each item.
func (codec) RequestTarget(kind string, body *obj, stream bool) (string, *obj, error) {
	sent := body.Copy()
	var model any
	var template string
	switch kind {
	case "chat":
		model = sent.Get("model")
		sent.Delete("model")
		template = tables.Gemini.Paths["chat"]
		if stream {
			template = tables.Gemini.StreamPaths["chat"]
		}
	case "embed":
		items, _ := sent.Get("requests").([]any)
		if len(items) > 0 {
			first, _ := items[0].(*obj)
			model = first.Get("model")
		}
		template = tables.Gemini.Paths["embed"]
	default:
		return "", nil, &adapters.RefusedError{Feature: "endpoint", Where: "/", Reason: "no endpoint for '" + kind + "'; known: chat, embed"}
	}
	name, ok := model.(string)
	if !ok || name == "" {
		return "", nil, &adapters.RefusedError{Feature: "model.absent", Where: "/model",
			Reason: "the model is part of the Gemini URL: set the request's model"}
	}
	// the tables spell the path for a base model (models/{model}); a tuned model's resource name replaces both
	return strings.Replace(template, "models/{model}", quotePath(modelPath(name)), 1), sent, nil
}

// quotePath percent-encodes s as Python's urllib.parse.quote(s, safe="/") does.
func quotePath(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("_.-~/", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
		}
	}
	return b.String()
}
