// Package anthropic is the anthropic adapter (Anthropic Messages, API version 2026-10-21) in Go: a pure
// codec between canonical wirechat values and the provider's JSON, laid out as Python's
// adapters/anthropic (shapes, request_encode, response, stream, usage, finish, errors; its tables generated
// into go/internal/tables) and held to the same bytes.
//
// This file holds the provider's own JSON shapes: the names, the media types it takes, and the blocks the
// adapter writes from canonical parts (tool_use, thinking / redacted_thinking); the blocks it reads are in
// blocks.go.
package anthropic

import (
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Name is the registry name, the provider_metadata key and the reasoning issuer: one word for Anthropic.
const (
	Name       = "anthropic"
	Provider   = "anthropic"
	schemaName = "response" // the name structured output's schema travels under
)

var imageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

var issuer = Provider

// encodeToolCall is a tool_use block: the arguments must be a JSON object, sent as input.
func encodeToolCall(call wirechat.ToolCall, where string, conv *shared.Conversion) (*obj, error) {
	value, err := parseArguments(call.Arguments)
	if err != nil {
		return nil, conv.Refuse("tool_call.arguments_not_object", where+"/arguments")
	}
	if text, err := wirechat.BuildArguments(value); err != nil || text != call.Arguments {
		conv.Degrade("tool_call.arguments_not_compact", where+"/arguments")
	}
	return newObj().Set("type", "tool_use").Set("id", call.ID).Set("name", call.Name).Set("input", value), nil
}

// parseArguments reads arguments as wirechat's parse_arguments does: blank text is {}, anything else must
// be an I-JSON object (checked by the wirechat package).
func parseArguments(arguments string) (*obj, error) {
	var checked any
	if err := wirechat.ParseArguments(arguments, &checked); err != nil {
		return nil, err
	}
	if isBlank(arguments) {
		return newObj(), nil
	}
	return providerjson.ParseObject([]byte(arguments))
}

func isBlank(s string) bool {
	for _, c := range s {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// toolUseExtras is the members a tool_use block gets back from its part's provider_metadata.anthropic
// (caller, cache_control, ...): all of them but the ones the tool call itself writes, which are degraded.
func toolUseExtras(own *obj, where string, conv *shared.Conversion) *obj {
	extras := newObj()
	for _, key := range own.Keys() {
		if !toolUseMembers[key] {
			extras.Set(key, own.Get(key))
		}
	}
	if extras.Len() != own.Len() {
		conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	return extras
}

// withMembers is block with extras's members added after its own.
func withMembers(block, extras *obj) *obj {
	for _, key := range extras.Keys() {
		block.Set(key, extras.Get(key))
	}
	return block
}

// encodeReasoning is a thinking or redacted_thinking block for reasoning Anthropic issued; nil when the
// replay rule drops it.
func encodeReasoning(part *wirechat.ReasoningPart, where string, conv *shared.Conversion) (*obj, error) {
	feature := shared.ReasoningFeature(part.Reasoning, Provider)
	carried, err := conv.Handle(feature, where)
	if err != nil {
		return nil, err
	}
	if !carried && feature != "reasoning.own_empty_text" {
		return nil, nil
	}
	r := part.Reasoning
	if r.RedactedData != nil {
		return newObj().Set("type", "redacted_thinking").Set("data", *r.RedactedData), nil
	}
	text, signature := "", ""
	if r.Text != nil {
		text = *r.Text
	}
	if r.Signature != nil {
		signature = *r.Signature
	}
	return newObj().Set("type", "thinking").Set("thinking", text).Set("signature", signature), nil
}
