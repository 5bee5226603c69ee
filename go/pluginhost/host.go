package pluginhost

// Host: one plugin, compiled once, with one instance at a time in its sandbox (Python's PluginHost). Load
// reads config_schema() and checks the config against it before any other export runs (members a request
// supplies, such as the model, may be missing then); Call checks each call's whole cfg before the export
// runs, sends the payload as JSON and returns the answer's bytes.
//
// A trap, a timeout or memory exhaustion leaves a wasm instance unusable (the Go runtime inside it has
// exited, or wazero closed it), so the instance is dropped and the next call instantiates a new one from
// the compiled module: a fault costs one instantiation, never the plugin. Calls into one Host are
// serialised (a wasm instance runs one call at a time).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	extism "github.com/extism/go-sdk"
	"github.com/tetratelabs/wazero"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

var wasmMagic = []byte("\x00asm")

// Host is one loaded plugin in its sandbox. It is safe for concurrent use (calls are serialised).
type Host struct {
	Source  string
	Sandbox Sandbox
	config  *providerjson.Object
	schema  *configSchema

	mu       sync.Mutex
	compiled *extism.CompiledPlugin
	instance *extism.Plugin
	stderr   *bytes.Buffer // the instance's WASI stderr: what a Go plugin prints when it panics
	checked  string        // the last cfg that passed the schema
}

// Load compiles the plugin at source (a path, or an http(s) URL the SDK fetches), reads its
// config_schema() and checks config against it.
func Load(ctx context.Context, source string, config map[string]any, sandbox Sandbox) (*Host, error) {
	sandbox, err := sandbox.withDefaults()
	if err != nil {
		return nil, err
	}
	h := &Host{Source: source, Sandbox: sandbox}
	if h.config, err = objectOf(config); err != nil {
		return nil, err
	}
	wasm, ferr := h.wasm()
	if ferr != nil {
		return nil, ferr
	}
	manifest := extism.Manifest{
		Wasm:         []extism.Wasm{wasm},
		AllowedHosts: sandbox.AllowedHosts,
		Timeout:      uint64(sandbox.Timeout.Milliseconds()),
		// -1: the SDK's defaults (HTTP answers up to 50 MB, vars up to 1 MB); a zero would allow none
		Memory: &extism.ManifestMemory{MaxPages: sandbox.pages(), MaxHttpResponseBytes: -1, MaxVarBytes: -1},
	}
	if manifest.Timeout == 0 {
		manifest.Timeout = 1
	}
	settings := extism.PluginConfig{EnableWasi: true, EnableHttpResponseHeaders: true,
		RuntimeConfig: wazero.NewRuntimeConfig().WithCompilationCache(compilationCache())}
	compiled, err := extism.NewCompiledPlugin(ctx, manifest, settings, nil)
	if err != nil {
		text := err.Error()
		f := FaultLoad
		if strings.Contains(text, "magic number") || strings.Contains(text, "invalid magic") {
			f = FaultNotWasm
		}
		return nil, fault(f, text, source, "", "")
	}
	h.compiled = compiled
	if err := h.instantiate(ctx); err != nil {
		_ = compiled.Close(ctx)
		return nil, err
	}
	if h.schema, err = h.readSchema(ctx); err != nil {
		_ = h.Close(ctx)
		return nil, err
	}
	if err := h.schema.check(h.config, "/config", true, ""); err != nil {
		_ = h.Close(ctx)
		return nil, fault(FaultInvalidConfig, err.message, source, "", err.pointer)
	}
	return h, nil
}

func (h *Host) wasm() (extism.Wasm, *Error) {
	if strings.HasPrefix(h.Source, "http://") || strings.HasPrefix(h.Source, "https://") {
		return extism.WasmUrl{Url: h.Source}, nil
	}
	data, err := os.ReadFile(h.Source)
	if err != nil {
		var pathErr *os.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return nil, fault(FaultNotWasm, "cannot read the file: "+err.Error(), h.Source, "", "")
	}
	if !bytes.HasPrefix(data, wasmMagic) {
		begins := data[:min(8, len(data))]
		return nil, fault(FaultNotWasm, fmt.Sprintf("not a WebAssembly module (it begins %q, not \"\\x00asm\")", begins), h.Source, "", "")
	}
	return extism.WasmData{Data: data}, nil
}

// compilationCache is wazero's on-disk cache under the user cache directory, so that a second process
// loads a plugin without compiling it again (wasmtime's cache does this for Python's host); in memory
// when there is no cache directory.
var compilationCache = sync.OnceValue(func() wazero.CompilationCache {
	if dir, err := os.UserCacheDir(); err == nil {
		if cache, err := wazero.NewCompilationCacheWithDir(dir + "/wirechat/wazero"); err == nil {
			return cache
		}
	}
	return wazero.NewCompilationCache()
})

