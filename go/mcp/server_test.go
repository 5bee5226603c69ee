package mcp_test

// An MCP server written with the official Go SDK for the client tests (the counterpart of Python's
// tests/mcp/server_app.py and TypeScript's test/mcp-server-app.ts): over stdio as this test binary run
// again with WIRECHAT_MCP_TEST_SERVER=stdio (TestMain), or over streamable HTTP on 127.0.0.1
// (startHTTPServer). Its tools cover each kind of result and each way a call can go wrong.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMain(m *testing.M) {
	if os.Getenv("WIRECHAT_MCP_TEST_SERVER") == "stdio" {
		if err := testServer().Run(context.Background(), &sdk.StdioTransport{}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func object(properties map[string]any) map[string]any {
	required := []string{}
	for name := range properties {
		required = append(required, name)
	}
	return map[string]any{"type": "object", "properties": properties, "required": required}
}

var str = map[string]any{"type": "string"}

func text(s string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
}

func arguments(request *sdk.CallToolRequest) map[string]any {
	var args map[string]any
	_ = json.Unmarshal(request.Params.Arguments, &args)
	return args
}

func testServer() *sdk.Server {
	server := sdk.NewServer(&sdk.Implementation{Name: "wirechat-test", Version: "1.0.0"}, nil)
	add := func(tool *sdk.Tool, handler sdk.ToolHandler) { server.AddTool(tool, handler) }
	add(&sdk.Tool{Name: "echo", Title: "Echo", Description: "Return the text unchanged.", InputSchema: object(map[string]any{"text": str}),
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}},
		func(_ context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return text(arguments(r)["text"].(string)), nil
		})
	add(&sdk.Tool{Name: "weather", Description: "Structured weather for a city.", InputSchema: object(map[string]any{"city": str}),
		OutputSchema: object(map[string]any{"city": str, "celsius": map[string]any{"type": "number"}})},
		func(_ context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			value := map[string]any{"city": arguments(r)["city"], "celsius": 21.5}
			data, _ := json.Marshal(value)
			result := text(string(data))
			result.StructuredContent = value
			return result, nil
		})
	add(&sdk.Tool{Name: "picture", Description: "A tiny PNG header.", InputSchema: object(map[string]any{})},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.ImageContent{Data: []byte("\x89PNG\r\n\x1a\n"), MIMEType: "image/png"}}}, nil
		})
	add(&sdk.Tool{Name: "fail", Description: "Always fails with the reason.", InputSchema: object(map[string]any{"reason": str})},
		func(_ context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			result := text("Error executing tool fail: " + arguments(r)["reason"].(string))
			result.IsError = true
			return result, nil
		})
	add(&sdk.Tool{Name: "sleep", Description: "Answer after a while.", InputSchema: object(map[string]any{"seconds": map[string]any{"type": "number"}})},
		func(ctx context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			select {
			case <-time.After(time.Duration(arguments(r)["seconds"].(float64) * float64(time.Second))):
			case <-ctx.Done():
			}
			return text("awake"), nil
		})
	add(&sdk.Tool{Name: "die", Description: "Exit the process in the middle of the call.", InputSchema: object(map[string]any{})},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			os.Exit(3)
			return nil, nil
		})
	add(&sdk.Tool{Name: "headers", Description: "The request headers this call came with.", InputSchema: object(map[string]any{})},
		func(_ context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			headers := map[string]string{}
			if r.Extra != nil {
				for name := range r.Extra.Header {
					headers[name] = r.Extra.Header.Get(name)
				}
			}
			data, _ := json.Marshal(headers)
			return text(string(data)), nil
		})
	add(&sdk.Tool{Name: "big", Description: "A text of the given size.", InputSchema: object(map[string]any{"bytes": map[string]any{"type": "number"}})},
		func(_ context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return text(strings.Repeat("x", int(arguments(r)["bytes"].(float64)))), nil
		})
	add(&sdk.Tool{Name: "rpc", Description: "Answers with a JSON-RPC error.", InputSchema: object(map[string]any{})},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return nil, &jsonrpc.Error{Code: -32099, Message: "refused on purpose"}
		})
	return server
}

// startHTTPServer serves testServer over streamable HTTP on 127.0.0.1; its URL.
func startHTTPServer(t *testing.T) string {
	server := testServer()
	handler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	ts := httptest.NewServer(handler)
	t.Cleanup(ts.Close)
	return ts.URL + "/mcp"
}
