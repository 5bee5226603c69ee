package codec

// Duplicate names in objects with many members (the indexed path of duplicateName).

import (
	"fmt"
	"strings"
	"testing"
)

func object(n int, extra string) []byte {
	members := make([]string, n)
	for i := range members {
		members[i] = fmt.Sprintf(`"k%d":%d`, i, i)
	}
	if extra != "" {
		members = append(members, extra)
	}
	return []byte("{" + strings.Join(members, ",") + "}")
}

func TestDuplicateNamesInLargeObjects(t *testing.T) {
	for _, n := range []int{3, fewNames, fewNames + 1, 1000} {
		d := NewDecoder(object(n, ""))
		d.RawValue()
		if err := d.Finish(""); err != nil {
			t.Fatalf("%d distinct names: %v", n, err)
		}
		for _, again := range []int{0, n / 2, n - 1} {
			d := NewDecoder(object(n, fmt.Sprintf(`"k%d":0`, again)))
			d.RawValue()
			err := d.Finish("")
			want := fmt.Sprintf("/k%d", again)
			if err == nil || d.fault == nil || d.fault.Rule != RuleDuplicateKey || d.fault.Pointer != want {
				t.Fatalf("%d names, k%d again: want a duplicate-key fault at %s, got %v", n, again, want, err)
			}
		}
	}
}

func TestDuplicateNamesWhoseHashesCollideAreStillToldApart(t *testing.T) {
	d := NewDecoder(object(fewNames+2, `"k1":0`))
	d.OpenObject()
	for d.NextMember() {
		if f := &d.frames[0]; f.many != nil {
			for hash := range f.many {
				f.many[hash] = 0 // every hash now points at "k0": lookups must compare the names
			}
		}
		if d.duplicateName() {
			d.Duplicate()
			break
		}
		d.value()
	}
	if d.Finish("") == nil || d.fault.Pointer != "/k1" {
		t.Fatalf("want the duplicate at /k1, got %+v", d.fault)
	}
}
