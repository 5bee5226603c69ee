package wirechat_test

// The shared examples (schema/v1/examples/<Type>/{valid,invalid}/*.json) get the same verdict here as in
// Python and TypeScript: every valid one decodes and round-trips to the same RFC 8785 bytes, every
// invalid one is rejected with a problem at the pointer the example names. Also: every schema type
// exists in Go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

const schemaDir = "../../schema/v1"

func examples(t *testing.T, verdict string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(schemaDir, "examples", "*", verdict, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no %s examples under %s", verdict, schemaDir)
	}
	return paths
}

// typeOf is the type an example belongs to: the name of the folder above valid/ or invalid/.
func typeOf(path string) string { return filepath.Base(filepath.Dir(filepath.Dir(path))) }

func testName(path string) string {
	return typeOf(path) + "/" + strings.TrimSuffix(filepath.Base(path), ".json")
}

func TestValidExamplesRoundTrip(t *testing.T) {
	for _, path := range examples(t, "valid") {
		t.Run(testName(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			value := wirechat.NewByName(typeOf(path))
			if value == nil {
				t.Fatalf("no Go type for %s", typeOf(path))
			}
			if err := wirechat.DecodeInto(value, raw); err != nil {
				t.Fatalf("a valid example is rejected: %v", err)
			}
			encoded, err := wirechat.Encode(value)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			want, err := wirechat.CanonicalJSON(raw)
			if err != nil {
				t.Fatalf("JCS of the example: %v", err)
			}
			got, err := wirechat.CanonicalJSON(encoded)
			if err != nil {
				t.Fatalf("JCS of the encoding %s: %v", encoded, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("round trip changed the document\n got: %s\nwant: %s", got, want)
			}
			again := wirechat.NewByName(typeOf(path))
			if err := wirechat.DecodeInto(again, encoded); err != nil {
				t.Fatalf("the encoding does not decode: %v\n%s", err, encoded)
			}
		})
	}
}

func TestInvalidExamplesAreRejectedWhereTheySay(t *testing.T) {
	for _, path := range examples(t, "invalid") {
		t.Run(testName(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var example struct {
				Reason   string          `json:"reason"`
				Pointer  *string         `json:"pointer"`
				Document json.RawMessage `json:"document"`
			}
			if err := json.Unmarshal(raw, &example); err != nil {
				t.Fatal(err)
			}
			if example.Pointer == nil || example.Document == nil || strings.TrimSpace(example.Reason) == "" {
				t.Fatal(`an invalid example is {"reason", "pointer", "document"}`)
			}
			err = wirechat.DecodeInto(wirechat.NewByName(typeOf(path)), example.Document)
			var wireErr *wirechat.WireError
			if !errors.As(err, &wireErr) {
				t.Fatalf("accepted (%s), or failed without a WireError: %v", example.Reason, err)
			}
			if !slices.Contains(wireErr.Pointers(), *example.Pointer) {
				t.Fatalf("expected a problem at %q (%s), got: %v", *example.Pointer, example.Reason, err)
			}
		})
	}
}

// schemaTypeNames reads every type name from the schema files: each file's title and its $defs.
func schemaTypeNames(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(schemaDir, "*.schema.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no schema files under %s (%v)", schemaDir, err)
	}
	var names []string
	for _, path := range paths {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Title string                     `json:"title"`
			Defs  map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		names = append(names, schema.Title)
		for name := range schema.Defs {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// exported lists the exported type and constant names declared in a package folder.
func exported(t *testing.T, dir string) (types, constants map[string]bool) {
	t.Helper()
	types, constants = map[string]bool{}, map[string]bool{}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range parsed.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					if spec.Name.IsExported() {
						types[spec.Name.Name] = true
					}
				case *ast.ValueSpec:
					for _, name := range spec.Names {
						if name.IsExported() && gen.Tok == token.CONST {
							constants[name.Name] = true
						}
					}
				}
			}
		}
	}
	return types, constants
}

// TestEveryWireTypeIsExported checks that every schema type is generated and re-exported here, with
// every enum constant, and prints the lines to add to types.go when one is not.
func TestEveryWireTypeIsExported(t *testing.T) {
	names := schemaTypeNames(t)
	if !slices.Equal(names, wirechat.TypeNames) {
		t.Errorf("the generated TypeNames differ from the schema's types (run wirechat codegen):\n got %v\nwant %v",
			wirechat.TypeNames, names)
	}
	generatedTypes, generatedConstants := exported(t, "../internal/wire")
	publicTypes, publicConstants := exported(t, ".")
	var missing []string
	for _, name := range names {
		if !generatedTypes[name] {
			t.Errorf("schema type %s has no generated Go type", name)
		}
		if wirechat.NewByName(name) == nil {
			t.Errorf("NewByName(%q) is nil", name)
		}
		if !publicTypes[name] {
			missing = append(missing, "\t"+name+" = wire."+name)
		}
	}
	for name := range generatedConstants {
		if !publicConstants[name] {
			missing = append(missing, "\t"+name+" = wire."+name+" // a const")
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Errorf("types.go does not re-export every generated type and constant; add:\n%s", strings.Join(missing, "\n"))
	}
}
