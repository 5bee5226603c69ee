package loop_test

// The README's tool-loop example, run by go test against a stand-in OpenAI Chat server (measure_test.go),
// so the snippet cannot rot.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/loop"
	"github.com/wirechat/wirechat/go/wirechat"
)

type WeatherArgs struct {
	City string `json:"city" jsonschema:"description=The city"`
}

func Example() {
	server := openAIChatServer(2)
	defer server.Close()
	ctx := context.Background()
	c, err := client.New("openai-chat", client.WithAPIKey("sk-example"), client.WithBaseURL(server.URL))
	if err != nil {
		panic(err)
	}

	weather, err := loop.NewTool("get_weather", "The weather in a city.",
		func(ctx context.Context, args WeatherArgs) (string, error) {
			call, _ := loop.CallFrom(ctx) // call.CallID: an idempotency key for a tool with a side effect
			return "18 C in " + args.City + " (" + call.CallID + ")", nil
		})
	if err != nil {
		panic(err)
	}
	policy := loop.WithPolicy("get_weather", loop.RequireApproval{})
	l, err := loop.New(c, []loop.Tool{weather}, policy)
	if err != nil {
		panic(err)
	}
	model := "gpt-4.1"
	request := wirechat.ChatRequest{Model: &model, Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris?")}}

	result, err := l.Run(ctx, request) // an error is a *loop.LoopError whose State resumes safely
	if err != nil {
		panic(err)
	}
	path := filepath.Join(os.TempDir(), "wirechat-example-state.json")
	defer os.Remove(path)
	if result.Paused() {
		fmt.Println("paused for", result.State.Pending[0].ToolCall.Name)
		if err := loop.SaveState(*result.State, path); err != nil { // any language can resume it
			panic(err)
		}
	}

	// Later, in any process: the same policies, and the person's decision.
	state, err := loop.LoadState(path)
	if err != nil {
		panic(err)
	}
	l2, _ := loop.New(c, []loop.Tool{weather}, policy)
	result, err = l2.Resume(ctx, state, loop.Approve{ToolCallID: state.Pending[0].ToolCall.ID})
	if err != nil {
		panic(err)
	}
	fmt.Println(wirechat.ToolResults(result.Messages[2])[0].Content)
	fmt.Println(wirechat.MessageText(result.Response.Message), result.Steps, "steps")
	// Output:
	// paused for get_weather
	// 18 C in Paris (call_0)
	// Paris is 18 C. 2 steps
}
