// Command testee is the Go testee of the wirechat conformance suite: it speaks the suite's line
// protocol over stdin/stdout (one JSON request per line, one JSON response per line, in order; see
// conformance/README.md and docs/decisions/007-conformance-protocol.md), using only the public API of
// the package github.com/wirechat/wirechat/go/wirechat (the tool-loop helpers and checks of spec section
// 14 included).
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wirechat/wirechat/go/wirechat"
)

type request struct {
	ID     json.RawMessage `json:"id"`
	Op     string          `json:"op"`
	Type   string          `json:"type"`
	Text   *string         `json:"text"`
	Base64 *string         `json:"base64"`
	Mode   string          `json:"mode"`
	// MaxBytes is the decode's size limit (spec section 5.3); 0: none
	MaxBytes int      `json:"max_bytes"`
	A        string   `json:"a"`
	B        string   `json:"b"`
	Value    string   `json:"value"`
	Events   []string `json:"events"`
	// an MCP mapping (op mcp_map): which one, its input as JSON text, and the ids some mappings take
	Mapping    string          `json:"mapping"`
	Input      string          `json:"input"`
	ToolCallID string          `json:"tool_call_id"`
	RequestID  json.RawMessage `json:"request_id"`
	// a tool-loop helper or check (op tool_loop): which one, and its documents as text
	Helper   string   `json:"helper"`
	Messages []string `json:"messages"`
	Result   string   `json:"result"`
	State    string   `json:"state"`
}

