package gomodel_test

// The go-model conversion vectors (conformance/conversions/go-model) through the Go converter: the same
// files the Python adapter is held to (tests/adapters/go_model/test_vectors.py).

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/wirechat/wirechat/go/gomodel"
	"github.com/wirechat/wirechat/go/wirechat"
)

type vector struct {
	Name      string          `json:"name"`
	Kind      gomodel.Kind    `json:"kind"`
	Direction string          `json:"direction"`
	GoModel   json.RawMessage `json:"go_model"`
	Wirechat  json.RawMessage `json:"wirechat"`
	Warnings  []string        `json:"warnings"`
	Refused   string          `json:"refused"`
	Invalid   bool            `json:"invalid"`
}

func loadVectors(t testing.TB) map[string]vector {
	t.Helper()
	paths, err := filepath.Glob("../../conformance/conversions/go-model/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no vectors found: %v", err)
	}
	out := map[string]vector{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var file struct{ Cases []vector }
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, c := range file.Cases {
			out[filepath.Base(path)+"/"+c.Name] = c
		}
	}
	return out
}

func sameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	g, err := wirechat.CanonicalJSON(got)
	if err != nil {
		t.Fatalf("%s: output is not JSON: %v (%s)", what, err, got)
	}
	w, err := wirechat.CanonicalJSON(want)
	if err != nil {
		t.Fatalf("%s: vector is not JSON: %v", what, err)
	}
	if !bytes.Equal(g, w) {
		t.Errorf("%s:\n got  %s\n want %s", what, g, w)
	}
}

func TestVectors(t *testing.T) {
	vectors := loadVectors(t)
	names := make([]string, 0, len(vectors))
	for name := range vectors {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		v := vectors[name]
		t.Run(name, func(t *testing.T) {
			if v.Direction == "both" || v.Direction == "to_wirechat" {
				got, err := gomodel.ToWirechat(v.Kind, v.GoModel)
				switch {
				case v.Invalid && err == nil:
					t.Errorf("to wirechat: accepted %s, giving %s", v.GoModel, got)
				case !v.Invalid && err != nil:
					t.Errorf("to wirechat: %v", err)
				case !v.Invalid:
					sameJSON(t, "to wirechat", got, v.Wirechat)
				}
			}
			if v.Direction == "both" || v.Direction == "from_wirechat" {
				got, warnings, err := gomodel.FromWirechat(v.Kind, v.Wirechat)
				if v.Refused != "" {
					var refused *gomodel.Refused
					if !errors.As(err, &refused) || refused.Feature != v.Refused {
						t.Errorf("from wirechat: want a refusal of %s, got %v", v.Refused, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("from wirechat: %v", err)
				}
				sameJSON(t, "from wirechat", got, v.GoModel)
				features := []string{}
				for _, w := range warnings {
					if !slices.Contains(features, w.Feature) {
						features = append(features, w.Feature)
					}
				}
				slices.Sort(features)
				want := v.Warnings
				if want == nil {
					want = []string{}
				}
				if !slices.Equal(features, want) {
					t.Errorf("from wirechat: warnings %v, want %v", features, want)
				}
			}
		})
	}
}
