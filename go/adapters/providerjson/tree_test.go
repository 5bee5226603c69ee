package providerjson

// Written back as Python's json.dumps(ensure_ascii=False, separators=(",", ":")) writes it: order kept,
// a duplicate's first position with its last value, Python's float repr, only the required escapes.

import "testing"

func TestPythonForm(t *testing.T) {
	cases := map[string]string{
		`{"b": 1, "a": [true, null, "x"]}`:            `{"b":1,"a":[true,null,"x"]}`,
		`{"a": 1, "b": 2, "a": 3}`:                    `{"a":3,"b":2}`,
		`[1.0, 1.5, 1e16, 1e15, 0.0001, 1e-05, -0]`:   `[1.0,1.5,1e+16,1000000000000000.0,0.0001,1e-05,0]`,
		`[1E2, 2.50, 123456789012345678901234567890]`: `[100.0,2.5,123456789012345678901234567890]`,
		`"\u00e9\/\t\u0001\u007f😀"`:                   "\"é/\\t\\u0001\u007f😀\"",
		`"\ud83d\ude00"`:                              `"😀"`,
	}
	for in, want := range cases {
		v, err := Parse([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := MustCompact(v); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
}

func TestBadText(t *testing.T) {
	for _, in := range []string{`{"a":`, `{"a" 1}`, `[1,]`, `01`, `"\ud800"`, "\"\xff\"", `{} x`, `tru`, `"a` + "\n" + `"`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("%q must not parse", in)
		}
	}
}

func TestManyMembers(t *testing.T) {
	o := NewObject()
	for i := 0; i < 100; i++ {
		o.Set(string(rune('a'+i%26))+string(rune('a'+i/26)), i)
	}
	o.Set("aa", "again")
	o.Delete("ba")
	if o.Len() != 99 || o.Get("aa") != "again" || o.Has("ba") || o.Get("zc") != 77 || o.Keys()[0] != "aa" {
		t.Fatalf("indexed object lost members: %d %v %v", o.Len(), o.Get("aa"), o.Get("zc"))
	}
}
