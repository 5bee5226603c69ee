package mcp

// The errors an MCP connection returns: one *Error type whose Kind is a sentinel, so that errors.Is works
// by the names Python and TypeScript use (decision 030):
//
//	Python / TypeScript            Go
//	McpError                       errors.Is(err, mcp.ErrMCP), or *mcp.Error (errors.As; Server names it)
//	McpConfigError                 errors.Is(err, mcp.ErrConfig)
//	McpUnsupportedTransportError   errors.Is(err, mcp.ErrUnsupportedTransport), also ErrConfig
//	McpSecretNotAllowedError       errors.Is(err, mcp.ErrSecretNotAllowed), also ErrConfig; Variable names it
//	McpConnectError                errors.Is(err, mcp.ErrConnect)
//	McpServerDiedError             errors.Is(err, mcp.ErrServerDied)
//	McpTimeoutError                errors.Is(err, mcp.ErrTimeout)
//	McpRpcError                    errors.Is(err, mcp.ErrRPC); Code, RPCMessage, Data
//	McpMalformedResultError        errors.Is(err, mcp.ErrMalformedResult)
//	McpLimitError                  errors.Is(err, mcp.ErrLimit); Limit (pages, time, bytes, content-encoding), Value
//
// Messages name the server, the tool and what went wrong; never a secret (a config holds only the names
// of the variables that hold secrets).

import (
	"errors"
	"fmt"
)

type kind struct {
	name   string
	parent *kind
}

func (k *kind) Error() string { return "wirechat mcp: " + k.name }

var (
	// ErrMCP matches every error of this package.
	ErrMCP error = &kind{name: "mcp error"}
	// ErrConfig matches a config that cannot be used as it is.
	ErrConfig error = &kind{"config", nil}
	// ErrUnsupportedTransport matches a websocket config: the SDK has no client transport for it.
	ErrUnsupportedTransport error = &kind{"unsupported transport", ErrConfig.(*kind)}
	// ErrSecretNotAllowed matches a secret_env / secret_headers variable the program did not allow.
	ErrSecretNotAllowed error = &kind{"secret not allowed", ErrConfig.(*kind)}
	// ErrConnect matches a server that could not be started or reached, or did not complete initialize.
	ErrConnect error = &kind{"connect", nil}
	// ErrServerDied matches a connection that ended in a request; the next request reconnects.
	ErrServerDied error = &kind{"server died", nil}
	// ErrTimeout matches a request with no answer within its timeout; the connection stays open.
	ErrTimeout error = &kind{"timeout", nil}
	// ErrRPC matches a JSON-RPC error answer.
	ErrRPC error = &kind{"rpc", nil}
	// ErrMalformedResult matches an answer that is not a valid MCP result, or that wirechat cannot map.
	ErrMalformedResult error = &kind{"malformed result", nil}
	// ErrLimit matches an answer past a limit the client sets (Limits); after a message cut at "bytes" the
	// connection is dropped and the next request makes a new one.
	ErrLimit error = &kind{"limit", nil}
)

// Error is every error this package returns. Kind is one of the sentinels above; the other fields are
// set for the kinds that have them.
type Error struct {
	Kind    error
	Server  string
	Message string // without the server
	// ErrRPC: the JSON-RPC error.
	Code       int64
	RPCMessage string
	Data       []byte
	// ErrLimit: which limit ("pages", "time", "bytes", "content-encoding") and its value.
	Limit string
	Value any
	// ErrSecretNotAllowed: the variable.
	Variable string
	cause    error
}

func (e *Error) Error() string { return fmt.Sprintf("MCP server '%s': %s", e.Server, e.Message) }

// Unwrap gives the cause (an SDK or network error), when there is one.
func (e *Error) Unwrap() error { return e.cause }

// Is matches the error's kind, the kinds above it, and ErrMCP.
func (e *Error) Is(target error) bool {
	if target == ErrMCP {
		return true
	}
	for k, _ := e.Kind.(*kind); k != nil; k = k.parent {
		if error(k) == target {
			return true
		}
	}
	return false
}

func newError(kind error, server, format string, args ...any) *Error {
	return &Error{Kind: kind, Server: server, Message: fmt.Sprintf(format, args...)}
}

func secretNotAllowed(server, variable, where string) *Error {
	e := newError(ErrSecretNotAllowed, server, "%s names the environment variable %s, which this program does not allow "+
		"to be sent: pass Options.AllowSecrets = []string{%q} to let this server have it", where, variable, variable)
	e.Variable = variable
	return e
}

func limitError(server, limit string, value any, format string, args ...any) *Error {
	e := newError(ErrLimit, server, format, args...)
	e.Limit, e.Value = limit, value
	return e
}

// asError is err as an *Error when it is one.
func asError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
