package codec

// The writer's number and string forms.

import (
	"math"
	"testing"
)

func TestNumbersAreWrittenAsECMAScriptWrites(t *testing.T) {
	cases := map[float64]string{
		0: "0", math.Copysign(0, -1): "-0", 1: "1", -1.5: "-1.5", 0.1: "0.1", 1e21: "1e+21", 1e20: "100000000000000000000",
		1e-7: "1e-7", 1e-6: "0.000001", 5e-324: "5e-324", math.MaxFloat64: "1.7976931348623157e+308",
		123456789012345680000: "123456789012345680000",
	}
	for value, want := range cases {
		if got := FormatFloat(value); got != want {
			t.Errorf("%v: got %s, want %s", value, got, want)
		}
	}
}

func TestWriterPlacesCommas(t *testing.T) {
	var w Writer
	w.OpenObject()
	w.Key("a")
	w.OpenArray()
	w.Element()
	w.OpenArray()
	w.CloseArray()
	w.Element()
	w.Int(1)
	w.CloseArray()
	w.Name("b/\"c")
	w.OpenObject()
	w.CloseObject()
	w.CloseObject()
	if got := string(w.Bytes()); got != `{"a":[[],1],"b/\"c":{}}` {
		t.Fatalf("got %s", got)
	}
}
