package loop

// Resolving tool calls: find the tool, run the approved calls concurrently, each with the call in its
// context and a timeout, and turn every outcome into a ToolResult with its status (spec section 14.1).
// Nothing here fails the loop for a tool's failure: the model reads it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

func failed(call wirechat.ToolCall, content string) wirechat.ToolResult {
	return wirechat.ToolResult{ToolCallID: call.ID, Content: content, IsError: wirechat.Ptr(true),
		Status: wirechat.Ptr(wirechat.ToolResultStatusFailed)}
}

func rejected(call wirechat.ToolCall, reason string) wirechat.ToolResult {
	return wirechat.ToolResult{ToolCallID: call.ID, Content: "rejected: " + reason, IsError: wirechat.Ptr(true),
		Status: wirechat.Ptr(wirechat.ToolResultStatusRejected), Reason: &reason}
}

// interrupted is the provisional result of a call about to run: what a resumed loop tells the model
// when the process stopped before the call's real result was recorded (the same words as Python).
func interrupted(call wirechat.ToolCall) wirechat.ToolResult {
	return failed(call, fmt.Sprintf("the tool loop stopped while tool %s was due to run or running (call id %s): "+
		"whether it did its work is not known, and the loop does not run it again", call.Name, call.ID))
}

func unknownTool(call wirechat.ToolCall, tools map[string]Tool) wirechat.ToolResult {
	names := make([]string, 0, len(tools))
	for name := range tools {
		names = append(names, name)
	}
	sort.Strings(names)
	known := strings.Join(names, ", ")
	if known == "" {
		known = "none"
	}
	return failed(call, fmt.Sprintf("unknown tool '%s' (the tools are: %s)", call.Name, known))
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%g", d.Seconds())
}

// invoke runs the tool and waits for it to return, whatever the timeout: a panic is its failure.
func invoke(ctx context.Context, tool Tool, call wirechat.ToolCall) (value any, err error) {
	defer func() {
		if recovered := recover(); recovered != nil {
			err = fmt.Errorf("panic: %v", recovered)
		}
	}()
	return tool.Invoke(ctx, call.Arguments)
}

func execute(ctx context.Context, call wirechat.ToolCall, tools map[string]Tool, timeout time.Duration) wirechat.ToolResult {
	tool, ok := tools[call.Name]
	if !ok {
		return unknownTool(call, tools)
	}
	var object json.RawMessage // every tool, hand-made ones too, gets an I-JSON object (as in Python)
	if err := wirechat.ParseArguments(call.Arguments, &object); err != nil {
		return invalidArguments(call, err)
	}
	ctx = WithCall(ctx, ToolContext{CallID: call.ID, Name: call.Name, Timeout: timeout})
	var cancel context.CancelFunc = func() {}
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	value, err := invoke(ctx, tool, call)
	overdue := errors.Is(ctx.Err(), context.DeadlineExceeded)
	cancel()
	var invalid *ArgumentsInvalidError
	var malformed *wirechat.ToolArgumentsError
	switch {
	case errors.As(err, &invalid) || errors.As(err, &malformed):
		return invalidArguments(call, err)
	case err != nil && overdue && errors.Is(err, context.DeadlineExceeded):
		return failed(call, fmt.Sprintf("tool %s did not finish within %s s", call.Name, seconds(timeout)))
	case err != nil:
		return failed(call, fmt.Sprintf("tool %s failed: %v", call.Name, err))
	}
	switch v := value.(type) {
	case wirechat.ToolResult: // a tool that answers in wire form (an MCP server's result)
		return wireResult(call, v)
	case *wirechat.ToolResult:
		if v != nil {
			return wireResult(call, *v)
		}
	}
	text, err := outputText(value)
	if err != nil {
		return failed(call, fmt.Sprintf("tool %s returned a value that is not JSON: %v", call.Name, err))
	}
	return wirechat.ToolResult{ToolCallID: call.ID, Content: text, Status: wirechat.Ptr(wirechat.ToolResultStatusCompleted)}
}

func invalidArguments(call wirechat.ToolCall, err error) wirechat.ToolResult {
	var malformed *wirechat.ToolArgumentsError
	if errors.As(err, &malformed) {
		return failed(call, fmt.Sprintf("invalid arguments for %s: %s", call.Name, malformed.Reason))
	}
	return failed(call, fmt.Sprintf("invalid arguments for %s: %v", call.Name, err))
}

func wireResult(call wirechat.ToolCall, result wirechat.ToolResult) wirechat.ToolResult {
	result.ToolCallID = call.ID
	result.Reason = nil
	if result.IsError != nil && *result.IsError {
		result.Status = wirechat.Ptr(wirechat.ToolResultStatusFailed)
	} else {
		result.Status = wirechat.Ptr(wirechat.ToolResultStatusCompleted)
	}
	return result
}

// executeCalls runs calls concurrently; the results come back in the calls' order.
func executeCalls(ctx context.Context, calls []wirechat.ToolCall, tools map[string]Tool, timeout time.Duration) []wirechat.ToolResult {
	results := make([]wirechat.ToolResult, len(calls))
	if len(calls) == 1 {
		results[0] = execute(ctx, calls[0], tools, timeout)
		return results
	}
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Go(func() { results[i] = execute(ctx, call, tools, timeout) })
	}
	wg.Wait()
	return results
}
