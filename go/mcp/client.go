package mcp

// One connection to one MCP server (Python's McpClient, TypeScript's mcp.McpClient): Start starts (stdio)
// or reaches (streamable HTTP) the server and completes initialize within the connect timeout; ListTools
// gives wirechat ToolDefinitions, CallResult a ToolResult, Call a tool message. Every failure is an *Error;
// after each the client stays usable (a dead server is started again by the next request).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wirechat/wirechat/go/wirechat"
)

const (
	// DefaultConnectTimeout is used when a config sets no connect_timeout_ms.
	DefaultConnectTimeout = 30 * time.Second
	// DefaultCallTimeout is used when a config sets no call_timeout_ms.
	DefaultCallTimeout = 60 * time.Second
)

// Options are a client's (each server's, for Servers).
type Options struct {
	// AllowSecrets names the environment variables a config's secret_env / secret_headers may send (none by default).
	AllowSecrets []string
	// Limits bounds what the server may send.
	Limits Limits
	// LookupEnv reads a secret's variable (default os.LookupEnv).
	LookupEnv func(string) (string, bool)
	// OnWarning receives each member of an MCP value wirechat could not carry (default: log.Print).
	OnWarning func(string)
	// Stderr receives a stdio server's stderr (default os.Stderr).
	Stderr io.Writer
}

// Client is one connection to one server. Its methods may be called from several goroutines.
type Client struct {
	Name           string
	Config         wirechat.McpServerConfig
	ConnectTimeout time.Duration
	CallTimeout    time.Duration
	Limits         Limits

	allow     map[string]bool
	lookupEnv func(string) (string, bool)
	onWarning func(string)
	stderr    io.Writer

	mu       sync.Mutex // the session; held while connecting
	session  *sdk.ClientSession
	limitMu  sync.Mutex // the requests in flight (a limit is hit while mu may be held, in initialize)
	inflight map[*inflight]struct{}
}

type inflight struct {
	cancel context.CancelCauseFunc
	hit    *Error
}

func duration(ms *int64, fallback time.Duration) time.Duration {
	if ms == nil {
		return fallback
	}
	return time.Duration(*ms) * time.Millisecond
}

// NewClient checks the config and options; it does not connect (Start does).
func NewClient(config wirechat.McpServerConfig, options Options) (*Client, error) {
	limits, err := options.Limits.resolved()
	if err != nil {
		return nil, err
	}
	c := &Client{Config: config, Limits: limits, allow: map[string]bool{}, lookupEnv: options.LookupEnv,
		onWarning: options.OnWarning, stderr: options.Stderr, inflight: map[*inflight]struct{}{}}
	switch config := config.(type) {
	case *wirechat.McpStdioServer:
		c.Name = config.Name
		c.ConnectTimeout, c.CallTimeout = duration(config.ConnectTimeoutMs, DefaultConnectTimeout), duration(config.CallTimeoutMs, DefaultCallTimeout)
	case *wirechat.McpHttpServer:
		c.Name = config.Name
		c.ConnectTimeout, c.CallTimeout = duration(config.ConnectTimeoutMs, DefaultConnectTimeout), duration(config.CallTimeoutMs, DefaultCallTimeout)
	case *wirechat.McpWebsocketServer:
		return nil, newError(ErrUnsupportedTransport, config.Name, "the official MCP SDK has no WebSocket client transport; use stdio or http")
	default:
		return nil, fmt.Errorf("mcp: not a server config: %T", config)
	}
	for _, name := range options.AllowSecrets {
		c.allow[name] = true
	}
	if c.lookupEnv == nil {
		c.lookupEnv = os.LookupEnv
	}
	if c.onWarning == nil {
		c.onWarning = func(message string) { log.Print("wirechat: ", message) }
	}
	if c.stderr == nil {
		c.stderr = os.Stderr
	}
	return c, nil
}

