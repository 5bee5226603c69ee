package mcp_test

// A hand-written MCP server over streamable HTTP on 127.0.0.1 that misbehaves on purpose (Python's
// tests/mcp/hostile_http_server.py), by path: /paging offers a next page forever, /slow does so 200 ms a
// page, /bomb answers tools/list with a small gzip body inflating to far more, /brotli in a coding not asked
// for, /malformed with a result that is not MCP's. lists counts the tools/list requests answered.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

func gzipOfZeros(size int) []byte {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for sent := 0; sent < size; sent += len(zeros) {
		_, _ = w.Write(zeros)
	}
	_ = w.Close()
	return out.Bytes()
}

type hostile struct {
	url   string
	lists atomic.Int64
}

func startHostile(t *testing.T, bomb []byte) *hostile {
	h := &hostile{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var message struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				ProtocolVersion string `json:"protocolVersion"`
				Cursor          string `json:"cursor"`
			} `json:"params"`
		}
		_ = json.Unmarshal(body, &message)
		if message.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		reply := func(result any) {
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": message.ID, "result": result})
		}
		if message.Method == "initialize" {
			reply(map[string]any{"protocolVersion": message.Params.ProtocolVersion, "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "hostile", "version": "0"}})
			return
		}
		if message.Method != "tools/list" { // server/discover (the SDK asks first), ping ...
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": message.ID,
				"error": map[string]any{"code": -32601, "message": "method not found"}})
			return
		}
		h.lists.Add(1)
		page, _ := strconv.Atoi(message.Params.Cursor)
		tools := []any{map[string]any{"name": fmt.Sprintf("t%d", page), "inputSchema": map[string]any{"type": "object"}}}
		switch r.URL.Path {
		case "/paging":
			reply(map[string]any{"tools": tools, "nextCursor": strconv.Itoa(page + 1)})
		case "/slow":
			time.Sleep(200 * time.Millisecond)
			reply(map[string]any{"tools": tools, "nextCursor": strconv.Itoa(page + 1)})
		case "/bomb":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(bomb)
		case "/brotli":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "br")
			_, _ = w.Write(make([]byte, 64))
		case "/malformed":
			reply(map[string]any{"tools": "not a list"})
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(ts.Close)
	h.url = ts.URL
	return h
}
