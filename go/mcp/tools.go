package mcp

// Tools from MCP servers for go/loop (Python's mcp_tools, TypeScript's mcp.mcpTools): each server tool
// becomes a loop.Tool whose call goes to the server with the model's call ID, and whose ToolResult (text,
// rich parts, is_error) the model receives as it is. The server checks the arguments against its own
// schema; a failure comes back as an error result.

import (
	"context"

	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Target is a started Client or Servers.
type Target interface {
	ListTools(ctx context.Context) ([]wirechat.ToolDefinition, error)
	CallResult(ctx context.Context, call wirechat.ToolCall) (wirechat.ToolResult, error)
}

// Tools lists the target's tools as loop tools.
func Tools(ctx context.Context, target Target) ([]loop.Tool, error) {
	definitions, err := target.ListTools(ctx)
	if err != nil {
		return nil, err
	}
	tools := make([]loop.Tool, len(definitions))
	for i, definition := range definitions {
		tools[i] = loop.Tool{Definition: definition, Invoke: func(ctx context.Context, arguments string) (any, error) {
			id := "mcp" // invoked outside a loop
			if call, ok := loop.CallFrom(ctx); ok {
				id = call.CallID
			}
			return target.CallResult(ctx, wirechat.ToolCall{ID: id, Name: definition.Name, Arguments: arguments})
		}}
	}
	return tools, nil
}
