package mcp_test

// The MCP client against the same kinds of servers as Python's and TypeScript's tests: the reference server
// @modelcontextprotocol/server-everything over stdio (npm ci --prefix tests/mcp/npm; skipped with the reason
// when node or the package is missing, a failure under CI), a server written with the Go SDK over stdio and
// streamable HTTP on 127.0.0.1, and a hostile HTTP server for the limits.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/mcp"
	"github.com/wirechat/wirechat/go/wirechat"
)

func call(id, name string, args any) wirechat.ToolCall {
	text, _ := json.Marshal(args)
	return wirechat.ToolCall{ID: id, Name: name, Arguments: string(text)}
}

func appConfig(t *testing.T, callTimeoutMs int64) *wirechat.McpStdioServer {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	config := &wirechat.McpStdioServer{Name: "app", Command: self, Env: map[string]string{"WIRECHAT_MCP_TEST_SERVER": "stdio"}}
	if callTimeoutMs > 0 {
		config.CallTimeoutMs = &callTimeoutMs
	}
	return config
}

func connect(t *testing.T, config wirechat.McpServerConfig, options mcp.Options) *mcp.Client {
	t.Helper()
	if options.OnWarning == nil {
		options.OnWarning = func(w string) { t.Errorf("unexpected warning: %s", w) }
	}
	client, err := mcp.Connect(context.Background(), config, options)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	return client
}

// wantError checks err is an *mcp.Error of kind (and so ErrMCP) whose text matches pattern.
func wantError(t *testing.T, err error, kind error, pattern string) *mcp.Error {
	t.Helper()
	var e *mcp.Error
	if !errors.As(err, &e) || !errors.Is(err, kind) || !errors.Is(err, mcp.ErrMCP) {
		t.Fatalf("want an mcp error of kind %v, got %T %v", kind, err, err)
	}
	if !regexp.MustCompile(pattern).MatchString(err.Error()) {
		t.Fatalf("error %q does not match %q", err, pattern)
	}
	return e
}

func everything(t *testing.T) *wirechat.McpStdioServer {
	_, file, _, _ := runtime.Caller(0)
	server := filepath.Join(filepath.Dir(file), "..", "..", "tests", "mcp", "npm", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	node, err := exec.LookPath("node")
	missing := ""
	if err != nil {
		missing = "node is not on PATH"
	} else if _, err := os.Stat(server); err != nil {
		missing = "run `npm ci --prefix tests/mcp/npm` to test against server-everything"
	}
	if missing != "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must test the MCP client against server-everything: %s", missing)
		}
		t.Skip(missing)
	}
	return &wirechat.McpStdioServer{Name: "everything", Command: node, Args: []string{server, "stdio"}}
}

// quiet drops a server's stderr (server-everything reports an EPIPE when the client closes first).
func quiet(options mcp.Options) mcp.Options {
	options.Stderr = io.Discard
	return options
}

