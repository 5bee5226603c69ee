package mcp

// Several servers as one tool set (Python's McpServers): a tool name more than one server offers is
// prefixed with the server's config name and two underscores (github__search, jira__search); a name only
// one server offers stays as it is. CallResult routes by the name ListTools gave and calls the server with
// the tool's own name; the call's ID is kept.

import (
	"context"
	"errors"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Separator joins a server's name and a tool's when the tool's name is offered by several servers.
const Separator = "__"

type route struct {
	client *Client
	name   string
}

// Servers is connections to several servers (unique config names), their tools merged under unique names.
type Servers struct {
	Clients []*Client
	mu      sync.Mutex
	routes  map[string]route
}

// NewServers checks every config (names unique); the options apply to each server.
func NewServers(configs []wirechat.McpServerConfig, options Options) (*Servers, error) {
	s := &Servers{}
	seen := map[string]bool{}
	for _, config := range configs {
		c, err := NewClient(config, options)
		if err != nil {
			return nil, err
		}
		if seen[c.Name] {
			return nil, newError(ErrConfig, c.Name, "two servers in one list have this name")
		}
		seen[c.Name] = true
		s.Clients = append(s.Clients, c)
	}
	return s, nil
}

// each runs do for every client at once; the errors in config order.
func (s *Servers) each(do func(i int, c *Client) error) []error {
	errs := make([]error, len(s.Clients))
	var wg sync.WaitGroup
	for i, c := range s.Clients {
		wg.Go(func() { errs[i] = do(i, c) })
	}
	wg.Wait()
	return errs
}

// Start connects to every server at once; the first failure (in config order) is returned after the others are closed.
func (s *Servers) Start(ctx context.Context) error {
	for _, err := range s.each(func(_ int, c *Client) error { return c.Start(ctx) }) {
		if err != nil {
			_ = s.Close()
			return err
		}
	}
	return nil
}

// Close closes every server.
func (s *Servers) Close() error {
	return errors.Join(s.each(func(_ int, c *Client) error { return c.Close() })...)
}

// ListTools gives every server's tools, in config order, colliding names prefixed.
func (s *Servers) ListTools(ctx context.Context) ([]wirechat.ToolDefinition, error) {
	perServer := make([][]wirechat.ToolDefinition, len(s.Clients))
	errs := s.each(func(i int, c *Client) (err error) {
		perServer[i], err = c.ListTools(ctx)
		return err
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	count := map[string]int{}
	for _, tools := range perServer {
		for _, tool := range tools {
			count[tool.Name]++
		}
	}
	routes := map[string]route{}
	var merged []wirechat.ToolDefinition
	for i, c := range s.Clients {
		for _, tool := range perServer[i] {
			name := tool.Name
			if count[name] > 1 {
				name = c.Name + Separator + tool.Name
			}
			if _, taken := routes[name]; taken || utf8.RuneCountInString(name) > 128 {
				return nil, newError(ErrMalformedResult, c.Name, "tool '%s': its prefixed name '%s' is too long or taken", tool.Name, name)
			}
			routes[name] = route{c, tool.Name}
			tool.Name = name
			merged = append(merged, tool)
		}
	}
	s.mu.Lock()
	s.routes = routes
	s.mu.Unlock()
	return merged, nil
}

func (s *Servers) route(ctx context.Context, call wirechat.ToolCall) (*Client, wirechat.ToolCall, error) {
	s.mu.Lock()
	listed := s.routes != nil
	s.mu.Unlock()
	if !listed {
		if _, err := s.ListTools(ctx); err != nil {
			return nil, call, err
		}
	}
	s.mu.Lock()
	r, ok := s.routes[call.Name]
	s.mu.Unlock()
	if !ok {
		names := make([]string, len(s.Clients))
		for i, c := range s.Clients {
			names[i] = c.Name
		}
		return nil, call, newError(ErrMCP, strings.Join(names, ","), "no server offers a tool named '%s'", call.Name)
	}
	call.Name = r.name
	return r.client, call, nil
}

// CallResult routes the call to the server that offers the tool (by the name ListTools gave).
func (s *Servers) CallResult(ctx context.Context, call wirechat.ToolCall) (wirechat.ToolResult, error) {
	c, call, err := s.route(ctx, call)
	if err != nil {
		return wirechat.ToolResult{}, err
	}
	return c.CallResult(ctx, call)
}

// Call is CallResult as a tool message.
func (s *Servers) Call(ctx context.Context, call wirechat.ToolCall) (wirechat.Message, error) {
	c, call, err := s.route(ctx, call)
	if err != nil {
		return wirechat.Message{}, err
	}
	return c.Call(ctx, call)
}
