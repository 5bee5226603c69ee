package openaichat

// OpenAI embeddings (POST /v1/embeddings) <-> canonical EmbedRequest / EmbedResponse, as Python's
// openai_chat/embed.py: the request asks for encoding_format "float" (the adapter sets the key, so
// provider_options cannot switch it) and passes dimensions through. The response's data is sorted by
// index, so Embeddings[i] belongs to Inputs[i] whatever order the items arrived in; the indices must be
// 0..n-1, each once. Usage: prompt_tokens is the input, output is 0, total is input + output. Members with
// no canonical field (object, per-item extras, a disagreeing total_tokens) go to
// provider_metadata["openai"].

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// EmbedPath is the URL path of an embeddings call.
var EmbedPath = tables.OpenaiChat.Paths["embed"]

// EncodeEmbedRequest is the /v1/embeddings body; a *adapters.RefusedError without a model or for an option
// the adapter sets itself.
func EncodeEmbedRequest(request wirechat.EmbedRequest) (*providerjson.Object, error) {
	return EncodeEmbedRequestFor(request, Name)
}

// EncodeEmbedRequestFor is EncodeEmbedRequest for the adapter named name (its provider_options entry): an
// OpenAI-compatible server's adapter sends the same body.
func EncodeEmbedRequestFor(request wirechat.EmbedRequest, name string) (*providerjson.Object, error) {
	if request.Model == nil {
		return nil, &adapters.RefusedError{Feature: "model.absent", Where: "/model",
			Reason: "the embeddings endpoint needs a model: set EmbedRequest.model"}
	}
	inputs := make([]any, len(request.Inputs))
	for i, input := range request.Inputs {
		inputs[i] = input
	}
	body := newObj().Set("model", *request.Model).Set("input", inputs).Set("encoding_format", "float")
	if request.Dimensions != nil {
		body.Set("dimensions", *request.Dimensions)
	}
	// the manifest's options schema is the chat call's, so embeddings pass none (as Python)
	if err := shared.MergeProviderOptions(request.ProviderOptions, name, body, ""); err != nil {
		return nil, err
	}
	return body, nil
}

// DecodeEmbedResponse is the canonical response for a /v1/embeddings body, vectors in input order; an
// *adapters.InvalidBodyError naming the member for a body that is not one.
func DecodeEmbedResponse(data []byte) (wirechat.EmbedResponse, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.EmbedResponse{}, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	items, err := shared.GetList(body, "data", "", false)
	if err != nil {
		return wirechat.EmbedResponse{}, err
	}
	vectors := make([]any, len(items))
	pointers := make([]string, len(items))
	seen := make([]bool, len(items))
	var extras []*providerjson.Object
	for i, raw := range items {
		where := "/data/" + strconv.Itoa(i)
		item, ok := raw.(*providerjson.Object)
		if !ok {
			return wirechat.EmbedResponse{}, shared.Invalid(where, "expected an embedding object")
		}
		index, ok := item.Get("index").(providerjson.Number)
		position, err := strconv.Atoi(string(index))
		if !ok || err != nil || position < 0 || position >= len(items) {
			return wirechat.EmbedResponse{}, shared.Invalid(where+"/index", "expected an integer from 0 to %d, got %s",
				len(items)-1, providerjson.MustMarshal(item.Get("index")))
		}
		if seen[position] {
			return wirechat.EmbedResponse{}, shared.Invalid(where+"/index", "index %d appears twice", position)
		}
		seen[position] = true
		switch vector := item.Get("embedding").(type) {
		case string:
			return wirechat.EmbedResponse{}, shared.Invalid(where+"/embedding", "a base64 string; the adapter asks for encoding_format float")
		case []any:
			if len(vector) == 0 {
				return wirechat.EmbedResponse{}, shared.Invalid(where+"/embedding", "expected a non-empty array of numbers")
			}
			vectors[position], pointers[position] = vector, where+"/embedding"
		default:
			return wirechat.EmbedResponse{}, shared.Invalid(where+"/embedding", "expected a non-empty array of numbers")
		}
		extra := providerjson.NewObject().Set("index", item.Get("index"))
		for _, key := range item.Keys() {
			if key != "index" && key != "embedding" && !(key == "object" && item.Get(key) == "embedding") {
				extra.Set(key, item.Get(key))
			}
		}
		if extra.Len() > 1 {
			extras = append(extras, extra)
		}
	}
	if len(items) == 0 {
		return wirechat.EmbedResponse{}, shared.Invalid("/data", "no embeddings")
	}
	doc := newObj().Set("embeddings", vectors)
	if model, ok := body.Get("model").(string); ok && model != "" {
		doc.Set("model", model)
	}
	metadata := providerjson.NewObject()
	if err := decodeExtraUsage(body, doc, metadata); err != nil {
		return wirechat.EmbedResponse{}, err
	}
	if len(extras) > 0 {
		sort.SliceStable(extras, func(a, b int) bool {
			x, _ := shared.IntValue(extras[a].Get("index"))
			y, _ := shared.IntValue(extras[b].Get("index"))
			return x < y
		})
		list := make([]any, len(extras))
		for i, extra := range extras {
			list[i] = extra
		}
		metadata.Set("data", list)
	}
	for _, key := range body.Keys() {
		if key != "data" && key != "model" && key != "usage" && body.Get(key) != nil {
			metadata.Set(key, body.Get(key))
		}
	}
	if metadata.Len() > 0 {
		doc.Set("provider_metadata", newObj().Set(Provider, metadata))
	}
	response, err := wirechat.Decode[wirechat.EmbedResponse](providerjson.MustMarshal(doc))
	if err != nil {
		return response, numbersError(err, pointers)
	}
	return response, nil
}

// numbersError names a bad number by its place in the provider's body, as Python does.
func numbersError(err error, pointers []string) error {
	if invalid, ok := err.(*wirechat.WireError); ok {
		for _, problem := range invalid.Problems {
			tokens := strings.Split(problem.Pointer, "/")
			if len(tokens) == 4 && tokens[1] == "embeddings" {
				vector, errV := strconv.Atoi(tokens[2])
				place, errP := strconv.Atoi(tokens[3])
				if errV == nil && errP == nil && vector < len(pointers) {
					return shared.Invalid(pointers[vector]+"/"+strconv.Itoa(place), "expected a number within ±2**53")
				}
			}
		}
	}
	return shared.Invalid("", "%v", err)
}

// decodeExtraUsage sets doc's usage from an embeddings or completions body (Python's
// extra_body.decode_usage): details without a canonical field, and a total_tokens that is not prompt +
// completion, go to metadata["usage"].
func decodeExtraUsage(body, doc, metadata *providerjson.Object) error {
	raw, ok := body.Get("usage").(*providerjson.Object)
	if !ok {
		return nil
	}
	usage, extra, err := DecodeUsage(raw, "/usage")
	if err != nil {
		return err
	}
	if total := raw.Get("total_tokens"); total != nil {
		if n, ok := shared.IntValue(total); !ok || n != usage.TotalTokens {
			if extra == nil {
				extra = providerjson.NewObject()
			}
			extra.Set("total_tokens", total)
		}
	}
	encoded, err := wirechat.Encode(&usage)
	if err != nil {
		return err
	}
	tree, err := providerjson.Parse(encoded)
	if err != nil {
		return err
	}
	doc.Set("usage", tree)
	if extra != nil {
		metadata.Set("usage", extra)
	}
	return nil
}