type problem struct {
	Pointer string `json:"pointer"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"` // the rule broken (Problem.Rule), for errors that name one
	// Line and Column locate a text fault (spec section 5.1); absent for every other problem.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

type response struct {
	ID        json.RawMessage `json:"id"`
	OK        *bool           `json:"ok,omitempty"`
	Error     string          `json:"error,omitempty"`
	Problems  []problem       `json:"problems,omitempty"`
	Canonical *string         `json:"canonical,omitempty"`
	Encoded   *string         `json:"encoded,omitempty"`
	Arguments *string         `json:"arguments,omitempty"`
	FoldError string          `json:"fold_error,omitempty"`
	Message   string          `json:"message,omitempty"`
	Partial   *string         `json:"partial,omitempty"`
	Usage     *string         `json:"usage,omitempty"`
	Language  string          `json:"language,omitempty"`
	Protocol  int             `json:"protocol,omitempty"`
	Warnings  []string        `json:"warnings,omitempty"`
	Refused   *string         `json:"refused,omitempty"`
}

func ok() *bool             { t := true; return &t }
func notOK() *bool          { f := false; return &f }
func text(b []byte) *string { s := string(b); return &s }

// rejected turns a decoding or encoding error into the protocol's problem list.
func rejected(err error) response {
	var wireError *wirechat.WireError
	if errors.As(err, &wireError) {
		problems := make([]problem, 0, len(wireError.Problems))
		for _, p := range wireError.Problems {
			problems = append(problems, problem{p.Pointer, p.Message, p.Rule, p.Line, p.Column})
		}
		return response{OK: notOK(), Problems: problems}
	}
	return response{OK: notOK(), Problems: []problem{{Pointer: "", Message: err.Error()}}}
}

func document(r *request) ([]byte, error) {
	if r.Base64 != nil {
		return base64.StdEncoding.DecodeString(*r.Base64)
	}
	if r.Text != nil {
		return []byte(*r.Text), nil
	}
	return nil, errors.New("a document needs text or base64")
}

func decode(r *request) (response, error) {
	dst := wirechat.NewByName(r.Type)
	if dst == nil {
		return response{}, fmt.Errorf("no wire type named %q", r.Type)
	}
	data, err := document(r)
	if err != nil {
		return response{}, err
	}
	if r.Mode == "tolerant" {
		return decodeTolerant(dst, data, r.MaxBytes)
	}
	if err := wirechat.DecodeIntoWith(dst, data, wirechat.DecodeOptions{MaxBytes: r.MaxBytes}); err != nil {
		return rejected(err), nil
	}
	canonical, err := wirechat.Canonical(dst)
	if err != nil {
		return response{}, fmt.Errorf("decoded but cannot canonicalise: %w", err)
	}
	encoded, err := wirechat.Encode(dst)
	if err != nil {
		return response{}, fmt.Errorf("decoded but cannot encode: %w", err)
	}
	return response{OK: ok(), Canonical: text(canonical), Encoded: text(encoded)}, nil
}

// decodeTolerant is spec section 12's tolerant reader: what this version does not know is kept and
// written back.
func decodeTolerant(dst any, data []byte, maxBytes int) (response, error) {
	unknown, err := wirechat.DecodeTolerantIntoWith(dst, data, wirechat.DecodeOptions{MaxBytes: maxBytes})
	if err != nil {
		return rejected(err), nil
	}
	canonical, err := wirechat.CanonicalTolerant(dst, unknown)
	if err != nil {
		return response{}, fmt.Errorf("decoded but cannot canonicalise: %w", err)
	}
	encoded, err := wirechat.EncodeTolerant(dst, unknown)
	if err != nil {
		return response{}, fmt.Errorf("decoded but cannot encode: %w", err)
	}
	return response{OK: ok(), Canonical: text(canonical), Encoded: text(encoded)}, nil
}

func addUsage(r *request) (response, error) {
	a, err := wirechat.Decode[wirechat.TokenUsage]([]byte(r.A))
	if err != nil {
		return rejected(err), nil
	}
	b, err := wirechat.Decode[wirechat.TokenUsage]([]byte(r.B))
	if err != nil {
		return rejected(err), nil
	}
	sum := wirechat.AddUsage(a, b)
	canonical, err := wirechat.Canonical(&sum)
	if err != nil {
		return rejected(err), nil
	}
	return response{OK: ok(), Canonical: text(canonical)}, nil
}

func parseArguments(r *request) (response, error) {
	if r.Text == nil {
		return response{}, errors.New("parse_arguments needs text")
	}
	var raw json.RawMessage
	if err := wirechat.ParseArguments(*r.Text, &raw); err != nil {
		return response{OK: notOK(), Problems: []problem{{Pointer: "", Message: err.Error()}}}, nil
	}
	canonical, err := wirechat.CanonicalJSON(raw)
	if err != nil {
		return response{}, err
	}
	return response{OK: ok(), Canonical: text(canonical)}, nil
}

func buildArguments(r *request) (response, error) {
	decoder := json.NewDecoder(strings.NewReader(r.Value))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		return response{}, fmt.Errorf("build_arguments value: %w", err)
	}
	arguments, err := wirechat.BuildArguments(value)
	if err != nil {
		return response{OK: notOK(), Problems: []problem{{Pointer: "", Message: err.Error()}}}, nil
	}
	return response{OK: ok(), Arguments: &arguments}, nil
}

func fold(r *request) (response, error) {
	events := make([]wirechat.StreamEvent, 0, len(r.Events))
	for _, line := range r.Events {
		event, err := wirechat.Decode[wirechat.StreamEvent]([]byte(line))
		if err != nil {
			return rejected(err), nil
		}
		events = append(events, event)
	}
	folded, err := wirechat.Fold(events)
	var streamError *wirechat.StreamError
	if errors.As(err, &streamError) {
		kind := map[error]string{wirechat.ErrStreamFailed: "failed", wirechat.ErrStreamIncomplete: "incomplete",
			wirechat.ErrStreamMalformed: "malformed"}[streamError.Kind]
		partial, perr := wirechat.Canonical(&streamError.Partial)
		if perr != nil {
			return response{}, fmt.Errorf("partial message: %w", perr)
		}
		out := response{OK: notOK(), FoldError: kind, Message: streamError.Error(), Partial: text(partial)}
		if streamError.Usage != nil {
			usage, uerr := wirechat.Canonical(streamError.Usage)
			if uerr != nil {
				return response{}, fmt.Errorf("partial usage: %w", uerr)
			}
			out.Usage = text(usage)
		}
		return out, nil
	}
	if err != nil {
		return response{}, err
	}
	canonical, err := wirechat.Canonical(&folded)
	if err != nil {
		return response{}, fmt.Errorf("folded response: %w", err)
	}
	return response{OK: ok(), Canonical: text(canonical)}, nil
}

