package client

// Structured output (Python's wirechat.structured_output, TypeScript's chat(request, {output})):
// ChatOutput[T] and ChatSchema ask the provider for JSON matching a schema, validate the answer and return
// the value with the response.
//
// The schema travels as options.response_format (json_schema, named "response"); each adapter maps it to
// its provider's native mode (OpenAI Chat response_format, Anthropic output_config.format, Gemini
// generationConfig.responseJsonSchema, Responses text.format; a profile that cannot carry it refuses, as
// in Python). ChatOutput reflects T's JSON Schema with github.com/invopop/jsonschema (as loop.NewTool
// does); ChatSchema takes a JSON Schema. The answer is validated by santhosh-tekuri/jsonschema/v6. An
// answer that is not JSON, or does not match, is a *StructuredOutputError carrying the raw text; with
// WithOutputRetries(n) the model is shown the problems and asked again, up to n more times (off by
// default). docs/decisions/041-structured-output.md says why.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	invopop "github.com/invopop/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/wirechat/wirechat/go/wirechat"
)

// SchemaName is the name the output schema is sent with: the one Anthropic's and Gemini's mappings keep
// (OpenAI takes any).
const SchemaName = "response"

// ErrStructuredOutput matches a *StructuredOutputError (errors.Is), as Python's and TypeScript's
// StructuredOutputError is caught by name.
var ErrStructuredOutput = errors.New("wirechat: structured output")

// Chatter is what structured output sends through: *Client is one (so is any model a loop takes).
type Chatter interface {
	Chat(ctx context.Context, request wirechat.ChatRequest) (wirechat.ChatResponse, error)
}

// Structured is the validated Value and the (last) Response.
type Structured[T any] struct {
	Value    T
	Response wirechat.ChatResponse
}

// StructuredOutputError says the model's answer is not valid for the requested schema: Raw is its text,
// Problems says why (each "/pointer: message", "/" for the whole value, or "not JSON: ..."), Response is the
// last response and Attempts how many answers were tried. errors.Is(err, ErrStructuredOutput) matches it.
type StructuredOutputError struct {
	Raw      string
	Problems []string
	Response wirechat.ChatResponse
	Attempts int
}

func (e *StructuredOutputError) Error() string {
	shown := e.Raw
	if len(shown) > 200 {
		shown = shown[:200] + "..."
	}
	return fmt.Sprintf("the answer does not match the output schema after %d attempt(s): %s (raw text: %q)",
		e.Attempts, strings.Join(e.Problems, "; "), shown)
}

// Is matches ErrStructuredOutput.
func (e *StructuredOutputError) Is(target error) bool { return target == ErrStructuredOutput }

// OutputOption sets how structured output asks.
type OutputOption func(*outputSettings)

type outputSettings struct{ retries int }

// WithOutputRetries asks again up to n more times after an invalid answer, showing the model the
// problems (Python's output_retries; default 0).
func WithOutputRetries(n int) OutputOption {
	return func(s *outputSettings) { s.retries = n }
}

// ChatOutput sends request asking for a T (a struct: its JSON Schema is reflected from its fields, json
// tags naming them, a field without omitempty required, unknown members refused) and returns the answer
// decoded into a T.
func ChatOutput[T any](ctx context.Context, c Chatter, request wirechat.ChatRequest, options ...OutputOption) (Structured[T], error) {
	outputType := reflect.TypeFor[T]()
	for outputType.Kind() == reflect.Pointer {
		outputType = outputType.Elem()
	}
	if outputType.Kind() != reflect.Struct {
		return Structured[T]{}, fmt.Errorf("ChatOutput takes a struct type (its fields become the schema), not %s", outputType)
	}
	schema, err := reflectOutput(outputType)
	if err != nil {
		return Structured[T]{}, err
	}
	decode := func(text string) (T, error) {
		var value T
		return value, json.Unmarshal([]byte(text), &value)
	}
	return structuredChat(ctx, c, request, schema, decode, options)
}

// ChatSchema sends request asking for JSON matching schema and returns the answer as a JSON value (numbers
// as json.Number, exact). The schema is read as draft 2020-12 whatever its $schema says, and format is an
// annotation, not checked, as Python's jsonschema reads it; a schema that is not valid JSON Schema is an
// error before anything is sent.
func ChatSchema(ctx context.Context, c Chatter, request wirechat.ChatRequest, schema wirechat.JsonObject, options ...OutputOption) (Structured[any], error) {
	decode := func(text string) (any, error) { return jsonschema.UnmarshalJSON(strings.NewReader(text)) }
	return structuredChat(ctx, c, request, []byte(schema), decode, options)
}

func structuredChat[T any](ctx context.Context, c Chatter, request wirechat.ChatRequest, schema []byte,
	decode func(string) (T, error), options []OutputOption) (Structured[T], error) {
	var settings outputSettings
	for _, option := range options {
		option(&settings)
	}
	if settings.retries < 0 {
		return Structured[T]{}, fmt.Errorf("output retries must be 0 or more, got %d", settings.retries)
	}
	validator, err := compileOutput(schema)
	if err != nil {
		return Structured[T]{}, err
	}
	current := withFormat(request, schema)
	for attempt := 1; ; attempt++ {
		response, err := c.Chat(ctx, current)
		if err != nil {
			return Structured[T]{}, err
		}
		raw := wirechat.MessageText(response.Message)
		problems := outputProblems(validator, raw)
		var value T
		if len(problems) == 0 {
			if value, err = decode(raw); err != nil {
				problems = []string{"/: " + err.Error()} // a value the schema allows that T cannot hold
			}
		}
		if len(problems) == 0 {
			return Structured[T]{Value: value, Response: response}, nil
		}
		if attempt > settings.retries {
			return Structured[T]{}, &StructuredOutputError{Raw: raw, Problems: problems, Response: response, Attempts: attempt}
		}
		current = askAgain(current, response, problems)
	}
}

