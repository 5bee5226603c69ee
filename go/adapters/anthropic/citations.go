package anthropic

// Anthropic citations on text blocks -> canonical Citation values (spec section 15), as Python's
// anthropic/citations.py.
//
// A text block's citations (and, in a stream, each citations_delta's citation) is one object per cited
// source. Every citation keeps its object byte for byte in block with issuer anthropic (what the adapter
// writes back, through shared.CitationsOut); the other members are readings of it:
//
//	char_location, page_location,   document       cited_text, source_index = document_index,
//	content_block_location                          title = document_title, file_id
//	web_search_result_location      url            url, title, cited_text
//	search_result_location          search_result  source_index = search_result_index, title, cited_text
//	anything else                   other          cited_text
//
// Anthropic's character, page and block indices count inside the cited source, not inside the citing
// text, so they are not the canonical start_index / end_index (a citation covers its whole text block);
// they stay in block.
//
// @see https://docs.anthropic.com/en/docs/build-with-claude/citations
// @see https://docs.anthropic.com/en/docs/build-with-claude/search-results

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

// citationKinds are Anthropic's citation types and the canonical kind each is; any other type is other.
var citationKinds = map[string]string{
	"char_location":              "document",
	"page_location":              "document",
	"content_block_location":     "document",
	"web_search_result_location": "url",
	"search_result_location":     "search_result",
}

var (
	citationIndex = map[string]string{"document": "document_index", "search_result": "search_result_index"}
	citationTitle = map[string]string{"document": "document_title", "url": "title", "search_result": "title"}
)

// decodeCitation is the canonical citation, as a tree, for one Anthropic citation object.
func decodeCitation(raw any, where string) (*obj, error) {
	citation, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a citation object")
	}
	kindName, _ := citation.Get("type").(string)
	kind, known := citationKinds[kindName]
	if !known {
		kind = "other"
	}
	out := newObj().Set("kind", kind)
	if url, ok := citation.Get("url").(string); kind == "url" && ok && url != "" {
		out.Set("url", url)
	}
	if key, ok := citationTitle[kind]; ok {
		if title, ok := citation.Get(key).(string); ok {
			out.Set("title", title)
		}
	}
	if text, ok := citation.Get("cited_text").(string); ok {
		out.Set("cited_text", text)
	}
	if key, ok := citationIndex[kind]; ok {
		if index, ok := shared.IntValue(citation.Get(key)); ok && index >= 0 {
			out.Set("source_index", index)
		}
	}
	if id, ok := citation.Get("file_id").(string); kind == "document" && ok && id != "" {
		out.Set("file_id", id)
	}
	return out.Set("issuer", Provider).Set("block", citation), nil
}

// decodeCitations is the canonical citations of a text block's citations member (none for null or an
// empty list).
func decodeCitations(raw any, where string) ([]any, error) {
	if raw == nil {
		return nil, nil
	}
	items, ok := raw.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of citations")
	}
	out := make([]any, 0, len(items))
	for i, item := range items {
		citation, err := decodeCitation(item, where+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		out = append(out, citation)
	}
	return out, nil
}
