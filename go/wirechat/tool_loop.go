package wirechat

// The tool loop's history helpers and the consistency checks of spec section 14: MergeConsecutive
// (explicit, never a side effect of adding a message), FindToolCall and FindToolResult, and
// CheckToolResult / CheckToolLoopState, whose *WireError problems have the rules RuleToolStatus and
// RuleToolLoopState and the same pointers as Python (wirechat.tool_state) and TypeScript. Vectors:
// conformance/vectors/tool-loop.json.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/internal/codec"
)

// The rules of spec section 14.3.
const (
	RuleToolStatus    = "tool-status"
	RuleToolLoopState = "tool-loop-state"
)

// Found says where a tool call or result is: messages[Message].Parts[Part].
type Found[T any] struct {
	Message int
	Part    int
	Value   T
}

// MergeConsecutive returns a new slice in which each run of consecutive messages with the same role and
// the same name is one message holding their parts in order. The first of a run keeps its ID and
// ProviderMetadata; a later message with an ID or ProviderMetadata of its own starts a new run (merging
// would drop them). The input is not changed (the parts themselves are shared, not copied).
func MergeConsecutive(messages []Message) []Message {
	merged := make([]Message, 0, len(messages))
	for _, message := range messages {
		if n := len(merged); n > 0 {
			last := &merged[n-1]
			if last.Role == message.Role && sameName(last.Name, message.Name) && message.ID == nil && message.ProviderMetadata == nil {
				last.Parts = append(last.Parts, message.Parts...)
				continue
			}
		}
		message.Parts = append(make([]Part, 0, len(message.Parts)), message.Parts...)
		merged = append(merged, message)
	}
	return merged
}

