package client

// Benchmarks of the streamed read and the request encode, for profiling (the ratios are in
// measure_test.go): go test -run '^$' -bench . -benchtime 20x ./client/

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

func BenchmarkStream(b *testing.B) {
	stream := openAIStream(measuredEvents)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = w.Write(stream)
	}))
	defer server.Close()
	c, err := New("openai-chat", WithAPIKey("sk-bench"), WithBaseURL(server.URL))
	if err != nil {
		b.Fatal(err)
	}
	request := measuredRequest()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := c.Stream(context.Background(), request)
		if err != nil {
			b.Fatal(err)
		}
		for s.Next() {
		}
		if _, err := s.Response(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeRequest(b *testing.B) {
	c, _ := New("openai-chat", WithAPIKey("sk-bench"))
	request := measuredRequest()
	for i := 0; i < b.N; i++ {
		body, _, err := c.adapter.EncodeRequest(request)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := providerjson.Marshal(body); err != nil {
			b.Fatal(err)
		}
	}
}
