package openairesponses

// Reasoning items both ways, as Python's openai_responses/shapes.py reads and writes them: a reasoning item
// <-> a reasoning part with issuer openai (the item id is the signature, encrypted_content the redacted
// data, the summary texts joined by a blank line the text; an item with no summary whose content is
// reasoning_text entries has those as its text, marked {"text_in": "content"}), and a compaction item <->
// a reasoning part with no text, marked {"item_type": "compaction"}. Signed reasoning is replayed only to
// its issuer (spec section 10).

import (
	"fmt"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

// encodeReasoning is a reasoning item for reasoning OpenAI issued (with its id; without one, its encrypted
// content alone, as stateless clients of xAI's Responses API send it); nil when the replay rule drops it
// (with a warning).
func encodeReasoning(part *wirechat.ReasoningPart, where string, conv *shared.Conversion) (*obj, error) {
	if ok, err := conv.Handle(shared.ReasoningFeature(part.Reasoning, Provider), where); !ok {
		return nil, err
	}
	reasoning := part.Reasoning
	if reasoning.Signature == nil {
		if ok, err := conv.Handle("reasoning.own_no_id", where); !ok {
			return nil, err
		}
	}
	own, _ := shared.MetadataFor(part.ProviderMetadata, Provider)
	if own.Get("item_type") == "compaction" {
		compaction := newObj().Set("type", "compaction")
		if reasoning.Signature != nil {
			compaction.Set("id", *reasoning.Signature)
		}
		if reasoning.RedactedData != nil {
			compaction.Set("encrypted_content", *reasoning.RedactedData)
		}
		if own.Has("status") {
			compaction.Set("status", own.Get("status"))
		}
		return compaction, nil
	}
	inContent := own.Get("text_in") == "content"
	splitKey := "summary"
	if inContent {
		splitKey = "content_split"
	}
	var texts []string
	if reasoning.Text != nil {
		texts = []string{*reasoning.Text}
		if split, ok := stringList(own.Get(splitKey)); ok && strings.Join(split, summaryJoin) == *reasoning.Text {
			texts = split
		}
	}
	entries := make([]any, len(texts))
	entryType := "summary_text"
	if inContent {
		entryType = "reasoning_text"
	}
	for k, text := range texts {
		entries[k] = newObj().Set("type", entryType).Set("text", text)
	}
	item := newObj().Set("type", "reasoning")
	if reasoning.Signature != nil {
		item.Set("id", *reasoning.Signature)
	}
	item.Set("summary", []any{})
	if inContent {
		item.Set("content", entries)
	} else {
		item.Set("summary", entries)
	}
	if reasoning.RedactedData != nil {
		item.Set("encrypted_content", *reasoning.RedactedData)
	}
	if content, ok := own.Get("content").([]any); ok && !inContent {
		item.Set("content", content)
	}
	if status, ok := own.Get("status").(string); ok {
		item.Set("status", status)
	}
	return item, nil
}

func stringList(v any) ([]string, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(list))
	for i, s := range list {
		text, ok := s.(string)
		if !ok {
			return nil, false
		}
		out[i] = text
	}
	return out, true
}

// entryTexts is the texts of a list of {type: kind, text} entries; ok false when an entry is of another type.
func entryTexts(entries any, kind, where string) ([]any, bool, error) {
	texts := []any{}
	for k, entry := range shared.Items(entries) {
		e, isObj := entry.(*obj)
		if !isObj || (e.Has("type") && e.Get("type") != kind) {
			return nil, false, nil
		}
		text, _, err := shared.GetStr(e, "text", fmt.Sprintf("%s/%d", where, k), true)
		if err != nil {
			return nil, false, err
		}
		texts = append(texts, text)
	}
	return texts, true, nil
}

func joinTexts(texts []any) string {
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = t.(string)
	}
	return strings.Join(parts, summaryJoin)
}

// decodeReasoning is a reasoning part (as a tree) for a reasoning or compaction item.
func decodeReasoning(item *obj, where string, implied map[string]string) (*obj, error) {
	reasoning := newObj().Set("issuer", Provider)
	if item.Get("type") == "compaction" { // the compacted conversation: state only OpenAI reads
		for _, pair := range [][2]string{{"signature", "id"}, {"redacted_data", "encrypted_content"}} {
			if s, ok := item.Get(pair[1]).(string); ok && s != "" {
				reasoning.Set(pair[0], s)
			}
		}
		kept := newObj().Set("item_type", "compaction")
		statusOf(item, implied, kept)
		return newObj().Set("type", "reasoning").Set("reasoning", reasoning).Set("provider_metadata", newObj().Set(Provider, kept)), nil
	}
	summaries, err := shared.GetList(item, "summary", where, false)
	if err != nil {
		return nil, err
	}
	texts := []any{}
	for k, summary := range summaries {
		s, ok := summary.(*obj)
		at := fmt.Sprintf("%s/summary/%d", where, k)
		if !ok {
			return nil, shared.Invalid(at, "expected a summary_text object")
		}
		text, _, err := shared.GetStr(s, "text", at, true)
		if err != nil {
			return nil, err
		}
		texts = append(texts, text)
	}
	own := newObj()
	var contentTexts []any
	if len(texts) == 0 {
		found, ok, err := entryTexts(item.Get("content"), "reasoning_text", where+"/content")
		if err != nil {
			return nil, err
		}
		if ok {
			contentTexts = found
		}
	}
	if len(contentTexts) > 0 { // the reasoning itself, not a summary (DeepSeek, LM Studio, gpt-oss servers)
		texts = contentTexts
		own.Set("text_in", "content")
	}
	if len(texts) > 0 {
		reasoning.Set("text", joinTexts(texts))
	}
	if id, ok := item.Get("id").(string); ok && id != "" {
		reasoning.Set("signature", id)
	}
	if data, ok := item.Get("encrypted_content").(string); ok && data != "" {
		reasoning.Set("redacted_data", data)
	}
	part := newObj().Set("type", "reasoning").Set("reasoning", reasoning)
	if len(texts) > 1 {
		if len(contentTexts) > 0 {
			own.Set("content_split", texts)
		} else {
			own.Set("summary", texts)
		}
	}
	if item.Get("content") != nil && len(contentTexts) == 0 {
		own.Set("content", item.Get("content"))
	}
	statusOf(item, implied, own)
	return withMetadata(part, own), nil
}
