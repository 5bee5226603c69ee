package openaichat

// Canonical ChatResponse -> OpenAI chat.completion body (EncodeResponse), as Python's
// openai_chat/response.py encodes it: text parts joined (their own citations as the message's
// annotations), a refusal part as the message's refusal, an audio part read from OpenAI as message.audio,
// tool calls after (a custom call, and an index, as they came), what provider_metadata["openai"] held
// restored (usage through usage.go's EncodeUsage).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// EncodeResponse is the provider body for response, with the warnings of what was degraded.
func EncodeResponse(response wirechat.ChatResponse) (*providerjson.Object, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
	body, err := EncodeResponseWith(response, conv, openAI, nil)
	if err != nil {
		return nil, nil, err
	}
	return body, conv.Warnings, nil
}

// EncodeResponseWith is the body of a reply written as dialect says, its warnings in conv; sink (nil: none)
// takes the reasoning and provider-run parts a server writes more of than OpenAI (an OpenAI-compatible
// server's adapter passes its writer), else they are dropped with their warnings.
func EncodeResponseWith(response wirechat.ChatResponse, conv *shared.Conversion, dialect *Dialect, sink PartSink) (*providerjson.Object, error) {
	message := response.Message
	if message.Name != nil {
		conv.Degrade("response.message_members", "/message/name")
	}
	if message.ID != nil {
		conv.Degrade("response.message_members", "/message/id")
	}
	if message.ProviderMetadata != nil {
		conv.Degrade("response.message_members", "/message/provider_metadata")
	}
	var texts []string
	var refusal *string
	var sound *obj
	calls, annotations := []any{}, []any{}
	for j, part := range message.Parts {
		where := "/message/parts/" + strconv.Itoa(j)
		if audio, ok := part.(*wirechat.AudioPart); ok && sound == nil {
			encoded, err := encodeAudio(audio, where, conv)
			if err != nil {
				return nil, err
			}
			sound = encoded
			continue
		}
		if taken, err := sunk(sink, part, where); err != nil || taken {
			if err != nil {
				return nil, err
			}
			continue
		}
		own, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider)
		if foreign {
			conv.Degrade("part.provider_metadata", where+"/provider_metadata")
		}
		switch p := part.(type) {
		case *wirechat.TextPart:
			if own.Get("refusal") == true && refusal == nil {
				if _, err := shared.CitationsOut(p, where, conv, dialect.Issuer); err != nil { // a refusal has no annotations: warned
					return nil, err
				}
				text := p.Text
				refusal = &text
				continue
			}
			if len(calls) > 0 {
				conv.Degrade("tool_call.interleaved", where)
			}
			annotations = append(annotations, encodeAnnotations(p.Citations, where, conv, dialect.Issuer)...)
			texts = append(texts, p.Text)
		case *wirechat.ToolCallPart:
			call := toolCallShape(p.ToolCall)
			if own.Get("type") == "custom" {
				call = customCallShape(p.ToolCall)
			}
			if own.Has("index") {
				call.Set("index", own.Get("index"))
			} else if dialect.CallIndex {
				call.Set("index", int64(len(calls)))
			}
			calls = append(calls, call)
		case *wirechat.ReasoningPart:
			conv.Degrade(shared.ReasoningFeature(p.Reasoning, Provider), where)
		case *wirechat.ProviderToolCallPart, *wirechat.ProviderToolResultPart:
			// No place for it in a Chat Completions reply: dropped with a warning.
			if _, err := shared.ProviderPartOut(part, where, conv, Provider); err != nil {
				return nil, err
			}
		default:
			return nil, conv.Refuse("response.part_unsupported", where)
		}
	}
	joined, empty := "", false
	for _, text := range texts {
		joined += text
		empty = empty || text == ""
	}
	if len(texts) > 1 || empty {
		conv.Degrade("response.text_joined", "/message/parts")
	}
	var members *obj
	if sink != nil {
		members = sink.Members()
	}
	// after the parts, as Python's encoder warns (the vectors record the order)
	ownMeta, foreignMeta := shared.MetadataFor(response.ProviderMetadata, Provider)
	if foreignMeta {
		conv.Degrade("response.provider_metadata.foreign", "/provider_metadata")
	}
	out := newObj().Set("role", "assistant")
	if joined != "" {
		out.Set("content", joined)
	} else {
		out.Set("content", nil)
	}
	if refusal != nil {
		out.Set("refusal", *refusal)
	}
	if sound != nil {
		out.Set("audio", sound)
	}
	if len(calls) > 0 {
		out.Set("tool_calls", calls)
	}
	if len(annotations) > 0 {
		out.Set("annotations", annotations)
	}
	for _, key := range members.Keys() {
		out.Set(key, members.Get(key))
	}
	created := ownMeta.Get("created")
	if !ownMeta.Has("created") {
		created = int64(0)
	}
	choice := newObj().Set("index", int64(0)).Set("message", out).
		Set("finish_reason", shared.EncodeFinish(response.FinishReason, Manifest, conv, "/finish_reason")).
		Set("logprobs", ownMeta.Get("logprobs"))
	for _, key := range dialect.KeptChoice {
		if ownMeta.Has(key) {
			choice.Set(key, ownMeta.Get(key))
		}
	}
	body := newObj().Set("id", shared.Deref(response.ID)).Set("object", "chat.completion").Set("created", created).
		Set("model", shared.Deref(response.Model)).Set("choices", []any{choice})
	if response.Usage != nil {
		body.Set("usage", EncodeUsage(*response.Usage, conv, ownMeta.Obj("usage")))
	}
	for _, key := range dialect.KeptBody {
		if ownMeta.Has(key) {
			body.Set(key, ownMeta.Get(key))
		}
	}
	return body, nil
}
