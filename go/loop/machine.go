package loop

// The loop's decisions (policies, pauses, results, step counts, usage), shared by Run, Stream and Resume,
// which differ only in how a model turn is made (driver.turn) and whether the loop's own wire events
// (tool_results, step_finished, paused, loop_finished: spec section 14.4) are passed on (driver.emit).
// Python's wirechat.tools._machine is the specification.
//
// At most once, never lost (decision 033): before a round of calls runs, each gets a provisional failed
// result saying its outcome is unknown, and that state is saved; the real results replace them when the
// round ends, and that state is saved too. Every error is returned as a *LoopError carrying the state at
// that moment, so resuming from it is as safe as resuming from the checkpoint.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

type driver struct {
	turn func(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error)
	emit func(event wirechat.LoopEvent) // nil: the loop's events are not passed on (Run, Resume)
}

type machine struct {
	loop    *Loop
	driver  driver
	request wirechat.ChatRequest
	// messages is never changed in place: a message that gains results is replaced by a copy with a
	// new Parts slice, so the states and results handed out share nothing that changes later.
	messages []wirechat.Message
	steps    int
	usage    *wirechat.TokenUsage
	pending  []wirechat.PendingToolCall
}

func (m *machine) nextRequest() wirechat.ChatRequest {
	request := m.request
	request.Messages = slices.Clone(m.messages)
	return request
}

func (m *machine) snapshot() wirechat.ToolLoopState {
	state := wirechat.ToolLoopState{Request: m.nextRequest(), Pending: slices.Clone(m.pending), Steps: int64(m.steps)}
	if state.Pending == nil {
		state.Pending = []wirechat.PendingToolCall{}
	}
	state.Pause = pauseOf(m.pending)
	if m.usage != nil {
		usage := *m.usage
		state.Usage = &usage
	}
	return state
}

func (m *machine) emit(event wirechat.LoopEvent) {
	if m.loop.onEvent != nil {
		m.loop.onEvent(event)
	}
	if m.driver.emit != nil {
		m.driver.emit(event)
	}
}

// stepFinished says every call of the current step has its result, with the loop's usage so far.
func (m *machine) stepFinished() {
	m.emit(&wirechat.StepFinishedEvent{Step: int64(m.steps), Usage: m.usageCopy()})
}

func (m *machine) usageCopy() *wirechat.TokenUsage {
	if m.usage == nil {
		return nil
	}
	usage := *m.usage
	return &usage
}

func (m *machine) result() Result {
	return Result{Messages: slices.Clone(m.messages), Steps: m.steps, Usage: m.usage}
}

// fail wraps err as a *LoopError carrying the state as it stands.
func (m *machine) fail(err error) *LoopError {
	if failure, ok := err.(*LoopError); ok {
		return failure
	}
	return &LoopError{Message: fmt.Sprintf("the tool loop stopped after %d model turns: %v", m.steps, err),
		State: m.snapshot(), Usage: m.usage, Err: err}
}

// addResults appends results to the turn's tool message (made when the turn has none yet).
func (m *machine) addResults(results []wirechat.ToolResult) {
	if len(results) == 0 {
		return
	}
	parts := make([]wirechat.Part, 0, len(results))
	for _, result := range results {
		parts = append(parts, &wirechat.ToolResultPart{ToolResult: result})
	}
	last := len(m.messages) - 1
	if m.messages[last].Role == wirechat.RoleTool {
		message := m.messages[last]
		message.Parts = append(slices.Clip(message.Parts), parts...)
		m.messages[last] = message
		return
	}
	m.messages = append(m.messages, wirechat.Message{Role: wirechat.RoleTool, Parts: parts})
}

