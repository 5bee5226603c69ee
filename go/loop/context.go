package loop

// What a running tool may know about its call: ToolContext (the call id as an idempotency key, the
// timeout), a value of the context.Context each tool receives.

import (
	"context"
	"time"
)

// ToolContext is the call a tool is running for. CallID is the model's id for the call, unique within a
// conversation: a tool with a side effect that must happen once (a payment) passes it to the service it
// calls as that service's idempotency key. Timeout is the loop's limit (0: none); the tool's context is
// cancelled then, but the loop waits for the tool to return (a goroutine cannot be stopped from outside,
// and reporting a call failed while it may still do its work would let the model call it again).
type ToolContext struct {
	CallID  string
	Name    string
	Timeout time.Duration
}

type contextKey struct{}

// WithCall returns ctx carrying call (the loop does this for each call; tests of a tool may too).
func WithCall(ctx context.Context, call ToolContext) context.Context {
	return context.WithValue(ctx, contextKey{}, call)
}

// CallFrom returns the ToolContext of the call the running tool serves, and false outside a loop's call.
func CallFrom(ctx context.Context) (ToolContext, bool) {
	call, ok := ctx.Value(contextKey{}).(ToolContext)
	return call, ok
}
