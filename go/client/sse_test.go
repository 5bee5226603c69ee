package client

// SSE framing robust to any split: every way of cutting the stream into two or three chunks, and many
// random cuts (fixed seed), give the same events as the whole stream, which are the ones the WHATWG
// rules (and Python's SseDecoder) give.

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
)

const sseCorpus = "\uFEFFevent: message_start\r\ndata: {\"a\":\"é😀\"}\r\n\r\n" +
	": a comment\n" +
	"data: line one\ndata:line two\n\n" +
	"event: ping\rdata: {}\r\r" +
	"id: 7\nretry: 10\nunknown: x\ndata\n\n" +
	"event: lonely\n\n" +
	"data: [DONE]\n\n" +
	"data: no blank line at the end"

var sseWant = []adapters.SseEvent{
	{Event: "message_start", Data: `{"a":"é😀"}`},
	{Data: "line one\nline two"},
	{Event: "ping", Data: "{}"},
	{Data: ""},
	{Data: "[DONE]"},
	{Data: "no blank line at the end"},
}

func decodeChunks(chunks [][]byte) []adapters.SseEvent {
	var d SseDecoder
	var events []adapters.SseEvent
	for _, chunk := range chunks {
		events = append(events, d.Feed(chunk)...)
	}
	return append(events, d.Flush()...)
}

func TestSseWhole(t *testing.T) {
	if got := decodeChunks([][]byte{[]byte(sseCorpus)}); !reflect.DeepEqual(got, sseWant) {
		t.Fatalf("got %q\nwant %q", got, sseWant)
	}
}

func TestSseEverySplit(t *testing.T) {
	data := []byte(sseCorpus)
	for i := 0; i <= len(data); i++ {
		for j := i; j <= len(data); j += 3 {
			got := decodeChunks([][]byte{data[:i], data[i:j], data[j:]})
			if !reflect.DeepEqual(got, sseWant) {
				t.Fatalf("split at %d and %d: got %q", i, j, got)
			}
		}
	}
}

func TestSseRandomSplits(t *testing.T) {
	random := rand.New(rand.NewPCG(16, 2026))
	data := []byte(sseCorpus)
	for round := 0; round < 2000; round++ {
		var chunks [][]byte
		for rest := data; len(rest) > 0; {
			n := 1 + random.IntN(min(len(rest), 9))
			chunks = append(chunks, rest[:n])
			rest = rest[n:]
		}
		if got := decodeChunks(chunks); !reflect.DeepEqual(got, sseWant) {
			t.Fatalf("round %d: got %q", round, got)
		}
	}
}

func TestAnSseLinePastTheCapIsRefused(t *testing.T) {
	decoder := SseDecoder{MaxEventBytes: 64 << 10}
	decoder.Feed([]byte("data: "))
	piece := bytes.Repeat([]byte("a"), 1024)
	for i := 0; i < 100 && decoder.Err() == nil; i++ {
		decoder.Feed(piece)
	}
	if decoder.Err() == nil || !errors.Is(decoder.Err(), ErrResponseTooLarge) {
		t.Fatalf("want ErrResponseTooLarge, got %v", decoder.Err())
	}
	many := SseDecoder{MaxEventBytes: 64 << 10}
	for i := 0; i < 100 && many.Err() == nil; i++ {
		many.Feed(append(append([]byte("data: "), piece...), '\n'))
	}
	if many.Err() == nil {
		t.Fatal("an event of many data lines past the cap must be refused")
	}
}

// TestSseInvalidUtf8ReplacesEachMaximalSubpart: one U+FFFD per maximal subpart of an ill-formed sequence,
// as the WHATWG decoder, Python's "replace" and TypeScript's TextDecoder give (issue 26 item 10: Go's
// strings.ToValidUTF8 gave one per run of bad bytes). The expected texts are Python's
// bytes.decode("utf-8", "replace").
func TestSseInvalidUtf8ReplacesEachMaximalSubpart(t *testing.T) {
	const r = "\uFFFD"
	cases := []struct{ in, want string }{
		{"a\xe2\x82b", "a" + r + "b"},
		{"\xff\xfe", r + r},
		{"\xf0\x90\x80", r},
		{"\xed\xa0\x80", r + r + r},
		{"\xc0\xaf", r + r},
		{"\xe0\x80\x80", r + r + r},
		{"\xf4\x90\x80\x80", r + r + r + r},
		{"ok\xe2\x82\xacz\xc3", "ok\u20acz" + r},
		{"\xf1\x80\x80\xe1\x80\xc2a\x80\xe1\x80\x80", r + r + r + "a" + r + "\u1000"},
	}
	for _, c := range cases {
		if got := text([]byte(c.in)); got != c.want {
			t.Errorf("text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
