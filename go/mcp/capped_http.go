package mcp

// The http.Client the SDK's streamable transport is given (Python's _capped_http.py). It asks for gzip and
// deflate only and inflates them itself, counting the decompressed bytes: past Limits.MaxResponseBytes the
// body's Read fails and onLimit receives the typed error, so the client returns it rather than the SDK's
// report of a broken stream (issue 27: a 1 MB gzip body reached 5.2 GB in Python). A body in another
// coding is refused before it is read. Redirects are not followed: the request may carry a secret header.

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"strings"
)

// AcceptEncoding is the only codings the client asks for.
const AcceptEncoding = "gzip, deflate"

type cappedTransport struct {
	inner   http.RoundTripper
	server  string
	cap     int
	headers map[string]string
	onLimit func(*Error)
}

func cappedClient(server string, cap int, headers map[string]string, onLimit func(*Error)) *http.Client {
	inner := http.DefaultTransport.(*http.Transport).Clone()
	return &http.Client{
		Transport:     &cappedTransport{inner: inner, server: server, cap: cap, headers: headers, onLimit: onLimit},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func (t *cappedTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	request = request.Clone(request.Context())
	for name, value := range t.headers {
		request.Header.Set(name, value)
	}
	request.Header.Set("Accept-Encoding", AcceptEncoding) // set by us, so net/http does not inflate on its own
	response, err := t.inner.RoundTrip(request)
	if err != nil {
		return nil, err
	}
	var codings []string
	for _, value := range response.Header.Values("Content-Encoding") {
		for _, coding := range strings.Split(value, ",") {
			if coding = strings.ToLower(strings.TrimSpace(coding)); coding != "" && coding != "identity" {
				codings = append(codings, coding)
			}
		}
	}
	if len(codings) > 1 || (len(codings) == 1 && codings[0] != "gzip" && codings[0] != "deflate") {
		_ = response.Body.Close()
		e := limitError(t.server, "content-encoding", AcceptEncoding,
			"the response is encoded %s; the client asked for %s only", strings.Join(codings, ", "), AcceptEncoding)
		t.onLimit(e)
		return nil, e
	}
	coding := ""
	if len(codings) == 1 {
		coding = codings[0]
	}
	response.Body = &cappedBody{raw: response.Body, coding: coding, cap: t.cap, server: t.server, onLimit: t.onLimit}
	response.Header.Del("Content-Encoding")
	response.Header.Del("Content-Length")
	response.ContentLength = -1
	response.Uncompressed = coding != ""
	return response, nil
}

// cappedBody inflates (when coded) on first read, and fails past cap decompressed bytes.
type cappedBody struct {
	raw     io.ReadCloser
	coding  string
	reader  io.Reader
	total   int
	cap     int
	server  string
	onLimit func(*Error)
	failed  error
}

func (b *cappedBody) open() error {
	switch b.coding {
	case "gzip":
		r, err := gzip.NewReader(b.raw)
		if err != nil {
			return err
		}
		b.reader = r
	case "deflate": // zlib-wrapped, or raw as some servers send it
		buffered := bufio.NewReader(b.raw)
		head, _ := buffered.Peek(2)
		if len(head) == 2 && head[0]&0x0f == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
			r, err := zlib.NewReader(buffered)
			if err != nil {
				return err
			}
			b.reader = r
		} else {
			b.reader = flate.NewReader(buffered)
		}
	default:
		b.reader = b.raw
	}
	return nil
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.failed != nil {
		return 0, b.failed
	}
	if b.reader == nil {
		if err := b.open(); err != nil {
			b.failed = newError(ErrMalformedResult, b.server, "the %s body could not be decompressed: %v", b.coding, err)
			return 0, b.failed
		}
	}
	if room := b.cap - b.total + 1; len(p) > room {
		p = p[:room] // read at most one byte past the cap
	}
	n, err := b.reader.Read(p)
	b.total += n
	if b.total > b.cap {
		e := limitError(b.server, "bytes", b.cap,
			"a response body is larger than %d bytes decompressed (Limits.MaxResponseBytes)", b.cap)
		b.onLimit(e)
		b.failed = e
		return 0, e
	}
	return n, err
}

func (b *cappedBody) Close() error { return b.raw.Close() }