// mcpMap runs one MCP mapping (spec section 13): the output's RFC 8785 text and the pointers it dropped,
// or the pointer of the value it refused.
func mcpMap(r *request) (response, error) {
	input, err := jsonValue([]byte(r.Input))
	if err != nil {
		return response{}, fmt.Errorf("mcp_map input: %w", err)
	}
	object := func(v any) map[string]any { m, _ := v.(map[string]any); return m }
	var requestID any
	if len(r.RequestID) > 0 {
		if requestID, err = jsonValue(r.RequestID); err != nil {
			return response{}, fmt.Errorf("mcp_map request_id: %w", err)
		}
	}
	mappings := map[string]func() (map[string]any, []wirechat.MCPWarning, error){
		"tool_to_definition": func() (map[string]any, []wirechat.MCPWarning, error) { return wirechat.MCPToolToDefinition(input) },
		"definition_to_tool": func() (map[string]any, []wirechat.MCPWarning, error) { return wirechat.DefinitionToMCPTool(input) },
		"call_result_to_tool_result": func() (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.MCPCallResultToToolResult(input, r.ToolCallID)
		},
		"tool_result_to_call_result": func() (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.ToolResultToMCPCallResult(object(input))
		},
		"jsonrpc_to_tool_result": func() (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.JSONRPCToToolResult(input, r.ToolCallID)
		},
		"tool_result_to_jsonrpc": func() (map[string]any, []wirechat.MCPWarning, error) {
			return wirechat.ToolResultToJSONRPC(object(input), requestID)
		},
	}
	mapping, known := mappings[r.Mapping]
	if !known {
		return response{}, fmt.Errorf("no MCP mapping %q", r.Mapping)
	}
	output, warnings, err := mapping()
	var refusal *wirechat.MCPMappingError
	if errors.As(err, &refusal) {
		pointer := refusal.Pointer
		return response{OK: notOK(), Refused: &pointer, Message: refusal.Error()}, nil
	}
	if err != nil {
		return response{}, err
	}
	raw, err := json.Marshal(output)
	if err != nil {
		return response{}, err
	}
	canonical, err := wirechat.CanonicalJSON(raw)
	if err != nil {
		return response{}, err
	}
	out := response{OK: ok(), Canonical: text(canonical)}
	for _, warning := range warnings {
		out.Warnings = append(out.Warnings, warning.Pointer)
	}
	return out, nil
}

// toolLoop runs one tool-loop helper or check (spec section 14): a helper's value as RFC 8785 text, or a
// check's problems (none: ok). The documents are valid by the protocol: one that does not decode is an error.
func toolLoop(r *request) (response, error) {
	switch r.Helper {
	case "check_tool_result":
		result, err := wirechat.Decode[wirechat.ToolResult]([]byte(r.Result))
		if err != nil {
			return response{}, fmt.Errorf("tool_loop result: %w", err)
		}
		return checked(wirechat.CheckToolResult(result))
	case "check_tool_loop_state":
		state, err := wirechat.Decode[wirechat.ToolLoopState]([]byte(r.State))
		if err != nil {
			return response{}, fmt.Errorf("tool_loop state: %w", err)
		}
		return checked(wirechat.CheckToolLoopState(state))
	}
	messages := make([]wirechat.Message, 0, len(r.Messages))
	for i, line := range r.Messages {
		message, err := wirechat.Decode[wirechat.Message]([]byte(line))
		if err != nil {
			return response{}, fmt.Errorf("tool_loop messages[%d]: %w", i, err)
		}
		messages = append(messages, message)
	}
	var result any
	switch r.Helper {
	case "merge_consecutive":
		merged := []json.RawMessage{}
		for _, message := range wirechat.MergeConsecutive(messages) {
			data, err := wirechat.Encode(&message)
			if err != nil {
				return response{}, err
			}
			merged = append(merged, data)
		}
		result = merged
	case "find_tool_call":
		if found, ok := wirechat.FindToolCall(messages, r.ToolCallID); ok {
			return foundAt(found.Message, found.Part, &found.Value)
		}
	case "find_tool_result":
		if found, ok := wirechat.FindToolResult(messages, r.ToolCallID); ok {
			return foundAt(found.Message, found.Part, &found.Value)
		}
	default:
		return response{}, fmt.Errorf("no tool-loop helper %q", r.Helper)
	}
	return canonicalOf(result)
}

