package pluginhost

// The sandbox a plugin runs in: Python's wirechat.transport.plugin.Sandbox, with the same defaults.

import (
	"fmt"
	"time"
)

// Sandbox is what a plugin may do: reach AllowedHosts (host names or globs such as "*.example.com";
// none by default), run Timeout per call (60 s), use MemoryMiB MiB of linear memory (64).
type Sandbox struct {
	AllowedHosts []string
	Timeout      time.Duration
	MemoryMiB    uint32
}

// DefaultSandbox is no network, 60 s per call and 64 MiB, Python's defaults.
func DefaultSandbox() Sandbox { return Sandbox{Timeout: 60 * time.Second, MemoryMiB: 64} }

// withDefaults fills the zero fields with the defaults and checks the rest.
func (s Sandbox) withDefaults() (Sandbox, error) {
	defaults := DefaultSandbox()
	if s.Timeout == 0 {
		s.Timeout = defaults.Timeout
	}
	if s.MemoryMiB == 0 {
		s.MemoryMiB = defaults.MemoryMiB
	}
	if s.Timeout < time.Millisecond {
		return s, fmt.Errorf("wirechat: Sandbox.Timeout must be at least 1 ms, got %v", s.Timeout)
	}
	if s.MemoryMiB > 4096 {
		return s, fmt.Errorf("wirechat: Sandbox.MemoryMiB must be at most 4096 (wasm32's 4 GiB), got %d", s.MemoryMiB)
	}
	for i, host := range s.AllowedHosts {
		if host == "" {
			return s, fmt.Errorf("wirechat: Sandbox.AllowedHosts[%d] is empty", i)
		}
	}
	return s, nil
}

// pages is the memory limit in wasm pages of 64 KiB.
func (s Sandbox) pages() uint32 { return s.MemoryMiB * 16 }
