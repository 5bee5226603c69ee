package client_test

// The client fault table (conformance/faults/client-faults.json) against the Go client over the Python
// fake provider (`wirechat serve-fake`, its hostile turns): every row ends in its typed error within the
// profile's time bound, allocating less than its memory bound. WIRECHAT_FAULTS=long runs the long profile.

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/client"
)

type faultProfile struct {
	Limits struct {
		MaxBodyBytes      int64 `json:"max_body_bytes"`
		MaxErrorBodyBytes int64 `json:"max_error_body_bytes"`
		MaxEventBytes     int   `json:"max_event_bytes"`
	} `json:"limits"`
	Timeouts struct {
		ReadS  float64 `json:"read_s"`
		TotalS float64 `json:"total_s"`
	} `json:"timeouts"`
	Seconds      float64 `json:"seconds"`
	RSSGrowthMiB float64 `json:"rss_growth_mib"`
}

type faultRow struct {
	Name       string           `json:"name"`
	Call       string           `json:"call"`
	Hostile    map[string]any   `json:"hostile"`
	Bytes      map[string]int64 `json:"bytes"`
	IntervalMs map[string]int64 `json:"interval_ms"`
	Expect     struct {
		Error  string `json:"error"`
		Kind   string `json:"kind"`
		Status int    `json:"status"`
	} `json:"expect"`
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

func TestFaultTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "faults", "client-faults.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Profiles map[string]faultProfile `json:"profiles"`
		Faults   []faultRow              `json:"faults"`
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	name := os.Getenv("WIRECHAT_FAULTS")
	if name == "" {
		name = "short"
	}
	profile := table.Profiles[name]
	request := hello()
	// One server plays every row's turn in order (a Python server per row cost seconds each): a client that
	// retried or followed a redirect would take the next row's turn, and that row would fail.
	turns := make([]any, 0, len(table.Faults))
	for _, row := range table.Faults {
		hostile := map[string]any{}
		for key, value := range row.Hostile {
			hostile[key] = value
		}
		hostile["bytes"] = row.Bytes[name]
		if interval, ok := row.IntervalMs[name]; ok {
			hostile["interval_ms"] = interval
		}
		turns = append(turns, map[string]any{"hostile": hostile})
	}
	url := serveFake(t, "openai-chat", turns)
	for _, row := range table.Faults {
		t.Run(row.Name, func(t *testing.T) {
			c, err := client.New("openai-chat", client.WithAPIKey(testKey), client.WithBaseURL(url), client.WithMaxRetries(0),
				client.WithMaxBodyBytes(profile.Limits.MaxBodyBytes), client.WithMaxErrorBodyBytes(profile.Limits.MaxErrorBodyBytes),
				client.WithMaxEventBytes(profile.Limits.MaxEventBytes),
				client.WithTimeouts(client.Timeouts{Read: seconds(profile.Timeouts.ReadS), Total: seconds(profile.Timeouts.TotalS)}))
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			if row.Call == "chat" {
				_, err = c.Chat(context.Background(), request)
			} else {
				var stream *client.Stream
				if stream, err = c.Stream(context.Background(), request); err == nil {
					_, err = stream.Response()
				}
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			allocated := float64(after.TotalAlloc-before.TotalAlloc) / (1 << 20)
			var failure *client.Error
			if !errors.As(err, &failure) {
				t.Fatalf("want a *client.Error, got %v", err)
			}
			if string(failure.Kind()) != row.Expect.Kind {
				t.Fatalf("kind %s, want %s: %v", failure.Kind(), row.Expect.Kind, err)
			}
			switch row.Expect.Error {
			case "too-large":
				if !errors.Is(err, client.ErrResponseTooLarge) {
					t.Fatalf("want ErrResponseTooLarge: %v", err)
				}
			case "redirect-refused":
				if !errors.Is(err, client.ErrRedirectRefused) {
					t.Fatalf("want ErrRedirectRefused: %v", err)
				}
			case "timeout", "status":
			default:
				t.Fatalf("unknown expected error %q", row.Expect.Error)
			}
			if row.Expect.Status != 0 && failure.Status() != row.Expect.Status {
				t.Fatalf("status %d, want %d", failure.Status(), row.Expect.Status)
			}
			if elapsed > seconds(profile.Seconds) || allocated > profile.RSSGrowthMiB {
				t.Fatalf("%s took %v and allocated %.0f MiB (bounds %v s, %v MiB)", row.Name, elapsed, allocated, profile.Seconds, profile.RSSGrowthMiB)
			}
			t.Logf("%s: %s in %v, %.1f MiB allocated", row.Name, failure.Kind(), elapsed.Round(time.Millisecond), allocated)
		})
	}
}