// checked is a check's answer: ok, or its problems in order.
func checked(err error) (response, error) {
	if err == nil {
		return response{OK: ok()}, nil
	}
	var wireError *wirechat.WireError
	if !errors.As(err, &wireError) {
		return response{}, err
	}
	return rejected(err), nil
}

// foundAt is where a search found its value: {"message", "part", "value"}.
func foundAt(message, part int, value any) (response, error) {
	data, err := wirechat.Encode(value)
	if err != nil {
		return response{}, err
	}
	return canonicalOf(map[string]any{"message": message, "part": part, "value": json.RawMessage(data)})
}

func canonicalOf(value any) (response, error) {
	raw, err := json.Marshal(value)
	if err != nil {
		return response{}, err
	}
	canonical, err := wirechat.CanonicalJSON(raw)
	if err != nil {
		return response{}, err
	}
	return response{OK: ok(), Canonical: text(canonical)}, nil
}

// jsonValue reads JSON keeping numbers as written (json.Number), as the MCP mappings expect.
func jsonValue(raw []byte) (any, error) {
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber()
	var value any
	err := decoder.Decode(&value)
	return value, err
}

var operations = map[string]func(*request) (response, error){
	"mcp_map":         mcpMap,
	"hello":           func(*request) (response, error) { return response{OK: ok(), Language: "go", Protocol: 1}, nil },
	"decode":          decode,
	"add_usage":       addUsage,
	"parse_arguments": parseArguments,
	"build_arguments": buildArguments,
	"fold":            fold,
	"tool_loop":       toolLoop,
}

func answer(line []byte) (out response) {
	var r request
	if err := json.Unmarshal(line, &r); err != nil {
		return response{ID: json.RawMessage("null"), Error: "bad request line: " + err.Error()}
	}
	defer func() {
		if recovered := recover(); recovered != nil {
			out = response{ID: r.ID, Error: fmt.Sprintf("panic: %v", recovered)}
		}
	}()
	operation, found := operations[r.Op]
	if !found {
		return response{ID: r.ID, Error: fmt.Sprintf("unknown op %q", r.Op)}
	}
	out, err := operation(&r)
	if err != nil {
		out = response{Error: err.Error()}
	}
	out.ID = r.ID
	return out
}

func main() {
	reader := bufio.NewReaderSize(os.Stdin, 1<<20)
	writer := bufio.NewWriterSize(os.Stdout, 1<<16)
	encoder := json.NewEncoder(writer)
	encoder.SetEscapeHTML(false)
	for {
		line, err := reader.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			if encodeErr := encoder.Encode(answer(line)); encodeErr != nil {
				fmt.Fprintln(os.Stderr, "testee: cannot write a response:", encodeErr)
				os.Exit(1)
			}
		}
		// Flush when no further request is waiting, so that pipelined batches go out in large writes.
		if reader.Buffered() == 0 || err != nil {
			if flushErr := writer.Flush(); flushErr != nil {
				os.Exit(1)
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "testee: cannot read a request:", err)
			os.Exit(1)
		}
	}
}
