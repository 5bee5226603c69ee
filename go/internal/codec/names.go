package codec

// Duplicate member names (I-JSON rule 2, a text fault): the names of the object being read, compared
// one by one while there are few, then found through an index of their hashes, so that an object with
// a million distinct names costs a million lookups of a 64-bit key.

import (
	"bytes"
	"hash/maphash"
)

// nameSeed is random per process, so a document cannot be built to make names collide.
var nameSeed = maphash.MakeSeed()

// fewNames is how many names an object holds before duplicateName indexes them.
const fewNames = 16

// duplicateName records the current member name among those of the object being read (see
// frame.namesBase), and reports whether it was there already. The answer is exact: two different
// names with one hash are told apart by comparing the names themselves.
func (d *Decoder) duplicateName() bool {
	f := &d.frames[len(d.frames)-1]
	name := d.key
	if d.keyEscaped {
		name = bytes.Clone(name) // d.key lives in scratch, which the next string overwrites
	}
	names := d.names[f.namesBase:]
	if f.many == nil {
		if containsName(names, name) {
			return true
		}
		d.names = append(d.names, name)
		if len(names)+1 > fewNames {
			f.many = make(map[uint64]int, 4*fewNames)
			for i, seen := range d.names[f.namesBase:] {
				f.many[maphash.Bytes(nameSeed, seen)] = i
			}
		}
		return false
	}
	hash := maphash.Bytes(nameSeed, name)
	if i, found := f.many[hash]; found {
		if bytes.Equal(names[i], name) || containsName(names, name) {
			return true
		}
	} else {
		f.many[hash] = len(names)
	}
	d.names = append(d.names, name)
	return false
}

func containsName(names [][]byte, name []byte) bool {
	for _, seen := range names {
		if bytes.Equal(seen, name) {
			return true
		}
	}
	return false
}
