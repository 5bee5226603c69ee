package openaicompatible

// Reasoning in the message of an OpenAI-compatible server, as Python's openai_compatible/reasoning.py:
// plain text in the profile's member (reasoning_content or reasoning), and OpenRouter's typed
// reasoning_details (written by OpenRouter and by gateways that copy it).
//
// Reading (a reply, or an assistant message in request history): each detail becomes a reasoning part with
// the profile's issuer: reasoning.text gives text (and signature), reasoning.summary its summary as text,
// reasoning.encrypted its data as redacted_data; the detail's other members are kept in the part's
// provider_metadata[issuer], so the detail is written back byte for byte. The plain text is one
// reasoning part before them, unless it only repeats the details' texts. Only the first of the profile's
// fields is read; a second one present is left for the caller's unmapped-member report.
//
// Writing (reasoningWriter): the parts of one assistant message. A part the server issued goes back as
// its detail where the message takes details, their texts joined into reasoning beside them. Plain text
// goes into the member a reply was read from, in a reply, and in a request only where the profile replays
// text; elsewhere it is dropped with reasoning.text_not_sent. A message has one text: several parts are
// joined (reasoning.text_merged). Signed reasoning of anyone else follows the replay rule (spec section 10).

import (
	"slices"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

const (
	details = "reasoning_details"
	// withDetailsMember is the text member OpenRouter writes beside reasoning_details (their texts joined).
	withDetailsMember = "reasoning"
)

var allReasoningFields = []string{"reasoning_content", "reasoning", details}

// mapped is, per detail type, the members read into the Reasoning (member -> field); the rest are kept.
var mapped = map[string][][2]string{
	"reasoning.text":      {{"text", "text"}, {"signature", "signature"}},
	"reasoning.summary":   {{"summary", "text"}},
	"reasoning.encrypted": {{"data", "redacted_data"}},
}

func fieldOf(kind any, member string) string {
	name, _ := kind.(string)
	for _, pair := range mapped[name] {
		if pair[0] == member {
			return pair[1]
		}
	}
	return ""
}

func hasReasoning(message any) bool {
	object, ok := message.(*obj)
	if !ok {
		return false
	}
	for _, name := range allReasoningFields {
		if object.Get(name) != nil {
			return true
		}
	}
	return false
}

// detailPart is the reasoning part (a tree) of one reasoning_details entry, and its kept members.
func detailPart(raw any, where, issuer string) (*obj, error) {
	entry, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a reasoning detail object, got %s", shared.TypeName(raw))
	}
	fields := newObj().Set("issuer", issuer)
	kept := newObj()
	for _, key := range entry.Keys() {
		value := entry.Get(key)
		field := fieldOf(entry.Get("type"), key)
		if text, isText := value.(string); field != "" && isText && (text != "" || field == "text") {
			fields.Set(field, text)
		} else {
			kept.Set(key, value)
		}
	}
	return newObj().Set("type", "reasoning").Set("reasoning", fields).
		Set("provider_metadata", newObj().Set(issuer, kept)), nil
}

// detailOf is the reasoning_details entry of a part the server issued (detailPart read backwards).
func detailOf(part *wirechat.ReasoningPart, issuer string) *obj {
	own, _ := shared.MetadataFor(part.ProviderMetadata, issuer)
	out := own.Copy()
	if !out.Has("type") {
		kind := "reasoning.text"
		if part.Reasoning.RedactedData != nil {
			kind = "reasoning.encrypted"
		}
		out.Set("type", kind)
	}
	kind, _ := out.Get("type").(string)
	for _, pair := range mapped[kind] {
		if value := reasoningField(part.Reasoning, pair[1]); value != nil {
			out.Set(pair[0], *value)
		}
	}
	return out
}

func reasoningField(r wirechat.Reasoning, field string) *string {
	switch field {
	case "text":
		return r.Text
	case "signature":
		return r.Signature
	case "redacted_data":
		return r.RedactedData
	}
	return nil
}

func joinTexts(parts []*wirechat.ReasoningPart) string {
	out := ""
	for _, part := range parts {
		if part.Reasoning.Text != nil {
			out += *part.Reasoning.Text
		}
	}
	return out
}

func treeTexts(parts []any) string {
	out := ""
	for _, part := range parts {
		if text, ok := part.(*obj).Obj("reasoning").Get("text").(string); ok {
			out += text
		}
	}
	return out
}

