package gemini

// Gemini GenerateContentResponse bodies <-> canonical ChatResponse, as Python's gemini/response.py. The
// first candidate is the reply: its parts map in order (shapes.go); finishReason is kept raw; its other
// members (safetyRatings, citationMetadata, groundingMetadata, avgLogprobs...) go to
// provider_metadata.gemini.candidate, and the body's own (promptFeedback, further candidates, the raw rest
// of usageMetadata) beside it. responseId is the id, modelVersion the model. A prompt blocked before any
// candidate has promptFeedback.blockReason as its finish reason. The grounding metadata is also read as
// citations on the reply's text (grounding.go).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	candidateOwn = []string{"content", "finishReason", "index"}
	bodyOwn      = []string{"candidates", "usageMetadata", "modelVersion", "responseId"}
)

// splitBody is the first candidate (nil when there is none) and the members for provider_metadata: the
// candidate's own rest under candidate, the body's rest by name (candidates for further ones).
func splitBody(body *obj, where string) (*obj, *obj, error) {
	candidates, err := shared.GetList(body, "candidates", where, false)
	if err != nil {
		return nil, nil, err
	}
	metadata := newObj()
	for _, key := range body.Keys() {
		if v := body.Get(key); !contains(bodyOwn, key) && v != nil {
			metadata.Set(key, v)
		}
	}
	if len(candidates) > 1 {
		metadata.Set("candidates", append([]any(nil), candidates[1:]...))
	}
	if len(candidates) == 0 {
		return nil, metadata, nil
	}
	candidate, ok := candidates[0].(*obj)
	if !ok {
		return nil, nil, shared.Invalid(where+"/candidates/0", "expected a candidate object")
	}
	rest := newObj()
	for _, key := range candidate.Keys() {
		if v := candidate.Get(key); !contains(candidateOwn, key) && v != nil {
			rest.Set(key, v)
		}
	}
	if reason := candidate.Get("finishReason"); reason != nil {
		if _, isName := reason.(string); !isName {
			rest.Set("finishReason", reason) // an enum number: read by its name, kept as sent
		}
	}
	if index := candidate.Get("index"); index != nil {
		if n, ok := shared.IntValue(index); !ok || n != 0 {
			rest.Set("index", index)
		}
	}
	if rest.Len() > 0 {
		metadata.Set("candidate", rest)
	}
	return candidate, metadata, nil
}

// decodeCandidate is the canonical parts of a candidate's content; members neither mapped nor kept are
// reported to conv.
func decodeCandidate(candidate *obj, where string, conv *shared.Conversion) ([]any, error) {
	raw := candidate.Get("content")
	if raw == nil {
		return []any{}, nil
	}
	content, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where+"/content", "expected a content object")
	}
	if content.Has("role") && content.Get("role") != "model" {
		return nil, shared.Invalid(where+"/content/role", "expected model, got %s", providerjsonText(content.Get("role")))
	}
	rawParts, err := shared.GetList(content, "parts", where+"/content", false)
	if err != nil {
		return nil, err
	}
	parts := []any{}
	k, codes := 0, newCodeIDs()
	for j, rawPart := range rawParts {
		decoded, err := decodePart(rawPart, where+"/content/parts/"+strconv.Itoa(j), k, "", codes)
		if err != nil {
			return nil, err
		}
		parts = append(parts, decoded...)
		if p, ok := rawPart.(*obj); ok && p.Has("functionCall") {
			k++
		}
	}
	if conv != nil {
		for _, w := range contentWarnings(content, where+"/content", partShape) {
			conv.Degrade(w.feature, w.where)
		}
	}
	return parts, nil
}

func finishRaw(candidate, metadata *obj) *string {
	if candidate != nil {
		return rawName(candidate.Get("finishReason"))
	}
	feedback, _ := metadata.Get("promptFeedback").(*obj)
	if reason, ok := feedback.Get("blockReason").(string); ok {
		return &reason
	}
	return nil
}

