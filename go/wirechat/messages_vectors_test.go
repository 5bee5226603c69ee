package wirechat_test

// The helper set against the shared behaviour vectors (conformance/conversions/go-model/helpers), which
// the Python and TypeScript tests run too; and the clones are independent of their originals.

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/wirechat/wirechat/go/wirechat"
)

type helperCase struct {
	Name   string                     `json:"name"`
	Helper string                     `json:"helper"`
	Args   map[string]json.RawMessage `json:"args"`
	Result json.RawMessage            `json:"result"`
}

func helperCases(t *testing.T) []helperCase {
	t.Helper()
	data, err := os.ReadFile("../../conformance/conversions/go-model/helpers/helpers.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []helperCase }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	return file.Cases
}

func arg[T any](t *testing.T, c helperCase, key string) T {
	t.Helper()
	raw, ok := c.Args[key]
	if !ok {
		var zero T
		return zero
	}
	v, err := wirechat.Decode[T](raw)
	if err != nil {
		t.Fatalf("%s: args.%s: %v", c.Name, key, err)
	}
	return v
}

func plainArg[T any](t *testing.T, c helperCase, key string) T {
	t.Helper()
	var v T
	if raw, ok := c.Args[key]; ok {
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: args.%s: %v", c.Name, key, err)
		}
	}
	return v
}

func list[T any](t *testing.T, c helperCase, key string) []T {
	t.Helper()
	out := []T{}
	for _, raw := range plainArg[[]json.RawMessage](t, c, key) {
		v, err := wirechat.Decode[T](raw)
		if err != nil {
			t.Fatalf("%s: args.%s: %v", c.Name, key, err)
		}
		out = append(out, v)
	}
	return out
}

func runHelper(t *testing.T, c helperCase) any {
	role := wirechat.Role(plainArg[string](t, c, "role"))
	if role == "" {
		role = wirechat.RoleUser
	}
	text := plainArg[string](t, c, "text")
	switch c.Helper {
	case "text_message":
		return wirechat.TextMessage(role, text)
	case "image_message":
		return wirechat.ImageMessage(role, text, arg[wirechat.MediaRef](t, c, "image"))
	case "audio_message":
		return wirechat.AudioMessage(role, text, arg[wirechat.MediaRef](t, c, "audio"))
	case "file_message":
		return wirechat.FileMessage(role, text, arg[wirechat.FileRef](t, c, "file"))
	case "data_message":
		return wirechat.DataMessage(role, text, arg[wirechat.DataRef](t, c, "data"))
	case "tool_call_message":
		message := wirechat.ToolCallMessage(list[wirechat.ToolCall](t, c, "calls")...)
		if text != "" {
			message.Parts = append([]wirechat.Part{&wirechat.TextPart{Text: text}}, message.Parts...)
		}
		return message
	case "tool_result_message":
		return wirechat.ToolResultMessage(list[wirechat.ToolResult](t, c, "results")...)
	case "sum_usage":
		return wirechat.SumUsage(list[wirechat.TokenUsage](t, c, "usages")...)
	case "clone_messages":
		return wirechat.CloneMessages(list[wirechat.Message](t, c, "messages"))
	case "clone_parts":
		return wirechat.CloneParts(list[wirechat.Part](t, c, "parts"))
	}
	message := arg[wirechat.Message](t, c, "message")
	switch c.Helper {
	case "message_text":
		return wirechat.MessageText(message)
	case "has_tool_calls":
		return wirechat.HasToolCalls(message)
	case "tool_calls":
		return wirechat.ToolCalls(message)
	case "tool_results":
		return wirechat.ToolResults(message)
	case "clone_message":
		return wirechat.CloneMessage(message)
	}
	t.Fatalf("unknown helper %q", c.Helper)
	return nil
}

// encodeAny writes a helper's result: wire values through Encode, lists element by element, the rest
// (strings, booleans, nil) through encoding/json.
func encodeAny(t *testing.T, v any) []byte {
	t.Helper()
	var items []any
	switch list := v.(type) {
	case []wirechat.Message:
		for i := range list {
			items = append(items, &list[i])
		}
	case []wirechat.Part:
		for _, p := range list {
			items = append(items, p)
		}
	case []wirechat.ToolCall:
		for i := range list {
			items = append(items, &list[i])
		}
	case []wirechat.ToolResult:
		for i := range list {
			items = append(items, &list[i])
		}
	case wirechat.Message, *wirechat.TokenUsage:
		if u, ok := v.(*wirechat.TokenUsage); ok && u == nil {
			return []byte("null")
		}
		data, err := wirechat.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		return data
	default:
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	raws := []json.RawMessage{}
	for _, item := range items {
		data, err := wirechat.Encode(item)
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, data)
	}
	data, _ := json.Marshal(raws)
	return data
}

func TestHelperVectors(t *testing.T) {
	for _, c := range helperCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			got, err := wirechat.CanonicalJSON(encodeAny(t, runHelper(t, c)))
			if err != nil {
				t.Fatal(err)
			}
			want, _ := wirechat.CanonicalJSON(c.Result)
			if string(got) != string(want) {
				t.Errorf("%s:\n got  %s\n want %s", c.Helper, got, want)
			}
		})
	}
}

func TestClonesAreIndependent(t *testing.T) {
	var rich helperCase
	for _, c := range helperCases(t) {
		if c.Name == "clone-message" {
			rich = c
		}
	}
	original := arg[wirechat.Message](t, rich, "message")
	before, _ := wirechat.Canonical(original)
	clone := wirechat.CloneMessage(original)
	*clone.Name = "changed"
	clone.Parts[0].(*wirechat.TextPart).Text = "changed"
	data := clone.Parts[1].(*wirechat.DataPart)
	data.Data.Value[1] = 'X' // the free-form bytes are copied too
	clone.Parts[1].(*wirechat.DataPart).ProviderMetadata["openai"] = nil
	clone.Parts[2].(*wirechat.ToolResultPart).ToolResult.Parts[0] = &wirechat.TextPart{Text: "x"}
	clones := wirechat.CloneMessages([]wirechat.Message{original})
	clones[0].Parts = nil
	parts := wirechat.CloneParts(original.Parts)
	parts[0].(*wirechat.TextPart).Text = "changed again"
	after, _ := wirechat.Canonical(original)
	if string(before) != string(after) {
		t.Errorf("changing the clones changed the original:\n before %s\n after  %s", before, after)
	}
	if wirechat.CloneMessages(nil) != nil || wirechat.CloneParts(nil) != nil {
		t.Error("nil must stay nil")
	}
}
