package anthropic

// Anthropic's provider-run blocks -> provider_tool_call / provider_tool_result parts (spec section 15), as
// Python's anthropic/provider_run.py.
//
// Claude runs server tools (web search, web fetch, code execution, tool search...) and MCP connector calls
// itself, and writes the call and its result into its own turn:
//
//   - a call is a server_tool_use or mcp_tool_use block -> provider_tool_call with id, name, input and, for
//     MCP, server (the block's server_name);
//   - a result is any block whose type ends in _tool_result (web_search_tool_result, mcp_tool_result, and
//     the ones Anthropic adds later), except the caller's own tool_result -> provider_tool_result with
//     tool_call_id (tool_use_id), name (the name of the call it answers, when the same content holds that
//     call), output and is_error.
//
// Both keep the block byte for byte in block with issuer anthropic: that is what goes back to Anthropic in
// the next turn (shared.ProviderPartOut). output is a reading of the block's content: the content as
// Anthropic wrote it, without the members whose names start with encrypted_ (opaque data only Anthropic
// reads; the block keeps them). is_error is the block's own is_error (MCP), else true when the content is
// an error object (its type ends in _error); absent otherwise.
//
// @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/server-tools
// @see https://docs.anthropic.com/en/docs/agents-and-tools/mcp-connector

import (
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

// isProviderCall reports a block type of a call Anthropic runs itself.
func isProviderCall(kind any) bool { return kind == "server_tool_use" || kind == "mcp_tool_use" }

// isProviderResult reports a provider-run result block: its type ends in _tool_result and is not the
// caller's tool_result.
func isProviderResult(kind any) bool {
	name, ok := kind.(string)
	return ok && strings.HasSuffix(name, "_tool_result") && name != "tool_result"
}

// reading is value without the members whose names start with encrypted_, at any depth (a copy).
func reading(value any) any {
	switch v := value.(type) {
	case *obj:
		out := newObj()
		for _, key := range v.Keys() {
			if !strings.HasPrefix(key, "encrypted_") {
				out.Set(key, reading(v.Get(key)))
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = reading(item)
		}
		return out
	}
	return value
}

// decodeProviderCall is the provider_tool_call part, as a tree, for a server_tool_use or mcp_tool_use
// block.
func decodeProviderCall(block *obj, where string) (*obj, error) {
	id, _, err := shared.GetStr(block, "id", where, true)
	if err != nil {
		return nil, err
	}
	name, _, err := shared.GetStr(block, "name", where, true)
	if err != nil {
		return nil, err
	}
	call := newObj().Set("id", id).Set("name", name).Set("issuer", Provider)
	if input := block.Get("input"); input != nil {
		call.Set("input", input)
	}
	if server, ok := block.Get("server_name").(string); ok && server != "" {
		call.Set("server", server)
	}
	call.Set("block", block)
	return newObj().Set("type", "provider_tool_call").Set("provider_tool_call", call), nil
}

// decodeProviderResult is the provider_tool_result part, as a tree, for a *_tool_result block; names maps
// the ids of the calls read so far to their names.
func decodeProviderResult(block *obj, where string, names map[string]string) (*obj, error) {
	id, _, err := shared.GetStr(block, "tool_use_id", where, true)
	if err != nil {
		return nil, err
	}
	result := newObj().Set("tool_call_id", id).Set("issuer", Provider)
	if name, ok := names[id]; ok {
		result.Set("name", name)
	}
	content := block.Get("content")
	if content != nil {
		result.Set("output", reading(content))
	}
	if isError, ok := block.Get("is_error").(bool); ok {
		result.Set("is_error", isError)
	} else if inner, ok := content.(*obj); ok {
		if kind, _ := inner.Get("type").(string); strings.HasSuffix(kind, "_error") {
			result.Set("is_error", true)
		}
	}
	result.Set("block", block)
	return newObj().Set("type", "provider_tool_result").Set("provider_tool_result", result), nil
}
