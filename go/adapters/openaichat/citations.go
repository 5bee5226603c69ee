package openaichat

// Chat Completions message.annotations <-> canonical citations on the reply's text (spec section 15), as
// Python's openai_chat/citations.py.
//
// A reply has one text (message.content) and its annotations cite spans of it, so every annotation becomes
// a Citation of that text part, in order, with the annotation object kept verbatim as its block and the
// API that wrote it as its issuer. url_citation (web search) is read into kind url, url, title,
// start_index, end_index; OpenRouter's file annotation into kind file with the file's name as title; any
// other type into kind other: its block says the rest.
//
// Replies write the blocks of their own citations back as annotations (the issuer's objects, unchanged);
// a request message has no annotations, so requests drop citations with the manifest's warning
// (shared.CitationsOut).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/wirechat"
)

func citationOf(annotation *obj, issuer string) *obj {
	citation := newObj().Set("kind", "other").Set("issuer", issuer).Set("block", annotation)
	switch annotation.Get("type") {
	case "url_citation":
		inner, ok := annotation.Get("url_citation").(*obj)
		if !ok {
			break
		}
		citation.Set("kind", "url")
		if url, ok := inner.Get("url").(string); ok && url != "" {
			citation.Set("url", url)
		}
		if title, ok := inner.Get("title").(string); ok {
			citation.Set("title", title)
		}
		for _, name := range []string{"start_index", "end_index"} {
			if n, ok := shared.IntValue(inner.Get(name)); ok && n >= 0 {
				citation.Set(name, n)
			}
		}
	case "file":
		file, ok := annotation.Get("file").(*obj)
		if !ok {
			break
		}
		citation.Set("kind", "file")
		if name, ok := file.Get("name").(string); ok {
			citation.Set("title", name)
		}
	}
	return citation
}

// decodeAnnotations is the citations, as trees, of an annotations array; an error naming the pointer for
// one that is not an object.
func decodeAnnotations(raw any, where, issuer string) ([]any, error) {
	items, ok := raw.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of annotations, got %s", shared.TypeName(raw))
	}
	out := make([]any, 0, len(items))
	for i, item := range items {
		annotation, ok := item.(*obj)
		if !ok {
			return nil, shared.Invalid(where+"/"+strconv.Itoa(i), "expected an annotation object")
		}
		out = append(out, citationOf(annotation, issuer))
	}
	return out, nil
}

// encodeAnnotations is the annotations a reply writes for a text part's citations: the blocks of those
// issuer wrote, as they came; any other citation is dropped with the warning citations.foreign.
func encodeAnnotations(citations []wirechat.Citation, where string, conv *shared.Conversion, issuer string) []any {
	out := []any{}
	for i, citation := range citations {
		if citation.Issuer != nil && *citation.Issuer == issuer && citation.Block != nil {
			out = append(out, shared.Raw(citation.Block))
		} else {
			conv.Degrade("citations.foreign", where+"/citations/"+strconv.Itoa(i))
		}
	}
	return out
}