// DecodeResponse is the canonical response for a generateContent body.
func DecodeResponse(data []byte) (wirechat.ChatResponse, []adapters.Warning, error) {
	var response wirechat.ChatResponse
	body, err := providerjson.ParseObject(data)
	if err != nil {
		return response, nil, shared.Invalid("", "the response body is not a JSON object: %v", err)
	}
	conv := &shared.Conversion{Manifest: Manifest}
	candidate, metadata, err := splitBody(body, "")
	if err != nil {
		return response, nil, err
	}
	parts := []any{}
	if candidate != nil {
		if parts, err = decodeCandidate(candidate, "/candidates/0", conv); err != nil {
			return response, nil, err
		}
		attachGrounding(parts, candidate.Get("groundingMetadata"))
	}
	hasCalls := false
	for _, part := range parts {
		hasCalls = hasCalls || part.(*obj).Get("type") == "tool_call"
	}
	message, err := wirechat.Decode[wirechat.Message](providerjson.MustMarshal(newObj().Set("role", "assistant").Set("parts", parts)))
	if err != nil {
		return response, nil, shared.Invalid("/candidates/0/content", "%v", err)
	}
	response.Message = message
	response.FinishReason = DecodeFinish(finishRaw(candidate, metadata), hasCalls)
	if raw, ok := body.Get("usageMetadata").(*obj); ok {
		usage, extra, err := DecodeUsage(raw, "/usageMetadata")
		if err != nil {
			return response, nil, err
		}
		response.Usage = &usage
		if extra.Len() > 0 {
			metadata.Set("usage", extra)
		}
	}
	if id, ok := body.Get("responseId").(string); ok && id != "" {
		response.ID = &id
	}
	if model, ok := body.Get("modelVersion").(string); ok && model != "" {
		response.Model = &model
	}
	if metadata.Len() > 0 {
		response.ProviderMetadata = wirechat.ProviderMetadata{Provider: shared.ObjectBytes(metadata)}
	}
	return response, conv.Warnings, nil
}

// EncodeResponse is the generateContent body for a canonical response.
func EncodeResponse(response wirechat.ChatResponse) (*obj, []adapters.Warning, error) {
	conv := &shared.Conversion{Manifest: Manifest}
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
	mine, foreign := shared.MetadataFor(response.ProviderMetadata, Provider)
	mine = mine.Copy()
	parts, err := encodeModelParts(withoutReadCitations(message.Parts, mine), "/message/parts", conv, true)
	if err != nil {
		return nil, nil, err
	}
	if foreign {
		conv.Degrade("response.provider_metadata.foreign", "/provider_metadata")
	}
	candidate := newObj().Set("content", newObj().Set("role", "model").Set("parts", parts)).
		Set("finishReason", encodeFinish(response.FinishReason, conv)).Set("index", int64(0))
	body := candidateBody(candidate, mine)
	extra, _ := mine.Get("usage").(*obj)
	mine.Delete("usage")
	if response.Usage != nil {
		body.Set("usageMetadata", encodeUsage(*response.Usage, conv, extra))
	}
	if response.Model != nil {
		body.Set("modelVersion", *response.Model)
	}
	if response.ID != nil {
		body.Set("responseId", *response.ID)
	}
	for _, key := range mine.Keys() {
		body.Set(key, mine.Get(key))
	}
	return body, conv.Warnings, nil
}

// candidateBody is {"candidates": [candidate, ...]} with the kept candidate members (mine's candidate)
// over candidate and the kept further candidates after it; both are taken out of mine.
func candidateBody(candidate, mine *obj) *obj {
	if kept, ok := mine.Get("candidate").(*obj); ok {
		for _, key := range kept.Keys() {
			candidate.Set(key, kept.Get(key))
		}
	}
	mine.Delete("candidate")
	candidates := []any{candidate}
	if more, ok := mine.Get("candidates").([]any); ok {
		candidates = append(candidates, more...)
	}
	mine.Delete("candidates")
	return newObj().Set("candidates", candidates)
}

// withoutReadCitations is the reply's parts, with the text part's citations left out when they are
// exactly the reading of the groundingMetadata the reply is written with: that metadata carries them.
func withoutReadCitations(parts []wirechat.Part, mine *obj) []wirechat.Part {
	candidate, ok := mine.Get("candidate").(*obj)
	if !ok || !candidate.Has("groundingMetadata") {
		return parts
	}
	bare := make([]any, len(parts))
	for j, part := range parts {
		data, err := wirechat.Encode(part)
		if err != nil {
			return parts
		}
		tree, _ := providerjson.ParseObject(data)
		tree.Delete("citations")
		bare[j] = tree
	}
	attachGrounding(bare, candidate.Get("groundingMetadata"))
	out := append([]wirechat.Part(nil), parts...)
	for j, part := range parts {
		text, ok := part.(*wirechat.TextPart)
		if !ok || text.Citations == nil {
			continue
		}
		read := bare[j].(*obj).Get("citations")
		if read == nil {
			continue
		}
		mineText, err1 := wirechat.Encode(&wirechat.TextPart{Text: "", Citations: text.Citations})
		tree, err2 := providerjson.ParseObject(mineText)
		if err1 != nil || err2 != nil {
			continue
		}
		given, _ := wirechat.CanonicalJSON(providerjson.MustMarshal(tree.Get("citations")))
		reading, _ := wirechat.CanonicalJSON(providerjson.MustMarshal(read))
		if string(given) == string(reading) {
			copied := *text
			copied.Citations = nil
			out[j] = &copied
		}
	}
	return out
}
