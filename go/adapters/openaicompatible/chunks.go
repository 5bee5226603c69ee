package openaicompatible

// Mistral's content chunks, read by every compatible profile: an assistant content given as an array of
// {"type": "thinking", "thinking": [{"type": "text", "text": ...}], "closed": true} chunks followed by
// {"type": "text", "text": ...} chunks (https://docs.mistral.ai/capabilities/reasoning/), in replies and,
// chunk by chunk, in stream deltas, as Python's openai_compatible/chunks.py.
//
// splitChunks reads such an array: the thinking texts joined (one reasoning part), the text chunks joined
// (the content string openaichat's decoders read), and the thinking chunk's own members besides type and
// thinking (closed), kept so that a reply is written back as it came (writeChunks). An array of any
// other shape is left as it is, for openaichat's unmapped-member report.

import "github.com/wirechat/wirechat/go/adapters/providerjson"

const (
	// chunksMember is the provider_metadata.openai.reasoning_member value of a reply whose reasoning came
	// as content chunks.
	chunksMember = "content"
	// thinkingMembers is the provider_metadata.openai member keeping a thinking chunk's own members.
	thinkingMembers = "thinking_members"
)

// split is what a chunk array held: the reasoning text (hasThinking false: no thinking chunk), the text,
// the kept members.
type split struct {
	thinking    string
	hasThinking bool
	text        string
	kept        *obj
}

func isTextChunk(chunk *obj) bool {
	if chunk.Len() != 2 || chunk.Get("type") != "text" || !chunk.Has("text") {
		return false
	}
	_, ok := chunk.Get("text").(string)
	return ok
}

func innerText(chunks any) (string, bool) {
	items, ok := chunks.([]any)
	if !ok {
		return "", false
	}
	out := ""
	for _, item := range items {
		chunk, ok := item.(*obj)
		if !ok || !isTextChunk(chunk) {
			return "", false
		}
		out += chunk.Get("text").(string)
	}
	return out, true
}

// splitChunks is the reading of a Mistral chunk array (the file comment); nil when content is not one.
func splitChunks(content any) *split {
	items, ok := content.([]any)
	if !ok || len(items) == 0 {
		return nil
	}
	out := &split{kept: newObj()}
	texts := false
	for _, item := range items {
		chunk, ok := item.(*obj)
		if !ok {
			return nil
		}
		switch kind := chunk.Get("type"); {
		case kind == "thinking" && !texts:
			inner, ok := innerText(chunk.Get("thinking"))
			extra := newObj()
			for _, key := range chunk.Keys() {
				if key != "type" && key != "thinking" {
					extra.Set(key, chunk.Get(key))
				}
			}
			if !ok || extra.Len() > 1 || (extra.Len() == 1 && !extra.Has("closed")) {
				return nil
			}
			if out.hasThinking && providerjson.MustCompact(extra) != providerjson.MustCompact(out.kept) {
				return nil
			}
			out.thinking += inner
			out.hasThinking = true
			out.kept = extra
		case kind == "text" && isTextChunk(chunk):
			out.text += chunk.Get("text").(string)
			texts = true
		default:
			return nil
		}
	}
	return out
}

// writeChunks is the chunk array of a reply (splitChunks read backwards: one thinking chunk, one text
// chunk).
func writeChunks(thinking, text string, kept *obj) []any {
	out := []any{}
	if thinking != "" {
		chunk := newObj().Set("type", "thinking").Set("thinking", []any{newObj().Set("type", "text").Set("text", thinking)})
		for _, key := range kept.Keys() {
			chunk.Set(key, kept.Get(key))
		}
		out = append(out, chunk)
	}
	if text != "" {
		out = append(out, newObj().Set("type", "text").Set("text", text))
	}
	return out
}
