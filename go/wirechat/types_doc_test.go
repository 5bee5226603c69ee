package wirechat_test

// TestTypeAliasesListTheirFields keeps the doc comment of every struct alias in types.go equal to the
// fields of the generated type, so that `go doc ./wirechat ChatRequest` shows them (an alias's own doc
// is all go doc prints for it). On a difference it prints the comment to use; WIRECHAT_UPDATE_DOCS=1
// rewrites types.go in place.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"text/tabwriter"
)

const docSource = "github.com/wirechat/wirechat/go/internal/wire"

// structFields maps each generated struct type to its exported fields, "Name Type" per line.
func structFields(t *testing.T) map[string][]string {
	t.Helper()
	paths, err := filepath.Glob("../internal/wire/*_gen.go")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no generated files: %v", err)
	}
	fields := map[string][]string{}
	fset := token.NewFileSet()
	for _, path := range paths {
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			general, ok := decl.(*ast.GenDecl)
			if !ok || general.Tok != token.TYPE {
				continue
			}
			for _, spec := range general.Specs {
				typeSpec := spec.(*ast.TypeSpec)
				body, ok := typeSpec.Type.(*ast.StructType)
				if !ok || !typeSpec.Name.IsExported() {
					continue
				}
				var lines []string
				for _, field := range body.Fields.List {
					var kind bytes.Buffer
					_ = format.Node(&kind, fset, field.Type)
					for _, name := range field.Names {
						if name.IsExported() {
							lines = append(lines, name.Name+"\t"+kind.String())
						}
					}
				}
				fields[typeSpec.Name.Name] = lines
			}
		}
	}
	return fields
}

func aliasDoc(name string, fields []string) string {
	var table bytes.Buffer
	w := tabwriter.NewWriter(&table, 0, 4, 1, ' ', 0)
	for _, line := range fields {
		fmt.Fprintf(w, "\t//\t%s\n", line)
	}
	_ = w.Flush()
	var doc strings.Builder
	fmt.Fprintf(&doc, "\t// %s has the fields below; each one's text: go doc %s %s\n\t//\n", name, docSource, name)
	for _, line := range strings.Split(strings.TrimRight(table.String(), "\n"), "\n") {
		doc.WriteString("\t//\t" + strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(line), "//"), " \t") + "\n")
	}
	return doc.String()
}

var aliasLine = regexp.MustCompile(`(?m)^((?:\t//.*\n)*)\t(\w+)(\s+)= wire\.(\w+)\n`)

func TestTypeAliasesListTheirFields(t *testing.T) {
	fields := structFields(t)
	source, err := os.ReadFile("types.go")
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	updated := aliasLine.ReplaceAllStringFunc(string(source), func(match string) string {
		parts := aliasLine.FindStringSubmatch(match)
		name, spacing := parts[2], parts[3]
		list, isStruct := fields[parts[4]]
		if !isStruct || len(list) == 0 {
			return match
		}
		want := aliasDoc(name, list)
		if parts[1] != want {
			stale = append(stale, name)
		}
		return want + "\t" + name + spacing + "= wire." + parts[4] + "\n"
	})
	if len(stale) == 0 {
		return
	}
	if os.Getenv("WIRECHAT_UPDATE_DOCS") == "1" {
		formatted, err := format.Source([]byte(updated))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("types.go", formatted, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the doc comments of %s", strings.Join(stale, ", "))
		return
	}
	t.Errorf("types.go: the doc comments of %s do not list their fields; run WIRECHAT_UPDATE_DOCS=1 go test "+
		"./wirechat -run TestTypeAliasesListTheirFields", strings.Join(stale, ", "))
}
