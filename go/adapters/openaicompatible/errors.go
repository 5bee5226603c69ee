package openaicompatible

// Errors of OpenAI-compatible servers, as Python's openai_compatible/errors.py: OpenAI's body
// ({"error": {message, type, param, code}}), read by openaichat; a bare {"error": "text"} (some llama.cpp
// and Ollama builds) keeps its text as the message, and the flat {"object": "error", "message", "type",
// "code"} that vLLM and Mistral send is read as that object inside error.

import (
	"net/http"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/wirechat"
)

// DecodeError is the canonical error for a failure: status 0 for an error payload inside a stream.
func DecodeError(status int, headers http.Header, body []byte) wirechat.Error {
	parsed := shared.ParseBody(body)
	if text, ok := parsed.Get("error").(string); ok {
		parsed = parsed.Copy().Set("error", newObj().Set("message", text))
	} else if parsed != nil && parsed.Get("object") == "error" && !parsed.Has("error") {
		inner := parsed.Copy()
		inner.Delete("object")
		parsed = newObj().Set("error", inner)
	}
	return openaichat.DecodeErrorObject(status, headers, parsed)
}
