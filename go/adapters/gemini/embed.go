package gemini

// Gemini embeddings (POST /v1beta/models/{model}:batchEmbedContents) <-> canonical EmbedRequest /
// EmbedResponse, as Python's gemini/embed.py. The request is one EmbedContentRequest per input, each naming
// the model (models/{model}) and holding the input as one text part, with outputDimensionality from
// dimensions; this adapter's provider_options (taskType, title: Manifest.CallOptionsSchemas["embed"], from
// adapters/gemini.adapter.json) go on every item. The response's
// embeddings[i].values belongs to inputs[i]; a single embedContent answer ({"embedding": {"values"}}) is
// read too. Other members go to provider_metadata.gemini.

import (
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// modelPath is the model's resource name (models/gemini-embedding-001); a name already in that form is kept.
func modelPath(model string) string {
	if strings.HasPrefix(model, "models/") || strings.HasPrefix(model, "tunedModels/") {
		return model
	}
	return "models/" + model
}

// EncodeEmbedRequest is the batchEmbedContents body.
func EncodeEmbedRequest(request wirechat.EmbedRequest) (*obj, error) {
	if request.Model == nil {
		return nil, &adapters.RefusedError{Feature: "model.absent", Where: "/model",
			Reason: "the model is part of the Gemini URL: set EmbedRequest.model"}
	}
	extra := newObj()
	if raw, ok := request.ProviderOptions[Name]; ok && raw != nil {
		if tree, ok := shared.Raw(raw).(*obj); ok {
			extra = tree
		}
		if err := shared.CheckOptions(extra, Name, Manifest.CallOptionsSchemas["embed"]); err != nil {
			if wireErr, ok := err.(*wirechat.WireError); ok {
				wireErr.Type = "EmbedRequest"
			}
			return nil, err
		}
	}
	items := []any{}
	for _, text := range request.Inputs {
		item := newObj().Set("model", modelPath(*request.Model)).
			Set("content", newObj().Set("parts", []any{newObj().Set("text", text)}))
		if request.Dimensions != nil {
			item.Set("outputDimensionality", *request.Dimensions)
		}
		for _, key := range extra.Keys() {
			item.Set(key, extra.Get(key))
		}
		items = append(items, item)
	}
	return newObj().Set("requests", items), nil
}

func embeddingValues(raw any, where string) (any, error) {
	value, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an embedding object")
	}
	values, ok := value.Get("values").([]any)
	if !ok || len(values) == 0 {
		return nil, shared.Invalid(where+"/values", "expected a non-empty array of numbers")
	}
	return values, nil
}

// DecodeEmbedResponse is the canonical response, vectors in input order.
func DecodeEmbedResponse(data []byte) (wirechat.EmbedResponse, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.EmbedResponse{}, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	vectors, own := []any{}, ""
	switch {
	case body.Has("embeddings"):
		items, ok := body.Get("embeddings").([]any)
		if !ok || len(items) == 0 {
			return wirechat.EmbedResponse{}, shared.Invalid("/embeddings", "expected a non-empty array of embeddings")
		}
		for i, item := range items {
			values, err := embeddingValues(item, "/embeddings/"+strconv.Itoa(i))
			if err != nil {
				return wirechat.EmbedResponse{}, err
			}
			vectors = append(vectors, values)
		}
		own = "embeddings"
	case body.Has("embedding"):
		values, err := embeddingValues(body.Get("embedding"), "/embedding")
		if err != nil {
			return wirechat.EmbedResponse{}, err
		}
		vectors, own = append(vectors, values), "embedding"
	default:
		return wirechat.EmbedResponse{}, shared.Invalid("/embeddings", "an embeddings response has embeddings (or embedding); this body has neither")
	}
	fields := newObj().Set("embeddings", vectors)
	rest := newObj()
	for _, key := range body.Keys() {
		if key != own {
			rest.Set(key, body.Get(key))
		}
	}
	if rest.Len() > 0 {
		fields.Set("provider_metadata", newObj().Set(Provider, rest))
	}
	response, err := wirechat.Decode[wirechat.EmbedResponse](providerjson.MustMarshal(fields))
	if err != nil {
		return wirechat.EmbedResponse{}, shared.Invalid("/embeddings", "an embedding is not an array of numbers within ±2**53: %v", err)
	}
	return response, nil
}
