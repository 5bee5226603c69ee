package shared

// Provider-run tool calls and results, provider-defined tools and citations on the way out (spec section
// 15), rule for rule as Python's adapters/_provider_run.py.
//
// Each of these carries its issuer's own JSON (block on a call, a result or a citation, definition on a
// tool), and the replay rule is the same for all of them, so it is written once here: an adapter sends that
// JSON unchanged to the API that issued it, and to no other. What an adapter cannot send is dropped with the
// warning its manifest declares (provider_tool.foreign, provider_tools.foreign, citations.foreign).
//
// Whether a value is the adapter's "own" depends on the adapter's provider (the issuer its API writes) and
// on whether the adapter can write the issuer's objects where the value sits: an adapter whose API has no
// place for them declares the *.own feature degraded (dropped with a warning) and never lossless.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// ProviderPartOut is the issuer's block to write for a provider-run call or result (a
// *wirechat.ProviderToolCallPart or *wirechat.ProviderToolResultPart), or nil when nothing is written: a
// result whose call's block already holds it (no block of its own), or a part dropped with a warning. A
// refusal (an own call without its block, where the manifest refuses that) is the error.
func ProviderPartOut(part wirechat.Part, where string, c *Conversion, provider string) (*providerjson.Object, error) {
	var issuer, at string
	var block wirechat.JsonObject
	isResult := false
	switch p := part.(type) {
	case *wirechat.ProviderToolCallPart:
		issuer, block, at = p.ProviderToolCall.Issuer, p.ProviderToolCall.Block, where+"/provider_tool_call"
	case *wirechat.ProviderToolResultPart:
		issuer, block, at = p.ProviderToolResult.Issuer, p.ProviderToolResult.Block, where+"/provider_tool_result"
		isResult = true
	default:
		panic("ProviderPartOut: not a provider-run part")
	}
	if issuer != provider {
		c.Degrade("provider_tool.foreign", at)
		return nil, nil
	}
	if ok, err := c.Handle("provider_tool.own", at); !ok {
		return nil, err
	}
	if block == nil {
		if isResult {
			return nil, nil // its call's block holds it (spec section 15)
		}
		return nil, c.Refuse("provider_tool.unblocked", at)
	}
	return objectOf(block), nil
}

// CitationsOut is the issuer's citation objects to write beside a text part's text: the blocks of the
// part's citations that provider issued, when the adapter carries its own; every other citation is
// dropped with a warning.
func CitationsOut(part *wirechat.TextPart, where string, c *Conversion, provider string) ([]any, error) {
	out := []any{}
	for i, citation := range part.Citations {
		at := where + "/citations/" + strconv.Itoa(i)
		if citation.Issuer == nil || *citation.Issuer != provider || citation.Block == nil {
			c.Degrade("citations.foreign", at)
			continue
		}
		ok, err := c.Handle("citations.own", at)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, objectOf(citation.Block))
		}
	}
	return out, nil
}

// ProviderToolsOut is the definitions of the request's provider tools that provider issued, to send after
// the function tools; every other one is dropped with a warning.
func ProviderToolsOut(request wirechat.ChatRequest, c *Conversion, provider string) ([]any, error) {
	out := []any{}
	for i, tool := range request.ProviderTools {
		at := "/provider_tools/" + strconv.Itoa(i)
		if tool.Issuer != provider {
			c.Degrade("provider_tools.foreign", at)
			continue
		}
		ok, err := c.Handle("provider_tools.own", at)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, objectOf(tool.Definition))
		}
	}
	return out, nil
}

// objectOf is a wire JsonObject as a tree, member order kept.
func objectOf(raw wirechat.JsonObject) *providerjson.Object {
	parsed, err := providerjson.ParseObject(raw)
	if err != nil {
		panic("wire JSON object does not parse: " + err.Error())
	}
	return parsed
}
