package adapters_test

// Every provider adapter package has the module set Python's adapters have (python/src/wirechat/adapters/
// _module_set.py: shapes, request encode and decode, response, stream, usage, finish, errors; the manifest
// is generated into go/internal/tables, and adapter.go binds it all; a binding package, see bindings, holds
// adapter, errors and stream over the package it binds), each file says what it is for in a
// comment at its top, and no hand-written file of the adapters grows past 400 lines.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var moduleSet = []string{"shapes", "request_encode", "request_decode", "response", "stream", "usage", "finish", "errors", "adapter"}

// bindings are the adapter packages that bind a conversion package kept elsewhere rather than hold the
// module set themselves, with the module set that package has instead (its files, without .go) and why.
var bindings = map[string]struct {
	bound   string
	modules []string
	why     string
}{
	"gomodel": {
		"../gomodel", []string{"envelope", "parts", "usage", "stream", "convert", "typed"},
		"go/gomodel is the Go SDK model mapping Go services import directly (decision 013); the adapter binds it",
	},
}

// bindingSet is what a binding package holds itself: the contract value, the errors the bound package has
// no kind for, and the stream framing.
var bindingSet = []string{"adapter", "errors", "stream"}

// notProviders are the folders under go/adapters that hold shared code, not a provider.
var notProviders = []string{"internal", "providerjson"}

func providerDirs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, entry := range entries {
		if entry.IsDir() && !slices.Contains(notProviders, entry.Name()) {
			dirs = append(dirs, entry.Name())
		}
	}
	if len(dirs) < 2 {
		t.Fatalf("only %d provider packages: %v", len(dirs), dirs)
	}
	return dirs
}

func TestEveryProviderPackageHasTheModuleSet(t *testing.T) {
	for _, dir := range providerDirs(t) {
		want := moduleSet
		if binding, ok := bindings[dir]; ok {
			want = bindingSet
			for _, module := range binding.modules {
				if _, err := os.Stat(filepath.Join(binding.bound, module+".go")); err != nil {
					t.Errorf("go/adapters/%s binds %s, which has no %s.go (%s)", dir, binding.bound, module, binding.why)
				}
			}
		}
		for _, module := range want {
			if _, err := os.Stat(filepath.Join(dir, module+".go")); err != nil {
				t.Errorf("go/adapters/%s has no %s.go (the module set: %s)", dir, module, strings.Join(want, ", "))
			}
		}
	}
}

func TestEveryAdapterFileSaysWhatItIsForAndStaysShort(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || strings.HasPrefix(path, "internal") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) > 401 { // a last newline leaves one empty element
			t.Errorf("%s has %d lines: split it (400 at most)", path, len(lines)-1)
		}
		if !commentNearTop(lines) {
			t.Errorf("%s: no comment at its top saying what it is for", path)
		}
	}
}

// commentNearTop is whether a // comment opens the file or follows its package clause.
func commentNearTop(lines []string) bool {
	for i, line := range lines {
		if i > 4 {
			return false
		}
		if strings.HasPrefix(line, "//") && !strings.HasPrefix(line, "//go:") {
			return true
		}
	}
	return false
}
