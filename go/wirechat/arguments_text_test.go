package wirechat_test

// The one text of arguments built from an object (spec section 6; decision 036): BuildArguments writes
// it, ArgumentsNormaliser rewrites a provider's streamed spelling into it token by token. Issue 26 item 2:
// Go wrote Python's json.dumps ({"x":1.0}, 1e-05) and escaped U+2028, TypeScript JSON.stringify's text.

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func normalise(fragments []string) (string, error) {
	var n wirechat.ArgumentsNormaliser
	var out strings.Builder
	for _, fragment := range fragments {
		text, err := n.Feed(fragment)
		if err != nil {
			return "", err
		}
		out.WriteString(text)
	}
	rest, err := n.Finish()
	return out.String() + rest, err
}

func TestEachSpellingGivesTheOneTextWholeAndCharByChar(t *testing.T) {
	rows := [][2]string{
		{`{"x": 1.0}`, `{"x":1}`}, {`{"x":1E2}`, `{"x":100}`}, {`{"x":0.00001}`, `{"x":0.00001}`},
		{`{"x":1e-05}`, `{"x":0.00001}`}, {`{"x":1e-7}`, `{"x":1e-7}`}, {`{"x":1e21}`, `{"x":1e+21}`},
		{`{"x":-0.0}`, `{"x":0}`}, {`{"x":"\u00e9"}`, `{"x":"é"}`}, {`{"x":"\u00E9\/"}`, `{"x":"é/"}`},
		{`{"x":"\ud83d\ude00"}`, `{"x":"😀"}`}, {`{"x":"\u2028\u001F"}`, "{\"x\":\"\u2028\\u001f\"}"},
		{`{"b":1,"a":[true,null]}`, `{"b":1,"a":[true,null]}`},
	}
	for _, row := range rows {
		for _, fragments := range [][]string{{row[0]}, strings.Split(row[0], "")} {
			if got, err := normalise(fragments); err != nil || got != row[1] {
				t.Errorf("%s in %d pieces: got %s, %v; want %s", row[0], len(fragments), got, err, row[1])
			}
		}
	}
}

func TestBuildArgumentsWritesTheForm(t *testing.T) {
	got, err := wirechat.BuildArguments(map[string]any{"x": 1.0, "y": 0.00001, "z": "a\u2028/<"})
	if want := "{\"x\":1,\"y\":0.00001,\"z\":\"a\u2028/<\"}"; err != nil || got != want {
		t.Fatalf("got %s, %v; want %s", got, err, want)
	}
	type ordered struct {
		B int     `json:"b"`
		A float64 `json:"a"`
	}
	if got, err := wirechat.BuildArguments(ordered{B: 1, A: 1e21}); err != nil || got != `{"b":1,"a":1e+21}` {
		t.Fatalf("a struct keeps its field order: got %s, %v", got, err)
	}
}

func TestNumbersAreWrittenAsECMAScriptWritesThem(t *testing.T) {
	cases := map[string]string{"1": "1", "100.0": "100", "1e-5": "0.00001", "1e-6": "0.000001", "1e-7": "1e-7",
		"1e21": "1e+21", "1.5e300": "1.5e+300", "5e-324": "5e-324", "0.1": "0.1", "1e15": "1000000000000000",
		"123.456": "123.456", "-2.5E-8": "-2.5e-8", "-0": "0"}
	for sent, want := range cases {
		if got, err := normalise([]string{`[` + sent + `]`}); err != nil || got != `[`+want+`]` {
			t.Errorf("%s: got %s, %v; want %s", sent, got, err, want)
		}
	}
}

func TestWhatTheFormCannotHoldIsRefused(t *testing.T) {
	rows := [][2]string{
		{`{"id":9007199254740993}`, "unsafe-integer"}, {`{"x":1.5e20}`, "unsafe-integer"},
		{`{"x":1e400}`, "number-overflow"}, {`{"x":"\ud800"}`, "lone-surrogate"},
		{`{"x":"\udc00"}`, "lone-surrogate"}, {`{"x":"\ud800x"}`, "lone-surrogate"},
	}
	for _, row := range rows {
		_, err := normalise(strings.Split(row[0], ""))
		var textErr *wirechat.ArgumentsTextError
		if !errors.As(err, &textErr) || textErr.Rule != row[1] {
			t.Errorf("%s: want rule %s, got %v", row[0], row[1], err)
		}
	}
	if got, err := normalise([]string{`{"a": tru`, "e , 01x }"}); err != nil || got != `{"a":true,01x}` {
		t.Errorf("text that is not JSON passes without its whitespace: got %s, %v", got, err)
	}
}
