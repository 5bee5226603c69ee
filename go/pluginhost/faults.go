package pluginhost

// How a failed call is told apart and explained. The SDK returns one error for two different things: the
// error a plugin set on purpose before returning (QueryMT's PluginError JSON, read by the adapter) and the
// runtime stopping the plugin (a trap, a Go plugin's runtime exiting after a panic or out of memory, a
// host function that panicked, such as an HTTP request to a host outside AllowedHosts). The second comes
// from wazero with a wasm stack trace or as a *sys.ExitError; what a Go plugin printed on stderr says
// which it was (wazero does not).

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/tetratelabs/wazero/sys"
)

// trapped says whether err is the runtime stopping the plugin, not an error the plugin set.
func trapped(err error) bool {
	if err == nil {
		return false
	}
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		return true
	}
	text := err.Error()
	return strings.Contains(text, "wasm stack trace") || strings.HasPrefix(text, "wasm error:") ||
		strings.HasPrefix(text, "failed to initialize runtime:") // the SDK's wrapping of a trap in the guest's init
}

// classify is the *Error for a call the runtime stopped; stderr is what the plugin printed.
func classify(err error, rc uint32, stderr, plugin, export string) *Error {
	text := ""
	if err != nil {
		text = err.Error()
	}
	lowered := strings.ToLower(stderr + "\n" + text)
	if strings.Contains(lowered, "out of memory") || strings.Contains(lowered, "memory limit") ||
		strings.Contains(lowered, "cannot grow memory") {
		return fault(FaultMemory, "out of memory (Sandbox.MemoryMiB)"+firstLine(stderr), plugin, export, "")
	}
	if host, ok := strings.CutPrefix(firstLineOf(text), "HTTP request to '"); ok {
		url, _, _ := strings.Cut(host, "'")
		return fault(FaultTrap, fmt.Sprintf("a host call failed: the HTTP request to %s is outside Sandbox.AllowedHosts", url), plugin, export, "")
	}
	if panicked := panicLine(stderr); panicked != "" {
		return fault(FaultTrap, "the plugin panicked: "+panicked, plugin, export, "")
	}
	detail := firstLineOf(text)
	if detail == "" {
		detail = fmt.Sprintf("the plugin stopped with code %d", rc)
	}
	return fault(FaultTrap, detail+": the plugin panicked or hit unreachable code, or a host call failed, "+
		"such as an HTTP request to a host that did not answer", plugin, export, "")
}

func firstLineOf(text string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	return strings.TrimSpace(line)
}

// firstLine is " (<first line of stderr>)", or "" when the plugin printed nothing.
func firstLine(stderr string) string {
	if line := firstLineOf(stderr); line != "" {
		return " (" + line + ")"
	}
	return ""
}

// panicLine is the message of a Go panic ("panic: <message>") in what the plugin printed.
func panicLine(stderr string) string {
	for line := range strings.SplitSeq(stderr, "\n") {
		if message, ok := strings.CutPrefix(line, "panic: "); ok {
			return strings.TrimSpace(message)
		}
	}
	return ""
}

// randSource gives the plugin's WASI random_get real randomness (wazero's default is a fixed seed).
type randSource struct{}

func (randSource) Read(p []byte) (int, error) { return rand.Read(p) }
