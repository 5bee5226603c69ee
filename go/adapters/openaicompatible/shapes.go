// Package openaicompatible is the openai-compatible adapter in Go: servers that speak OpenAI Chat
// Completions with quirks (Ollama, vLLM, llama.cpp's llama-server, LM Studio, DeepSeek, Groq, OpenRouter,
// Mistral), one named profile each, laid out as Python's adapters/openai_compatible and held to the same
// bytes by the shared vectors. Each profile is its own adapter, openai-compatible:<profile>
// (openai-compatible alone is the generic profile); the profiles are data (adapters/profiles/, generated
// into go/internal/tables as tables.OpenaiCompatible). The modules compose openaichat's codec (its
// Dialect and PartSink) with the profile's quirks; see docs/decisions/017-openai-compatible.md.
//
// This file holds the shapes these servers add to OpenAI Chat's: the reasoning text members
// (reasoning_content, reasoning) on a message or a delta, and the rule that makes a tool-call id where a
// server sends none: call_ followed by the first 24 hex digits of the SHA-256 of
// "<response id>/<position>/<function name>" (decision 017), the part flagged
// provider_metadata.openai.tool_call_id_synthesised.
package openaicompatible

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
)

// Name is the registry name of the generic profile (openai-compatible:<profile> for the others); Provider
// the provider_metadata key, as openai-chat's.
const (
	Name     = "openai-compatible"
	Provider = "openai"
	// idFlag is the provider_metadata.openai member (true) marking a tool call whose id wirechat made.
	idFlag = "tool_call_id_synthesised"
)

// Profile is one server family's quirks (generated from adapters/profiles/).
type Profile = tables.Profile

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

// reasoningRead is where reasoning is read from: the profile's own members first, then the other known
// spelling.
func reasoningRead(profile *Profile) []string {
	out := []string{}
	for _, name := range append(append([]string{}, profile.ReasoningFields...), "reasoning_content", "reasoning") {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// readReasoning is the reasoning text of a message or delta: the first of fields holding a string (false
// when none does); a member of another type is an error naming its pointer.
func readReasoning(holder *obj, fields []string, where string) (string, bool, error) {
	for _, name := range fields {
		value := holder.Get(name)
		if value == nil {
			continue
		}
		text, ok := value.(string)
		if !ok {
			return "", false, shared.Invalid(where+"/"+name, "expected reasoning text (a string), got %s", shared.TypeName(value))
		}
		return text, true, nil
	}
	return "", false, nil
}

// synthesisedID is the id of a tool call the server sent without one (see the package comment).
func synthesisedID(responseID string, position int, name string) string {
	digest := sha256.Sum256([]byte(responseID + "/" + strconv.Itoa(position) + "/" + name))
	return "call_" + hex.EncodeToString(digest[:])[:24]
}
