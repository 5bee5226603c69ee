package wirechat

// Tool-call arguments: ToolCall.Arguments is a string on the wire, the exact bytes a model produced,
// which are often but not always valid JSON. These helpers are the one place that crosses between that
// text and Go values.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wirechat/wirechat/go/internal/codec"
)

// ToolArgumentsError reports tool-call arguments that are not a JSON object, or a Go value that cannot
// be written as one. ToolName and ToolCallID are set when the arguments came from a ToolCall.
type ToolArgumentsError struct {
	ToolName   string
	ToolCallID string
	Reason     string
	Err        error // the underlying error, when there is one
}

func (e *ToolArgumentsError) Error() string {
	if e.ToolCallID != "" {
		return fmt.Sprintf("wirechat: tool call %q (%s): %s", e.ToolCallID, e.ToolName, e.Reason)
	}
	return "wirechat: tool arguments: " + e.Reason
}

func (e *ToolArgumentsError) Unwrap() error { return e.Err }

// excerptLength is how much of malformed arguments an error quotes.
const excerptLength = 80

// BuildArguments returns the arguments text of v in the one form every language writes (spec section 6,
// "Arguments built from an object"): compact, members in the value's own order, RFC 8785 strings and
// numbers ({"x":1.0} gives {"x":1}, U+2028 and "<" are written as themselves). v must encode with
// encoding/json to a JSON object (a struct, a map with string keys, a value with a MarshalJSON method
// that keeps its members' order ...) that other languages can read back exactly: integers beyond
// +/-(2^53-1) are refused. A Go map has no order, so its keys come sorted (encoding/json's order). Every
// adapter that gets arguments as an object calls this.
func BuildArguments(v any) (string, error) {
	var buf bytes.Buffer
	encoder := json.NewEncoder(&buf)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(v); err != nil {
		return "", &ToolArgumentsError{Reason: "cannot encode: " + err.Error(), Err: err}
	}
	text := bytes.TrimRight(buf.Bytes(), "\n")
	if len(text) == 0 || text[0] != '{' {
		return "", &ToolArgumentsError{Reason: fmt.Sprintf("arguments must be a JSON object, not %T", v)}
	}
	if err := checkObject(text); err != nil {
		return "", &ToolArgumentsError{Reason: err.Error(), Err: err}
	}
	var normaliser ArgumentsNormaliser
	body, err := normaliser.Feed(string(text))
	if err == nil {
		var rest string
		rest, err = normaliser.Finish()
		body += rest
	}
	if err != nil {
		return "", &ToolArgumentsError{Reason: err.Error(), Err: err}
	}
	return body, nil
}

// ParseArguments decodes the JSON text of tool-call arguments into v (as json.Unmarshal does). Empty
// or blank text means no arguments and reads as {}. Text that is not an I-JSON object (models do
// produce truncated or malformed arguments) gives a *ToolArgumentsError that says where and quotes it.
func ParseArguments(arguments string, v any) error {
	return parseArguments(arguments, v, "", "")
}

// ParseCallArguments is ParseArguments for a tool call; its errors name the call.
func ParseCallArguments(call ToolCall, v any) error {
	return parseArguments(call.Arguments, v, call.Name, call.ID)
}

func parseArguments(arguments string, v any, name, id string) error {
	if strings.Trim(arguments, " \t\n\r") == "" { // JSON whitespace only (spec section 6), not TrimSpace
		arguments = "{}"
	}
	text := []byte(arguments)
	if err := checkObject(text); err != nil {
		excerpt := arguments
		if len(excerpt) > excerptLength {
			excerpt = excerpt[:excerptLength] + "..."
		}
		reason := fmt.Sprintf("not a JSON object: %v; the text was %q", err, excerpt)
		return &ToolArgumentsError{ToolName: name, ToolCallID: id, Reason: reason, Err: err}
	}
	if err := json.Unmarshal(text, v); err != nil {
		return &ToolArgumentsError{ToolName: name, ToolCallID: id, Reason: "cannot decode: " + err.Error(), Err: err}
	}
	return nil
}

// checkObject applies the I-JSON rules to a JSON text that must be one object.
func checkObject(text []byte) error {
	d := codec.NewDecoder(text)
	d.RawObject()
	return d.Finish("")
}