func TestServerEverything(t *testing.T) {
	var warnings []string
	client := connect(t, everything(t), quiet(mcp.Options{OnWarning: func(w string) { warnings = append(warnings, w) }}))
	ctx := context.Background()
	definitions, err := client.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]wirechat.ToolDefinition{}
	for _, d := range definitions {
		tools[d.Name] = d
	}
	for _, name := range []string{"echo", "get-sum", "get-tiny-image", "get-structured-content"} {
		if _, ok := tools[name]; !ok {
			t.Fatalf("no tool %s", name)
		}
	}
	if a := tools["get-tiny-image"].Annotations; a == nil || a.ReadOnlyHint == nil || !*a.ReadOnlyHint {
		t.Fatal("get-tiny-image is not read-only")
	}
	if tools["get-structured-content"].OutputSchema == nil {
		t.Fatal("no output schema")
	}
	// Python's and TypeScript's clients warn here that /execution was dropped; the Go SDK's Tool has no
	// member for it, so the mapping never sees it (a difference the SDK makes, listed in decision 042).
	if len(warnings) != 0 {
		t.Fatalf("warnings: %v", warnings)
	}
	echo, err := client.CallResult(ctx, call("c-echo", "echo", map[string]any{"message": "hi"}))
	if err != nil || echo.Content != "Echo: hi" || echo.ToolCallID != "c-echo" {
		t.Fatal(echo, err)
	}
	image, err := client.CallResult(ctx, call("c-img", "get-tiny-image", map[string]any{}))
	if err != nil {
		t.Fatal(err)
	}
	encoded, _ := wirechat.Encode(image)
	if !regexp.MustCompile(`"type":"image","image":\{"source":"base64","base64":"[^"]{100,}","media_type":"image/png"`).Match(encoded) {
		t.Fatalf("no PNG in %s", encoded)
	}
	structured, err := client.CallResult(ctx, call("c-s", "get-structured-content", map[string]any{"location": "New York"}))
	if encoded, _ = wirechat.Encode(structured); err != nil || strings.Count(string(encoded), `"type":"data"`) != 1 {
		t.Fatal(string(encoded), err)
	}
	links, err := client.CallResult(ctx, call("c-l", "get-resource-links", map[string]any{"count": 2}))
	if encoded, _ = wirechat.Encode(links); err != nil || strings.Count(string(encoded), `"type":"file"`) != 2 {
		t.Fatal(string(encoded), err)
	}
	refused, err := client.CallResult(ctx, call("c-sum", "get-sum", map[string]any{"a": "one", "b": 2}))
	if err != nil || refused.IsError == nil || !*refused.IsError || refused.Content == "" {
		t.Fatal(refused, err)
	}
}

func TestSDKServer(t *testing.T) {
	url := startHTTPServer(t)
	for _, config := range []wirechat.McpServerConfig{appConfig(t, 0), &wirechat.McpHttpServer{Name: "web", URL: url}} {
		client := connect(t, config, mcp.Options{})
		t.Run(client.Name, func(t *testing.T) {
			ctx := context.Background()
			tools, err := client.ListTools(ctx)
			if err != nil || len(tools) != 9 {
				t.Fatal(len(tools), err)
			}
			var echo wirechat.ToolDefinition
			for _, tool := range tools {
				if tool.Name == "echo" {
					echo = tool
				}
			}
			if echo.Annotations == nil {
				t.Fatal("echo has no annotations")
			}
			if annotations, _ := wirechat.Encode(echo.Annotations); string(annotations) != `{"title":"Echo","read_only_hint":true,"idempotent_hint":true}` {
				t.Fatalf("%s", annotations)
			}
			message, err := client.Call(ctx, call("c1", "echo", map[string]any{"text": "hi"}))
			if encoded, _ := wirechat.Encode(message); err != nil || string(encoded) != `{"role":"tool","parts":[{"type":"tool_result","tool_result":{"tool_call_id":"c1","content":"hi"}}]}` {
				t.Fatal(string(encoded), err)
			}
			weather, err := client.CallResult(ctx, call("c2", "weather", map[string]any{"city": "Paris"}))
			if encoded, _ := wirechat.Encode(weather); err != nil || !strings.Contains(string(encoded), `{"type":"data","data":{"value":{"celsius":21.5,"city":"Paris"}}}`) {
				t.Fatal(string(encoded), err)
			}
			failed, err := client.CallResult(ctx, call("c3", "fail", map[string]any{"reason": "no"}))
			if err != nil || failed.IsError == nil || !*failed.IsError {
				t.Fatal(failed, err)
			}
			_, err = client.CallResult(ctx, call("c4", "rpc", map[string]any{}))
			if e := wantError(t, err, mcp.ErrRPC, `^MCP server '(app|web)': tools/call 'rpc': JSON-RPC error -32099: refused on purpose$`); e.Code != -32099 {
				t.Fatal(e.Code)
			}
			_, err = client.CallResult(ctx, call("c5", "echo", []string{"not", "an", "object"}))
			wantError(t, err, mcp.ErrMalformedResult, `tool call c5: bad arguments`)
		})
	}
}

