package mcp

// The requests a Client makes and the mapping of their results: ListTools (all pages, within the page and
// time limits) and CallResult / Call, each result mapped with go/wirechat's MCP functions after the
// protocol's own members are dropped.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wirechat/wirechat/go/wirechat"
)

func (c *Client) warn(where string, warnings []wirechat.MCPWarning) {
	for _, w := range warnings {
		c.onWarning(fmt.Sprintf("MCP server '%s': %s: %s: %s", c.Name, where, w.Pointer, w.Message))
	}
}

// jsonValue is v as the JSON values the mappings take (numbers as json.Number).
func jsonValue(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var value any
	err = decoder.Decode(&value)
	return value, err
}

func decodeAs[T any](value map[string]any) (T, error) {
	data, err := json.Marshal(value)
	if err != nil {
		var zero T
		return zero, err
	}
	return wirechat.Decode[T](data)
}

// ListTools gives every tool the server offers (all pages) as ToolDefinitions; what a definition cannot
// carry goes to Options.OnWarning. At most Limits.MaxListPages pages within Limits.ListTimeout (else the
// call timeout) in all: past either, an ErrLimit.
func (c *Client) ListTools(ctx context.Context) ([]wirechat.ToolDefinition, error) {
	var definitions []wirechat.ToolDefinition
	total := c.Limits.ListTimeout
	if total == 0 {
		total = c.CallTimeout
	}
	deadline := time.Now().Add(total)
	cursor := ""
	for range c.Limits.MaxListPages {
		remaining := time.Until(deadline)
		if remaining <= 0 {
			return nil, limitError(c.Name, "time", total.Seconds(), "tools/list: the pages took longer than %g s in all", total.Seconds())
		}
		page, err := request(ctx, c, "tools/list", min(c.CallTimeout, remaining), func(ctx context.Context, s *sdk.ClientSession) (*sdk.ListToolsResult, error) {
			return s.ListTools(ctx, &sdk.ListToolsParams{Cursor: cursor})
		})
		if err != nil {
			if errors.Is(err, ErrTimeout) && remaining < c.CallTimeout {
				return nil, limitError(c.Name, "time", total.Seconds(), "tools/list: the pages took longer than %g s in all", total.Seconds())
			}
			return nil, err
		}
		for index, tool := range page.Tools {
			value, err := jsonValue(tool)
			if err != nil {
				return nil, newError(ErrMalformedResult, c.Name, "tools/list: tool %d: %v", index, err)
			}
			mapped, warnings, err := wirechat.MCPToolToDefinition(value)
			if err != nil {
				return nil, newError(ErrMalformedResult, c.Name, "tools/list: tool %d: %v", index, err)
			}
			definition, err := decodeAs[wirechat.ToolDefinition](mapped)
			if err != nil {
				return nil, newError(ErrMalformedResult, c.Name, "tools/list: tool %d: %v", index, err)
			}
			c.warn(fmt.Sprintf("tool '%s'", definition.Name), warnings)
			definitions = append(definitions, definition)
		}
		if cursor = page.NextCursor; cursor == "" {
			return definitions, nil
		}
	}
	pages := c.Limits.MaxListPages
	return nil, limitError(c.Name, "pages", pages, "tools/list: a next page is still offered after %d pages (Limits.MaxListPages); the server may be paging forever", pages)
}

// CallResult calls the tool the call names with its arguments; the ToolResult answering it (ToolCallID is the call's ID).
func (c *Client) CallResult(ctx context.Context, call wirechat.ToolCall) (wirechat.ToolResult, error) {
	var arguments map[string]any
	if err := wirechat.ParseArguments(call.Arguments, &arguments); err != nil {
		return wirechat.ToolResult{}, newError(ErrMalformedResult, c.Name, "tool call %s: bad arguments: %v", call.ID, err)
	}
	what := fmt.Sprintf("tools/call '%s'", call.Name)
	result, err := request(ctx, c, what, c.CallTimeout, func(ctx context.Context, s *sdk.ClientSession) (*sdk.CallToolResult, error) {
		return s.CallTool(ctx, &sdk.CallToolParams{Name: call.Name, Arguments: arguments})
	})
	if err != nil {
		return wirechat.ToolResult{}, err
	}
	value, err := jsonValue(result)
	if err != nil {
		return wirechat.ToolResult{}, newError(ErrMalformedResult, c.Name, "%s: %v", what, err)
	}
	if object, ok := value.(map[string]any); ok {
		withoutProtocolMembers(object)
	}
	mapped, warnings, err := wirechat.MCPCallResultToToolResult(value, call.ID)
	if err != nil {
		return wirechat.ToolResult{}, newError(ErrMalformedResult, c.Name, "%s: %v", what, err)
	}
	toolResult, err := decodeAs[wirechat.ToolResult](mapped)
	if err != nil {
		return wirechat.ToolResult{}, newError(ErrMalformedResult, c.Name, "%s: %v", what, err)
	}
	c.warn(what, warnings)
	return toolResult, nil
}

// Call is CallResult as a tool message with one tool_result part, ready to append to a conversation.
func (c *Client) Call(ctx context.Context, call wirechat.ToolCall) (wirechat.Message, error) {
	result, err := c.CallResult(ctx, call)
	if err != nil {
		return wirechat.Message{}, err
	}
	return wirechat.ToolResultMessage(result), nil
}

// ProtocolMetaPrefix starts the _meta keys the protocol reserves for itself (the Go SDK stamps
// io.modelcontextprotocol/serverInfo on every result under protocol 2026-07-28).
const ProtocolMetaPrefix = "io.modelcontextprotocol/"

// withoutProtocolMembers drops what the SDK and protocol add to every result, which is not the tool's
// answer: resultType "complete" (a finished, not input-required, result) and the protocol's _meta keys
// (an _meta left empty goes too). The mapping would otherwise warn about them on every call.
func withoutProtocolMembers(result map[string]any) {
	if result["resultType"] == "complete" {
		delete(result, "resultType")
	}
	if meta, ok := result["_meta"].(map[string]any); ok {
		for key := range meta {
			if strings.HasPrefix(key, ProtocolMetaPrefix) {
				delete(meta, key)
			}
		}
		if len(meta) == 0 {
			delete(result, "_meta")
		}
	}
}
