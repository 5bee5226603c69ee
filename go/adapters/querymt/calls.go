package querymt

// QueryMT's embed and complete exports <-> canonical EmbedRequest/EmbedResponse and
// CompleteRequest/CompleteResponse, as Python's querymt/calls.
//
// ExtismEmbedRequest is {cfg, inputs} and the plugin answers [[f32]] (one vector per input);
// ExtismCompleteRequest is {cfg, req: {prompt, suffix, max_tokens, temperature}} and the answer is
// CompletionResponse {text}, which has no finish reason (other, no raw value) and no usage. The model goes
// in cfg.model, as for chat; what the requests cannot carry (dimensions, options other than max_tokens and
// temperature) is refused with where to put it instead (the plugin's cfg).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

const inCfg = "QueryMT's request has no place for it: set it in the plugin's cfg (provider_options.querymt.cfg)"

// EmbedPath and CompletePath are empty: a plugin is called through its exports, not over HTTP.
func (codec) EmbedPath() string    { return "" }
func (codec) CompletePath() string { return "" }

// EncodeEmbedRequest is the ExtismEmbedRequest for a canonical request.
func (codec) EncodeEmbedRequest(request wirechat.EmbedRequest) (*obj, error) {
	if request.Dimensions != nil {
		return nil, &adapters.RefusedError{Feature: "embed.dimensions", Reason: inCfg, Where: "/dimensions"}
	}
	cfg, err := pluginCfg(request.ProviderOptions, request.Model, "EmbedRequest")
	if err != nil {
		return nil, err
	}
	inputs := make([]any, len(request.Inputs))
	for i, input := range request.Inputs {
		inputs[i] = input
	}
	return newObj().Set("cfg", cfg).Set("inputs", inputs), nil
}

// DecodeEmbedResponse is the canonical response for the plugin's [[f32]] (or {"embeddings": [[f32]]}).
func (codec) DecodeEmbedResponse(data []byte) (wirechat.EmbedResponse, error) {
	body, err := providerjson.Parse(data)
	if err != nil {
		return wirechat.EmbedResponse{}, shared.Invalid("", "the embeddings answer is not JSON: %v", err)
	}
	if object, ok := body.(*obj); ok {
		body = object.Get("embeddings")
	}
	vectors, ok := body.([]any)
	if !ok || len(vectors) == 0 {
		return wirechat.EmbedResponse{}, shared.Invalid("", "expected a non-empty array of vectors ([[f32]])")
	}
	for i, vector := range vectors {
		numbers, ok := vector.([]any)
		if !ok || len(numbers) == 0 {
			return wirechat.EmbedResponse{}, shared.Invalid("/"+strconv.Itoa(i), "expected a non-empty array of numbers")
		}
		for j, number := range numbers {
			if _, ok := number.(providerjson.Number); !ok {
				return wirechat.EmbedResponse{}, shared.Invalid("/"+strconv.Itoa(i)+"/"+strconv.Itoa(j), "expected a number")
			}
		}
	}
	response, err := wirechat.Decode[wirechat.EmbedResponse](providerjson.MustMarshal(newObj().Set("embeddings", vectors)))
	if err != nil {
		return wirechat.EmbedResponse{}, shared.Invalid("", "%v", err)
	}
	return response, nil
}

// EncodeCompleteRequest is the ExtismCompleteRequest for a canonical request.
func (codec) EncodeCompleteRequest(request wirechat.CompleteRequest) (*obj, error) {
	req := newObj().Set("prompt", request.Prompt).Set("suffix", nil).Set("max_tokens", nil).Set("temperature", nil)
	if options := request.Options; options != nil {
		refused := []struct {
			name string
			set  bool
		}{
			{"top_p", options.TopP != nil}, {"stop", options.Stop != nil}, {"seed", options.Seed != nil},
			{"parallel_tool_calls", options.ParallelToolCalls != nil}, {"response_format", options.ResponseFormat != nil},
		}
		for _, option := range refused {
			if option.set {
				return nil, &adapters.RefusedError{Feature: "options." + option.name, Reason: inCfg, Where: "/options/" + option.name}
			}
		}
		if options.MaxTokens != nil {
			req.Set("max_tokens", *options.MaxTokens)
		}
		if options.Temperature != nil {
			req.Set("temperature", *options.Temperature)
		}
	}
	cfg, err := pluginCfg(request.ProviderOptions, request.Model, "CompleteRequest")
	if err != nil {
		return nil, err
	}
	return newObj().Set("cfg", cfg).Set("req", req), nil
}

// DecodeCompleteResponse is the canonical response for a CompletionResponse {text}.
func (codec) DecodeCompleteResponse(data []byte) (wirechat.CompleteResponse, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.CompleteResponse{}, shared.Invalid("/text", "expected the completion's text (a string)")
	}
	text, ok := body.Get("text").(string)
	if !ok {
		return wirechat.CompleteResponse{}, shared.Invalid("/text", "expected the completion's text (a string)")
	}
	response := wirechat.CompleteResponse{Text: text, FinishReason: wirechat.FinishReason{Kind: wirechat.FinishKindOther}}
	rest := body.Copy()
	rest.Delete("text")
	if rest.Len() > 0 {
		response.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(rest)}
	}
	return response, nil
}