func TestMessagePastTheCapIsALimitError(t *testing.T) {
	url := startHTTPServer(t)
	for what, config := range map[string]wirechat.McpServerConfig{"message": appConfig(t, 0), "response body": &wirechat.McpHttpServer{Name: "web", URL: url}} {
		client := connect(t, config, mcp.Options{Limits: mcp.Limits{MaxResponseBytes: 1 << 20}})
		ctx := context.Background()
		_, err := client.CallResult(ctx, call("c1", "big", map[string]any{"bytes": 2 << 20}))
		if e := wantError(t, err, mcp.ErrLimit, `tools/call 'big': a `+what+` is larger than 1048576 bytes`); e.Limit != "bytes" {
			t.Fatal(e.Limit)
		}
		if result, err := client.CallResult(ctx, call("c2", "big", map[string]any{"bytes": 1000})); err != nil || len(result.Content) != 1000 {
			t.Fatal(len(result.Content), err)
		}
	}
}

func TestTimeoutLeavesTheConnectionUsable(t *testing.T) {
	client := connect(t, appConfig(t, 300), mcp.Options{})
	ctx := context.Background()
	_, err := client.CallResult(ctx, call("c1", "sleep", map[string]any{"seconds": 5}))
	wantError(t, err, mcp.ErrTimeout, `tools/call 'sleep': no answer within 0.3 s`)
	if result, err := client.CallResult(ctx, call("c2", "echo", map[string]any{"text": "still here"})); err != nil || result.Content != "still here" {
		t.Fatal(result, err)
	}
}

func TestServerThatDiesIsRestarted(t *testing.T) {
	client := connect(t, appConfig(t, 0), mcp.Options{})
	ctx := context.Background()
	_, err := client.CallResult(ctx, call("c1", "die", map[string]any{}))
	wantError(t, err, mcp.ErrServerDied, `tools/call 'die': the connection ended`)
	if result, err := client.CallResult(ctx, call("c2", "echo", map[string]any{"text": "back"})); err != nil || result.Content != "back" {
		t.Fatal(result, err)
	}
}

func TestConnectFailures(t *testing.T) {
	ctx := context.Background()
	_, err := mcp.Connect(ctx, &wirechat.McpStdioServer{Name: "gone", Command: "/nonexistent/wirechat-mcp-server"}, mcp.Options{})
	wantError(t, err, mcp.ErrConnect, `'gone': could not connect: .*no such file`)
	timeout := int64(2000)
	_, err = mcp.Connect(ctx, &wirechat.McpHttpServer{Name: "closed", URL: "http://127.0.0.1:9/mcp", ConnectTimeoutMs: &timeout}, mcp.Options{})
	wantError(t, err, mcp.ErrConnect, `'closed': could not connect`)
	_, err = mcp.NewClient(&wirechat.McpWebsocketServer{Name: "ws", URL: "ws://127.0.0.1:9"}, mcp.Options{})
	wantError(t, err, mcp.ErrUnsupportedTransport, `WebSocket`)
	if !errors.Is(err, mcp.ErrConfig) {
		t.Fatal("an unsupported transport is a config error")
	}
}

