package wirechat_test

// The shared conformance corpus (conformance/cases/**/*.json, format conformance/cases.schema.json),
// read by the Go tests directly: every decode case must get its verdict, a valid one must round-trip
// to the RFC 8785 bytes of its result (default: of its document), an invalid one must be refused with
// a problem of its rule and at its pointer when the case names them, and a text fault must be the only
// problem, with a line and a column. The corpus is the one copy of the byte-level I-JSON cases.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

var casesDir = filepath.Join("..", "..", "conformance", "cases")

type corpusCase struct {
	Op       string          `json:"op"`
	Name     string          `json:"name"`
	Type     string          `json:"type"`
	Mode     string          `json:"mode"`      // "tolerant": read with DecodeTolerantInto (spec section 12)
	MaxBytes int             `json:"max_bytes"` // the decoder's size limit (spec section 5.3); 0: none
	Document json.RawMessage `json:"document"`
	Text     *string         `json:"text"`
	Base64   *string         `json:"base64"`
	Expand   []struct {
		Pointer string `json:"pointer"`
		Unit    string `json:"unit"`
		Count   int    `json:"count"`
	} `json:"expand"`
	Valid   bool            `json:"valid"`
	Result  json.RawMessage `json:"result"`
	Rule    string          `json:"rule"`
	Pointer *string         `json:"pointer"`
}

// corpusDecodeCases returns every decode case of the corpus, keyed by its id (file path without .json,
// a slash, the case's name).
func corpusDecodeCases(tb testing.TB) (ids []string, cases []corpusCase) {
	tb.Helper()
	err := filepath.WalkDir(casesDir, func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var file struct{ Cases []corpusCase }
		if err := json.Unmarshal(raw, &file); err != nil {
			return err
		}
		rel, _ := filepath.Rel(casesDir, path)
		for _, c := range file.Cases {
			if c.Op == "decode" {
				ids = append(ids, filepath.ToSlash(strings.TrimSuffix(rel, ".json"))+"/"+c.Name)
				cases = append(cases, c)
			}
		}
		return nil
	})
	if err != nil || len(cases) == 0 {
		tb.Fatalf("reading the corpus under %s: %v (%d decode cases)", casesDir, err, len(cases))
	}
	return ids, cases
}

// bytes builds the case's document: its text, its base64 bytes, or its JSON document with every
// expand applied (the string at the pointer becomes unit repeated count times).
func (c corpusCase) bytes() ([]byte, error) {
	switch {
	case c.Text != nil:
		return []byte(*c.Text), nil
	case c.Base64 != nil:
		return base64.StdEncoding.DecodeString(*c.Base64)
	case len(c.Expand) == 0:
		return c.Document, nil
	}
	decoder := json.NewDecoder(bytes.NewReader(c.Document))
	decoder.UseNumber()
	var document any
	if err := decoder.Decode(&document); err != nil {
		return nil, err
	}
	for _, e := range c.Expand {
		tokens := strings.Split(e.Pointer, "/")[1:]
		parent := document
		for _, token := range tokens[:len(tokens)-1] {
			parent = child(parent, token)
		}
		last := tokens[len(tokens)-1]
		value := strings.Repeat(e.Unit, e.Count)
		switch p := parent.(type) {
		case map[string]any:
			p[unescapeToken(last)] = value
		case []any:
			i, _ := strconv.Atoi(last)
			p[i] = value
		}
	}
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	err := encoder.Encode(document)
	return bytes.TrimSpace(out.Bytes()), err
}

func child(value any, token string) any {
	switch v := value.(type) {
	case map[string]any:
		return v[unescapeToken(token)]
	case []any:
		i, _ := strconv.Atoi(token)
		return v[i]
	}
	return nil
}

func unescapeToken(token string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(token)
}

var textFaults = map[string]bool{"bom": true, "utf8": true, "syntax": true, "duplicate-key": true, "lone-surrogate": true, "depth": true}

func TestCorpusDecodeCases(t *testing.T) {
	ids, cases := corpusDecodeCases(t)
	for i, c := range cases {
		t.Run(ids[i], func(t *testing.T) {
			data, err := c.bytes()
			if err != nil {
				t.Fatalf("building the document: %v", err)
			}
			value := wirechat.NewByName(c.Type)
			if value == nil {
				t.Fatalf("no wire type %q", c.Type)
			}
			var unknown []wirechat.Unknown
			if c.Mode == "tolerant" {
				unknown, err = wirechat.DecodeTolerantIntoWith(value, data, wirechat.DecodeOptions{MaxBytes: c.MaxBytes})
			} else {
				err = wirechat.DecodeIntoWith(value, data, wirechat.DecodeOptions{MaxBytes: c.MaxBytes})
			}
			if c.Valid {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				want := data
				if len(c.Result) > 0 {
					want = c.Result
				}
				assertRoundTrip(t, value, unknown, want)
				return
			}
			var wireErr *wirechat.WireError
			if !errors.As(err, &wireErr) {
				t.Fatalf("accepted, or failed without a WireError: %v", err)
			}
			checkInvalidCase(t, c, wireErr)
		})
	}
}

func checkInvalidCase(t *testing.T, c corpusCase, wireErr *wirechat.WireError) {
	t.Helper()
	found := false
	for _, p := range wireErr.Problems {
		if (c.Rule == "" || p.Rule == c.Rule) && (c.Pointer == nil || p.Pointer == *c.Pointer) {
			found = true
		}
	}
	if !found {
		pointer := "(any pointer)"
		if c.Pointer != nil {
			pointer = strconv.Quote(*c.Pointer)
		}
		t.Fatalf("want a problem of rule %q at %s, got: %v", c.Rule, pointer, wireErr)
	}
	first := wireErr.Problems[0]
	if textFaults[first.Rule] && (len(wireErr.Problems) != 1 || first.Line < 1 || first.Column < 1) {
		t.Fatalf("a text fault is the only problem and has a line and a column: %+v", wireErr.Problems)
	}
}

// assertRoundTrip checks that value encodes to a document with the RFC 8785 bytes of want.
func assertRoundTrip(t *testing.T, value any, unknown []wirechat.Unknown, want []byte) {
	t.Helper()
	encoded, err := wirechat.EncodeTolerant(value, unknown) // Encode when nothing was set aside
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	got, err := wirechat.CanonicalJSON(encoded)
	if err != nil {
		t.Fatal(err)
	}
	if want, err = wirechat.CanonicalJSON(want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("round trip changed the document\n got: %.300s\nwant: %.300s", got, want)
	}
}
