package loop

// The Loop value and its four ways to run the machine (machine.go): Run and Resume return a Result;
// Stream and ResumeStream yield wire LoopEvents: every model turn's stream events, tool_results after each
// round of tool calls, step_finished, and last paused (with the state to save) or loop_finished.

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sort"
	"strings"
	"time"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Model is what the loop sends its turns to; *client.Client is one.
type Model interface {
	Chat(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error)
}

// Streamer is a Model that streams (Stream and ResumeStream need one); *client.Client is one.
type Streamer interface {
	Stream(ctx context.Context, request wirechat.ChatRequest) (*client.Stream, error)
}

// Result is how a loop ended: Response (the model's final answer) when it finished, else State (a paused
// ToolLoopState to save and Resume). Messages is the whole conversation, Usage the sum of every model
// turn's usage (nil when no turn reported any), Steps the model turns made.
type Result struct {
	Messages []wirechat.Message
	Steps    int
	Usage    *wirechat.TokenUsage
	Response *wirechat.ChatResponse
	State    *wirechat.ToolLoopState
}

// Paused reports whether the loop stopped for a person or a clock (State is set).
func (r Result) Paused() bool { return r.State != nil }

// The causes a *LoopError may carry besides the model's, a tool policy's or a checkpoint's errors.
var (
	// ErrMaxStepsExceeded: the loop made max steps model turns and the model still called tools; the
	// state (with every result so far) resumes with a larger max steps.
	ErrMaxStepsExceeded = errors.New("max steps exceeded")
	// ErrDecision: a decision names a call that is not pending (unknown id, or already decided); the
	// state is the one given to Resume, unchanged.
	ErrDecision = errors.New("bad decision")
)

// LoopError is every error out of Run, Stream and Resume. State is the loop as it stood, with the
// result (or, for a call cut off while it ran, a failed result saying its outcome is unknown) of every
// call it started: Resume(ctx, err.State) goes on without running any tool twice. Usage is what the
// model turns consumed. Err is the cause (errors.Is(err, ErrMaxStepsExceeded), errors.As a
// *client.Error or a *wirechat.WireError).
type LoopError struct {
	Message string
	State   wirechat.ToolLoopState
	Usage   *wirechat.TokenUsage
	Err     error
}

func (e *LoopError) Error() string { return e.Message }

// Unwrap returns the cause.
func (e *LoopError) Unwrap() error { return e.Err }

// Loop runs tools for a model's calls under policies. It holds no conversation: one Loop serves any
// number of Run and Resume calls, concurrently too (the checkpoint function must then be safe for it).
type Loop struct {
	model      Model
	order      []Tool
	tools      map[string]Tool
	policies   map[string]Policy
	fallback   Policy
	maxSteps   int
	timeout    time.Duration
	checkpoint func(wirechat.ToolLoopState) error
	onEvent    func(wirechat.LoopEvent)
}

// Option configures a Loop.
type Option func(*Loop) error

// WithPolicy sets the policy for the calls of one tool (an Action, or a PolicyFunc of the call).
func WithPolicy(tool string, policy Policy) Option {
	return func(l *Loop) error {
		if policy == nil {
			return fmt.Errorf("the policy for tool %q is nil", tool)
		}
		l.policies[tool] = policy
		return nil
	}
}

// WithDefault sets the policy for the tools that have none of their own (default Execute{}).
func WithDefault(policy Policy) Option {
	return func(l *Loop) error {
		if policy == nil {
			return errors.New("the default policy is nil")
		}
		l.fallback = policy
		return nil
	}
}

// WithMaxSteps bounds the model turns (default 10; at least 1).
func WithMaxSteps(n int) Option {
	return func(l *Loop) error {
		if n < 1 {
			return fmt.Errorf("max steps must be at least 1 (got %d)", n)
		}
		l.maxSteps = n
		return nil
	}
}

// WithTimeout gives each call this long (default 60 s; 0: no limit). The tool's context is cancelled
// then, and the loop waits for the tool to return: a tool that returns the context's error is reported
// as not finished in time, one that returns a value did its work and is reported so.
func WithTimeout(d time.Duration) Option {
	return func(l *Loop) error {
		if d < 0 {
			return fmt.Errorf("the timeout must not be negative (got %s)", d)
		}
		l.timeout = d
		return nil
	}
}

// WithCheckpoint passes save the state before and after every round of tool calls and at a pause:
// resuming the last state it received after a crash runs no tool twice. An error from save stops the
// loop (a *LoopError).
func WithCheckpoint(save func(wirechat.ToolLoopState) error) Option {
	return func(l *Loop) error {
		l.checkpoint = save
		return nil
	}
}

// WithEvents has the loop hand fn its own wire events (tool_results, step_finished, paused,
// loop_finished: spec section 14.4) as they happen, in Run and Resume as in Stream, so that a service can
// forward a loop's progress (wirechat.Encode(event)) and still have Run's Result. fn is called from the
// loop's goroutine and must not block for long.
func WithEvents(fn func(wirechat.LoopEvent)) Option {
	return func(l *Loop) error {
		l.onEvent = fn
		return nil
	}
}

