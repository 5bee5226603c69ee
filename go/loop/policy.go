package loop

// Policies (what to do with a call) and decisions (a person's answer to a paused call), as Python's
// wirechat.tools._policy: execute, require approval, schedule at a time, or reject with a reason the
// model reads.

import (
	"errors"
	"fmt"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Action is what the loop does with one call: Execute, RequireApproval, Schedule or Reject.
type Action interface {
	Policy
	action()
}

// Execute runs the call now.
type Execute struct{}

// RequireApproval pauses the loop until a person approves or rejects the call (Resume).
type RequireApproval struct{}

// Schedule runs the call at At or later: the loop pauses until then.
type Schedule struct{ At time.Time }

// Reject does not run the call; the model receives a rejected result with Reason.
type Reject struct{ Reason string }

func (Execute) action()         {}
func (RequireApproval) action() {}
func (Schedule) action()        {}
func (Reject) action()          {}

// Policy gives the action for a call of a tool: an Action (the same for every call) or a PolicyFunc.
type Policy interface {
	ActionFor(call wirechat.ToolCall) (Action, error)
}

// PolicyFunc is a policy computed from the call (its arguments, say); an error stops the loop with a
// *LoopError whose state re-asks the model turn.
type PolicyFunc func(call wirechat.ToolCall) (Action, error)

// ActionFor calls f.
func (f PolicyFunc) ActionFor(call wirechat.ToolCall) (Action, error) { return f(call) }

// ActionFor returns the action itself.
func (a Execute) ActionFor(wirechat.ToolCall) (Action, error) { return a, nil }

// ActionFor returns the action itself.
func (a RequireApproval) ActionFor(wirechat.ToolCall) (Action, error) { return a, nil }

// ActionFor returns the action itself.
func (a Schedule) ActionFor(wirechat.ToolCall) (Action, error) { return a, nil }

// ActionFor returns the action itself.
func (a Reject) ActionFor(wirechat.ToolCall) (Action, error) { return a, nil }

func checkAction(action Action) error {
	switch a := action.(type) {
	case Schedule:
		if a.At.IsZero() {
			return errors.New("Schedule needs a time (At)")
		}
	case Reject:
		if a.Reason == "" {
			return errors.New("Reject needs a reason: the model reads it")
		}
	case Execute, RequireApproval:
	case nil:
		return errors.New("no action")
	default:
		return fmt.Errorf("unknown action %T", action)
	}
	return nil
}

// actionFor is the action the policy for call.Name (else the default) gives, checked.
func actionFor(call wirechat.ToolCall, policies map[string]Policy, fallback Policy) (Action, error) {
	policy, ok := policies[call.Name]
	if !ok {
		policy = fallback
	}
	action, err := policy.ActionFor(call)
	if err != nil {
		return nil, fmt.Errorf("the policy for tool %q: %w", call.Name, err)
	}
	if err := checkAction(action); err != nil {
		return nil, fmt.Errorf("the policy for tool %q returned a bad action: %w", call.Name, err)
	}
	return action, nil
}

// Decision is a person's answer to a pending call: Approve or RejectDecision.
type Decision interface{ decision() string }

// Approve is the decision to run the pending call ToolCallID.
type Approve struct{ ToolCallID string }

// RejectDecision is the decision not to run ToolCallID; the model reads Reason.
type RejectDecision struct {
	ToolCallID string
	Reason     string
}

func (d Approve) decision() string        { return d.ToolCallID }
func (d RejectDecision) decision() string { return d.ToolCallID }

// FromWire is the Decision a wire ToolLoopDecision (a UI's approve or reject, spec section 14.4) stands for.
func FromWire(d wirechat.ToolLoopDecision) (Decision, error) {
	switch v := d.(type) {
	case *wirechat.ApproveToolCall:
		return Approve{ToolCallID: v.ToolCallID}, nil
	case *wirechat.RejectToolCall:
		return RejectDecision{ToolCallID: v.ToolCallID, Reason: v.Reason}, nil
	}
	return nil, fmt.Errorf("loop: %T is not a ToolLoopDecision variant", d)
}

// Timestamp is t as a wire Timestamp (UTC, Z, microseconds when there are any), as Python writes it.
func Timestamp(t time.Time) wirechat.Timestamp {
	utc := t.UTC()
	if utc.Nanosecond()/1000 != 0 {
		return wirechat.Timestamp(utc.Format("2006-01-02T15:04:05.000000Z"))
	}
	return wirechat.Timestamp(utc.Format("2006-01-02T15:04:05Z"))
}

// ParseTimestamp reads a wire Timestamp (digits past microseconds are dropped, as in Python).
func ParseTimestamp(t wirechat.Timestamp) (time.Time, error) {
	parsed, err := time.Parse(time.RFC3339Nano, string(t))
	if err != nil {
		return time.Time{}, fmt.Errorf("timestamp %q: %w", t, err)
	}
	return parsed.Truncate(time.Microsecond).UTC(), nil
}
