package client

// The shared SSE framing vectors (conformance/vectors/sse-framing.json), which the Python and TypeScript
// tests run too: every case gives its events (or its refusal) whether the body arrives in the case's chunks,
// all at once, or one byte at a time.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

type sseCase struct {
	Description   string      `json:"description"`
	Chunks        []string    `json:"chunks"`
	HexChunks     []string    `json:"hex_chunks"`
	MaxEventBytes int         `json:"max_event_bytes"`
	Events        []sseVector `json:"events"`
	Error         string      `json:"error"`
}

type sseVector struct {
	Event *string `json:"event"`
	Data  string  `json:"data"`
}

func (c sseCase) chunks(t *testing.T) [][]byte {
	var out [][]byte
	for _, h := range c.HexChunks {
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	for _, s := range c.Chunks {
		out = append(out, []byte(s))
	}
	return out
}

func (c sseCase) feed(chunks [][]byte) ([]sseVector, string) {
	d := &SseDecoder{MaxEventBytes: c.MaxEventBytes}
	events := []sseVector{}
	for _, chunk := range chunks {
		for _, e := range d.Feed(chunk) {
			events = append(events, vectorOf(e.Event, e.Data))
		}
		if d.Err() != nil {
			return nil, d.refused
		}
	}
	for _, e := range d.Flush() {
		events = append(events, vectorOf(e.Event, e.Data))
	}
	if d.Err() != nil {
		return nil, d.refused
	}
	return events, ""
}

func vectorOf(event, data string) sseVector {
	if event == "" {
		return sseVector{Data: data}
	}
	return sseVector{Event: &event, Data: data}
}

func TestSseFramingVectors(t *testing.T) {
	data, err := os.ReadFile("../../conformance/vectors/sse-framing.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []sseCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 30 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Description, func(t *testing.T) {
			given := c.chunks(t)
			body := bytes.Join(given, nil)
			whole := [][]byte{}
			if len(body) > 0 {
				whole = [][]byte{body}
			}
			byByte := make([][]byte, len(body))
			for i := range body {
				byByte[i] = body[i : i+1]
			}
			for how, chunks := range map[string][][]byte{"as given": given, "whole": whole, "byte by byte": byByte} {
				events, refused := c.feed(chunks)
				if c.Error != "" {
					if refused != c.Error {
						t.Errorf("%s: refused %q, want %q", how, refused, c.Error)
					}
					continue
				}
				if refused != "" || !reflect.DeepEqual(events, c.Events) {
					t.Errorf("%s: got %+v (refused %q), want %+v", how, events, refused, c.Events)
				}
			}
		})
	}
}
