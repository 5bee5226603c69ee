package wirechat_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

// A request with optional fields and a tool schema written as ordinary Go values (issue 28 item 7: was,
// no exported pointer helper, and a map literal did not compile where a JsonObject is expected).
func ExampleJSON() {
	request := wirechat.ChatRequest{
		Model:    wirechat.Ptr("gpt-4.1"),
		Messages: []wirechat.Message{wirechat.TextMessage(wirechat.RoleUser, "Weather in Paris?")},
		Options:  &wirechat.ChatOptions{MaxTokens: wirechat.Ptr[int64](200), Temperature: wirechat.Ptr(0.2)},
		Tools: []wirechat.ToolDefinition{{Name: "get_weather", InputSchema: wirechat.JSON(map[string]any{
			"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}},
		})}},
	}
	if err := request.Validate(); err != nil {
		panic(err)
	}
	body, _ := wirechat.Encode(request)
	fmt.Println(string(body))
	// Output: {"model":"gpt-4.1","messages":[{"role":"user","parts":[{"type":"text","text":"Weather in Paris?"}]}],"tools":[{"name":"get_weather","input_schema":{"properties":{"city":{"type":"string"}},"type":"object"}}],"options":{"temperature":0.2,"max_tokens":200}}
}

func TestToJSONRefusesWhatIsNotAnObject(t *testing.T) {
	for _, v := range []any{[]int{1}, "text", nil, func() {}} {
		if _, err := wirechat.ToJSON(v); err == nil || !strings.HasPrefix(err.Error(), "wirechat: ") {
			t.Errorf("ToJSON(%T) = %v, want an error", v, err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("JSON([]int) did not panic")
		}
	}()
	wirechat.JSON([]int{1})
}

func TestJSONValueTakesAnyValue(t *testing.T) {
	value, err := wirechat.JSONValue([]any{1, "a", true})
	if err != nil || string(value) != `[1,"a",true]` {
		t.Fatalf("JSONValue = %s, %v", value, err)
	}
}