// WithCheckpointFile is WithCheckpoint writing the state to path with SaveState (atomic, flushed to
// disk). When the loop finishes the file holds the state before the last model turn: remove it once
// the result is kept.
func WithCheckpointFile(path string) Option {
	return WithCheckpoint(func(state wirechat.ToolLoopState) error { return SaveState(state, path) })
}

// New makes a Loop sending its turns to model, with tools (made with NewTool, or by hand).
func New(model Model, tools []Tool, options ...Option) (*Loop, error) {
	if model == nil {
		return nil, errors.New("loop.New needs a model (a *client.Client)")
	}
	indexed, err := toolsByName(tools)
	if err != nil {
		return nil, err
	}
	l := &Loop{model: model, order: tools, tools: indexed, policies: map[string]Policy{}, fallback: Execute{},
		maxSteps: 10, timeout: 60 * time.Second}
	for _, option := range options {
		if err := option(l); err != nil {
			return nil, err
		}
	}
	var unknown []string
	for name := range l.policies {
		if _, ok := l.tools[name]; !ok {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("policies name tools that are not given: %s", strings.Join(unknown, ", "))
	}
	return l, nil
}

func (l *Loop) chat(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	return l.model.Chat(ctx, request)
}

// Run runs the loop from request until the model answers, a call needs a person or a clock (the result
// is Paused), or max steps. The request offers the loop's tools unless it lists its own.
func (l *Loop) Run(ctx context.Context, request wirechat.ChatRequest) (Result, error) {
	m := &machine{loop: l, driver: driver{turn: l.chat}}
	return m.start(ctx, request)
}

// Resume continues a saved state after Approve / RejectDecision decisions. It re-applies the loop's
// policies to what the state claims was decided: a state's own approval counts only where the policy
// needs none.
func (l *Loop) Resume(ctx context.Context, state wirechat.ToolLoopState, decisions ...Decision) (Result, error) {
	m := &machine{loop: l, driver: driver{turn: l.chat}}
	return m.resume(ctx, state, decisions)
}

var errStopped = errors.New("the consumer stopped reading the loop's events")

func (l *Loop) stream(ctx context.Context, begin func(*machine) (Result, error)) iter.Seq2[wirechat.LoopEvent, error] {
	return func(yield func(wirechat.LoopEvent, error) bool) {
		streamer, ok := l.model.(Streamer)
		if !ok {
			yield(nil, fmt.Errorf("loop: the model (%T) does not stream (it has no Stream method)", l.model))
			return
		}
		stopped := false
		send := func(event wirechat.LoopEvent) bool {
			if !stopped && !yield(event, nil) {
				stopped = true
			}
			return !stopped
		}
		turn := func(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
			if stopped { // the consumer stopped at a round's results: send no further turn
				return wirechat.ChatResponse{}, errStopped
			}
			events, err := streamer.Stream(ctx, request)
			if err != nil {
				return wirechat.ChatResponse{}, err
			}
			defer events.Close()
			for events.Next() {
				turnEvent, ok := events.Event().(wirechat.LoopEvent) // every StreamEvent variant is a LoopEvent
				if !ok {
					return wirechat.ChatResponse{}, fmt.Errorf("loop: stream event %T is not a LoopEvent", events.Event())
				}
				if !send(turnEvent) {
					return wirechat.ChatResponse{}, errStopped
				}
			}
			return events.Response()
		}
		emit := func(event wirechat.LoopEvent) { send(event) }
		_, err := begin(&machine{loop: l, driver: driver{turn: turn, emit: emit}})
		if err != nil && !stopped {
			yield(nil, err)
		}
	}
}

// Stream is Run yielding wire LoopEvents (spec section 14.4, decision 043): every turn's stream events,
// a *wirechat.ToolResultsEvent after each round of calls, a *wirechat.StepFinishedEvent when a turn's
// calls all have results, then a *wirechat.PausedEvent or a *wirechat.LoopFinishedEvent; each is a wire
// document (wirechat.Encode), the same as Python and TypeScript stream. An error is yielded last, as a *LoopError (or, when the
// model has no Stream method, a plain error before anything is sent). Stopping the iteration stops the
// loop at the next event, and no model turn is sent after it (a round of calls already started
// finishes first, and its states reach the checkpoint).
func (l *Loop) Stream(ctx context.Context, request wirechat.ChatRequest) iter.Seq2[wirechat.LoopEvent, error] {
	return l.stream(ctx, func(m *machine) (Result, error) { return m.start(ctx, request) })
}

// ResumeStream is Resume yielding events as Stream does.
func (l *Loop) ResumeStream(ctx context.Context, state wirechat.ToolLoopState, decisions ...Decision) iter.Seq2[wirechat.LoopEvent, error] {
	return l.stream(ctx, func(m *machine) (Result, error) { return m.resume(ctx, state, decisions) })
}