func (h *Host) instantiate(ctx context.Context) *Error {
	h.stderr = &bytes.Buffer{}
	module := wazero.NewModuleConfig().WithStderr(h.stderr).WithSysWalltime().WithSysNanotime().WithRandSource(randSource{})
	instance, err := h.compiled.Instance(ctx, extism.PluginInstanceConfig{ModuleConfig: module})
	if err != nil {
		text := err.Error()
		if strings.Contains(text, "memory") && (strings.Contains(text, "limit") || strings.Contains(text, "max")) {
			return fault(FaultMemory, text, h.Source, "", "")
		}
		return fault(FaultLoad, text, h.Source, "", "")
	}
	instance.SetLogger(func(extism.LogLevel, string) {}) // the plugin's log lines are its own
	h.instance = instance
	return nil
}

// HasExport says whether the plugin exports a function of that name.
func (h *Host) HasExport(name string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.instance != nil && h.instance.FunctionExists(name)
}

// reportedError is the error text a plugin set on purpose (QueryMT's PluginError JSON, or a plain string).
type reportedError struct{ text string }

func (e *reportedError) Error() string { return e.text }

// raw calls export with data and returns its output; a failure is an *Error, or a *reportedError.
func (h *Host) raw(ctx context.Context, export string, data []byte) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.instance == nil {
		if err := h.instantiate(ctx); err != nil {
			err.Export = export
			return nil, err
		}
	}
	if !h.instance.FunctionExists(export) {
		return nil, fault(FaultMissingExport, fmt.Sprintf("the plugin exports no function %q", export), h.Source, export, "")
	}
	callCtx, cancel := context.WithTimeout(ctx, h.Sandbox.Timeout)
	defer cancel()
	h.stderr.Reset()
	rc, output, err := h.instance.CallWithContext(callCtx, export, data)
	if err == nil && rc == 0 {
		return output, nil
	}
	if !trapped(err) && callCtx.Err() == nil {
		text := ""
		if err != nil {
			text = err.Error()
		}
		return nil, &reportedError{text: text} // the plugin set its error and returned
	}
	// the instance trapped, exited or was closed at the deadline: drop it, the next call makes a new one
	_ = h.instance.Close(context.Background())
	h.instance = nil
	switch {
	case callCtx.Err() != nil && ctx.Err() == nil:
		return nil, fault(FaultTimeout, fmt.Sprintf("past Sandbox.Timeout (%v)", h.Sandbox.Timeout), h.Source, export, "")
	case ctx.Err() != nil: // the caller's context, as the HTTP client reports it: cancelled, or its deadline
		failure := wirechat.Error{Kind: wirechat.ErrorKindCancelled, Message: "plugin " + h.Source + ", export " + export + ": the call was cancelled"}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			failure = wirechat.Error{Kind: wirechat.ErrorKindTimeout, Retryable: true,
				Message: "plugin " + h.Source + ", export " + export + ": the context's deadline passed"}
		}
		return nil, &client.Error{Failure: failure, Attempts: 1}
	}
	return nil, classify(err, rc, h.stderr.String(), h.Source, export)
}

// Call sends payload (its cfg is the host's config under the request's own) to export and returns the
// answer's bytes, after checking the whole cfg against config_schema().
func (h *Host) Call(ctx context.Context, export string, payload *providerjson.Object) ([]byte, error) {
	cfg := h.config.Copy()
	if own, ok := payload.Get("cfg").(*providerjson.Object); ok {
		for _, key := range own.Keys() {
			cfg.Set(key, own.Get(key))
		}
	}
	payload = payload.Copy().Set("cfg", cfg)
	data, err := providerjson.Marshal(payload)
	if err != nil {
		return nil, fault(FaultInvalidConfig, "the payload is not JSON: "+err.Error(), h.Source, export, "")
	}
	text := providerjson.MustCompact(cfg)
	if text != h.checkedCfg() {
		if problem := h.schema.check(cfg, "/cfg", false, export); problem != nil {
			return nil, fault(FaultInvalidConfig, problem.message, h.Source, export, problem.pointer)
		}
		h.mu.Lock()
		h.checked = text
		h.mu.Unlock()
	}
	return h.raw(ctx, export, data)
}

func (h *Host) checkedCfg() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.checked
}

// Close frees the instance and the compiled module.
func (h *Host) Close(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.instance != nil {
		_ = h.instance.Close(ctx)
		h.instance = nil
	}
	if h.compiled == nil {
		return nil
	}
	err := h.compiled.Close(ctx)
	h.compiled = nil
	return err
}
