package loop_test

// The loop's overhead per step, in one run (same process, interleaved):
//
//	WIRECHAT_MEASURE=1 go test -run TestLoopOverheadRatio -v ./loop/
//
// A 10-step loop (9 turns of one tool call, then an answer) through the real client against an httptest
// server speaking OpenAI Chat from memory, against the same 10 requests (recorded from the loop) sent
// bare through the same client. The difference is the loop's own work: policies, running the tool
// (schema validation, decoding, JSON of the result), results and states; with a no-op checkpoint it
// also builds the two states a round saves.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

const measuredSteps = 10

// openAIChatServer answers as OpenAI Chat: a get_weather call on each of the first steps-1 turns, then text.
func openAIChatServer(steps int) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Messages []struct {
				Role string `json:"role"`
			} `json:"messages"`
		}
		data, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(data, &body)
		turn := 0
		for _, m := range body.Messages {
			if m.Role == "assistant" {
				turn++
			}
		}
		w.Header().Set("Content-Type", "application/json")
		message := `{"role":"assistant","content":"Paris is 18 C."}`
		finish := "stop"
		if turn < steps-1 {
			message = fmt.Sprintf(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_%d","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]}`, turn)
			finish = "tool_calls"
		}
		fmt.Fprintf(w, `{"id":"chatcmpl-1","object":"chat.completion","created":1763700000,"model":"gpt-4.1","choices":[{"index":0,"message":%s,"finish_reason":"%s"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`, message, finish)
	}))
}

type recording struct {
	model loop.Model
	sent  []wirechat.ChatRequest
}

func (r *recording) Chat(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error) {
	r.sent = append(r.sent, request)
	return r.model.Chat(ctx, request)
}

func median(values []time.Duration) time.Duration {
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	return sorted[len(sorted)/2]
}

func TestLoopOverheadRatio(t *testing.T) {
	if os.Getenv("WIRECHAT_MEASURE") == "" {
		t.Skip("set WIRECHAT_MEASURE=1 to measure")
	}
	server := openAIChatServer(measuredSteps)
	defer server.Close()
	c, err := client.New("openai-chat", client.WithAPIKey("sk-measure"), client.WithBaseURL(server.URL), client.WithMaxRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	recorder := &recording{model: c}
	result, err := newLoop(t, recorder, []loop.Tool{getWeather}, loop.WithMaxSteps(measuredSteps)).Run(ctx, request())
	if err != nil || result.Steps != measuredSteps {
		t.Fatalf("%+v %v", result, err)
	}
	bare := func() {
		for _, sent := range recorder.sent {
			if _, err := c.Chat(ctx, sent); err != nil {
				t.Fatal(err)
			}
		}
	}
	plain := newLoop(t, c, []loop.Tool{getWeather}, loop.WithMaxSteps(measuredSteps))
	saving := newLoop(t, c, []loop.Tool{getWeather}, loop.WithMaxSteps(measuredSteps),
		loop.WithCheckpoint(func(wirechat.ToolLoopState) error { return nil }))
	var turns []wirechat.ChatResponse
	for i := 0; i < measuredSteps-1; i++ {
		turns = append(turns, callsResponse(toolCall(fmt.Sprintf("call_%d", i), "get_weather", `{"city":"Paris"}`)))
	}
	memory := newLoop(t, &scriptedModel{turns: append(turns, textResponse("Paris is 18 C."))}, []loop.Tool{getWeather},
		loop.WithMaxSteps(measuredSteps))
	runs := map[string]func(){
		"loop, in-memory model":  func() { _, _ = memory.Run(ctx, request()) },
		"bare":                   bare,
		"loop":                   func() { _, _ = plain.Run(ctx, request()) },
		"loop, no-op checkpoint": func() { _, _ = saving.Run(ctx, request()) },
	}
	names := []string{"bare", "loop", "loop, no-op checkpoint", "loop, in-memory model"}
	const rounds, reps = 31, 10
	times := map[string][]time.Duration{}
	for round := 0; round < rounds; round++ {
		for i := range names { // rotated each round, so that no form always runs after the same one
			name := names[(i+round)%len(names)]
			start := time.Now()
			for i := 0; i < reps; i++ {
				runs[name]()
			}
			times[name] = append(times[name], time.Since(start)/reps)
		}
	}
	base := median(times["bare"])
	for _, name := range names {
		m := median(times[name])
		t.Logf("%-24s %8.1f us a run of %d steps, %6.1f us a step, ratio %.3f, overhead %+.1f us a step",
			name, float64(m.Microseconds()), measuredSteps, float64(m.Microseconds())/measuredSteps, float64(m)/float64(base),
			float64((m-base).Microseconds())/measuredSteps)
	}
}
