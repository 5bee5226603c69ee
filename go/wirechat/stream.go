package wirechat

// Fold a stream of events into the response it stands for (the fold law, schema/README.md section 9).
//
// StreamFold takes events one at a time, checks that the stream is well formed (each index started
// once, deltas between its start and end, nothing after finish or error) and keeps what arrived, so
// that a failed or cut stream still yields its partial message and usage. Fold is the one-call form.
// The verdicts, and the partial message and usage carried by a failure, are the same as the Python and
// TypeScript packages' (the conformance suite's stream vectors hold all three to them).

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// The three ways a stream fails to fold; a *StreamError wraps exactly one of them (use errors.Is).
var (
	// ErrStreamMalformed: the events break the stream rules (an index started twice, a delta with no
	// start, an event after finish, parts left open, a gap in the indices ...).
	ErrStreamMalformed = errors.New("malformed stream")
	// ErrStreamIncomplete: the stream ended without a finish event.
	ErrStreamIncomplete = errors.New("incomplete stream")
	// ErrStreamFailed: the stream ended with an error event; StreamError.Failure holds its Error.
	ErrStreamFailed = errors.New("stream failed")
)

// StreamError is a stream that does not fold to a response. Partial is the message as far as it
// arrived (its parts in index order) and Usage the last usage reported, if any.
type StreamError struct {
	Kind    error // ErrStreamMalformed, ErrStreamIncomplete or ErrStreamFailed
	Reason  string
	Partial Message
	Usage   *TokenUsage
	Failure *Error // the error event's Error, for ErrStreamFailed
}

func (e *StreamError) Error() string { return "wirechat: " + e.Kind.Error() + ": " + e.Reason }

// Unwrap returns Kind, so that errors.Is(err, ErrStreamFailed) and the like work.
func (e *StreamError) Unwrap() error { return e.Kind }

type partKind string

const (
	textKind      partKind = "text"
	reasoningKind partKind = "reasoning"
	toolCallKind  partKind = "tool_call"
	wholeKind     partKind = "part"
)

// pendingPart is a part being assembled from its events.
type pendingPart struct {
	kind      partKind
	ended     bool
	fragments strings.Builder
	hasText   bool
	signature strings.Builder
	issuer    *string
	redacted  *string
	id, name  string
	metadata  ProviderMetadata
	citations []Citation
	whole     Part
}

func (p *pendingPart) build() Part {
	switch p.kind {
	case textKind:
		return &TextPart{Text: p.fragments.String(), Citations: p.citations, ProviderMetadata: p.metadata}
	case reasoningKind:
		reasoning := Reasoning{Issuer: p.issuer, RedactedData: p.redacted}
		if p.hasText {
			text := p.fragments.String()
			reasoning.Text = &text
		}
		if p.signature.Len() > 0 { // spec section 9: an empty signature is no signature
			signature := p.signature.String()
			reasoning.Signature = &signature
		}
		return &ReasoningPart{Reasoning: reasoning, ProviderMetadata: p.metadata}
	case toolCallKind:
		call := ToolCall{ID: p.id, Name: p.name, Arguments: p.fragments.String()}
		return &ToolCallPart{ToolCall: call, ProviderMetadata: p.metadata}
	default:
		return p.whole
	}
}

// StreamFold accumulates stream events; Response gives the folded ChatResponse. The zero value is ready.
type StreamFold struct {
	parts  map[int64]*pendingPart
	usage  *TokenUsage
	start  *StartEvent
	finish *FinishEvent
	failed *Error
	count  int
}

// Usage is the usage reported so far (the last usage event), or nil.
func (f *StreamFold) Usage() *TokenUsage { return f.usage }

// Partial is the message as far as it arrived: the parts received so far, in index order.
func (f *StreamFold) Partial() Message {
	indices := make([]int64, 0, len(f.parts))
	for index := range f.parts {
		indices = append(indices, index)
	}
	sort.Slice(indices, func(i, j int) bool { return indices[i] < indices[j] })
	parts := make([]Part, 0, len(indices))
	for _, index := range indices {
		parts = append(parts, f.parts[index].build())
	}
	return Message{Role: RoleAssistant, Parts: parts}
}

func (f *StreamFold) fail(format string, args ...any) *StreamError {
	reason := fmt.Sprintf("event %d: ", f.count) + fmt.Sprintf(format, args...)
	return &StreamError{Kind: ErrStreamMalformed, Reason: reason, Partial: f.Partial(), Usage: f.usage}
}

func (f *StreamFold) open(index int64, kind partKind) (*pendingPart, error) {
	if _, found := f.parts[index]; found {
		return nil, f.fail("index %d is started twice", index)
	}
	if f.parts == nil {
		f.parts = make(map[int64]*pendingPart)
	}
	pending := &pendingPart{kind: kind}
	f.parts[index] = pending
	return pending, nil
}

func (f *StreamFold) get(index int64, kind partKind, what string) (*pendingPart, error) {
	pending, found := f.parts[index]
	switch {
	case !found:
		return nil, f.fail("%s for index %d, which was never started", what, index)
	case pending.kind != kind:
		return nil, f.fail("%s for index %d, which is a %s part", what, index, pending.kind)
	case pending.ended:
		return nil, f.fail("%s for index %d, which has already ended", what, index)
	}
	return pending, nil
}

