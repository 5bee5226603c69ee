package mcp_test

// A measurement, not a test (skipped unless BOMB_MIB is set): a gzip body of BOMB_MIB MiB of zeros read
// under a cap of BOMB_CAP bytes (0: the default 64 MiB), its time and allocation, as decision 042 reports:
//
//	BOMB_MIB=1024 go test -run TestMeasureBomb -v ./mcp/

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/mcp"
)

func TestMeasureBomb(t *testing.T) {
	if os.Getenv("BOMB_MIB") == "" {
		t.Skip("a measurement: set BOMB_MIB (and BOMB_CAP) to run it")
	}
	mib, _ := strconv.Atoi(os.Getenv("BOMB_MIB"))
	capBytes, _ := strconv.Atoi(os.Getenv("BOMB_CAP"))
	h := startHostile(t, gzipOfZeros(mib<<20))
	client := hostileClient(t, h, "/bomb", mcp.Limits{MaxResponseBytes: capBytes})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	started := time.Now()
	_, err := client.ListTools(context.Background())
	runtime.ReadMemStats(&after)
	t.Logf("%d MiB bomb, cap %d: %v, allocated %d MiB, heap in use +%d MiB; %v", mib, capBytes, time.Since(started),
		(after.TotalAlloc-before.TotalAlloc)>>20, (int64(after.HeapInuse)-int64(before.HeapInuse))>>20, err)
}
