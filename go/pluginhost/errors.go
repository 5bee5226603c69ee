package pluginhost

// The errors of a plugin call, Python's wirechat.transport.plugin_errors: the plugin failing as a plugin
// (*Error, with the Fault, the plugin and the export), and a provider failure the plugin reports (the
// *client.Error of its canonical kind, its message naming the plugin and export). Both reach the one
// error root of a call, *client.Error, through errors.As:
//
//	Python                       Go
//	PluginError (an APIError)    *pluginhost.Error; errors.As to *client.Error gives kind and retryable
//	APIError subclass by kind    *client.Error (Kind() is the kind the plugin's PluginError JSON names)
//
// Faults, and the canonical kind of each (never retryable: the same plugin fails the same way again):
// not_wasm, load, missing_export, trap, memory (provider); timeout (timeout); malformed_output,
// invalid_output (invalid_response); invalid_config (invalid_request).

import (
	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Fault says how a plugin failed as a plugin.
type Fault string

// The faults, by Python's names.
const (
	FaultNotWasm         Fault = "not_wasm"         // the source is not a wasm module the runtime can load
	FaultLoad            Fault = "load"             // it is, but it does not compile or instantiate
	FaultMissingExport   Fault = "missing_export"   // no function of that name
	FaultTrap            Fault = "trap"             // a panic, unreachable code, a failed host call (a host outside AllowedHosts)
	FaultTimeout         Fault = "timeout"          // past Sandbox.Timeout
	FaultMemory          Fault = "memory"           // past Sandbox.MemoryMiB
	FaultMalformedOutput Fault = "malformed_output" // the answer is not JSON
	FaultInvalidOutput   Fault = "invalid_output"   // JSON of the wrong shape for the export
	FaultInvalidConfig   Fault = "invalid_config"   // the config breaks config_schema(), or the schema is unusable
)

func (f Fault) kind() wirechat.ErrorKind {
	switch f {
	case FaultTimeout:
		return wirechat.ErrorKindTimeout
	case FaultInvalidConfig:
		return wirechat.ErrorKindInvalidRequest
	case FaultMalformedOutput, FaultInvalidOutput:
		return wirechat.ErrorKindInvalidResponse
	}
	return wirechat.ErrorKindProvider
}

// Error is a plugin failing as a plugin. Plugin is its path or URL, Export the function called ("" while
// loading), Pointer the JSON pointer of a bad config or output member ("" when none).
type Error struct {
	Fault   Fault
	Plugin  string
	Export  string
	Pointer string
	Detail  string // what went wrong, without the plugin, export and fault
	cause   *client.Error
}

// Error is the canonical error's text: "wirechat: <kind>: plugin <p>, export <e>: <fault>[ at <pointer>]: <detail>".
func (e *Error) Error() string { return e.cause.Error() }

// Unwrap gives the *client.Error holding the canonical error.
func (e *Error) Unwrap() error { return e.cause }

// Kind is the canonical error kind.
func (e *Error) Kind() wirechat.ErrorKind { return e.cause.Kind() }

func fault(f Fault, detail, plugin, export, pointer string) *Error {
	where := "plugin " + plugin
	if export != "" {
		where += ", export " + export
	}
	at := ""
	if pointer != "" {
		at = " at " + pointer
	}
	message := where + ": " + string(f) + at + ": " + detail
	canonical := &client.Error{Failure: wirechat.Error{Kind: f.kind(), Message: message}, Attempts: 1}
	return &Error{Fault: f, Plugin: plugin, Export: export, Pointer: pointer, Detail: detail, cause: canonical}
}

// reported is the *client.Error for a failure the plugin reported, read by the adapter into failure, its
// message prefixed with the plugin and export.
func reported(failure wirechat.Error, plugin, export string) *client.Error {
	failure.Message = "plugin " + plugin + ", export " + export + ": " + failure.Message
	return &client.Error{Failure: failure, Attempts: 1}
}