// reflectedOutputs holds each output type's schema: reflection is done once per type.
var reflectedOutputs sync.Map // reflect.Type -> []byte

func reflectOutput(outputType reflect.Type) ([]byte, error) {
	if schema, ok := reflectedOutputs.Load(outputType); ok {
		return schema.([]byte), nil
	}
	reflector := invopop.Reflector{DoNotReference: true, ExpandedStruct: true}
	reflected := reflector.ReflectFromType(outputType)
	reflected.Version, reflected.ID = "", ""
	schema, err := json.Marshal(reflected)
	if err != nil {
		return nil, fmt.Errorf("the output schema of %s: %w", outputType, err)
	}
	reflectedOutputs.Store(outputType, schema)
	return schema, nil
}

// compiledOutputs holds compiled schemas by their text (a compiled schema is safe for concurrent use), up
// to maxCompiledOutputs; then it starts again, so schemas built afresh for each call stay bounded. A
// compile checks the schema against its metaschema, which costs far more than a validation.
var compiledOutputs = struct {
	sync.Mutex
	byText map[string]*jsonschema.Schema
}{byText: map[string]*jsonschema.Schema{}}

const maxCompiledOutputs = 256

func compileOutput(schema []byte) (*jsonschema.Schema, error) {
	compiledOutputs.Lock()
	compiled, ok := compiledOutputs.byText[string(schema)]
	compiledOutputs.Unlock()
	if ok {
		return compiled, nil
	}
	compiled, err := compileSchema(schema)
	if err != nil {
		return nil, err
	}
	compiledOutputs.Lock()
	defer compiledOutputs.Unlock()
	if len(compiledOutputs.byText) >= maxCompiledOutputs {
		clear(compiledOutputs.byText)
	}
	compiledOutputs.byText[string(schema)] = compiled
	return compiled, nil
}

func compileSchema(schema []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("the output schema is not JSON: %w", err)
	}
	object, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the output schema must be a JSON object, not %s", schema)
	}
	// read as draft 2020-12 whatever $schema says, as Python's Draft202012Validator reads it (it is still sent)
	delete(object, "$schema")
	compiler := jsonschema.NewCompiler()
	compiler.DefaultDraft(jsonschema.Draft2020)
	if err := compiler.AddResource("output.json", doc); err != nil {
		return nil, fmt.Errorf("the output schema is not a valid JSON Schema: %w", err)
	}
	compiled, err := compiler.Compile("output.json")
	if err != nil {
		return nil, fmt.Errorf("the output schema is not a valid JSON Schema: %w", err)
	}
	return compiled, nil
}

func withFormat(request wirechat.ChatRequest, schema []byte) wirechat.ChatRequest {
	var options wirechat.ChatOptions
	if request.Options != nil {
		options = *request.Options
	}
	options.ResponseFormat = &wirechat.ResponseFormatJsonSchema{
		JSONSchema: wirechat.JsonSchemaFormat{Name: SchemaName, Schema: wirechat.JsonObject(schema)}}
	request.Options = &options
	return request
}

var outputPrinter = message.NewPrinter(language.English)

// outputProblems is the problems of text against the schema, none when it is valid; ordered by path as Python
// orders them (member by member, array indices as numbers).
func outputProblems(validator *jsonschema.Schema, text string) []string {
	instance, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	err = validator.Validate(instance)
	if err == nil {
		return nil
	}
	var failure *jsonschema.ValidationError
	if !errors.As(err, &failure) {
		return []string{"/: " + err.Error()}
	}
	type placed struct {
		path    []string
		message string
	}
	var found []placed
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			found = append(found, placed{e.InstanceLocation, e.ErrorKind.LocalizedString(outputPrinter)})
		}
		for _, cause := range e.Causes {
			walk(cause)
		}
	}
	walk(failure)
	slices.SortStableFunc(found, func(a, b placed) int { return comparePaths(a.path, b.path) })
	problems := make([]string, len(found))
	for i, p := range found {
		problems[i] = "/" + strings.Join(p.path, "/") + ": " + p.message
	}
	return problems
}

func comparePaths(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] == b[i] {
			continue
		}
		x, errX := strconv.Atoi(a[i])
		y, errY := strconv.Atoi(b[i])
		if errX == nil && errY == nil {
			return x - y
		}
		return strings.Compare(a[i], b[i])
	}
	return len(a) - len(b)
}

func askAgain(request wirechat.ChatRequest, response wirechat.ChatResponse, problems []string) wirechat.ChatRequest {
	note := "That answer does not match the required JSON schema: " + strings.Join(problems, "; ") + ". Answer again."
	messages := slices.Clone(request.Messages)
	request.Messages = append(messages, response.Message, wirechat.TextMessage(wirechat.RoleUser, note))
	return request
}
