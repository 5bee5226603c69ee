package pluginhost_test

// The cross-language plugin host vectors (conformance/vectors/querymt-plugin.json, written by Python's
// host: python -m wirechat_conformance.plugin_vectors --write): the same plugin, config, request and
// provider answers give Go the same requests sent, the same canonical reply and events byte for byte, and
// the same errors (kind, retryable, retry_after_ms; fault, export and pointer for a plugin fault; the
// message of an error the plugin reports).

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/pluginhost"
	"github.com/wirechat/wirechat/go/wirechat"
)

type answer struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    json.RawMessage   `json:"body"`
}

type vectorCase struct {
	Name    string          `json:"name"`
	Plugin  string          `json:"plugin"`
	Config  map[string]any  `json:"config"`
	Call    string          `json:"call"`
	Request json.RawMessage `json:"request"`
	Answers []answer        `json:"answers"`
	Expect  struct {
		Sent     []any    `json:"sent"`
		Response *string  `json:"response"`
		Events   []string `json:"events"`
		Error    *struct {
			Kind         string  `json:"kind"`
			Retryable    bool    `json:"retryable"`
			RetryAfterMs *int64  `json:"retry_after_ms"`
			Fault        *string `json:"fault"`
			Export       *string `json:"export"`
			Pointer      *string `json:"pointer"`
			Message      *string `json:"message"`
		} `json:"error"`
	} `json:"expect"`
}

type vectorFile struct {
	Sandbox struct {
		AllowedHosts []string `json:"allowed_hosts"`
		TimeoutS     float64  `json:"timeout_s"`
		MemoryMiB    uint32   `json:"memory_mib"`
	} `json:"sandbox"`
	Cases []vectorCase `json:"cases"`
}

// provider answers the case's answers in order and keeps the path and JSON body of each request.
type provider struct {
	mu      sync.Mutex
	answers []answer
	sent    []any
}

func (p *provider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	var body any
	_ = json.Unmarshal(data, &body)
	p.mu.Lock()
	p.sent = append(p.sent, map[string]any{"path": r.URL.Path, "body": body})
	next := p.answers[0]
	p.answers = p.answers[1:]
	p.mu.Unlock()
	for name, value := range next.Headers {
		w.Header().Set(name, value)
	}
	w.WriteHeader(next.Status)
	_, _ = w.Write(next.Body)
}

func canonical(t *testing.T, v any, failed error) string {
	t.Helper()
	if failed != nil {
		return ""
	}
	data, err := wirechat.Canonical(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "conformance", "vectors", "querymt-plugin.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file vectorFile
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	sandbox := pluginhost.Sandbox{AllowedHosts: file.Sandbox.AllowedHosts, MemoryMiB: file.Sandbox.MemoryMiB,
		Timeout: time.Duration(file.Sandbox.TimeoutS * float64(time.Second))}
	plugins := map[string]string{"example": examplePlugin(t), "faulty": faultyPlugin(t)}
	for _, tc := range file.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			fake := &provider{answers: tc.Answers}
			server := httptest.NewServer(fake)
			defer server.Close()
			config := map[string]any{}
			for key, value := range tc.Config {
				config[key] = value
			}
			if tc.Plugin == "example" {
				config["base_url"] = server.URL
			}
			ctx := context.Background()
			response, events, err := run(t, ctx, plugins[tc.Plugin], config, sandbox, tc)
			if tc.Plugin == "example" {
				sent, _ := json.Marshal(fake.sent)
				want, _ := json.Marshal(tc.Expect.Sent)
				var got, expected any
				_ = json.Unmarshal(sent, &got)
				_ = json.Unmarshal(want, &expected)
				if !reflect.DeepEqual(got, expected) {
					t.Errorf("the plugin sent\n%s\nPython's host had it send\n%s", sent, want)
				}
			}
			if tc.Expect.Error != nil {
				checkError(t, err, tc)
				return
			}
			if err != nil {
				t.Fatalf("Python's host gave a response, Go's an error: %v", err)
			}
			if response != *tc.Expect.Response {
				t.Errorf("response\n got %s\nwant %s", response, *tc.Expect.Response)
			}
			if tc.Call == "stream" && !reflect.DeepEqual(events, tc.Expect.Events) {
				t.Errorf("events\n got %v\nwant %v", events, tc.Expect.Events)
			}
		})
	}
}

// run loads the plugin and makes the case's call; the reply and events as canonical JSON.
func run(t *testing.T, ctx context.Context, plugin string, config map[string]any, sandbox pluginhost.Sandbox, tc vectorCase) (string, []string, error) {
	t.Helper()
	c, err := pluginhost.New(ctx, plugin, pluginhost.WithConfig(config), pluginhost.WithSandbox(sandbox))
	if err != nil {
		return "", nil, err
	}
	defer c.Close(ctx)
	switch tc.Call {
	case "chat", "stream":
		request, err := wirechat.Decode[wirechat.ChatRequest](tc.Request)
		if err != nil {
			t.Fatal(err)
		}
		if tc.Call == "chat" {
			response, err := c.Chat(ctx, request)
			return canonical(t, response, err), nil, err
		}
		events, response, err := c.Stream(ctx, request)
		texts := make([]string, len(events))
		for i, event := range events {
			texts[i] = canonical(t, event, nil)
		}
		return canonical(t, response, err), texts, err
	case "embed":
		request, err := wirechat.Decode[wirechat.EmbedRequest](tc.Request)
		if err != nil {
			t.Fatal(err)
		}
		response, err := c.Embed(ctx, request)
		return canonical(t, response, err), nil, err
	case "complete":
		request, err := wirechat.Decode[wirechat.CompleteRequest](tc.Request)
		if err != nil {
			t.Fatal(err)
		}
		response, err := c.Complete(ctx, request)
		return canonical(t, response, err), nil, err
	}
	t.Fatalf("unknown call %q", tc.Call)
	return "", nil, nil
}

func checkError(t *testing.T, err error, tc vectorCase) {
	t.Helper()
	want := tc.Expect.Error
	var failure *client.Error
	if !errors.As(err, &failure) {
		t.Fatalf("Python's host gave a %s error, Go's %T %v", want.Kind, err, err)
	}
	got := failure.Failure
	if string(got.Kind) != want.Kind || got.Retryable != want.Retryable || !reflect.DeepEqual(got.RetryAfterMs, want.RetryAfterMs) {
		t.Errorf("got kind %s retryable %v retry_after_ms %v, want %s %v %v (%v)", got.Kind, got.Retryable, got.RetryAfterMs,
			want.Kind, want.Retryable, want.RetryAfterMs, err)
	}
	var plugin *pluginhost.Error
	isFault := errors.As(err, &plugin)
	if isFault != (want.Fault != nil) {
		t.Fatalf("a plugin fault in Go: %v, in Python: %v (%v)", isFault, want.Fault != nil, err)
	}
	if isFault {
		text := func(s *string) string {
			if s == nil {
				return ""
			}
			return *s
		}
		if string(plugin.Fault) != *want.Fault || plugin.Export != text(want.Export) || plugin.Pointer != text(want.Pointer) {
			t.Errorf("got fault %s export %q pointer %q, want %s %q %q (%v)", plugin.Fault, plugin.Export, plugin.Pointer,
				*want.Fault, text(want.Export), text(want.Pointer), err)
		}
		return
	}
	_, message, _ := strings.Cut(got.Message, ": ")
	if message != *want.Message {
		t.Errorf("message %q, want %q", message, *want.Message)
	}
}