func TestSecretsOnlyWhenAllowed(t *testing.T) {
	url := startHTTPServer(t)
	env := map[string]string{"WIRECHAT_TEST_TOKEN": "s3cret", "OPENAI_API_KEY": "sk-no"}
	lookup := func(name string) (string, bool) { v, ok := env[name]; return v, ok }
	leaky := &wirechat.McpHttpServer{Name: "web", URL: url, SecretHeaders: map[string]string{"x-token": "WIRECHAT_TEST_TOKEN"}}
	ctx := context.Background()
	_, err := mcp.Connect(ctx, leaky, mcp.Options{LookupEnv: lookup})
	e := wantError(t, err, mcp.ErrSecretNotAllowed, `secret_headers\['x-token'\] names the environment variable WIRECHAT_TEST_TOKEN`)
	if e.Variable != "WIRECHAT_TEST_TOKEN" || !errors.Is(err, mcp.ErrConfig) {
		t.Fatal(e)
	}
	stdio := appConfig(t, 0)
	stdio.SecretEnv = []string{"OPENAI_API_KEY"}
	_, err = mcp.Connect(ctx, stdio, mcp.Options{LookupEnv: lookup})
	wantError(t, err, mcp.ErrSecretNotAllowed, `secret_env names the environment variable OPENAI_API_KEY`)
	_, err = mcp.Connect(ctx, leaky, mcp.Options{AllowSecrets: []string{"WIRECHAT_TEST_TOKEN"}, LookupEnv: func(string) (string, bool) { return "", false }})
	wantError(t, err, mcp.ErrConfig, `WIRECHAT_TEST_TOKEN is not set`)

	client := connect(t, leaky, mcp.Options{AllowSecrets: []string{"WIRECHAT_TEST_TOKEN"}, LookupEnv: lookup})
	result, err := client.CallResult(ctx, call("c1", "headers", map[string]any{}))
	if err != nil {
		t.Fatal(err)
	}
	var seen map[string]string
	_ = json.Unmarshal([]byte(result.Content), &seen)
	if seen["X-Token"] != "s3cret" || seen["Accept-Encoding"] != mcp.AcceptEncoding {
		t.Fatal(seen)
	}
	if strings.Contains(client.String(), "s3cret") {
		t.Fatal(client.String())
	}
}

func TestSeveralServersAndTheLoop(t *testing.T) {
	url := startHTTPServer(t)
	document, _ := json.Marshal([]any{
		map[string]any{"transport": "stdio", "name": "app", "command": appConfig(t, 0).Command, "env": map[string]string{"WIRECHAT_MCP_TEST_SERVER": "stdio"}},
		map[string]any{"transport": "http", "name": "web", "url": url},
	})
	configs, err := mcp.LoadConfigs(document)
	if err != nil || len(configs) != 2 {
		t.Fatal(configs, err)
	}
	twice, _ := json.Marshal([]any{map[string]any{"transport": "http", "name": "a", "url": url}, map[string]any{"transport": "http", "name": "a", "url": url}})
	_, err = mcp.LoadConfigs(twice)
	wantError(t, err, mcp.ErrConfig, `'a': two servers in one list have this name`)
	if _, err = mcp.LoadConfigs([]byte(`{"transport":"stdio","name":"x"}`)); err == nil || !strings.Contains(err.Error(), "command") {
		t.Fatal(err)
	}

	servers, err := mcp.NewServers(configs, mcp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := servers.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = servers.Close() })
	definitions, err := servers.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, d := range definitions {
		names[d.Name] = true
	}
	if !names["app__echo"] || !names["web__echo"] || names["echo"] {
		t.Fatal(names)
	}
	if result, err := servers.CallResult(ctx, call("c1", "web__echo", map[string]any{"text": "routed"})); err != nil || result.Content != "routed" {
		t.Fatal(result, err)
	}
	_, err = servers.CallResult(ctx, call("c2", "echo", map[string]any{"text": "x"}))
	wantError(t, err, mcp.ErrMCP, `no server offers a tool named 'echo'`)

	tools, err := mcp.Tools(ctx, servers)
	if err != nil {
		t.Fatal(err)
	}
	model := &scripted{turns: []wirechat.Message{
		wirechat.ToolCallMessage(call("call_1", "app__weather", map[string]any{"city": "Oslo"}), call("call_2", "web__fail", map[string]any{"reason": "down"})),
		wirechat.TextMessage(wirechat.RoleAssistant, "done"),
	}}
	l, err := loop.New(model, tools)
	if err != nil {
		t.Fatal(err)
	}
	result, err := l.Run(ctx, wirechat.ChatRequest{Model: wirechat.Ptr("m"), Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Oslo?")}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range result.Messages {
		for _, r := range wirechat.ToolResults(m) {
			got = append(got, r.ToolCallID+" "+string(*r.Status))
			if r.ToolCallID == "call_1" && !strings.Contains(r.Content, `"city":"Oslo"`) {
				t.Fatal(r.Content)
			}
		}
	}
	if strings.Join(got, ", ") != "call_1 completed, call_2 failed" {
		t.Fatal(got)
	}
}

