package client

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func failure(kind wirechat.ErrorKind, partial *wirechat.Message) error {
	return &Error{Failure: wirechat.Error{Kind: kind, Message: "x"}, Partial: partial, Attempts: 1}
}

func TestSentinelsMatchTheKindsAsPythonsClassesDo(t *testing.T) {
	cases := []struct {
		err      error
		matches  []error
		excluded []error
	}{
		{failure(wirechat.ErrorKindRateLimited, nil), []error{ErrAPI, ErrRateLimited}, []error{ErrOverloaded, ErrNetwork}},
		{failure(wirechat.ErrorKindContextLengthExceeded, nil), []error{ErrAPI, ErrInvalidRequest, ErrContextLengthExceeded}, nil},
		{failure(wirechat.ErrorKindInvalidRequest, nil), []error{ErrInvalidRequest}, []error{ErrContextLengthExceeded}},
		{failure(wirechat.ErrorKindNetwork, &wirechat.Message{}), []error{ErrNetwork, ErrStreamInterrupted}, nil},
		{failure(wirechat.ErrorKindNetwork, nil), []error{ErrNetwork}, []error{ErrStreamInterrupted}},
		{failure(wirechat.ErrorKindTimeout, nil), []error{ErrAPITimeout}, []error{ErrRequestCancelled}},
		{failure(wirechat.ErrorKindCancelled, nil), []error{ErrRequestCancelled}, []error{ErrAPITimeout}},
	}
	for _, c := range cases {
		for _, sentinel := range c.matches {
			if !errors.Is(c.err, sentinel) {
				t.Errorf("%v: errors.Is(err, %v) is false", c.err, sentinel)
			}
		}
		for _, sentinel := range c.excluded {
			if errors.Is(c.err, sentinel) {
				t.Errorf("%v: errors.Is(err, %v) is true", c.err, sentinel)
			}
		}
	}
}

func TestUnknownAdapterSuggestsTheCloseName(t *testing.T) {
	_, err := New("openai", WithAPIKey("k"))
	if !errors.Is(err, ErrUnknownAdapter) {
		t.Fatalf("got %v, want ErrUnknownAdapter", err)
	}
	if !strings.Contains(err.Error(), `no adapter named "openai"; did you mean "openai-chat" or "openai-compatible" or "openai-responses"?`) {
		t.Errorf("no suggestion in %q", err)
	}
	if _, err := New("groq", WithAPIKey("k")); err == nil || !strings.Contains(err.Error(), `did you mean "openai-compatible:groq"?`) {
		t.Errorf("a profile's name does not suggest its adapter: %v", err)
	}
	if _, err := New("zzz", WithAPIKey("k")); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a suggestion for a name close to nothing: %v", err)
	}
}

func TestBaseURLFromTheSDKVariableWithOrWithoutTheVersion(t *testing.T) {
	for _, c := range []struct{ provider, env, value, option, want string }{
		{"openai-chat", "OPENAI_BASE_URL", "http://proxy:8080/v1", "", "http://proxy:8080"},
		{"anthropic", "ANTHROPIC_BASE_URL", "http://proxy:8080/", "", "http://proxy:8080"},
		{"openai-chat", "OPENAI_BASE_URL", "http://ignored", "http://mine/v1/", "http://mine"},
		{"openai-chat", "OPENAI_BASE_URL", "", "", "https://api.openai.com"},
		{"gemini", "GOOGLE_GEMINI_BASE_URL", "http://proxy:8080/v1beta/", "", "http://proxy:8080"},
		{"openai-responses", "OPENAI_BASE_URL", "http://proxy:8080/v1", "", "http://proxy:8080"},
	} {
		t.Setenv(c.env, c.value)
		options := []Option{WithAPIKey("k")}
		if c.option != "" {
			options = append(options, WithBaseURL(c.option))
		}
		client, err := New(c.provider, options...)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(client.String(), `base_url="`+c.want+`"`) {
			t.Errorf("%+v: got %s", c, client.String())
		}
	}
}
