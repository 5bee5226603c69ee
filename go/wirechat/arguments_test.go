package wirechat_test

// BuildArguments and ParseArguments cross between Go values and ToolCall.Arguments, a JSON text.

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

func TestBuildArguments(t *testing.T) {
	type args struct {
		City  string `json:"city"`
		Days  int    `json:"days"`
		Units string `json:"units,omitempty"`
	}
	got, err := wirechat.BuildArguments(args{City: "Zürich <&>", Days: 3})
	if err != nil || got != `{"city":"Zürich <&>","days":3}` {
		t.Fatalf("got %s, %v", got, err)
	}
	for _, bad := range []any{[]int{1}, "text", 3, map[string]any{"n": int64(1) << 60}, map[string]any{"f": func() {}}} {
		var argsErr *wirechat.ToolArgumentsError
		if _, err := wirechat.BuildArguments(bad); !errors.As(err, &argsErr) {
			t.Fatalf("%#v: want a ToolArgumentsError, got %v", bad, err)
		}
	}
}

func TestParseArguments(t *testing.T) {
	var into struct {
		City string `json:"city"`
	}
	if err := wirechat.ParseArguments(`{"city": "Paris"}`, &into); err != nil || into.City != "Paris" {
		t.Fatalf("got %+v, %v", into, err)
	}
	var empty map[string]any
	if err := wirechat.ParseArguments("  ", &empty); err != nil || len(empty) != 0 || empty == nil {
		t.Fatalf("blank arguments read as {}, got %v, %v", empty, err)
	}
	for _, bad := range []string{`{"city": "Par`, `[1]`, `{"a":1,"a":2}`, `{"n":9007199254740993}`, `{"s":"\ud800"}`, `{} {}`} {
		err := wirechat.ParseArguments(bad, &empty)
		var argsErr *wirechat.ToolArgumentsError
		if !errors.As(err, &argsErr) {
			t.Fatalf("%s: want a ToolArgumentsError, got %v", bad, err)
		}
	}
	call := wirechat.ToolCall{ID: "call_1", Name: "weather", Arguments: `{"city": `}
	err := wirechat.ParseCallArguments(call, &into)
	if err == nil || !strings.Contains(err.Error(), `"call_1" (weather)`) || !strings.Contains(err.Error(), `{\"city\": `) {
		t.Fatalf("the error names the call and quotes the text: %v", err)
	}
	if err := wirechat.ParseArguments(`{"city": 5}`, &into); err == nil {
		t.Fatal("a type mismatch with the target is an error")
	}
}
