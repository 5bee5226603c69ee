package pluginhost_test

// The plugins the tests run, built from source with Python's recipe (tests/querymt/conftest.py):
// GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared. The go build cache makes a rebuild of unchanged
// sources a link only; the wasm goes to .cache/querymt-plugins/go-test/ (gitignored).

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

var repoRoot = filepath.Join("..", "..")

var built sync.Map // source directory -> wasm path, once per test process

func buildPlugin(t *testing.T, source string) string {
	t.Helper()
	if path, ok := built.Load(source); ok {
		return path.(string)
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("building the test plugins needs the go command on PATH")
	}
	dir, _ := filepath.Abs(filepath.Join(repoRoot, ".cache", "querymt-plugins", "go-test"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, filepath.Base(source)+".wasm")
	partial := target + "." + strconv.Itoa(os.Getpid()) + ".tmp"
	cmd := exec.Command(goBin, "build", "-buildmode=c-shared", "-trimpath", "-ldflags=-s -w", "-o", partial, ".")
	cmd.Dir = filepath.Join(repoRoot, source)
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", source, err, out)
	}
	if err := os.Rename(partial, target); err != nil {
		t.Fatal(err)
	}
	built.Store(source, target)
	return target
}

func examplePlugin(t *testing.T) string { return buildPlugin(t, "examples/querymt-plugin-go") }
func faultyPlugin(t *testing.T) string  { return buildPlugin(t, "tests/querymt/faulty_plugin") }
