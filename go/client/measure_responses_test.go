package client

// The overhead measurements of issue 25 for the openai-responses adapter, in one run (same process, same
// machine, interleaved), as measure_test.go does for openai-chat:
//
//	WIRECHAT_MEASURE=1 go test -run TestResponsesOverheadRatios -v ./client/
//
// 1. Per streamed event: Client.Stream read to its end (SSE framing, the decoder, the fold) against a bare
//    net/http read of the same bytes, and against a minimal client (bufio lines, encoding/json of each data
//    line into map[string]any).
// 2. Request encode: EncodeRequest plus writing the body, against encoding/json writing the same body held
//    as map[string]any.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters/providerjson"
)

// responsesStream is a Responses stream of one message item with n text deltas, then response.completed.
func responsesStream(n int) []byte {
	var b bytes.Buffer
	seq := 0
	event := func(kind, body string) {
		fmt.Fprintf(&b, "event: %s\ndata: {\"type\":%q,%s,\"sequence_number\":%d}\n\n", kind, kind, body, seq)
		seq++
	}
	response := `"id":"resp_1","object":"response","created_at":1763700000,"model":"gpt-4.1","output":[],"parallel_tool_calls":true,"tool_choice":"auto","tools":[]`
	event("response.created", `"response":{`+response+`,"status":"in_progress"}`)
	event("response.output_item.added", `"output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}`)
	event("response.content_part.added", `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}`)
	var text strings.Builder
	for i := 0; i < n; i++ {
		delta := fmt.Sprintf("word %d ", i)
		text.WriteString(delta)
		event("response.output_text.delta", fmt.Sprintf(`"item_id":"msg_1","output_index":0,"content_index":0,"delta":%q,"logprobs":[]`, delta))
	}
	entry := fmt.Sprintf(`{"type":"output_text","text":%q,"annotations":[]}`, text.String())
	event("response.output_text.done", fmt.Sprintf(`"item_id":"msg_1","output_index":0,"content_index":0,"text":%q`, text.String()))
	event("response.content_part.done", `"item_id":"msg_1","output_index":0,"content_index":0,"part":`+entry)
	event("response.output_item.done", `"output_index":0,"item":{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[`+entry+`]}`)
	event("response.completed", fmt.Sprintf(`"response":{%s,"status":"completed","usage":{"input_tokens":10,"output_tokens":%d,"total_tokens":%d}}`, response, n, n+10))
	return b.Bytes()
}

func TestResponsesOverheadRatios(t *testing.T) {
	if os.Getenv("WIRECHAT_MEASURE") == "" {
		t.Skip("set WIRECHAT_MEASURE=1 to measure (see the file's comment)")
	}
	stream := responsesStream(measuredEvents)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(stream)
	}))
	defer server.Close()
	c, err := New("openai-responses", WithAPIKey("sk-measure"), WithBaseURL(server.URL))
	if err != nil {
		t.Fatal(err)
	}
	request := measuredRequest()
	events := 0
	viaClient := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s, err := c.Stream(context.Background(), request)
			if err != nil {
				b.Fatal(err)
			}
			events = 0
			for s.Next() {
				events++
			}
			if _, err := s.Response(); err != nil {
				b.Fatal(err)
			}
		}
	}
	body, _, err := c.adapter.EncodeRequest(request)
	if err != nil {
		t.Fatal(err)
	}
	data := providerjson.MustMarshal(c.adapter.StreamRequestFlags(body))
	post := func(b *testing.B) *http.Response {
		response, err := http.Post(server.URL+"/v1/responses", "application/json", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		return response
	}
	bare := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			response := post(b)
			_, _ = io.Copy(io.Discard, response.Body)
			response.Body.Close()
		}
	}
	minimal := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			response := post(b)
			scanner := bufio.NewScanner(response.Body)
			scanner.Buffer(make([]byte, 1<<16), 1<<22)
			for scanner.Scan() {
				line, ok := strings.CutPrefix(scanner.Text(), "data: ")
				if !ok {
					continue
				}
				var event map[string]any
				if err := json.Unmarshal([]byte(line), &event); err != nil {
					b.Fatal(err)
				}
			}
			response.Body.Close()
		}
	}
	var asMap map[string]any
	if err := json.Unmarshal(providerjson.MustMarshal(body), &asMap); err != nil {
		t.Fatal(err)
	}
	encodeAdapter := func(b *testing.B) {
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
	encodeJSON := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(asMap); err != nil {
				b.Fatal(err)
			}
		}
	}
	var client, raw, hand, enc, plain float64
	for round := 0; round < 3; round++ { // interleaved rounds; the best of each is kept
		client = best(client, nsPerOp(testing.Benchmark(viaClient)))
		raw = best(raw, nsPerOp(testing.Benchmark(bare)))
		hand = best(hand, nsPerOp(testing.Benchmark(minimal)))
		enc = best(enc, nsPerOp(testing.Benchmark(encodeAdapter)))
		plain = best(plain, nsPerOp(testing.Benchmark(encodeJSON)))
	}
	perEvent := func(ns float64) float64 { return ns / float64(events) }
	t.Logf("openai-responses stream of %d canonical events (%d provider events, %d bytes)", events, measuredEvents+7, len(stream))
	t.Logf("client:          %8.0f ns per event", perEvent(client))
	t.Logf("bare net/http:   %8.0f ns per event   client/bare    = %.2fx", perEvent(raw), client/raw)
	t.Logf("minimal client:  %8.0f ns per event   client/minimal = %.2fx", perEvent(hand), client/hand)
	t.Logf("request encode (31 messages, 1 tool): adapter %.0f ns, encoding/json %.0f ns, ratio %.2fx", enc, plain, enc/plain)
}
