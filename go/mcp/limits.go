package mcp

// The bounds a client keeps on what a server sends (issue 27, decision 033; Python's McpLimits, the same
// defaults): tools/list pages are counted and the whole listing has one deadline; an HTTP response body is
// capped after decompression (capped_http.go) and a stdio message at the same size.

import (
	"fmt"
	"time"
)

const (
	// DefaultMaxListPages is the pages one ListTools reads.
	DefaultMaxListPages = 100
	// DefaultMaxResponseBytes is the decompressed size of one response body or stdio message (spec 5.3).
	DefaultMaxResponseBytes = 64 << 20
)

// Limits bounds what a server may send; a zero field takes its default. MaxListPages: pages one ListTools
// reads (100). ListTimeout: the whole listing, all pages (zero: the config's call timeout, 60 s by
// default). MaxResponseBytes: one HTTP response body after decompression, or one stdio message (64 MiB);
// only gzip and deflate are asked for, and a body in another coding is refused.
type Limits struct {
	MaxListPages     int
	ListTimeout      time.Duration
	MaxResponseBytes int
}

func (l Limits) resolved() (Limits, error) {
	if l.MaxListPages < 0 || l.MaxResponseBytes < 0 || l.ListTimeout < 0 {
		return l, fmt.Errorf("mcp.Limits: a limit must not be negative (got %+v)", l)
	}
	if l.MaxListPages == 0 {
		l.MaxListPages = DefaultMaxListPages
	}
	if l.MaxResponseBytes == 0 {
		l.MaxResponseBytes = DefaultMaxResponseBytes
	}
	return l, nil
}
