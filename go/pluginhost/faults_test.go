package pluginhost_test

// A plugin that fails as a plugin gives an *Error naming the fault, the plugin and the export, never a
// crash or a hang (Python's tests/querymt/test_plugin_errors.py, against the same faulty plugin).

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/pluginhost"
	"github.com/wirechat/wirechat/go/wirechat"
)

var tight = pluginhost.Sandbox{Timeout: time.Second, MemoryMiB: 32}

func hi(t *testing.T, extra string) wirechat.ChatRequest {
	t.Helper()
	request, err := wirechat.Decode[wirechat.ChatRequest]([]byte(`{"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]` + extra + `}`))
	if err != nil {
		t.Fatal(err)
	}
	return request
}

func faulty(t *testing.T, mode string) *pluginhost.Client {
	t.Helper()
	c, err := pluginhost.New(context.Background(), faultyPlugin(t), pluginhost.WithConfig(map[string]any{"mode": mode}), pluginhost.WithSandbox(tight))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close(context.Background()) })
	return c
}

func text(t *testing.T, response wirechat.ChatResponse) string {
	t.Helper()
	part, ok := response.Message.Parts[0].(*wirechat.TextPart)
	if !ok {
		t.Fatalf("not a text part: %#v", response.Message.Parts[0])
	}
	return part.Text
}

func TestTheFaultyPluginWorksWhenAskedTo(t *testing.T) {
	response, err := faulty(t, "ok").Chat(context.Background(), hi(t, ""))
	if err != nil || text(t, response) != "fine" {
		t.Fatalf("%v %v", response, err)
	}
}

func asFault(t *testing.T, err error) *pluginhost.Error {
	t.Helper()
	var failure *pluginhost.Error
	if !errors.As(err, &failure) {
		t.Fatalf("not a *pluginhost.Error: %T %v", err, err)
	}
	var canonical *client.Error
	if !errors.As(err, &canonical) || canonical.Kind() != failure.Kind() || canonical.Retryable() {
		t.Fatalf("does not unwrap to its *client.Error: %v", err)
	}
	return failure
}

func TestEachFaultIsTyped(t *testing.T) {
	cases := []struct {
		mode  string
		fault pluginhost.Fault
		kind  wirechat.ErrorKind
		says  string
	}{
		{"not_json", pluginhost.FaultMalformedOutput, wirechat.ErrorKindInvalidResponse, "the answer is not JSON"},
		{"wrong_shape", pluginhost.FaultInvalidOutput, wirechat.ErrorKindInvalidResponse, "invalid_output at /text: "},
		{"panic", pluginhost.FaultTrap, wirechat.ErrorKindProvider, "the plugin panicked: the faulty plugin panics"},
		{"loop", pluginhost.FaultTimeout, wirechat.ErrorKindTimeout, "past Sandbox.Timeout (1s)"},
		{"memory", pluginhost.FaultMemory, wirechat.ErrorKindProvider, "out of memory (Sandbox.MemoryMiB)"},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			c := faulty(t, tc.mode)
			started := time.Now()
			_, err := c.Chat(context.Background(), hi(t, ""))
			if time.Since(started) > 20*time.Second {
				t.Errorf("took %v", time.Since(started))
			}
			failure := asFault(t, err)
			if failure.Fault != tc.fault || failure.Kind() != tc.kind || failure.Export != "chat" || failure.Plugin != c.Host.Source {
				t.Fatalf("got %s %s %s %s: %v", failure.Fault, failure.Kind(), failure.Export, failure.Plugin, err)
			}
			prefix := "wirechat: " + string(tc.kind) + ": plugin " + c.Host.Source + ", export chat: " + string(tc.fault)
			if !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), prefix) {
				t.Fatalf("message %q lacks %q or %q", err, prefix, tc.says)
			}
		})
	}
}

func TestThePluginStillWorksAfterAFault(t *testing.T) {
	c := faulty(t, "panic")
	for range 2 {
		if _, err := c.Chat(context.Background(), hi(t, "")); asFault(t, err).Fault != pluginhost.FaultTrap {
			t.Fatal(err)
		}
		response, err := c.Chat(context.Background(), hi(t, `, "provider_options": {"querymt": {"cfg": {"mode": "ok"}}}`))
		if err != nil || text(t, response) != "fine" {
			t.Fatalf("%v %v", response, err)
		}
	}
}

