package gemini

// Hostile bodies never panic: every provider body and stream chunk of the shared vectors, with each of its
// values in turn replaced by a value of another type (null, a string, a number, an array, an object),
// is read to a response, a request, canonical events or an *adapters.InvalidBodyError, never a panic.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

var swaps = []func() any{
	func() any { return nil },
	func() any { return "x" },
	func() any { return providerjson.Number("-1") },
	func() any { return []any{} },
	func() any { return newObj() },
}

// mutants calls visit with copies of root, each with one value (at most limit of them) swapped.
func mutants(root any, limit int, visit func(any)) {
	count := 0
	var walk func(holder any, key any)
	walk = func(holder any, key any) {
		var value any
		switch h := holder.(type) {
		case *obj:
			value = h.Get(key.(string))
		case []any:
			value = h[key.(int)]
		}
		for _, swap := range swaps {
			if count >= limit {
				return
			}
			count++
			switch h := holder.(type) {
			case *obj:
				h.Set(key.(string), swap())
			case []any:
				h[key.(int)] = swap()
			}
			visit(root)
		}
		switch h := holder.(type) {
		case *obj:
			h.Set(key.(string), value)
		case []any:
			h[key.(int)] = value
		}
		switch v := value.(type) {
		case *obj:
			for _, k := range v.Keys() {
				walk(v, k)
			}
		case []any:
			for i := range v {
				walk(v, i)
			}
		}
	}
	if object, ok := root.(*obj); ok {
		for _, k := range object.Keys() {
			walk(object, k)
		}
	}
}

func noPanic(t *testing.T, what string, run func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s panicked: %v", what, r)
		}
	}()
	run()
}

func TestHostileBodiesNeverPanic(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "conformance", "cases", "adapters")
	for _, name := range []string{"gemini.ndjson", "recorded-gemini.ndjson"} {
		file, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		scanner := bufio.NewScanner(file)
		scanner.Buffer(make([]byte, 1<<20), 1<<24)
		for line := 0; scanner.Scan(); line++ {
			var v struct {
				Kind     string            `json:"kind"`
				Body     json.RawMessage   `json:"body"`
				BodyText string            `json:"body_text"`
				Events   []json.RawMessage `json:"events"`
			}
			if err := json.Unmarshal(scanner.Bytes(), &v); err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("%s line %d (%s)", name, line, v.Kind)
			switch v.Kind {
			case "response", "error":
				tree, err := providerjson.Parse([]byte(v.BodyText))
				if err != nil {
					continue
				}
				mutants(tree, 150, func(m any) {
					data := providerjson.MustMarshal(m)
					noPanic(t, what, func() { _, _, _ = DecodeResponse(data); DecodeError(400, nil, data) })
				})
			case "request_decode", "request":
				tree, err := providerjson.Parse(v.Body)
				if err != nil || v.Body == nil {
					continue
				}
				mutants(tree, 150, func(m any) {
					data := providerjson.MustMarshal(m)
					noPanic(t, what, func() { _, _, _ = DecodeRequest(data) })
				})
			case "stream":
				for i, raw := range v.Events {
					var event struct{ Data string }
					_ = json.Unmarshal(raw, &event)
					tree, err := providerjson.Parse([]byte(event.Data))
					if err != nil {
						continue
					}
					mutants(tree, 40, func(m any) {
						noPanic(t, what, func() {
							decoder := NewStreamDecoder()
							for j, other := range v.Events {
								var e struct{ Data string }
								_ = json.Unmarshal(other, &e)
								if j == i {
									e.Data = providerjson.MustCompact(m)
								}
								decoder.Feed(adapters.SseEvent{Data: e.Data})
							}
							decoder.Close()
						})
					})
				}
			}
		}
		file.Close()
	}
}
