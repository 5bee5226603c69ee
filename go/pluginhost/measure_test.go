package pluginhost_test

// The host's overhead, in one run (same process, interleaved), as Python's bench/querymt_plugin_bench.py:
//
//	WIRECHAT_MEASURE=1 go test -run TestMeasureHost -v ./pluginhost/
//
// A chat through Client.Chat (validate, the querymt adapter both ways, the cfg check, the call) against a
// bare SDK call of the same JSON into the same instance (Host.Call with the body already encoded), on the
// faulty plugin's "ok" mode (no HTTP); and loading the plugin (compile + instantiate + config_schema):
// the first load in the process against the next ones (wazero's compilation cache).

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/adapters/querymt"
	"github.com/wirechat/wirechat/go/pluginhost"
)

func TestMeasureHost(t *testing.T) {
	if os.Getenv("WIRECHAT_MEASURE") == "" {
		t.Skip("set WIRECHAT_MEASURE=1 to measure")
	}
	ctx := context.Background()
	wasm := faultyPlugin(t)
	var loads []time.Duration
	for range 4 {
		started := time.Now()
		c, err := pluginhost.New(ctx, wasm, pluginhost.WithConfig(map[string]any{"mode": "ok"}))
		if err != nil {
			t.Fatal(err)
		}
		loads = append(loads, time.Since(started))
		_ = c.Close(ctx)
	}
	t.Logf("load: first %v, then %v %v %v", loads[0], loads[1], loads[2], loads[3])

	c := faulty(t, "ok")
	request := hi(t, "")
	body, _, err := querymt.Adapter.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	const calls = 2000
	var through, bare time.Duration
	for round := range 2 * calls {
		started := time.Now()
		if round%2 == 0 {
			if _, err := c.Chat(ctx, request); err != nil {
				t.Fatal(err)
			}
			through += time.Since(started)
		} else {
			if _, err := c.Host.Call(ctx, "chat", body); err != nil {
				t.Fatal(err)
			}
			bare += time.Since(started)
		}
	}
	t.Logf("per call: Client.Chat %v, bare Host.Call %v, ratio %.2fx (%d calls each)", through/calls, bare/calls,
		float64(through)/float64(bare), calls)
	_ = pluginhost.FaultTrap
}
