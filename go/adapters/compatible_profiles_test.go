package adapters_test

// The openai-compatible adapter runs the shared vectors once per profile: openai-compatible (the generic
// profile) and each openai-compatible:<profile>, whose lines are openai-compatible.<profile>.ndjson (no
// colon in file names) and recorded-openai-compatible.<profile>.ndjson.

import "github.com/wirechat/wirechat/go/adapters/openaicompatible"

func init() {
	for name, adapter := range openaicompatible.Adapters {
		byName[name] = adapter
	}
}
