package openaicompatible

// An OpenAI-compatible request body -> canonical ChatRequest, as Python's
// openai_compatible/request_decode.py: openaichat's decoder, after taking what an assistant message
// carries beside OpenAI's members in history (the profile's reasoning, reasoning_content, OpenRouter's
// reasoning_details: reasoning.go; Mistral's thinking chunks: chunks.go) into reasoning parts put first
// in that message.
//
// A body this decoder accepts is one encodeRequest sends back: what the profile's server does not take is
// reported as provider.unmapped and not carried: a member carried in provider_options that the profile's
// options schema rejects (or that the server answers 400 for), a member the profile drops on encoding
// (DeepSeek's seed, Groq's messages[].name) and, for a server whose streamed usage is not asked for with
// stream_options (Groq), stream_options.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// anyChoice is Mistral's tool_choice for a call of any tool: OpenAI's required, which Mistral takes too.
const anyChoice = "any"

func thinkingContent(message any) bool {
	object, ok := message.(*obj)
	if !ok || object.Get("role") != "assistant" {
		return false
	}
	content, ok := object.Get("content").([]any)
	if !ok {
		return false
	}
	for _, item := range content {
		if chunk, ok := item.(*obj); ok && chunk.Get("type") == "thinking" {
			return true
		}
	}
	return false
}

func decodeRequest(data []byte, name string, profile *Profile) (wirechat.ChatRequest, []adapters.Warning, error) {
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatRequest{}, nil, shared.Invalid("", "the request body is not a JSON object: %v", err)
	}
	conv := &shared.Conversion{Manifest: profile.Adapter.Manifest}
	found := map[int][]any{}
	if messages, ok := body.Get("messages").([]any); ok {
		some := false
		for _, m := range messages {
			some = some || hasReasoning(m) || thinkingContent(m)
		}
		if some {
			stripped := make([]any, len(messages))
			for i, given := range messages {
				message := given
				where := "/messages/" + strconv.Itoa(i)
				if object, ok := given.(*obj); ok && object.Get("role") == "assistant" && hasReasoning(object) {
					parts, rest, _, err := readReasoningMessage(object, profile, where)
					if err != nil {
						return wirechat.ChatRequest{}, nil, err
					}
					message = rest
					if len(parts) > 0 {
						found[i] = parts
					}
				}
				if thinkingContent(message) {
					object := message.(*obj)
					if split := splitChunks(object.Get("content")); split != nil && split.thinking != "" && found[i] == nil {
						var text any
						if split.text != "" {
							text = split.text
						}
						message = object.Copy().Set("content", text)
						found[i] = []any{newObj().Set("type", "reasoning").Set("reasoning", newObj().Set("text", split.thinking))}
						for _, member := range split.kept.Keys() {
							conv.Degrade("provider.unmapped", where+"/content/0/"+member)
						}
					}
				}
				stripped[i] = message
			}
			body = body.Copy().Set("messages", stripped)
		}
	}
	if body.Get("tool_choice") == anyChoice { // Mistral's name for "required" (its API takes both)
		body = body.Copy().Set("tool_choice", "required")
	}
	issuer := ""
	if profile.ProviderTools {
		issuer = profile.Issuer
	}
	request, warnings, err := openaichat.DecodeRequestWith(body, name, issuer)
	if err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	if request, err = fitOptions(request, body, profile, name, conv); err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	request = fitDropped(request, profile, conv)
	for i, trees := range found {
		parts, err := partsOf(trees, "/messages/"+strconv.Itoa(i))
		if err != nil {
			return wirechat.ChatRequest{}, nil, err
		}
		request.Messages[i].Parts = append(parts, request.Messages[i].Parts...)
	}
	return request, append(warnings, conv.Warnings...), nil
}

// fitOptions is request with the carried members the profile's server does not take reported and
// removed.
func fitOptions(request wirechat.ChatRequest, body *obj, profile *Profile, name string, conv *shared.Conversion) (wirechat.ChatRequest, error) {
	if mode, ok := body.Get("stream_options").(*obj); ok && profile.StreamUsage != "stream_options" && mode.Get("include_usage") == true {
		conv.Degrade("provider.unmapped", "/stream_options/include_usage")
	}
	raw, ok := request.ProviderOptions[name]
	if !ok || raw == nil {
		return request, nil
	}
	own, err := providerjson.ParseObject(raw)
	if err != nil {
		return request, nil
	}
	schema := profile.Adapter.Manifest.OptionsSchema
	kept := newObj()
	for _, key := range own.Keys() {
		_, refused := profile.RefusedOptions[key]
		if refused || shared.CheckOptions(newObj().Set(key, own.Get(key)), name, schema) != nil {
			conv.Degrade("provider.unmapped", "/"+key)
		} else {
			kept.Set(key, own.Get(key))
		}
	}
	if kept.Len() == own.Len() {
		return request, nil
	}
	rest := wirechat.ProviderOptions{}
	for key, value := range request.ProviderOptions {
		if key != name {
			rest[key] = value
		}
	}
	if kept.Len() > 0 {
		rest[name] = shared.ObjectBytes(kept)
	}
	if len(rest) == 0 {
		rest = nil
	}
	request.ProviderOptions = rest
	return request, nil
}

// fitDropped is request without what the profile drops on encoding (seed, message names), each reported.
func fitDropped(request wirechat.ChatRequest, profile *Profile, conv *shared.Conversion) wirechat.ChatRequest {
	manifest := profile.Adapter.Manifest
	if manifest.Features["options.seed"].Level != adapters.Lossless && request.Options != nil && request.Options.Seed != nil {
		conv.Degrade("provider.unmapped", "/seed")
		options := *request.Options
		options.Seed = nil
		request.Options = &options
		if data, err := wirechat.Encode(options); err == nil && string(data) == "{}" {
			request.Options = nil
		}
	}
	if manifest.Features["message.name"].Level != adapters.Lossless {
		messages := append([]wirechat.Message{}, request.Messages...)
		for i, message := range messages {
			if message.Name != nil && message.Role != wirechat.RoleTool {
				conv.Degrade("provider.unmapped", "/messages/"+strconv.Itoa(i)+"/name")
				messages[i].Name = nil
			}
		}
		request.Messages = messages
	}
	return request
}
