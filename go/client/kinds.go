package client

// Sentinels for errors.Is, one per class of Python's (and TypeScript's) exception tree, so the three
// languages catch a failure by the same name (docs/decisions/030-everyday-surface.md):
//
//	Python / TypeScript            Go
//	APIError                       *client.Error (errors.As), or errors.Is(err, client.ErrAPI)
//	RateLimitedError               errors.Is(err, client.ErrRateLimited)
//	ContextLengthExceededError     errors.Is(err, client.ErrContextLengthExceeded), also ErrInvalidRequest
//	StreamInterruptedError         errors.Is(err, client.ErrStreamInterrupted), also ErrNetwork
//	UnknownAdapterError            errors.Is(err, client.ErrUnknownAdapter)
//	StructuredOutputError          *client.StructuredOutputError (errors.As), or errors.Is(err, client.ErrStructuredOutput)
//
// Every other kind follows the same pattern: Err + the Python class name without "Error".

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/wirechat"
)

// kindSentinel is a sentinel matched by a *Error of its kind (or of a narrower kind).
type kindSentinel struct {
	name  string
	kinds []wirechat.ErrorKind // the kinds that match; none means every failed call (ErrAPI)
}

func (s *kindSentinel) Error() string { return "wirechat: " + s.name }

var (
	// ErrAPI matches every failed provider call (Python's APIError).
	ErrAPI error = &kindSentinel{name: "api error"}
	// ErrNetwork matches a refused, reset or broken connection, a broken stream included.
	ErrNetwork error = &kindSentinel{"network", []wirechat.ErrorKind{wirechat.ErrorKindNetwork}}
	// ErrStreamInterrupted matches a stream that broke off after its first event (Partial holds it).
	ErrStreamInterrupted error = &kindSentinel{name: "stream interrupted"}
	// ErrAPITimeout matches a timeout connecting, sending or waiting for the next bytes.
	ErrAPITimeout error = &kindSentinel{"timeout", []wirechat.ErrorKind{wirechat.ErrorKindTimeout}}
	// ErrRateLimited matches 429s and spent quotas.
	ErrRateLimited error = &kindSentinel{"rate limited", []wirechat.ErrorKind{wirechat.ErrorKindRateLimited}}
	// ErrOverloaded matches an overloaded provider (503, Anthropic's 529).
	ErrOverloaded error = &kindSentinel{"overloaded", []wirechat.ErrorKind{wirechat.ErrorKindOverloaded}}
	// ErrAuthentication matches a missing, wrong or revoked key (401).
	ErrAuthentication error = &kindSentinel{"authentication", []wirechat.ErrorKind{wirechat.ErrorKindAuthentication}}
	// ErrPermissionDenied matches a key that may not do this (403).
	ErrPermissionDenied error = &kindSentinel{"permission denied", []wirechat.ErrorKind{wirechat.ErrorKindPermissionDenied}}
	// ErrNotFound matches an unknown model or endpoint (404).
	ErrNotFound error = &kindSentinel{"not found", []wirechat.ErrorKind{wirechat.ErrorKindNotFound}}
	// ErrInvalidRequest matches a rejected request, a too-long context included.
	ErrInvalidRequest error = &kindSentinel{"invalid request", []wirechat.ErrorKind{
		wirechat.ErrorKindInvalidRequest, wirechat.ErrorKindContextLengthExceeded}}
	// ErrContextLengthExceeded matches a prompt longer than the model's context window.
	ErrContextLengthExceeded error = &kindSentinel{"context length exceeded", []wirechat.ErrorKind{
		wirechat.ErrorKindContextLengthExceeded}}
	// ErrContentFilter matches a refusal by the provider's content filter.
	ErrContentFilter error = &kindSentinel{"content filter", []wirechat.ErrorKind{wirechat.ErrorKindContentFilter}}
	// ErrProvider matches a failure on the provider's side (5xx).
	ErrProvider error = &kindSentinel{"provider", []wirechat.ErrorKind{wirechat.ErrorKindProvider}}
	// ErrInvalidResponse matches an answer that could not be understood.
	ErrInvalidResponse error = &kindSentinel{"invalid response", []wirechat.ErrorKind{wirechat.ErrorKindInvalidResponse}}
	// ErrRequestCancelled matches a call cancelled before it finished (also errors.Is context.Canceled).
	ErrRequestCancelled error = &kindSentinel{"cancelled", []wirechat.ErrorKind{wirechat.ErrorKindCancelled}}
	// ErrUnknownAdapter matches New's error for a provider name no adapter has.
	ErrUnknownAdapter = errors.New("wirechat: unknown adapter")
)

// Is reports whether target is a sentinel this failure matches: errors.Is(err, client.ErrRateLimited).
func (e *Error) Is(target error) bool {
	sentinel, ok := target.(*kindSentinel)
	if !ok {
		return false
	}
	switch {
	case sentinel == ErrAPI:
		return true
	case sentinel == ErrStreamInterrupted:
		return e.Failure.Kind == wirechat.ErrorKindNetwork && e.Partial != nil
	}
	for _, kind := range sentinel.kinds {
		if e.Failure.Kind == kind {
			return true
		}
	}
	return false
}

// suggest is "; did you mean \"openai-chat\"?" for a name that names a profile, begins a known adapter or
// is a few edits from one or from a profile, "" otherwise.
func suggest(name string, known []string) string {
	// Python's rule (adapters/_registry.py): a profile called so (groq -> openai-compatible:groq), an adapter
	// it begins (openai -> openai-chat), a near spelling of an adapter or of a profile; at most three.
	wanted := strings.ToLower(name)
	near := func(a, b string) bool { return editDistance(a, b) <= max(1, len(b)/4) }
	var found []string
	for _, rule := range []func(adapter, profile string) bool{
		func(_, profile string) bool { return profile != "" && profile == wanted },
		func(adapter, profile string) bool { return profile == "" && strings.HasPrefix(adapter, wanted) },
		func(adapter, _ string) bool { return near(wanted, adapter) },
		func(_, profile string) bool { return profile != "" && near(wanted, profile) },
	} {
		for _, candidate := range known {
			_, profile, _ := strings.Cut(candidate, ":")
			quoted := strconv.Quote(candidate)
			if candidate != name && rule(candidate, profile) && !slices.Contains(found, quoted) {
				found = append(found, quoted)
			}
		}
	}
	if len(found) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(found[:min(3, len(found))], " or ") + "?"
}

func editDistance(a, b string) int {
	previous := make([]int, len(b)+1)
	for j := range previous {
		previous[j] = j
	}
	for i := 1; i <= len(a); i++ {
		current := make([]int, len(b)+1)
		current[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			current[j] = min(previous[j]+1, current[j-1]+1, previous[j-1]+cost)
		}
		previous = current
	}
	return previous[len(b)]
}
