package wirechat_test

// Runnable examples: they appear in the package documentation, and go test checks their output. The
// README shows the first one.

import (
	"errors"
	"fmt"

	"github.com/wirechat/wirechat/go/wirechat"
)

func Example() {
	call, _ := wirechat.BuildArguments(map[string]any{"city": "Paris"})
	request := wirechat.ChatRequest{
		Messages: []wirechat.Message{
			wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris?"),
			wirechat.ToolCallMessage(wirechat.ToolCall{ID: "call_1", Name: "get_weather", Arguments: call}),
		},
	}
	data, err := wirechat.Encode(request)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(data))

	decoded, err := wirechat.Decode[wirechat.ChatRequest](data)
	if err != nil {
		panic(err)
	}
	for _, message := range decoded.Messages {
		for _, part := range message.Parts {
			switch p := part.(type) {
			case *wirechat.TextPart:
				fmt.Println(message.Role, "says", p.Text)
			case *wirechat.ToolCallPart:
				var args struct{ City string }
				if err := wirechat.ParseCallArguments(p.ToolCall, &args); err != nil {
					panic(err)
				}
				fmt.Println(message.Role, "calls", p.ToolCall.Name, "for", args.City)
			}
		}
	}
	// Output:
	// {"messages":[{"role":"user","parts":[{"type":"text","text":"Weather in Paris?"}]},{"role":"assistant","parts":[{"type":"tool_call","tool_call":{"id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]}]}
	// user says Weather in Paris?
	// assistant calls get_weather for Paris
}

func ExampleDecode_errors() {
	// Every problem of the schema, in order of pointer (spec section 5.2).
	_, err := wirechat.Decode[wirechat.Message]([]byte(`{"role":"model","parts":[{"type":"text"}],"colour":1}`))
	var wireErr *wirechat.WireError
	if errors.As(err, &wireErr) {
		for _, problem := range wireErr.Problems {
			fmt.Printf("%s [%s]\n", problem, problem.Rule)
		}
	}
	// A fault of the text stops decoding: it is the only problem, with its line and column.
	_, err = wirechat.Decode[wirechat.Message]([]byte("{\"role\":\"user\",\n \"parts\":[],\"role\":\"tool\"}"))
	if errors.As(err, &wireErr) {
		problem := wireErr.Problems[0]
		fmt.Printf("%s [%s] line %d, column %d\n", problem.Pointer, problem.Rule, problem.Line, problem.Column)
	}
	// Output:
	// /colour: unknown member (this type is closed; check the spelling or the schema version) [additionalProperties]
	// /parts/0/text: required member is missing [required]
	// /role: must be one of system, user, assistant, tool (got "model") [enum]
	// /role [duplicate-key] line 2, column 13
}

func ExampleAddUsage() {
	cached := int64(800)
	first := wirechat.TokenUsage{InputTokens: 1000, OutputTokens: 50, TotalTokens: 1050, CacheReadInputTokens: &cached}
	second := wirechat.TokenUsage{InputTokens: 1200, OutputTokens: 80, TotalTokens: 1280}
	total := wirechat.AddUsage(first, second)
	data, _ := wirechat.Encode(total)
	fmt.Println(string(data))
	// Output:
	// {"input_tokens":2200,"output_tokens":130,"total_tokens":2330,"cache_read_input_tokens":800}
}

func ExampleCanonical() {
	part := &wirechat.ImagePart{Image: &wirechat.MediaUrl{URL: "https://example.com/cat.png"}}
	canonical, _ := wirechat.Canonical(part)
	fmt.Println(string(canonical))
	// Output:
	// {"image":{"source":"url","url":"https://example.com/cat.png"},"type":"image"}
}