// readReasoningMessage is the reasoning parts (trees) of a message, the message without the members read,
// and the text member read ("" when none, or when details were read: beside them the text is a rule).
func readReasoningMessage(message *obj, profile *Profile, where string) ([]any, *obj, string, error) {
	consumed := map[string]bool{}
	found := []any{}
	if raw := message.Get(details); profile.ReasoningDetails && raw != nil {
		consumed[details] = true
		items, ok := raw.([]any)
		if !ok {
			return nil, nil, "", shared.Invalid(where+"/"+details, "expected an array of reasoning details, got %s", shared.TypeName(raw))
		}
		for i, entry := range items {
			part, err := detailPart(entry, where+"/"+details+"/"+strconv.Itoa(i), profile.Issuer)
			if err != nil {
				return nil, nil, "", err
			}
			found = append(found, part)
		}
	}
	parts := []any{}
	read := ""
	for _, name := range reasoningRead(profile) {
		value := message.Get(name)
		if value == nil {
			continue
		}
		text, ok := value.(string)
		if !ok {
			return nil, nil, "", shared.Invalid(where+"/"+name, "expected reasoning text (a string), got %s", shared.TypeName(value))
		}
		consumed[name] = true
		read = name
		if text != "" && text != treeTexts(found) {
			parts = append(parts, newObj().Set("type", "reasoning").Set("reasoning", newObj().Set("text", text)))
		}
		break
	}
	remaining := newObj()
	for _, key := range message.Keys() {
		if !consumed[key] {
			remaining.Set(key, message.Get(key))
		}
	}
	if len(found) > 0 {
		read = ""
	}
	return append(parts, found...), remaining, read, nil
}

type placedPart struct {
	part  *wirechat.ReasoningPart
	where string
}

// reasoningWriter writes the reasoning parts of one assistant message at a time (the file comment): take
// each part, then members gives what the message gets and starts the next message.
type reasoningWriter struct {
	profile               *Profile
	field, withDetails    string
	conv                  *shared.Conversion
	detailsHere, textHere bool
	texts                 []placedPart
	details               []*wirechat.ReasoningPart
}

func newReasoningWriter(profile *Profile, conv *shared.Conversion, reply bool, field string) *reasoningWriter {
	read := reasoningRead(profile)
	w := &reasoningWriter{profile: profile, conv: conv, field: profile.ReasoningFields[0], withDetails: withDetailsMember}
	if slices.Contains(read, field) {
		w.field, w.withDetails = field, field
	}
	if !slices.Contains(read, w.withDetails) {
		w.withDetails = w.field
	}
	if reply {
		w.detailsHere, w.textHere = profile.ReasoningDetails, true
	} else {
		w.detailsHere, w.textHere = profile.ReasoningReplay == "details", profile.ReasoningReplay == "text"
	}
	return w
}

func (w *reasoningWriter) take(part *wirechat.ReasoningPart, where string) {
	issuer := w.profile.Issuer
	r := part.Reasoning
	signed := r.Signature != nil || r.RedactedData != nil
	_, hasOwn := part.ProviderMetadata[issuer]
	if w.detailsHere && r.Issuer != nil && *r.Issuer == issuer && (signed || hasOwn) {
		w.details = append(w.details, part)
		for key := range part.ProviderMetadata {
			if key != issuer {
				w.conv.Degrade("part.provider_metadata", where+"/provider_metadata")
				break
			}
		}
		return
	}
	for key := range part.ProviderMetadata {
		if key != Provider {
			w.conv.Degrade("part.provider_metadata", where+"/provider_metadata")
			break
		}
	}
	feature := shared.ReasoningFeature(r, Provider) // the replay rule as every adapter reads it
	switch {
	case feature != "reasoning.text":
		w.conv.Degrade(feature, where)
	case !w.textHere:
		w.conv.Degrade("reasoning.text_not_sent", where)
	default:
		w.texts = append(w.texts, placedPart{part, where})
	}
}

func (w *reasoningWriter) members() *obj {
	texts, found := w.texts, w.details
	w.texts, w.details = nil, nil
	out := newObj()
	plainParts := make([]*wirechat.ReasoningPart, len(texts))
	for i, t := range texts {
		plainParts[i] = t.part
	}
	plain := joinTexts(plainParts)
	if len(texts) > 0 {
		first := texts[0].part
		_, own := first.ProviderMetadata[Provider]
		if len(texts) != 1 || plain == "" || first.Reasoning.Issuer != nil || own {
			w.conv.Degrade("reasoning.text_merged", texts[0].where)
		}
	}
	if written := plain + joinTexts(found); written != "" {
		if len(found) > 0 {
			out.Set(w.withDetails, written)
		} else {
			out.Set(w.field, written)
		}
	}
	if len(found) > 0 {
		entries := make([]any, len(found))
		for i, part := range found {
			entries[i] = detailOf(part, w.profile.Issuer)
		}
		out.Set(details, entries)
	}
	return out
}
