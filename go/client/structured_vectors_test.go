package client_test

// The cross-language structured output vectors (conformance/vectors/structured-output.json, written by
// Python's structured_chat: python -m wirechat_conformance.structured_vectors --write): for each case, the
// same requests sent (the problems in a retry note aside), and the same value, or the same error
// (attempts, raw text, where each problem is), or the schema refused before sending. Problem words are
// each validator's own and are not compared.

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/client"
	"github.com/wirechat/wirechat/go/wirechat"
)

type structuredCase struct {
	Name           string           `json:"name"`
	Schema         json.RawMessage  `json:"schema"`
	Answers        []string         `json:"answers"`
	Retries        int              `json:"retries"`
	RequestOptions json.RawMessage  `json:"request_options"`
	Expect         structuredExpect `json:"expect"`
}

type structuredExpect struct {
	Requests []any          `json:"requests"`
	Value    *any           `json:"value"`
	Error    *vectorFailure `json:"error"`
	Refused  bool           `json:"refused"`
}

type vectorFailure struct {
	Attempts int      `json:"attempts"`
	Raw      string   `json:"raw"`
	Paths    []string `json:"paths"`
}

// knownDifferences are what a port cannot close, by case name, with the reason; each is still checked as
// stated here.
var knownDifferences = map[string]struct {
	outcome structuredExpect
	why     string
}{
	"NaN": {structuredExpect{Error: &vectorFailure{1, "NaN", []string{"not JSON"}}},
		"encoding/json refuses NaN (RFC 8259); Python's json.loads reads it as a float, which the schema then refuses"},
	"multipleOf with a decimal step": {structuredExpect{Value: ptrTo[any](0.3)},
		"santhosh-tekuri/jsonschema divides exactly (0.3 is 3 x 0.1); Python's jsonschema and ajv divide floats and refuse it"},
}

func ptrTo[T any](v T) *T { return &v }

var retryNote = regexp.MustCompile(`(?s)^(That answer does not match the required JSON schema: )(.*)(\. Answer again\.)$`)

// maskedRequest is the request as the vectors hold it: wire JSON with the problems in a retry note
// replaced by PROBLEMS.
func maskedRequest(t *testing.T, request wirechat.ChatRequest) any {
	t.Helper()
	for i, message := range request.Messages {
		parts := slices.Clone(message.Parts)
		for j, part := range parts {
			if text, ok := part.(*wirechat.TextPart); ok {
				parts[j] = &wirechat.TextPart{Text: retryNote.ReplaceAllString(text.Text, "${1}PROBLEMS${3}")}
			}
		}
		request.Messages[i].Parts = parts
	}
	data, err := wirechat.Encode(&request)
	if err != nil {
		t.Fatal(err)
	}
	return jsonValue(t, string(data))
}

func problemPaths(problems []string) []string {
	var found []string
	for _, problem := range problems {
		where, _, _ := strings.Cut(problem, ": ")
		if strings.HasPrefix(problem, "not JSON: ") {
			where = "not JSON"
		}
		if !slices.Contains(found, where) {
			found = append(found, where)
		}
	}
	return found
}

// sameJSON compares two values as JSON (json.Number 1.0 and float 1 alike).
func sameJSON(t *testing.T, got, want any) bool {
	t.Helper()
	a, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(jsonValue(t, string(a)), jsonValue(t, string(b)))
}

func TestStructuredOutputVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "vectors", "structured-output.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		Request json.RawMessage  `json:"request"`
		Cases   []structuredCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors.Cases) < 20 {
		t.Fatalf("only %d cases", len(vectors.Cases))
	}
	for _, c := range vectors.Cases {
		t.Run(c.Name, func(t *testing.T) {
			request, err := wirechat.Decode[wirechat.ChatRequest](vectors.Request)
			if err != nil {
				t.Fatal(err)
			}
			if c.RequestOptions != nil {
				options, err := wirechat.Decode[wirechat.ChatOptions](c.RequestOptions)
				if err != nil {
					t.Fatal(err)
				}
				request.Options = &options
			}
			model := &scripted{answers: c.Answers}
			answer, err := client.ChatSchema(context.Background(), model, request, wirechat.JsonObject(c.Schema), client.WithOutputRetries(c.Retries))
			var got structuredExpect
			var failure *client.StructuredOutputError
			switch {
			case err == nil:
				got.Value = &answer.Value
			case errors.As(err, &failure):
				got.Error = &vectorFailure{failure.Attempts, failure.Raw, problemPaths(failure.Problems)}
			case strings.Contains(err.Error(), "not a valid JSON Schema"):
				got.Refused = true
			default:
				t.Fatal(err)
			}
			sent := []any{}
			for _, r := range model.sent {
				sent = append(sent, maskedRequest(t, r))
			}
			if !sameJSON(t, sent, c.Expect.Requests) {
				a, _ := json.Marshal(sent)
				t.Fatalf("requests sent:\n%s\nwant\n%s", a, mustJSON(c.Expect.Requests))
			}
			want := structuredExpect{Value: c.Expect.Value, Error: c.Expect.Error, Refused: c.Expect.Refused}
			if known, ok := knownDifferences[c.Name]; ok {
				want = known.outcome
			}
			if !sameJSON(t, got, want) {
				t.Fatalf("outcome %s, want %s", mustJSON(got), mustJSON(want))
			}
		})
	}
}

func mustJSON(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
