package openaicompatible

// Canonical stream events -> OpenAI-compatible chunks, as Python's openai_compatible/stream.py encoder:
// openaichat's encoder, with the profile's finish reason; plain reasoning goes out as the profile's first
// reasoning member (a thinking chunk in content where the profile writes reasoning_chunks), the server's
// own reasoning details whole at their end, the tools it ran as delta.executed_tools; signed reasoning
// of anyone else is not sent.

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/wirechat"
)

// bufferedDetail is a reasoning part of the server's own, collected until its end.
type bufferedDetail struct {
	issuer, redacted *string
	text, signature  []string
}

type streamEncoder struct {
	inner   *openaichat.StreamEncoder
	profile *Profile
	conv    shared.Conversion
	parts   map[int64]*bufferedDetail // reasoning index -> buffered detail (nil: plain text)
}

func newStreamEncoder(profile *Profile, dialect *openaichat.Dialect) adapters.StreamEncoder {
	return &streamEncoder{
		inner: openaichat.NewStreamEncoderWith(dialect), profile: profile,
		conv: shared.Conversion{Manifest: profile.Adapter.Manifest}, parts: map[int64]*bufferedDetail{},
	}
}

func (e *streamEncoder) Warnings() []adapters.Warning {
	return append(append([]adapters.Warning{}, e.inner.Warnings()...), e.conv.Warnings...)
}

func (e *streamEncoder) Close() []adapters.SseEvent { return e.inner.Close() }

func (e *streamEncoder) Feed(event wirechat.StreamEvent) ([]adapters.SseEvent, error) {
	profile := e.profile
	switch ev := event.(type) {
	case *wirechat.ReasoningStartEvent:
		if ev.Issuer != nil && *ev.Issuer == profile.Issuer && profile.ReasoningDetails {
			e.parts[ev.Index] = &bufferedDetail{issuer: ev.Issuer, redacted: ev.RedactedData}
		} else if ev.Issuer == nil && ev.RedactedData == nil {
			e.parts[ev.Index] = nil
		}
		return nil, nil
	case *wirechat.ReasoningDeltaEvent:
		buffered, ok := e.parts[ev.Index]
		switch {
		case !ok:
			return nil, nil // the reasoning of a part this encoder does not send
		case buffered != nil:
			if ev.Text != nil {
				buffered.text = append(buffered.text, *ev.Text)
			}
			if ev.Signature != nil {
				buffered.signature = append(buffered.signature, *ev.Signature)
			}
			return nil, nil
		}
		text := shared.Deref(ev.Text)
		if text == "" {
			return nil, nil
		}
		if profile.ReasoningChunks {
			return []adapters.SseEvent{e.inner.Delta(newObj().Set("content", writeChunks(text, "", nil)))}, nil
		}
		return []adapters.SseEvent{e.inner.Delta(newObj().Set(profile.ReasoningFields[0], text))}, nil
	case *wirechat.ReasoningEndEvent:
		buffered := e.parts[ev.Index]
		if buffered == nil {
			return nil, nil
		}
		delete(e.parts, ev.Index)
		return []adapters.SseEvent{e.inner.Delta(newObj().Set(details, []any{e.detail(buffered, ev)}))}, nil
	case *wirechat.PartEvent:
		var issuer string
		var block wirechat.JsonObject
		switch part := ev.Part.(type) {
		case *wirechat.ProviderToolCallPart:
			issuer, block = part.ProviderToolCall.Issuer, part.ProviderToolCall.Block
		case *wirechat.ProviderToolResultPart:
			issuer, block = part.ProviderToolResult.Issuer, part.ProviderToolResult.Block
		default:
			return e.inner.Feed(event)
		}
		if profile.ExecutedTools && issuer == profile.Issuer {
			if block == nil {
				return nil, nil
			}
			return []adapters.SseEvent{e.inner.Delta(newObj().Set(executed, []any{shared.Raw(block)}))}, nil
		}
		return e.inner.Feed(&wirechat.PartEvent{Index: 0, Part: ev.Part}) // refused: no place for it
	case *wirechat.FinishEvent:
		sent := shared.EncodeFinish(ev.FinishReason, profile.Adapter.Manifest, &e.conv, "/finish_reason")
		// a value outside OpenAI's table goes out as it is when its stand-in kind has no OpenAI default
		kind, ok := openaichat.Manifest.FinishReasons[sent]
		if !ok {
			kind = wirechat.FinishKindOther
		}
		standIn := *ev
		standIn.FinishReason = wirechat.FinishReason{Kind: kind, Raw: &sent}
		return e.inner.Feed(&standIn)
	}
	return e.inner.Feed(event)
}

func (e *streamEncoder) detail(buffered *bufferedDetail, end *wirechat.ReasoningEndEvent) *obj {
	reasoning := wirechat.Reasoning{Issuer: buffered.issuer, RedactedData: buffered.redacted}
	if len(buffered.text) > 0 {
		text := strings.Join(buffered.text, "")
		reasoning.Text = &text
	}
	if len(buffered.signature) > 0 {
		signature := strings.Join(buffered.signature, "")
		reasoning.Signature = &signature
	}
	return detailOf(&wirechat.ReasoningPart{Reasoning: reasoning, ProviderMetadata: end.ProviderMetadata}, e.profile.Issuer)
}
