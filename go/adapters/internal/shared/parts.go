package shared

// What every provider's converters need of the canonical types, written once: a part's provider_metadata
// whatever its variant, an optional string's value, and a provider request body read into a canonical
// request through the provider's own tree builder.

import (
	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// PartMetadata is a part's provider_metadata, whatever its variant (nil when it has none).
func PartMetadata(part wirechat.Part) wirechat.ProviderMetadata {
	switch p := part.(type) {
	case *wirechat.TextPart:
		return p.ProviderMetadata
	case *wirechat.ReasoningPart:
		return p.ProviderMetadata
	case *wirechat.ToolCallPart:
		return p.ProviderMetadata
	case *wirechat.ImagePart:
		return p.ProviderMetadata
	case *wirechat.AudioPart:
		return p.ProviderMetadata
	case *wirechat.FilePart:
		return p.ProviderMetadata
	case *wirechat.DataPart:
		return p.ProviderMetadata
	case *wirechat.ToolResultPart:
		return p.ProviderMetadata
	case *wirechat.ProviderToolCallPart:
		return p.ProviderMetadata
	case *wirechat.ProviderToolResultPart:
		return p.ProviderMetadata
	}
	return nil
}

// Deref is the value of an optional string, "" when absent.
func Deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// DecodeRequest reads a provider request body into a canonical request: tree builds the canonical
// document from the parsed body (reporting what it sets aside in the conversion as it goes), and the
// document is then decoded (and so checked) as a ChatRequest; unmapped, when given, lists the pointers of
// the body's members the adapter does not map, each reported after those as a provider.unmapped warning
// (its manifest's text). An *adapters.InvalidBodyError names the member of a body that is not a valid
// request.
func DecodeRequest(
	data []byte, manifest *adapters.Manifest,
	tree func(*providerjson.Object, *Conversion) (*providerjson.Object, error), unmapped func(*providerjson.Object) []string,
) (wirechat.ChatRequest, []adapters.Warning, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatRequest{}, nil, Invalid("", "the request body is not a JSON object: %v", err)
	}
	conv := Conversion{Manifest: manifest}
	doc, err := tree(body, &conv)
	if err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	request, err := wirechat.Decode[wirechat.ChatRequest](providerjson.MustMarshal(doc))
	if err != nil {
		return wirechat.ChatRequest{}, nil, Invalid("", "%v", err)
	}
	if unmapped != nil {
		for _, where := range unmapped(body) {
			conv.Degrade("provider.unmapped", where)
		}
	}
	return request, conv.Warnings, nil
}
