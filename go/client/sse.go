package client

// Server-sent events framing: bytes as they arrive off the socket in, events out, as Python's
// transport/sse.py. An event may be split across chunks at any byte (a multi-byte UTF-8 character or a
// \r\n pair included); lines end in \n, \r\n or \r; event: names the event, several data: lines join
// with \n, : lines are comments, an event with no data is not dispatched, a leading byte-order mark is
// dropped. An event still pending when the body ends (no final blank line) is dispatched by Flush, and
// [DONE] is passed on as an ordinary event for the adapter to recognise. No line, and no event's data, may
// grow past MaxEventBytes (spec section 5.3): the decoder stops and Err says so.

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/wirechat/wirechat/go/adapters"
)

// SseDecoder is an incremental SSE parser: Feed each chunk, then Flush at the end. MaxEventBytes caps a
// line and the data of an event (0: the default, the package's MaxEventBytes).
type SseDecoder struct {
	MaxEventBytes int
	err           *Error
	refused       string // which limit err is about: "an SSE line" or "an SSE event's data"
	dataSize      int
	pending       []byte
	skipLF        bool // the previous chunk ended in \r: a \n opening this one belongs to it
	started       bool
	event         string
	data          []string
	hasData       bool
}

// Feed returns the events completed by chunk.
func (d *SseDecoder) Feed(chunk []byte) []adapters.SseEvent {
	if d.err != nil {
		return nil
	}
	if len(chunk) == 0 {
		return nil // an empty read must not end the wait for the \n of a \r\n pair
	}
	if d.skipLF {
		d.skipLF = false
		if chunk[0] == '\n' {
			chunk = chunk[1:]
		}
	}
	var events []adapters.SseEvent
	for len(chunk) > 0 {
		end := bytes.IndexAny(chunk, "\r\n")
		if end < 0 {
			if len(d.pending)+len(chunk) > d.limit() {
				d.refuse("an SSE line")
				return events
			}
			d.pending = append(d.pending, chunk...)
			break
		}
		if len(d.pending)+end > d.limit() {
			d.refuse("an SSE line")
			return events
		}
		line := chunk[:end]
		if len(d.pending) > 0 {
			line = append(d.pending, line...)
			d.pending = d.pending[:0]
		}
		events = d.line(line, events)
		if d.err != nil {
			return events
		}
		if chunk[end] == '\r' {
			if end+1 == len(chunk) {
				d.skipLF = true
			} else if chunk[end+1] == '\n' {
				end++
			}
		}
		chunk = chunk[end+1:]
	}
	return events
}

// Flush ends the body: a last line without its line ending, and an event without its blank line, count.
func (d *SseDecoder) Flush() []adapters.SseEvent {
	var events []adapters.SseEvent
	if len(d.pending) > 0 {
		line := d.pending
		d.pending = nil
		events = d.line(line, events)
	}
	return d.line(nil, events)
}

func (d *SseDecoder) line(raw []byte, events []adapters.SseEvent) []adapters.SseEvent {
	if !d.started {
		d.started = true
		raw = bytes.TrimPrefix(raw, []byte("\uFEFF"))
	}
	if len(raw) == 0 {
		if d.hasData {
			events = append(events, adapters.SseEvent{Event: d.event, Data: strings.Join(d.data, "\n")})
			d.data = d.data[:0]
			d.hasData = false
			d.dataSize = 0
		}
		d.event = ""
		return events
	}
	if raw[0] == ':' {
		return events
	}
	name, value, _ := bytes.Cut(raw, []byte(":"))
	if len(value) > 0 && value[0] == ' ' {
		value = value[1:]
	}
	switch string(name) {
	case "data":
		d.dataSize += len(value) + 1
		if d.dataSize > d.limit() {
			d.refuse("an SSE event's data")
			return events
		}
		d.data = append(d.data, text(value))
		d.hasData = true
	case "event":
		d.event = text(value)
	}
	return events
}

// text decodes a line's value as UTF-8, each maximal subpart of an ill-formed sequence replaced by one
// U+FFFD: the WHATWG decoder's rule, which Python's "replace" and TypeScript's TextDecoder follow
// (strings.ToValidUTF8 replaced a whole run of bad bytes by one, so Go counted fewer).
func text(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var out strings.Builder
	out.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		n := wellFormedPrefix(b[i:])
		if n > 0 && utf8.FullRune(b[i:i+n]) && utf8.Valid(b[i:i+n]) {
			out.Write(b[i : i+n])
			i += n
			continue
		}
		out.WriteString("\uFFFD")
		i += max(n, 1)
	}
	return out.String()
}

// wellFormedPrefix is the length of the sequence at b[0]: the whole sequence when it is well formed, else
// its maximal subpart (the longest prefix that could begin a well-formed sequence), 0 for a byte that
// cannot begin one (Unicode 15, section 3.9, table 3-7).
func wellFormedPrefix(b []byte) int {
	lead := b[0]
	var need int
	low, high := byte(0x80), byte(0xBF)
	switch {
	case lead < 0x80:
		return 1
	case lead >= 0xC2 && lead <= 0xDF:
		need = 1
	case lead == 0xE0:
		need, low = 2, 0xA0
	case lead == 0xED:
		need, high = 2, 0x9F
	case lead >= 0xE1 && lead <= 0xEF:
		need = 2
	case lead == 0xF0:
		need, low = 3, 0x90
	case lead == 0xF4:
		need, high = 3, 0x8F
	case lead >= 0xF1 && lead <= 0xF3:
		need = 3
	default:
		return 0
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < low || b[n] > high {
			return n
		}
		low, high = 0x80, 0xBF
	}
	return n
}

func (d *SseDecoder) limit() int {
	if d.MaxEventBytes > 0 {
		return d.MaxEventBytes
	}
	return MaxEventBytes
}

func (d *SseDecoder) refuse(what string) {
	d.refused = what
	d.err = tooLarge("max_event_bytes", int64(d.limit()), "the stream's "+strings.TrimPrefix(what, "an "))
	d.pending, d.data = nil, nil
}

// Err is the *Error for a line or an event over MaxEventBytes, nil while there is none.
func (d *SseDecoder) Err() *Error { return d.err }
