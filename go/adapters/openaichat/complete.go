package openaichat

// OpenAI legacy completions (POST /v1/completions) <-> canonical CompleteRequest / CompleteResponse, as
// Python's openai_chat/complete.py: max_tokens, temperature, top_p, stop and seed map one to one;
// parallel_tool_calls and response_format have no meaning here and are refused; provider_options are
// merged except what would break the one-continuation shape of CompleteResponse (n above 1, echo, stream:
// refused). The answer is the choice with index 0, its finish reason through the adapter's table (raw
// kept); other choices, logprobs and members without a canonical field go to provider_metadata["openai"].

import (
	"fmt"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// CompletePath is the URL path of a completions call.
var CompletePath = tables.OpenaiChat.Paths["complete"]

// EncodeCompleteRequest is the /v1/completions body; a *adapters.RefusedError for what the endpoint or the
// canonical response cannot carry.
func EncodeCompleteRequest(request wirechat.CompleteRequest) (*providerjson.Object, error) {
	if request.Model == nil {
		return nil, &adapters.RefusedError{Feature: "model.absent", Where: "/model",
			Reason: "the completions endpoint needs a model: set CompleteRequest.model"}
	}
	body := newObj().Set("model", *request.Model).Set("prompt", request.Prompt)
	if options := request.Options; options != nil {
		setIf(body, "max_tokens", options.MaxTokens)
		setIf(body, "temperature", options.Temperature)
		setIf(body, "top_p", options.TopP)
		if options.Stop != nil {
			stop := make([]any, len(options.Stop))
			for i, s := range options.Stop {
				stop[i] = s
			}
			body.Set("stop", stop)
		}
		setIf(body, "seed", options.Seed)
		if options.ParallelToolCalls != nil {
			return nil, &adapters.RefusedError{Feature: "options.parallel_tool_calls", Where: "/options/parallel_tool_calls",
				Reason: "the completions endpoint has no tools"}
		}
		if options.ResponseFormat != nil {
			return nil, &adapters.RefusedError{Feature: "options.response_format", Where: "/options/response_format",
				Reason: "the completions endpoint has no structured output; use chat"}
		}
	}
	if err := shared.MergeProviderOptions(request.ProviderOptions, Name, body, ""); err != nil {
		return nil, err
	}
	return body, refuseShapeOptions(body)
}

func setIf[T any](body *providerjson.Object, key string, value *T) {
	if value != nil {
		body.Set(key, *value)
	}
}

func refuseShapeOptions(body *providerjson.Object) error {
	where := "/provider_options/" + Name
	if n := body.Get("n"); n != nil {
		if count, ok := shared.IntValue(n); !ok || count != 1 {
			return &adapters.RefusedError{Feature: "provider_options", Where: where + "/n", Reason: fmt.Sprintf(
				"n=%s asks for several completions; a CompleteResponse holds one: send separate requests", providerjson.MustMarshal(n))}
		}
	}
	if echo := body.Get("echo"); echo != nil && echo != false {
		return &adapters.RefusedError{Feature: "provider_options", Where: where + "/echo",
			Reason: "echo puts the prompt into the text, which holds only the continuation: prepend the prompt yourself"}
	}
	if stream := body.Get("stream"); stream != nil && stream != false {
		return &adapters.RefusedError{Feature: "provider_options", Where: where + "/stream",
			Reason: "the client reads completions as one JSON body, not a stream"}
	}
	return nil
}

var choiceKeys = map[string]bool{"index": true, "text": true, "finish_reason": true, "logprobs": true}

// DecodeCompleteResponse is the canonical response for a text_completion body; an
// *adapters.InvalidBodyError naming the member for a body that is not one.
func DecodeCompleteResponse(data []byte) (wirechat.CompleteResponse, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.CompleteResponse{}, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	choices, err := shared.GetList(body, "choices", "", false)
	if err != nil {
		return wirechat.CompleteResponse{}, err
	}
	if len(choices) == 0 {
		return wirechat.CompleteResponse{}, shared.Invalid("/choices", "no completion in the response")
	}
	for i, raw := range choices {
		if _, ok := raw.(*providerjson.Object); !ok {
			return wirechat.CompleteResponse{}, shared.Invalid(fmt.Sprintf("/choices/%d", i), "expected a choice object")
		}
	}
	position := 0
	for i, raw := range choices {
		choice := raw.(*providerjson.Object)
		if index, ok := shared.IntValue(choice.Get("index")); (ok && index == 0) || !choice.Has("index") {
			position = i
			break
		}
	}
	choice, where := choices[position].(*providerjson.Object), fmt.Sprintf("/choices/%d", position)
	text, _, err := shared.GetStr(choice, "text", where, true)
	if err != nil {
		return wirechat.CompleteResponse{}, err
	}
	var rawFinish *string
	if raw, ok, err := shared.GetStr(choice, "finish_reason", where, false); err != nil {
		return wirechat.CompleteResponse{}, err
	} else if ok {
		rawFinish = &raw
	}
	finish, err := wirechat.Encode(DecodeFinish(rawFinish, false))
	if err != nil {
		return wirechat.CompleteResponse{}, err
	}
	finishTree, _ := providerjson.Parse(finish)
	doc := newObj().Set("text", text).Set("finish_reason", finishTree)
	metadata := providerjson.NewObject()
	if logprobs := choice.Get("logprobs"); logprobs != nil {
		metadata.Set("logprobs", logprobs)
	}
	extra := providerjson.NewObject()
	for _, key := range choice.Keys() {
		if !choiceKeys[key] && choice.Get(key) != nil {
			extra.Set(key, choice.Get(key))
		}
	}
	if extra.Len() > 0 {
		metadata.Set("choice", extra)
	}
	if len(choices) > 1 {
		others := make([]any, 0, len(choices)-1)
		for i, other := range choices {
			if i != position {
				others = append(others, other)
			}
		}
		metadata.Set("other_choices", others)
	}
	if err := decodeExtraUsage(body, doc, metadata); err != nil {
		return wirechat.CompleteResponse{}, err
	}
	for _, key := range []string{"id", "model"} {
		if value, ok := body.Get(key).(string); ok && value != "" {
			doc.Set(key, value)
		}
	}
	for _, key := range body.Keys() {
		if key != "id" && key != "model" && key != "choices" && key != "usage" && body.Get(key) != nil {
			metadata.Set(key, body.Get(key))
		}
	}
	if metadata.Len() > 0 {
		doc.Set("provider_metadata", newObj().Set(Provider, metadata))
	}
	response, err := wirechat.Decode[wirechat.CompleteResponse](providerjson.MustMarshal(doc))
	if err != nil {
		return response, shared.Invalid("", "%v", err)
	}
	return response, nil
}