func TestAPlainErrorStringIsTheProviderErrorMessage(t *testing.T) {
	_, err := faulty(t, "plain_error").Chat(context.Background(), hi(t, ""))
	var canonical *client.Error
	if !errors.As(err, &canonical) || canonical.Kind() != wirechat.ErrorKindProvider ||
		!strings.Contains(err.Error(), "export chat: plain failure, not QueryMT's JSON") {
		t.Fatalf("%T %v", err, err)
	}
	var failure *pluginhost.Error
	if errors.As(err, &failure) {
		t.Fatal("a reported error is not a plugin fault")
	}
}

func TestABadConfigIsRefusedBeforeAnyCallWithItsPointer(t *testing.T) {
	_, err := pluginhost.New(context.Background(), faultyPlugin(t), pluginhost.WithConfig(map[string]any{"mode": "sideways"}))
	failure := asFault(t, err)
	if failure.Fault != pluginhost.FaultInvalidConfig || failure.Pointer != "/config/mode" || failure.Export != "" {
		t.Fatalf("%+v", failure)
	}
	_, err = pluginhost.New(context.Background(), faultyPlugin(t), pluginhost.WithConfig(map[string]any{"mode": "ok", "colour": "red"}))
	if failure := asFault(t, err); failure.Pointer != "/config/colour" || !strings.Contains(err.Error(), "invalid_config at /config/colour") {
		t.Fatalf("%v", err)
	}
}

func TestACallWhoseCfgBreaksTheSchemaNeverReachesThePlugin(t *testing.T) {
	c, err := pluginhost.New(context.Background(), faultyPlugin(t), pluginhost.WithConfig(map[string]any{}))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	_, err = c.Chat(context.Background(), hi(t, ""))
	if failure := asFault(t, err); failure.Fault != pluginhost.FaultInvalidConfig || failure.Pointer != "/cfg" || !strings.Contains(err.Error(), "mode") {
		t.Fatalf("%v", err)
	}
	_, err = c.Chat(context.Background(), hi(t, `, "provider_options": {"querymt": {"cfg": {"mode": "loop "}}}`))
	if failure := asFault(t, err); failure.Pointer != "/cfg/mode" {
		t.Fatalf("%v", err)
	}
}

func TestAMissingExport(t *testing.T) {
	_, err := faulty(t, "ok").Embed(context.Background(), wirechat.EmbedRequest{Inputs: []string{"a"}})
	if failure := asFault(t, err); failure.Fault != pluginhost.FaultMissingExport || failure.Export != "embed" ||
		!strings.Contains(err.Error(), `exports no function "embed"`) {
		t.Fatalf("%v", err)
	}
}

func TestNotWasmAndNoFile(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "plugin.wasm")
	_ = os.WriteFile(script, []byte("#!/bin/sh\necho hi\n"), 0o600)
	_, err := pluginhost.New(context.Background(), script)
	if failure := asFault(t, err); failure.Fault != pluginhost.FaultNotWasm || !strings.Contains(err.Error(), `it begins "#!/bin/s"`) {
		t.Fatalf("%v", err)
	}
	_, err = pluginhost.New(context.Background(), filepath.Join(dir, "absent.wasm"))
	if failure := asFault(t, err); failure.Fault != pluginhost.FaultNotWasm || !strings.Contains(err.Error(), "cannot read the file: no such file or directory") {
		t.Fatalf("%v", err)
	}
	cut := filepath.Join(dir, "cut.wasm")
	_ = os.WriteFile(cut, []byte("\x00asm\x01\x00\x00\x00\x01\x05"), 0o600)
	_, err = pluginhost.New(context.Background(), cut)
	if failure := asFault(t, err); failure.Fault != pluginhost.FaultLoad {
		t.Fatalf("%v", err)
	}
}

func TestBadSandboxSettingsAreRefused(t *testing.T) {
	_, err := pluginhost.New(context.Background(), faultyPlugin(t), pluginhost.WithSandbox(pluginhost.Sandbox{Timeout: -time.Second}))
	if err == nil || !strings.Contains(err.Error(), "Sandbox.Timeout must be at least 1 ms") {
		t.Fatalf("%v", err)
	}
}