// Connect is NewClient then Start.
func Connect(ctx context.Context, config wirechat.McpServerConfig, options Options) (*Client, error) {
	c, err := NewClient(config, options)
	if err != nil {
		return nil, err
	}
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// String names the server and transport; the config holds no secret values, and the resolved ones are not kept.
func (c *Client) String() string { return fmt.Sprintf("mcp.Client(%s)", c.Name) }

func (c *Client) transport() (sdk.Transport, error) {
	switch config := c.Config.(type) {
	case *wirechat.McpStdioServer:
		env, err := resolveEnv(config, c.lookupEnv, c.allow)
		if err != nil {
			return nil, err
		}
		cwd := ""
		if config.Cwd != nil {
			cwd = *config.Cwd
		}
		transport, _, err := stdioTransport(config.Command, config.Args, env, cwd, c.stderr, c.Limits.MaxResponseBytes, c.hit, c.Name)
		return transport, err
	case *wirechat.McpHttpServer:
		headers, err := resolveHeaders(config, c.lookupEnv, c.allow)
		if err != nil {
			return nil, err
		}
		return &sdk.StreamableClientTransport{Endpoint: config.URL, HTTPClient: cappedClient(c.Name, c.Limits.MaxResponseBytes, headers, c.hit),
			MaxRetries: -1, DisableStandaloneSSE: true, MaxEventSize: c.Limits.MaxResponseBytes}, nil
	}
	return nil, newError(ErrUnsupportedTransport, c.Name, "no client transport for %T", c.Config)
}

// hit records a limit passed and ends the requests in flight with it.
func (c *Client) hit(e *Error) {
	c.limitMu.Lock()
	defer c.limitMu.Unlock()
	for f := range c.inflight {
		if f.hit == nil {
			f.hit = e
			f.cancel(e)
		}
	}
}

// Start starts or reaches the server and completes initialize (within the connect timeout).
func (c *Client) Start(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.startLocked(ctx)
}

func (c *Client) startLocked(ctx context.Context) error {
	if c.session != nil {
		return nil
	}
	transport, err := c.transport()
	if err != nil {
		if e, ok := asError(err); ok {
			return e
		}
		return &Error{Kind: ErrConnect, Server: c.Name, Message: "could not connect: " + err.Error(), cause: err}
	}
	ctx, cancel := context.WithTimeout(ctx, c.ConnectTimeout)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "wirechat", Version: wirechat.Version}, nil)
	session, err := client.Connect(ctx, transport, nil)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &Error{Kind: ErrConnect, Server: c.Name, Message: fmt.Sprintf("no answer to initialize within %g s", c.ConnectTimeout.Seconds()), cause: err}
		}
		return &Error{Kind: ErrConnect, Server: c.Name, Message: "could not connect: " + err.Error(), cause: err}
	}
	c.session = session
	return nil
}

// Close stops the server (stdio) or ends the session (http). The client can be started again.
func (c *Client) Close() error {
	c.mu.Lock()
	session := c.session
	c.session = nil
	c.mu.Unlock()
	if session == nil {
		return nil
	}
	_ = session.Close()
	return nil
}

// request runs do with the call timeout, every failure as an *Error: the limit a response passed when one did.
func request[T any](ctx context.Context, c *Client, what string, timeout time.Duration, do func(context.Context, *sdk.ClientSession) (T, error)) (T, error) {
	var zero T
	c.mu.Lock()
	if err := c.startLocked(ctx); err != nil {
		c.mu.Unlock()
		return zero, err
	}
	session := c.session
	c.mu.Unlock()
	ctx, cancel := context.WithCancelCause(ctx)
	f := &inflight{cancel: cancel}
	c.limitMu.Lock()
	c.inflight[f] = struct{}{}
	c.limitMu.Unlock()
	defer func() {
		c.limitMu.Lock()
		delete(c.inflight, f)
		c.limitMu.Unlock()
		cancel(nil)
	}()
	callCtx, stop := context.WithTimeout(ctx, timeout)
	defer stop()
	value, err := do(callCtx, session)
	if err == nil {
		return value, nil
	}
	c.limitMu.Lock()
	hit := f.hit
	c.limitMu.Unlock()
	if hit != nil { // the rest of that message is not read: a new connection for the next request
		c.drop(session)
		e := *hit
		e.Message = what + ": " + hit.Message
		e.cause = err
		return zero, &e
	}
	return zero, c.failure(ctx, callCtx, session, what, timeout, err)
}

// drop closes session and forgets it, unless a new one has replaced it.
func (c *Client) drop(session *sdk.ClientSession) {
	c.mu.Lock()
	if c.session == session {
		c.session = nil
	}
	c.mu.Unlock()
	_ = session.Close()
}

func (c *Client) failure(outer, callCtx context.Context, session *sdk.ClientSession, what string, timeout time.Duration, err error) error {
	var rpc *jsonrpc.Error
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &rpc):
		return &Error{Kind: ErrRPC, Server: c.Name, Message: fmt.Sprintf("%s: JSON-RPC error %d: %s", what, rpc.Code, rpc.Message),
			Code: rpc.Code, RPCMessage: rpc.Message, Data: rpc.Data, cause: err}
	case outer.Err() != nil:
		return err // the caller's own context ended: its error, as it is
	case errors.Is(callCtx.Err(), context.DeadlineExceeded):
		return &Error{Kind: ErrTimeout, Server: c.Name, Message: fmt.Sprintf("%s: no answer within %g s", what, timeout.Seconds()), cause: err}
	case errors.As(err, &syntax), errors.As(err, &typ):
		return &Error{Kind: ErrMalformedResult, Server: c.Name, Message: fmt.Sprintf("%s: not a valid MCP result: %v", what, err), cause: err}
	}
	c.drop(session)
	return &Error{Kind: ErrServerDied, Server: c.Name, Message: fmt.Sprintf("%s: the connection ended (%v)", what, err), cause: err}
}
