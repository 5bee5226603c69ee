package pluginhost_test

// The sandbox against the example plugin and a local provider: a host outside AllowedHosts is never
// reached, a provider slower than Sandbox.Timeout is a timeout (the host call is cut, not waited out), the
// caller's context cancels a call, and concurrent calls into one plugin are serialised.

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/pluginhost"
	"github.com/wirechat/wirechat/go/wirechat"
)

const hello = `{"id":"c","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"Hello!"}}]}`

func slowProvider(t *testing.T, delay time.Duration, hits *atomic.Int32) *httptest.Server {
	t.Helper()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("content-type", "application/json")
		_, _ = w.Write([]byte(hello))
	}))
	t.Cleanup(server.Close)
	return server
}

func example(t *testing.T, url string, sandbox pluginhost.Sandbox) *pluginhost.Client {
	t.Helper()
	c, err := pluginhost.New(context.Background(), examplePlugin(t), pluginhost.WithConfig(map[string]any{"base_url": url}), pluginhost.WithSandbox(sandbox))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close(context.Background()) })
	return c
}

func gptHi(t *testing.T) wirechat.ChatRequest {
	t.Helper()
	request := hi(t, "")
	model := "gpt-test"
	request.Model = &model
	return request
}

func TestAHostOutsideAllowedHostsIsNotReached(t *testing.T) {
	var hits atomic.Int32
	server := slowProvider(t, 0, &hits)
	_, err := example(t, server.URL, pluginhost.Sandbox{}).Chat(context.Background(), gptHi(t))
	failure := asFault(t, err)
	if failure.Fault != pluginhost.FaultTrap || failure.Export != "chat" || !strings.Contains(err.Error(), "outside Sandbox.AllowedHosts") {
		t.Fatalf("%v", err)
	}
	if hits.Load() != 0 {
		t.Fatalf("the provider was reached %d times", hits.Load())
	}
}

func TestAProviderSlowerThanTheTimeoutIsATimeout(t *testing.T) {
	var hits atomic.Int32
	server := slowProvider(t, 5*time.Second, &hits)
	c := example(t, server.URL, pluginhost.Sandbox{AllowedHosts: []string{"127.0.0.1"}, Timeout: time.Second})
	started := time.Now()
	_, err := c.Chat(context.Background(), gptHi(t))
	if elapsed := time.Since(started); elapsed > 3*time.Second {
		t.Fatalf("took %v", elapsed)
	}
	if failure := asFault(t, err); failure.Fault != pluginhost.FaultTimeout || failure.Kind() != wirechat.ErrorKindTimeout {
		t.Fatalf("%v", err)
	}
}

func TestTheCallersContextCancelsACall(t *testing.T) {
	var hits atomic.Int32
	server := slowProvider(t, 5*time.Second, &hits)
	c := example(t, server.URL, pluginhost.Sandbox{AllowedHosts: []string{"127.0.0.1"}})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	started := time.Now()
	_, err := c.Chat(ctx, gptHi(t))
	var canonical *client.Error
	if !errors.As(err, &canonical) || canonical.Kind() != wirechat.ErrorKindCancelled || time.Since(started) > 3*time.Second {
		t.Fatalf("%T %v after %v", err, err, time.Since(started))
	}
	var fault *pluginhost.Error
	if errors.As(err, &fault) {
		t.Fatal("a cancelled call is not a plugin fault")
	}
	deadline, stop := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer stop()
	_, err = c.Chat(deadline, gptHi(t))
	if !errors.As(err, &canonical) || canonical.Kind() != wirechat.ErrorKindTimeout || !strings.Contains(err.Error(), "the context's deadline passed") {
		t.Fatalf("%T %v", err, err)
	}
}

func TestConcurrentCallsIntoOnePluginAreSerialised(t *testing.T) {
	c := faulty(t, "ok")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			response, err := c.Chat(context.Background(), hi(t, ""))
			if err == nil && response.Message.Parts[0].(*wirechat.TextPart).Text != "fine" {
				err = errors.New("not fine")
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}
