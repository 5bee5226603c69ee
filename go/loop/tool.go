package loop

// Tools from Go functions: the argument struct's JSON Schema from github.com/invopop/jsonschema (unknown
// members refused), the model's arguments validated against it (santhosh-tekuri/jsonschema, already the
// module's validator) and decoded into the struct before the call. A validation failure, a tool that
// returns an error or panics, and a tool past its timeout are not errors of the caller's program: each
// becomes a failed ToolResult the model reads (execute.go).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	invopop "github.com/invopop/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Tool is a tool the loop can run: its Definition (sent to the model) and Invoke, which receives the
// model's arguments (JSON text) and a context carrying the call (CallFrom). Invoke returns a string (the
// result as it is), a wirechat.ToolResult (a tool that answers in wire form, an MCP server's), or any
// other value, sent as compact JSON; an *ArgumentsInvalidError or a *wirechat.ToolArgumentsError means
// the model's arguments were wrong.
type Tool struct {
	Definition wirechat.ToolDefinition
	Invoke     func(ctx context.Context, arguments string) (any, error)
}

// Name is the tool's name.
func (t Tool) Name() string { return t.Definition.Name }

// ArgumentsInvalidError says the model's arguments do not match the tool's parameters; Problems lists
// each as "pointer: message".
type ArgumentsInvalidError struct{ Problems []string }

func (e *ArgumentsInvalidError) Error() string { return strings.Join(e.Problems, "; ") }

var printer = message.NewPrinter(language.English)

// NewTool makes a Tool from a function whose arguments are the struct A (json tags name the members;
// a member without omitempty is required; `jsonschema:"description=..."` tags describe them). The
// function's context carries the call (CallFrom) and is cancelled at the loop's timeout.
func NewTool[A any, R any](name, description string, fn func(ctx context.Context, args A) (R, error)) (Tool, error) {
	argType := reflect.TypeFor[A]()
	for argType.Kind() == reflect.Pointer {
		argType = argType.Elem()
	}
	if argType.Kind() != reflect.Struct {
		return Tool{}, fmt.Errorf("tool %s: the arguments must be a struct (its fields become the schema), not %s", name, argType)
	}
	reflector := invopop.Reflector{DoNotReference: true, ExpandedStruct: true}
	schema := reflector.ReflectFromType(argType)
	schema.Version, schema.ID = "", ""
	text, err := json.Marshal(schema)
	if err != nil {
		return Tool{}, fmt.Errorf("tool %s: the arguments' schema: %w", name, err)
	}
	validator, err := compile(text)
	if err != nil {
		return Tool{}, fmt.Errorf("tool %s: the arguments' schema does not compile: %w", name, err)
	}
	definition := wirechat.ToolDefinition{Name: name, InputSchema: wirechat.JsonObject(text)}
	if description != "" {
		definition.Description = &description
	}
	invoke := func(ctx context.Context, arguments string) (any, error) {
		var args A
		if err := validate(validator, arguments); err != nil {
			return nil, err
		}
		if err := wirechat.ParseArguments(arguments, &args); err != nil {
			return nil, err
		}
		return fn(ctx, args)
	}
	return Tool{Definition: definition, Invoke: invoke}, nil
}

// MustTool is NewTool that panics on an error (a struct the reflector cannot describe is a program bug).
func MustTool[A any, R any](name, description string, fn func(ctx context.Context, args A) (R, error)) Tool {
	tool, err := NewTool(name, description, fn)
	if err != nil {
		panic(err)
	}
	return tool
}

func compile(schema []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource("arguments.json", doc); err != nil {
		return nil, err
	}
	return compiler.Compile("arguments.json")
}

func validate(schema *jsonschema.Schema, arguments string) error {
	if strings.Trim(arguments, " \t\n\r") == "" {
		arguments = "{}" // no arguments reads as {} (wirechat.ParseArguments)
	}
	instance, err := jsonschema.UnmarshalJSON(strings.NewReader(arguments))
	if err != nil {
		return wirechat.ParseArguments(arguments, &map[string]any{}) // its error says where and quotes it
	}
	err = schema.Validate(instance)
	if err == nil {
		return nil
	}
	failure, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err
	}
	var problems []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			where := "/" + strings.Join(e.InstanceLocation, "/")
			if len(e.InstanceLocation) == 0 {
				where = "(root)"
			}
			problems = append(problems, where+": "+e.ErrorKind.LocalizedString(printer))
		}
		for _, cause := range e.Causes {
			walk(cause)
		}
	}
	walk(failure)
	sort.Strings(problems)
	return &ArgumentsInvalidError{Problems: problems}
}

// outputText is the text form of a tool's return value: a string as it is, anything else as compact JSON
// (HTML characters not escaped, as Python writes it).
func outputText(value any) (string, error) {
	if text, ok := value.(string); ok {
		return text, nil
	}
	var buf bytes.Buffer
	encoder := json.NewEncoder(&buf)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(value); err != nil {
		return "", err
	}
	return strings.TrimRight(buf.String(), "\n"), nil
}

// toolsByName indexes tools; two tools with one name, or a tool without a name or Invoke, is an error.
func toolsByName(tools []Tool) (map[string]Tool, error) {
	indexed := make(map[string]Tool, len(tools))
	for i, tool := range tools {
		if tool.Name() == "" || tool.Invoke == nil {
			return nil, fmt.Errorf("tools[%d] has no name or no Invoke (make tools with NewTool)", i)
		}
		if _, twice := indexed[tool.Name()]; twice {
			return nil, fmt.Errorf("two tools are named %q", tool.Name())
		}
		indexed[tool.Name()] = tool
	}
	return indexed, nil
}
