package wirechat_test

// TestTypeAliasesListTheirFields holds the doc comment of every struct alias in types_gen.go (written by
// wirechat codegen's go-aliases target from the schema) to the fields of the generated struct as Go's own
// parser reads them, so that `go doc ./wirechat ChatRequest` shows the fields (an alias's own doc is all
// go doc prints for it): the two generators cannot drift apart unseen.

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
	source, err := os.ReadFile("types_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	checked := 0
	for _, parts := range aliasLine.FindAllStringSubmatch(string(source), -1) {
		name := parts[2]
		list, isStruct := fields[parts[4]]
		if !isStruct || len(list) == 0 {
			continue
		}
		checked++
		if parts[1] != aliasDoc(name, list) {
			stale = append(stale, name)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d struct aliases found in types_gen.go: the pattern no longer matches the file", checked)
	}
	if len(stale) == 0 {
		return
	}
	t.Errorf("types_gen.go: the doc comments of %s do not list their fields as the structs have them: run "+
		"wirechat codegen (the go-aliases target) and check go_aliases.py against the go target", strings.Join(stale, ", "))
}
