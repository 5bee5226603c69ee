package gemini

// Gemini grounding (Google Search, URL context, Maps, file search) read as citations on the reply's text,
// as Python's gemini/grounding.py. A candidate's groundingMetadata lists the sources (groundingChunks) and
// the spans of the answer they support (groundingSupports); the object itself is kept whole in
// provider_metadata.gemini.candidate, and the citations are a reading of it: on the reply's text part when
// the reply has exactly one text part and nothing after it but thought signatures; one citation per
// support and per chunk index it names (kind url for web or maps, file for retrievedContext, other for any
// other; start_index / end_index the segment's, in UTF-8 bytes; block {groundingSupport, groundingChunk});
// a support is read only when its span is certain.

import (
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

var groundingKinds = [][2]string{{"web", "url"}, {"maps", "url"}, {"retrievedContext", "file"}}

func groundingSpan(raw any, text string) (int64, int64, bool) {
	segment, ok := raw.(*obj)
	if !ok {
		return 0, 0, false
	}
	start, end := int64(0), int64(0)
	for _, bound := range []struct {
		key  string
		into *int64
	}{{"startIndex", &start}, {"endIndex", &end}} {
		if segment.Has(bound.key) {
			n, ok := shared.IntValue(segment.Get(bound.key))
			if !ok {
				return 0, 0, false
			}
			*bound.into = n
		}
	}
	if start < 0 || start > end || end > int64(len(text)) {
		return 0, 0, false
	}
	quoted := segment.Get("text")
	if quoted == nil {
		return start, end, segment.Get("partIndex") == nil
	}
	return start, end, quoted == text[start:end] && utf8.ValidString(text[start:end])
}

func groundingCitation(support, chunk *obj, start, end int64) *obj {
	out := newObj()
	kind := "other"
	var source *obj
	for _, pair := range groundingKinds {
		if s, ok := chunk.Get(pair[0]).(*obj); ok {
			kind, source = pair[1], s
			break
		}
	}
	out.Set("kind", kind)
	if source != nil {
		if uri, ok := source.Get("uri").(string); ok && uri != "" {
			out.Set("url", uri)
		}
		if title, ok := source.Get("title").(string); ok {
			out.Set("title", title)
		}
	}
	out.Set("start_index", start).Set("end_index", end).Set("issuer", Provider)
	return out.Set("block", newObj().Set("groundingSupport", support).Set("groundingChunk", chunk))
}

// groundingCitations is the citations grounding (a candidate's groundingMetadata) gives text, the reply's
// only text part; empty when it gives none.
func groundingCitations(grounding any, text string) []any {
	out := []any{}
	metadata, ok := grounding.(*obj)
	if !ok {
		return out
	}
	supports, ok1 := metadata.Get("groundingSupports").([]any)
	chunks, ok2 := metadata.Get("groundingChunks").([]any)
	if !ok1 || !ok2 {
		return out
	}
	for _, raw := range supports {
		support, ok := raw.(*obj)
		if !ok {
			continue
		}
		start, end, ok := groundingSpan(support.Get("segment"), text)
		indices, isList := support.Get("groundingChunkIndices").([]any)
		if !ok || !isList {
			continue
		}
		for _, rawIndex := range indices {
			index, ok := shared.IntValue(rawIndex)
			if !ok || index < 0 || index >= int64(len(chunks)) {
				continue
			}
			if chunk, ok := chunks[index].(*obj); ok {
				out = append(out, groundingCitation(support, chunk, start, end))
			}
		}
	}
	return out
}

// opaque reports whether a canonical part is reasoning that is only a thought signature.
func opaque(part *obj) bool {
	if part.Get("type") != "reasoning" {
		return false
	}
	reasoning, _ := part.Get("reasoning").(*obj)
	for _, key := range reasoning.Keys() {
		if key != "redacted_data" && key != "issuer" {
			return false
		}
	}
	return true
}

// attachGrounding puts the citations grounding gives on the reply's text part (canonical part trees, in
// place), when the reply has exactly one text part and only opaque reasoning after it.
func attachGrounding(parts []any, grounding any) {
	texts := []int{}
	for j, part := range parts {
		if part.(*obj).Get("type") == "text" {
			texts = append(texts, j)
		}
	}
	if len(texts) != 1 {
		return
	}
	for _, part := range parts[texts[0]+1:] {
		if !opaque(part.(*obj)) {
			return
		}
	}
	text := parts[texts[0]].(*obj)
	body, _ := text.Get("text").(string)
	if found := groundingCitations(grounding, body); len(found) > 0 {
		text.Set("citations", found)
	}
}