// scripted answers turn k of its script, k the number of assistant messages in the request.
type scripted struct{ turns []wirechat.Message }

func (s *scripted) Chat(_ context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	k := 0
	for _, m := range request.Messages {
		if m.Role == wirechat.RoleAssistant {
			k++
		}
	}
	return wirechat.ChatResponse{Message: s.turns[k], FinishReason: wirechat.FinishReason{Kind: wirechat.FinishKindStop}}, nil
}

func hostileClient(t *testing.T, h *hostile, path string, limits mcp.Limits) *mcp.Client {
	return connect(t, &wirechat.McpHttpServer{Name: "hostile", URL: h.url + path}, mcp.Options{Limits: limits})
}

func TestLimits(t *testing.T) {
	const bomb = 128 << 20
	h := startHostile(t, gzipOfZeros(bomb))
	ctx := context.Background()

	t.Run("paging forever ends at MaxListPages", func(t *testing.T) {
		client := hostileClient(t, h, "/paging", mcp.Limits{MaxListPages: 7})
		before := h.lists.Load()
		_, err := client.ListTools(ctx)
		e := wantError(t, err, mcp.ErrLimit, `a next page is still offered after 7 pages`)
		if e.Limit != "pages" || e.Value != 7 || h.lists.Load()-before != 7 {
			t.Fatal(e.Limit, e.Value, h.lists.Load()-before)
		}
	})
	t.Run("slow pages end at the listing's deadline", func(t *testing.T) {
		client := hostileClient(t, h, "/slow", mcp.Limits{ListTimeout: 700 * time.Millisecond})
		started := time.Now()
		_, err := client.ListTools(ctx)
		if e := wantError(t, err, mcp.ErrLimit, `the pages took longer than 0.7 s in all`); e.Limit != "time" || time.Since(started) > 5*time.Second {
			t.Fatal(e.Limit, time.Since(started))
		}
	})
	t.Run("a gzip bomb stops at MaxResponseBytes with bounded memory", func(t *testing.T) {
		client := hostileClient(t, h, "/bomb", mcp.Limits{MaxResponseBytes: 4 << 20})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := client.ListTools(ctx)
		runtime.ReadMemStats(&after)
		e := wantError(t, err, mcp.ErrLimit, `tools/list: a response body is larger than 4194304 bytes decompressed`)
		if e.Limit != "bytes" || e.Value != 4<<20 {
			t.Fatal(e.Limit, e.Value)
		}
		if grown := (after.TotalAlloc - before.TotalAlloc) >> 20; grown > 64 {
			t.Fatalf("allocated %d MiB reading a body capped at 4 MiB", grown)
		}
	})
	t.Run("a coding not asked for is refused", func(t *testing.T) {
		_, err := hostileClient(t, h, "/brotli", mcp.Limits{}).ListTools(ctx)
		wantError(t, err, mcp.ErrLimit, `the response is encoded br; the client asked for gzip, deflate only`)
	})
	t.Run("a result that is not MCP's is malformed", func(t *testing.T) {
		_, err := hostileClient(t, h, "/malformed", mcp.Limits{}).ListTools(ctx)
		wantError(t, err, mcp.ErrMalformedResult, `tools/list: not a valid MCP result`)
	})
	t.Run("negative limits are refused", func(t *testing.T) {
		if _, err := mcp.NewClient(&wirechat.McpHttpServer{Name: "x", URL: h.url}, mcp.Options{Limits: mcp.Limits{MaxListPages: -1}}); err == nil {
			t.Fatal("no error")
		}
	})
}
