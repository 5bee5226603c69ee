package wirechat_test

// Hostile-input benchmarks (issue 10): documents built to cost a decoder time or memory. Each is run at
// n and 4n, so the ratio of the two decode-ns/op shows whether the cost grows linearly (about 4x); in the same
// loop encoding/json's json.Valid checks the same bytes, and x-json.Valid is the ratio of the two
// times (a baseline that the machine's noise hits alike); decode-ns/op is the decoding alone (ns/op
// and B/op count both). Generated at run time, never stored.
//
//	go test -c -o /tmp/wirechat.test ./wirechat/
//	/usr/bin/time -v /tmp/wirechat.test -test.run '^$' -test.bench 'Hostile/bad-parts-100000$' -test.benchtime 3x -test.benchmem
//
// (one sub-benchmark per process, so that "Maximum resident set size" is that input's peak memory).

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/wirechat"
)

// badParts is a Message whose n parts each break one rule (a text that is a number): n problems.
func badParts(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"role":"user","parts":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"text","text":1}`)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// unknownMembers is a Message with n distinct unknown members: n problems, n distinct pointers.
func unknownMembers(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"role":"user","parts":[]`)
	for i := range n {
		b.WriteString(`,"m`)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`":0`)
	}
	b.WriteString(`}`)
	return b.Bytes()
}

// unterminatedString is a Message whose one text runs for n bytes and never ends.
func unterminatedString(n int) []byte {
	prefix := `{"role":"user","parts":[{"type":"text","text":"`
	b := make([]byte, len(prefix)+n)
	copy(b, prefix)
	for i := len(prefix); i < len(b); i++ {
		b[i] = 'a'
	}
	return b
}

func BenchmarkHostile(b *testing.B) {
	inputs := []struct {
		name  string
		build func(int) []byte
		sizes []int
	}{
		{"bad-parts", badParts, []int{100_000, 400_000, 1_000_000, 4_000_000}},
		{"unknown-members", unknownMembers, []int{250_000, 1_000_000}},
		{"unterminated-string", unterminatedString, []int{25_000_000, 100_000_000}},
	}
	for _, input := range inputs {
		for _, n := range input.sizes {
			b.Run(input.name+"-"+strconv.Itoa(n), func(b *testing.B) {
				data := input.build(n)
				b.SetBytes(int64(len(data)))
				var decoding, validating time.Duration
				rounds := 0
				for b.Loop() {
					rounds++
					start := time.Now()
					if _, err := wirechat.Decode[wirechat.Message](data); err == nil {
						b.Fatal("a hostile document was accepted")
					}
					decoding += time.Since(start)
					start = time.Now()
					json.Valid(data)
					validating += time.Since(start)
				}
				b.ReportMetric(float64(decoding.Nanoseconds())/float64(rounds), "decode-ns/op")
				b.ReportMetric(float64(decoding)/float64(validating), "x-json.Valid")
			})
		}
	}
}
