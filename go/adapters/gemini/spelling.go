package gemini

// The other spellings of a generateContent body, read as the canonical one before decoding, as Python's
// gemini/spelling.py. The Gemini API parses proto3 JSON, so it takes every member under its proto name
// (snake_case) as well as its camelCase JSON name, and a single object where a list is expected. normalize
// rewrites the members this adapter reads (bodyVocabulary, by camelCase name) in the spelling it writes;
// a member outside the vocabulary, and what is inside it, is left as given. spelling gives the pointers
// (into the body as given) of what it rewrote, outermost only, for the request.spelling warning, and
// takes the decoder's pointers back to the body as given.

import (
	"strconv"
	"strings"
)

// vocabulary names the members read under an object, with the vocabulary of each one's value (nil: a
// value read but not entered).
type vocabulary map[string]vocabulary

func keys(names ...string) vocabulary {
	out := vocabulary{}
	for _, name := range names {
		out[name] = nil
	}
	return out
}

var (
	blobVocabulary    = keys("mimeType", "data", "displayName")
	fileVocabulary    = keys("mimeType", "fileUri", "displayName")
	partialVocabulary = keys("jsonPath", "stringValue", "numberValue", "boolValue", "nullValue", "willContinue")
	partVocabulary    = vocabulary{
		"text": nil, "thought": nil, "thoughtSignature": nil, "inlineData": blobVocabulary, "fileData": fileVocabulary,
		"functionCall":     {"id": nil, "name": nil, "args": nil, "partialArgs": partialVocabulary, "willContinue": nil},
		"functionResponse": keys("id", "name", "response"),
		"executableCode":   nil, "codeExecutionResult": nil, "toolCall": nil, "toolResponse": nil,
	}
	contentVocabulary    = vocabulary{"role": nil, "parts": partVocabulary}
	generationVocabulary = func() vocabulary {
		out := keys("temperature", "topP", "topK", "maxOutputTokens", "seed", "stopSequences", "responseMimeType",
			"responseSchema", "responseJsonSchema", "candidateCount", "presencePenalty", "frequencyPenalty",
			"responseLogprobs", "logprobs", "responseModalities", "mediaResolution")
		out["thinkingConfig"] = keys("includeThoughts", "thinkingBudget", "thinkingLevel")
		out["imageConfig"] = keys("aspectRatio", "imageSize")
		return out
	}()
	bodyVocabulary = vocabulary{
		"model":             nil,
		"contents":          contentVocabulary,
		"systemInstruction": contentVocabulary,
		"tools":             {"functionDeclarations": keys("name", "description", "parameters", "parametersJsonSchema", "response", "responseJsonSchema")},
		"toolConfig":        {"functionCallingConfig": keys("mode", "allowedFunctionNames")},
		"generationConfig":  generationVocabulary,
		"safetySettings":    keys("category", "threshold"),
	}
	// listMembers are the repeated members the API also takes as one object, read as a list of it.
	listMembers = map[string]bool{"contents": true, "parts": true, "tools": true, "functionDeclarations": true, "safetySettings": true}
)

// camel is the camelCase twin of a proto field name (thinking_budget -> thinkingBudget).
func camel(name string) string {
	if !strings.Contains(name, "_") || strings.HasPrefix(name, "_") {
		return name
	}
	words := strings.Split(name, "_")
	var b strings.Builder
	b.WriteString(words[0])
	for _, word := range words[1:] {
		if word != "" {
			b.WriteString(strings.ToUpper(word[:1]) + word[1:])
		}
	}
	return b.String()
}

var escapeToken = strings.NewReplacer("~", "~0", "/", "~1")

// spelling is a body read in the canonical spelling.
type spelling struct {
	body      any
	rewritten []string          // pointers into the body as given, outermost only
	renamed   map[string]string // canonical pointer -> pointer as given, for every rewrite
}

func normalize(given *obj) *spelling {
	s := &spelling{renamed: map[string]string{}}
	s.body = s.object(given, bodyVocabulary, "", "", true)
	return s
}

// original is pointer (into the body as read) as a pointer into the body as given.
func (s *spelling) original(pointer string) string {
	best, found := "", false
	for p := range s.renamed {
		if (pointer == p || strings.HasPrefix(pointer, p+"/")) && (!found || len(p) > len(best)) {
			best, found = p, true
		}
	}
	if !found {
		return pointer
	}
	return s.renamed[best] + pointer[len(best):]
}

func (s *spelling) object(value any, vocab vocabulary, where, given string, report bool) any {
	object, ok := value.(*obj)
	if !ok {
		return value
	}
	out := newObj()
	for _, key := range object.Keys() {
		item := object.Get(key)
		name := key
		if _, ok := vocab[camel(key)]; ok {
			name = camel(key)
		}
		at, atGiven := where+"/"+escapeToken.Replace(name), given+"/"+escapeToken.Replace(key)
		inner := report
		if name != key {
			s.note(at, atGiven, report)
			inner = false // what is rewritten inside is covered by this pointer
		}
		var read any
		if _, single := item.(*obj); single && listMembers[name] {
			s.note(at+"/0", atGiven, inner)
			read = []any{s.value(item, vocab[name], at+"/0", atGiven, false)}
		} else {
			read = s.value(item, vocab[name], at, atGiven, inner)
		}
		if out.Has(name) && name != key {
			continue // both spellings given: the camelCase one is kept, this one is reported above
		}
		out.Set(name, read)
	}
	return out
}

func (s *spelling) value(value any, vocab vocabulary, where, given string, report bool) any {
	if vocab == nil {
		return value
	}
	if items, ok := value.([]any); ok {
		out := make([]any, len(items))
		for i, item := range items {
			out[i] = s.object(item, vocab, where+"/"+strconv.Itoa(i), given+"/"+strconv.Itoa(i), report)
		}
		return out
	}
	return s.object(value, vocab, where, given, report)
}

func (s *spelling) note(at, atGiven string, report bool) {
	s.renamed[at] = atGiven
	if report {
		s.rewritten = append(s.rewritten, atGiven)
	}
}
