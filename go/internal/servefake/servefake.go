// Package servefake starts the real fake provider, the Python `wirechat serve-fake`, for Go tests: per
// test, on 127.0.0.1, with a script of turns. The executable is $WIRECHAT_BIN, else the repository's
// .venv-dev or .nox environments (two levels above the testing package's directory), else `wirechat` on
// PATH; without one the test is skipped with a message saying how to provide it (the nox go session sets
// WIRECHAT_BIN, so CI never skips). The same harness as go/client's fakeserver_test.go, shared.
package servefake

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Bin is the wirechat executable, or it skips the test.
func Bin(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("WIRECHAT_BIN"); bin != "" {
		return bin
	}
	candidates, _ := filepath.Glob(filepath.Join("..", "..", ".venv-dev", "bin", "wirechat"))
	more, _ := filepath.Glob(filepath.Join("..", "..", ".nox", "*", "bin", "wirechat"))
	for _, candidate := range append(candidates, more...) {
		if info, err := os.Stat(candidate); err == nil && !info.IsDir() {
			return candidate
		}
	}
	if bin, err := exec.LookPath("wirechat"); err == nil {
		return bin
	}
	t.Skip("no wirechat executable for serve-fake: set WIRECHAT_BIN (./dev pytest builds one in .nox/pytest/bin)")
	return ""
}

// Start starts `wirechat serve-fake provider` requiring key, with turns as its script, stopped when the
// test ends; it returns the server's URL.
func Start(t testing.TB, provider, key string, turns []any, extra ...string) string {
	t.Helper()
	bin := Bin(t)
	script := filepath.Join(t.TempDir(), "script.json")
	data, err := json.Marshal(turns)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, data, 0o600); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"serve-fake", provider, "--port", "0", "--script", script, "--api-key", key}, extra...)
	cmd := exec.Command(bin, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	lines := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			if url, ok := strings.CutPrefix(scanner.Text(), "listening on "); ok {
				lines <- url
			}
		}
	}()
	select {
	case url := <-lines:
		return url
	case <-time.After(60 * time.Second):
		t.Fatalf("serve-fake did not print its URL in 60 s; stderr: %s", stderr.String())
	}
	return ""
}