func sameName(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// FindToolCall returns the first tool call with this id anywhere in messages, and whether there is one.
func FindToolCall(messages []Message, id string) (Found[ToolCall], bool) {
	for m, message := range messages {
		for p, part := range message.Parts {
			if call, ok := part.(*ToolCallPart); ok && call.ToolCall.ID == id {
				return Found[ToolCall]{m, p, call.ToolCall}, true
			}
		}
	}
	return Found[ToolCall]{}, false
}

// FindToolResult returns the first tool result answering this call id anywhere in messages, and
// whether there is one.
func FindToolResult(messages []Message, id string) (Found[ToolResult], bool) {
	for m, message := range messages {
		for p, part := range message.Parts {
			if result, ok := part.(*ToolResultPart); ok && result.ToolResult.ToolCallID == id {
				return Found[ToolResult]{m, p, result.ToolResult}, true
			}
		}
	}
	return Found[ToolResult]{}, false
}

// instantKey orders Timestamp strings by instant (the fraction has 0 to 9 digits).
func instantKey(t Timestamp) string {
	s := string(t)
	if len(s) < 20 {
		return s
	}
	fraction := s[min(20, len(s)-1) : len(s)-1]
	return s[:19] + fraction + strings.Repeat("0", max(0, 9-len(fraction)))
}

func toolResultProblems(result ToolResult, at string) []Problem {
	var problems []Problem
	status := ""
	if result.Status != nil {
		status = string(*result.Status)
	}
	isError := result.IsError != nil && *result.IsError
	add := func(where, message string) {
		problems = append(problems, Problem{Pointer: at + where, Message: message, Rule: RuleToolStatus})
	}
	if status == "completed" && isError {
		add("/is_error", "a completed result is not an error: is_error must be absent or false")
	}
	if (status == "failed" || status == "rejected") && !isError {
		add("/is_error", "a "+status+" result must have is_error: true")
	}
	if result.Reason != nil && status != "rejected" {
		said := status
		if said == "" {
			said = "absent"
		}
		add("/reason", "reason belongs to a rejected result only (status is "+said+")")
	}
	if status == "rejected" && result.Reason == nil {
		add("/reason", "a rejected result must say why (reason)")
	}
	return problems
}

// CheckToolResult returns a *WireError when result breaks spec section 14.1 (status against is_error
// and reason), else nil.
func CheckToolResult(result ToolResult) error {
	if problems := toolResultProblems(result, ""); len(problems) > 0 {
		return &WireError{Type: "ToolResult", Problems: codec.OrderProblems(problems)}
	}
	return nil
}

// CheckToolLoopState returns a *WireError listing every spec section 14.3 problem of state, or nil
// when it is consistent. Run it before resuming a state.
func CheckToolLoopState(state ToolLoopState) error {
	var problems []Problem
	add := func(pointer, rule, message string) {
		problems = append(problems, Problem{Pointer: pointer, Message: message, Rule: rule})
	}
	var lastAssistant *Message
	answered := map[string]bool{}
	for m := range state.Request.Messages {
		message := &state.Request.Messages[m]
		if message.Role == RoleAssistant {
			lastAssistant = message
		}
		for p, part := range message.Parts {
			if result, ok := part.(*ToolResultPart); ok {
				answered[result.ToolResult.ToolCallID] = true
				at := "/request/messages/" + strconv.Itoa(m) + "/parts/" + strconv.Itoa(p) + "/tool_result"
				problems = append(problems, toolResultProblems(result.ToolResult, at)...)
			}
		}
	}
	calls := map[string]ToolCall{}
	if lastAssistant != nil {
		for _, part := range lastAssistant.Parts {
			if call, ok := part.(*ToolCallPart); ok {
				calls[call.ToolCall.ID] = call.ToolCall
			}
		}
	}
	statuses := map[string]ToolCallStatus{}
	for i, pending := range state.Pending {
		call := pending.ToolCall
		at := "/pending/" + strconv.Itoa(i)
		quoted := strconv.Quote(call.ID)
		if _, twice := statuses[call.ID]; twice {
			add(at+"/tool_call/id", RuleToolLoopState, "tool call "+quoted+" is pending twice")
			continue
		}
		statuses[call.ID] = pending.Status
		if made, ok := calls[call.ID]; !ok {
			add(at+"/tool_call", RuleToolLoopState, "tool call "+quoted+" is not a call of the last assistant message")
		} else if made.Name != call.Name || made.Arguments != call.Arguments {
			add(at+"/tool_call", RuleToolLoopState, "tool call "+quoted+" differs from the call the model made (name or arguments)")
		}
		if answered[call.ID] {
			add(at, RuleToolLoopState, "tool call "+quoted+" already has a result in the messages")
		}
	}
	problems = append(problems, pauseProblems(state.Pause, statuses)...)
	if len(problems) > 0 {
		return &WireError{Type: "ToolLoopState", Problems: codec.OrderProblems(problems)}
	}
	return nil
}

type pauseList struct {
	where  string
	ids    ToolCallIds
	wanted string
}

func pauseProblems(pause ToolLoopPause, statuses map[string]ToolCallStatus) []Problem {
	var lists []pauseList
	var at *Timestamp
	switch p := pause.(type) {
	case *PauseAwaitingApproval:
		lists = []pauseList{{"/pause/tool_call_ids", p.ToolCallIds, "pending"}}
	case *PauseScheduled:
		lists = []pauseList{{"/pause/tool_call_ids", p.ToolCallIds, "scheduled"}}
		at = &p.At
	case *PauseMixed:
		lists = []pauseList{{"/pause/awaiting_approval", p.AwaitingApproval, "pending"}, {"/pause/scheduled", p.Scheduled, "scheduled"}}
		at = &p.At
	}
	var problems []Problem
	var earliest *Timestamp
	for _, list := range lists {
		for j, id := range list.ids {
			kind := ""
			switch status := statuses[id].(type) {
			case *ToolCallPending:
				kind = "pending"
			case *ToolCallScheduled:
				kind = "scheduled"
				if list.wanted == kind && (earliest == nil || instantKey(status.At) < instantKey(*earliest)) {
					earliest = &status.At
				}
			}
			if kind != list.wanted {
				problems = append(problems, Problem{Pointer: list.where + "/" + strconv.Itoa(j), Rule: RuleToolLoopState,
					Message: "tool call " + strconv.Quote(id) + " is not a " + list.wanted + " call of pending"})
			}
		}
	}
	if at != nil && earliest != nil && instantKey(*at) != instantKey(*earliest) {
		problems = append(problems, Problem{Pointer: "/pause/at", Rule: RuleToolLoopState,
			Message: fmt.Sprintf("pause.at is %s, but the earliest scheduled call is due at %s", *at, *earliest)})
	}
	return problems
}
