package client_test

// The README's client example, run by go test against a stand-in provider (an httptest server that
// answers as Anthropic's Messages API does), so the snippet cannot rot.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

func standInAnthropic() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), `"stream":true`) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input_tokens\":3,\"cache_read_input_tokens\":2048,\"output_tokens\":1}}}\n\n",
				"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
				"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hello\"}}\n\n",
				"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"!\"}}\n\n",
				"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
				"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":2}}\n\n",
				"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
			return
		}
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(529)
		fmt.Fprint(w, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_1"}`)
	}))
}

func Example() {
	server := standInAnthropic()
	defer server.Close()
	ctx := context.Background()

	c, err := client.New("anthropic", client.WithAPIKey("sk-ant-example"), client.WithBaseURL(server.URL),
		client.WithMaxRetries(0)) // the key comes from ANTHROPIC_API_KEY unless given
	if err != nil {
		panic(err)
	}
	model := "claude-sonnet-4-5"
	request := wirechat.ChatRequest{Model: &model, Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Hi")}}

	stream, err := c.Stream(ctx, request)
	if err != nil {
		panic(err)
	}
	for stream.Next() { // canonical StreamEvents, as they arrive
		if delta, ok := stream.Event().(*wirechat.TextDeltaEvent); ok {
			fmt.Print(delta.Text)
		}
	}
	response, err := stream.Response() // the folded ChatResponse (or the failure, with the partial message)
	if err != nil {
		panic(err)
	}
	fmt.Println("", response.FinishReason.Kind, response.Usage.InputTokens) // cache reads counted in

	_, err = c.Chat(ctx, request) // errors are one type, *client.Error, carrying the canonical Error
	var failure *client.Error
	if errors.As(err, &failure) {
		fmt.Println(failure.Kind(), failure.Status(), failure.Retryable(), *failure.Failure.RetryAfterMs)
		fmt.Println(failure)
	}
	fmt.Println(strings.Replace(c.String(), server.URL, "URL", 1)) // the key never shows
	// Output:
	// Hello! stop 2051
	// overloaded 529 true 30000
	// wirechat: overloaded (HTTP 529, code overloaded_error, request id req_1, retry after 30000 ms): Overloaded
	// client.Client(provider="anthropic", base_url="URL", api_key=Secret(***))
}
