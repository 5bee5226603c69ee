package openairesponses

// output_text.annotations <-> TextPart.citations (spec section 15), as Python's
// openai_responses/citations.py. Each annotation is one citation, in order, with issuer openai and the
// annotation verbatim as its block (what an encoder writes back to OpenAI: shared.CitationsOut). The
// readings, by annotation type:
//
//	url_citation             url    url, title, start_index / end_index (characters of the text)
//	file_citation            file   file_id, filename as the title (index stays in the block)
//	container_file_citation  file   file_id, filename, start_index / end_index
//	file_path                file   file_id (index stays in the block)
//	anything else            other  what of the above members it has
//
// @see https://platform.openai.com/docs/api-reference/responses/object

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

// citationKinds is annotation type -> citation kind (others are other).
var citationKinds = map[string]string{
	"url_citation": "url", "file_citation": "file", "container_file_citation": "file", "file_path": "file",
}

func decodeCitation(annotation any, where string) (*obj, error) {
	a, ok := annotation.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an annotation object")
	}
	kind, known := citationKinds[textOf(a, "type")]
	if !known {
		kind = "other"
	}
	citation := newObj().Set("kind", kind)
	for _, pair := range [][2]string{{"url", "url"}, {"title", "title"}, {"filename", "title"}, {"file_id", "file_id"}} {
		if s, ok := a.Get(pair[0]).(string); ok && !citation.Has(pair[1]) {
			citation.Set(pair[1], s)
		}
	}
	for _, key := range []string{"start_index", "end_index"} {
		if n, ok := shared.IntValue(a.Get(key)); ok && n >= 0 {
			citation.Set(key, n)
		}
	}
	return citation.Set("issuer", Provider).Set("block", a), nil
}

// decodeAnnotations is the citations (as trees) of an annotations array (where points at it); none when it
// is absent.
func decodeAnnotations(annotations any, where string) ([]any, error) {
	if annotations == nil {
		return nil, nil
	}
	list, ok := annotations.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of annotations")
	}
	out := make([]any, 0, len(list))
	for k, annotation := range list {
		citation, err := decodeCitation(annotation, where+"/"+strconv.Itoa(k))
		if err != nil {
			return nil, err
		}
		out = append(out, citation)
	}
	return out, nil
}
