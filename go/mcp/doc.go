// Package mcp is wirechat's MCP client (spec section 13; Python's wirechat.mcp, TypeScript's mcp.*) on the
// official Go SDK, github.com/modelcontextprotocol/go-sdk: stdio and streamable HTTP, several servers from
// the same McpServerConfig documents Python reads, errors matched with errors.Is against the sentinels in
// errors.go, the limits of decision 033 (pages, time, bytes), and the servers' tools for go/loop.
//
//	configs, _ := mcp.LoadConfigs(data)
//	servers, err := mcp.NewServers(configs, mcp.Options{AllowSecrets: []string{"GITHUB_TOKEN"}})
//	err = servers.Start(ctx)
//	defer servers.Close()
//	tools, err := mcp.Tools(ctx, servers)      // []loop.Tool
//	l, err := loop.New(model, tools)
package mcp
