package loop

// A saved state cannot approve its own calls: Resume re-applies the caller's policies to every call the
// state says was decided (decision 033; Python's wirechat.tools._integrity has the same table):
//
//	status in the state   policy now          becomes
//	approved              Execute             approved (the policy needs no decision)
//	approved              RequireApproval     pending: an approval is given to Resume, not read from a file
//	approved              Schedule(at)        scheduled at the policy's time (approved once it is due)
//	scheduled             Execute, Schedule   unchanged (the state's at, which no policy can confirm)
//	scheduled             RequireApproval     pending
//	approved, scheduled   Reject(reason)      rejected with the policy's reason
//	pending, rejected     any                 unchanged (neither runs a call)

import (
	"fmt"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

func checkedStatus(pending wirechat.PendingToolCall, policies map[string]Policy, fallback Policy, now time.Time) (wirechat.ToolCallStatus, error) {
	status := pending.Status
	switch status.(type) {
	case *wirechat.ToolCallPending, *wirechat.ToolCallRejected:
		return status, nil
	}
	action, err := actionFor(pending.ToolCall, policies, fallback)
	if err != nil {
		return nil, err
	}
	switch a := action.(type) {
	case Execute:
		return status, nil
	case RequireApproval:
		return &wirechat.ToolCallPending{}, nil
	case Schedule:
		if _, scheduled := status.(*wirechat.ToolCallScheduled); scheduled {
			return status, nil
		}
		if a.At.After(now) {
			return &wirechat.ToolCallScheduled{At: Timestamp(a.At)}, nil
		}
		return &wirechat.ToolCallApproved{}, nil
	case Reject:
		return &wirechat.ToolCallRejected{Reason: a.Reason}, nil
	}
	panic(fmt.Sprintf("loop: unhandled action %T", action)) // checkAction admits only the four
}

// reapplyPolicies is pending with each claimed decision checked against the policies (the table above).
func reapplyPolicies(pending []wirechat.PendingToolCall, policies map[string]Policy, fallback Policy, now time.Time) ([]wirechat.PendingToolCall, error) {
	checked := make([]wirechat.PendingToolCall, 0, len(pending))
	for _, p := range pending {
		status, err := checkedStatus(p, policies, fallback, now)
		if err != nil {
			return nil, err
		}
		p.Status = status
		checked = append(checked, p)
	}
	return checked, nil
}