func (f *StreamFold) end(index int64, kind partKind, what string, metadata ProviderMetadata) error {
	pending, err := f.get(index, kind, what)
	if err != nil {
		return err
	}
	pending.ended = true
	if metadata != nil {
		pending.metadata = metadata
	}
	return nil
}

// Add takes the next event; it returns a *StreamError (ErrStreamMalformed) if the event breaks the
// stream rules.
func (f *StreamFold) Add(event StreamEvent) error {
	f.count++
	if f.finish != nil {
		return f.fail("%s after the stream's finish", eventName(event))
	}
	if f.failed != nil {
		return f.fail("%s after the stream's error", eventName(event))
	}
	switch e := event.(type) {
	case *StartEvent:
		if f.start != nil || len(f.parts) > 0 || f.usage != nil {
			return f.fail("start must come first, and once")
		}
		f.start = e
	case *TextStartEvent:
		_, err := f.open(e.Index, textKind)
		return err
	case *TextDeltaEvent:
		pending, err := f.get(e.Index, textKind, "text_delta")
		if err != nil {
			return err
		}
		pending.fragments.WriteString(e.Text)
	case *TextEndEvent:
		if err := f.end(e.Index, textKind, "text_end", e.ProviderMetadata); err != nil {
			return err
		}
		f.parts[e.Index].citations = e.Citations
	case *ReasoningStartEvent:
		pending, err := f.open(e.Index, reasoningKind)
		if err != nil {
			return err
		}
		pending.issuer, pending.redacted = e.Issuer, e.RedactedData
	case *ReasoningDeltaEvent:
		pending, err := f.get(e.Index, reasoningKind, "reasoning_delta")
		if err != nil {
			return err
		}
		if e.Text != nil {
			pending.hasText = true
			pending.fragments.WriteString(*e.Text)
		}
		if e.Signature != nil {
			pending.signature.WriteString(*e.Signature)
		}
	case *ReasoningEndEvent:
		return f.end(e.Index, reasoningKind, "reasoning_end", e.ProviderMetadata)
	case *ToolCallStartEvent:
		pending, err := f.open(e.Index, toolCallKind)
		if err != nil {
			return err
		}
		pending.id, pending.name = e.ID, e.Name
	case *ToolCallDeltaEvent:
		pending, err := f.get(e.Index, toolCallKind, "tool_call_delta")
		if err != nil {
			return err
		}
		pending.fragments.WriteString(e.Arguments)
	case *ToolCallEndEvent:
		return f.end(e.Index, toolCallKind, "tool_call_end", e.ProviderMetadata)
	case *PartEvent:
		pending, err := f.open(e.Index, wholeKind)
		if err != nil {
			return err
		}
		pending.whole, pending.ended = e.Part, true
	case *UsageEvent:
		usage := e.Usage
		f.usage = &usage
	case *FinishEvent:
		f.finish = e
	case *ErrorEvent:
		failure := e.Error
		f.failed = &failure
	default:
		return f.fail("an event of unknown type %T", event)
	}
	return nil
}

func eventName(event StreamEvent) string {
	data, err := Encode(event)
	if err == nil {
		if head, ok := strings.CutPrefix(string(data), `{"type":"`); ok {
			if name, _, found := strings.Cut(head, `"`); found {
				return name
			}
		}
	}
	return fmt.Sprintf("%T", event)
}

// Response returns the folded response, or a *StreamError when the stream failed (ErrStreamFailed),
// was cut before its finish (ErrStreamIncomplete) or is malformed (ErrStreamMalformed).
func (f *StreamFold) Response() (ChatResponse, error) {
	if f.failed != nil {
		reason := fmt.Sprintf("%s: %s", f.failed.Kind, f.failed.Message)
		return ChatResponse{}, &StreamError{Kind: ErrStreamFailed, Reason: reason, Partial: f.Partial(), Usage: f.usage, Failure: f.failed}
	}
	if f.finish == nil {
		return ChatResponse{}, &StreamError{Kind: ErrStreamIncomplete, Reason: "the stream ended without a finish event", Partial: f.Partial(), Usage: f.usage}
	}
	var open []int64
	for index, pending := range f.parts {
		if !pending.ended {
			open = append(open, index)
		}
	}
	if len(open) > 0 {
		sort.Slice(open, func(i, j int) bool { return open[i] < open[j] })
		return ChatResponse{}, f.fail("the stream finished with parts still open: indices %v", open)
	}
	for index := range f.parts {
		if index < 0 || index >= int64(len(f.parts)) {
			return ChatResponse{}, f.fail("part indices must be 0..n-1 without gaps")
		}
	}
	response := ChatResponse{Message: f.Partial(), FinishReason: f.finish.FinishReason, Usage: f.usage,
		ProviderMetadata: f.finish.ProviderMetadata}
	if f.start != nil {
		response.ID, response.Model = f.start.ID, f.start.Model
	}
	return response, nil
}

// Fold folds a whole stream into its ChatResponse (schema/README.md, section 9); on failure the error
// is a *StreamError carrying the partial message and usage.
func Fold(events []StreamEvent) (ChatResponse, error) {
	var f StreamFold
	for _, event := range events {
		if err := f.Add(event); err != nil {
			return ChatResponse{}, err
		}
	}
	return f.Response()
}