// replaceResults puts results in place of the trailing tool message's results with the same call ids.
func (m *machine) replaceResults(results []wirechat.ToolResult) {
	byID := make(map[string]wirechat.ToolResult, len(results))
	for _, result := range results {
		byID[result.ToolCallID] = result
	}
	last := len(m.messages) - 1
	message := m.messages[last]
	message.Parts = slices.Clone(message.Parts)
	for i, part := range message.Parts {
		if old, ok := part.(*wirechat.ToolResultPart); ok {
			if result, ok := byID[old.ToolResult.ToolCallID]; ok {
				message.Parts[i] = &wirechat.ToolResultPart{ToolResult: result}
			}
		}
	}
	m.messages[last] = message
}

func (m *machine) save() error {
	if m.loop.checkpoint == nil {
		return nil
	}
	if err := m.loop.checkpoint(m.snapshot()); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// item is one call of a round: to run (result nil) or resolved already.
type item struct {
	call   wirechat.ToolCall
	result *wirechat.ToolResult
}

// runRound records a round's results: the known ones as they are, and for each call to run a provisional
// result that the real one replaces (saved before the round and after it). True when the state as it now
// stands was saved.
func (m *machine) runRound(ctx context.Context, ordered []item) (bool, error) {
	results := make([]wirechat.ToolResult, 0, len(ordered))
	var toRun []wirechat.ToolCall
	for _, it := range ordered {
		if it.result != nil {
			results = append(results, *it.result)
		} else {
			results = append(results, interrupted(it.call))
			toRun = append(toRun, it.call)
		}
	}
	m.addResults(results)
	if len(toRun) == 0 {
		if len(results) > 0 {
			m.emit(&wirechat.ToolResultsEvent{Step: int64(m.steps), Results: results})
		}
		return false, nil
	}
	if err := m.save(); err != nil {
		return false, err
	}
	ran := executeCalls(ctx, toRun, m.loop.tools, m.loop.timeout)
	m.replaceResults(ran)
	if err := m.save(); err != nil {
		return false, err
	}
	inOrder, next := make([]wirechat.ToolResult, 0, len(ordered)), 0
	for _, it := range ordered {
		if it.result != nil {
			inOrder = append(inOrder, *it.result)
		} else {
			inOrder = append(inOrder, ran[next])
			next++
		}
	}
	m.emit(&wirechat.ToolResultsEvent{Step: int64(m.steps), Results: inOrder})
	return m.loop.checkpoint != nil, nil
}

// classify sorts each call of a turn, in order: a call to run now or a known result; and the calls that wait.
func (m *machine) classify(calls []wirechat.ToolCall) ([]item, []wirechat.PendingToolCall, error) {
	now := time.Now()
	var ordered []item
	var waiting []wirechat.PendingToolCall
	for _, call := range calls {
		if _, ok := m.loop.tools[call.Name]; !ok {
			result := unknownTool(call, m.loop.tools)
			ordered = append(ordered, item{call, &result})
			continue
		}
		action, err := actionFor(call, m.loop.policies, m.loop.fallback)
		if err != nil {
			return nil, nil, err
		}
		if schedule, ok := action.(Schedule); ok && !schedule.At.After(now) {
			action = Execute{}
		}
		switch a := action.(type) {
		case Execute:
			ordered = append(ordered, item{call: call})
		case Reject:
			result := rejected(call, a.Reason)
			ordered = append(ordered, item{call, &result})
		case RequireApproval:
			waiting = append(waiting, wirechat.PendingToolCall{ToolCall: call, Status: &wirechat.ToolCallPending{}})
		case Schedule:
			waiting = append(waiting, wirechat.PendingToolCall{ToolCall: call, Status: &wirechat.ToolCallScheduled{At: Timestamp(a.At)}})
		default:
			panic(fmt.Sprintf("loop: unhandled action %T", action)) // checkAction admits only the four
		}
	}
	return ordered, waiting, nil
}

func (m *machine) paused(saving bool) (Result, error) {
	if saving {
		if err := m.save(); err != nil {
			return Result{}, m.fail(err)
		}
	}
	state := m.snapshot()
	m.emit(&wirechat.PausedEvent{State: m.snapshot()})
	result := m.result()
	result.State = &state
	return result, nil
}

// run makes model turns and runs their calls until the model answers without calls, a call waits, or
// max steps.
func (m *machine) run(ctx context.Context) (Result, error) {
	for {
		if m.steps >= m.loop.maxSteps {
			return Result{}, &LoopError{Message: fmt.Sprintf("the tool loop made %d model turns (max steps) and the model still calls tools", m.loop.maxSteps),
				State: m.snapshot(), Usage: m.usage, Err: ErrMaxStepsExceeded}
		}
		response, err := m.driver.turn(ctx, m.nextRequest())
		if err != nil {
			return Result{}, m.fail(err)
		}
		calls := wirechat.ToolCalls(response.Message)
		ordered, waiting, err := m.classify(calls) // before the turn is recorded: the state re-asks it
		if err != nil {
			return Result{}, m.fail(err)
		}
		m.steps++
		if response.Usage != nil {
			if m.usage == nil {
				usage := *response.Usage
				m.usage = &usage
			} else {
				usage := wirechat.AddUsage(*m.usage, *response.Usage)
				m.usage = &usage
			}
		}
		m.messages = append(m.messages, response.Message)
		if len(calls) == 0 {
			m.stepFinished()
			m.emit(&wirechat.LoopFinishedEvent{Steps: int64(m.steps), Usage: m.usageCopy()})
			result := m.result()
			result.Response = &response
			return result, nil
		}
		m.pending = append(m.pending, waiting...)
		saved, err := m.runRound(ctx, ordered)
		if err != nil {
			return Result{}, m.fail(err)
		}
		if len(m.pending) > 0 {
			return m.paused(m.loop.checkpoint != nil && !saved)
		}
		m.stepFinished()
	}
}

// start is the loop from a request: the tools are offered to the model unless the request lists its own.
func (m *machine) start(ctx context.Context, request wirechat.ChatRequest) (Result, error) {
	if request.Tools == nil && len(m.loop.order) > 0 {
		for _, tool := range m.loop.order {
			request.Tools = append(request.Tools, tool.Definition)
		}
	}
	m.request, m.messages = request, slices.Clone(request.Messages)
	return m.run(ctx)
}

func decisionError(message string, state wirechat.ToolLoopState, usage *wirechat.TokenUsage) *LoopError {
	return &LoopError{Message: message, State: state, Usage: usage, Err: ErrDecision}
}

func (m *machine) decide(decisions []Decision, given wirechat.ToolLoopState) error {
	index := make(map[string]int, len(m.pending))
	ids := make([]string, 0, len(m.pending))
	for i, pending := range m.pending {
		index[pending.ToolCall.ID] = i
		ids = append(ids, fmt.Sprintf("%q", pending.ToolCall.ID))
	}
	for _, decision := range decisions {
		if decision == nil {
			return decisionError("a decision is nil (give Approve{ID} or RejectDecision{ID, Reason})", given, m.usage)
		}
		id := decision.decision()
		i, ok := index[id]
		if !ok {
			known := strings.Join(ids, ", ")
			if known == "" {
				known = "none"
			}
			return decisionError(fmt.Sprintf("no pending tool call has the id %q (pending: %s)", id, known), given, m.usage)
		}
		current := m.pending[i]
		if _, waiting := current.Status.(*wirechat.ToolCallPending); !waiting {
			return decisionError(fmt.Sprintf("tool call %q is not waiting for a decision: it is %s", id, statusName(current.Status)), given, m.usage)
		}
		switch d := decision.(type) {
		case Approve:
			current.Status = &wirechat.ToolCallApproved{}
		case RejectDecision:
			if d.Reason == "" {
				return decisionError(fmt.Sprintf("rejecting %q needs a reason: the model reads it", id), given, m.usage)
			}
			current.Status = &wirechat.ToolCallRejected{Reason: d.Reason}
		default:
			panic(fmt.Sprintf("loop: unhandled decision %T", decision)) // the interface is sealed
		}
		m.pending[i] = current
	}
	return nil
}

// resume continues a saved state: check it, re-apply the policies to the decisions it claims
// (integrity.go), apply decisions, pause again while a call waits for a person or a clock, else resolve
// every pending call and go on with the next model turn.
func (m *machine) resume(ctx context.Context, state wirechat.ToolLoopState, decisions []Decision) (Result, error) {
	m.request, m.messages, m.steps = state.Request, slices.Clone(state.Request.Messages), int(state.Steps)
	if state.Usage != nil {
		usage := *state.Usage
		m.usage = &usage
	}
	m.pending = slices.Clone(state.Pending)
	if err := wirechat.CheckToolLoopState(state); err != nil {
		return Result{}, &LoopError{Message: "the state cannot be resumed: " + err.Error(), State: state, Usage: m.usage, Err: err}
	}
	now := time.Now()
	checked, err := reapplyPolicies(m.pending, m.loop.policies, m.loop.fallback, now)
	if err != nil {
		return Result{}, m.fail(err)
	}
	m.pending = checked
	if err := m.decide(decisions, state); err != nil {
		return Result{}, err
	}
	var ordered []item
	for _, pending := range m.pending {
		switch status := pending.Status.(type) {
		case *wirechat.ToolCallPending:
			return m.paused(m.loop.checkpoint != nil)
		case *wirechat.ToolCallScheduled:
			at, err := ParseTimestamp(status.At)
			if err != nil {
				return Result{}, m.fail(err)
			}
			if at.After(now) {
				return m.paused(m.loop.checkpoint != nil)
			}
			ordered = append(ordered, item{call: pending.ToolCall})
		case *wirechat.ToolCallRejected:
			result := rejected(pending.ToolCall, status.Reason)
			ordered = append(ordered, item{pending.ToolCall, &result})
		case *wirechat.ToolCallApproved:
			ordered = append(ordered, item{call: pending.ToolCall})
		default:
			return Result{}, m.fail(fmt.Errorf("pending call %q has no known status (%T)", pending.ToolCall.ID, status))
		}
	}
	m.pending = nil
	if _, err := m.runRound(ctx, ordered); err != nil {
		return Result{}, m.fail(err)
	}
	if len(ordered) > 0 { // the paused step now has every result
		m.stepFinished()
	}
	return m.run(ctx)
}

func statusName(status wirechat.ToolCallStatus) string {
	switch status.(type) {
	case *wirechat.ToolCallPending:
		return "pending"
	case *wirechat.ToolCallApproved:
		return "approved"
	case *wirechat.ToolCallRejected:
		return "rejected"
	case *wirechat.ToolCallScheduled:
		return "scheduled"
	}
	return fmt.Sprintf("%T", status)
}

func pauseOf(pending []wirechat.PendingToolCall) wirechat.ToolLoopPause {
	var waiting, timed []string
	var at wirechat.Timestamp
	var earliest time.Time
	for _, p := range pending {
		switch status := p.Status.(type) {
		case *wirechat.ToolCallPending:
			waiting = append(waiting, p.ToolCall.ID)
		case *wirechat.ToolCallScheduled:
			timed = append(timed, p.ToolCall.ID)
			when, err := ParseTimestamp(status.At)
			if at == "" || (err == nil && when.Before(earliest)) {
				at, earliest = status.At, when
			}
		}
	}
	switch {
	case len(waiting) == 0 && len(timed) == 0:
		return nil
	case len(timed) == 0:
		return &wirechat.PauseAwaitingApproval{ToolCallIds: waiting}
	case len(waiting) == 0:
		return &wirechat.PauseScheduled{ToolCallIds: timed, At: at}
	}
	return &wirechat.PauseMixed{AwaitingApproval: waiting, Scheduled: timed, At: at}
}
