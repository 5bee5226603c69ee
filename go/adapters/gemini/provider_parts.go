package gemini

// Gemini's provider-run parts (spec section 15), as Python's gemini/provider_parts.py: executableCode and
// codeExecutionResult (code execution), toolCall and toolResponse (server-side tool invocations). Each is
// a provider_tool_call or provider_tool_result with issuer gemini; block is the Gemini part without its
// thoughtSignature, so that replaying the block writes the part back; input / output are the inner object
// without its id (for a tool invocation: its args / response). A call without an id gets gemini_code_<k>
// (gemini_tool_<k>), k counting the document's calls of that kind from 0; a result without an id answers
// the last call of its kind before it, and with none before it decoding fails naming the member.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

var (
	callPrefix   = map[string]string{"executableCode": "gemini_code_", "toolCall": "gemini_tool_"}
	resultOf     = map[string]string{"codeExecutionResult": "executableCode", "toolResponse": "toolCall"}
	providerKeys = []string{"executableCode", "toolCall", "codeExecutionResult", "toolResponse"}
)

// codeIDs numbers one document's provider-run calls and remembers the last of each kind.
type codeIDs struct {
	count map[string]int
	last  map[string]string
}

func newCodeIDs() *codeIDs { return &codeIDs{count: map[string]int{}, last: map[string]string{}} }

func givenID(value *obj, where string) (string, error) {
	given := value.Get("id")
	if given == nil {
		return "", nil
	}
	s, ok := given.(string)
	if !ok || s == "" {
		return "", shared.Invalid(where+"/id", "expected a non-empty string, got %s", providerjsonText(given))
	}
	return s, nil
}

func (c *codeIDs) call(kind string, value *obj, where string) (string, error) {
	given, err := givenID(value, where)
	if err != nil {
		return "", err
	}
	if given == "" {
		given = callPrefix[kind] + strconv.Itoa(c.count[kind])
	}
	c.last[kind] = given
	c.count[kind]++
	return given, nil
}

func (c *codeIDs) result(kind string, value *obj, where string) (string, error) {
	given, err := givenID(value, where)
	if err != nil || given != "" {
		return given, err
	}
	call := resultOf[kind]
	last, ok := c.last[call]
	if !ok {
		return "", shared.Invalid(where+"/id", "a %s without an id answers no %s before it", kind, call)
	}
	return last, nil
}

// providerKind is the provider-run member a part holds, "" when none.
func providerKind(raw *obj) string {
	for _, key := range providerKeys {
		if raw.Has(key) {
			return key
		}
	}
	return ""
}

func providerName(kind string, value *obj) string {
	if kind == "executableCode" || kind == "codeExecutionResult" {
		return "code_execution"
	}
	if toolType, ok := value.Get("toolType").(string); ok && toolType != "" {
		return toolType
	}
	return "server_tool"
}

// decodeProviderPart is the canonical part for a Gemini part holding one of providerKeys.
func decodeProviderPart(raw *obj, where string, ids *codeIDs) (*obj, error) {
	kind := providerKind(raw)
	at := where + "/" + kind
	value, ok := raw.Get(kind).(*obj)
	if !ok {
		return nil, shared.Invalid(at, "expected an object")
	}
	block := newObj()
	for _, key := range raw.Keys() {
		if key != "thoughtSignature" {
			block.Set(key, raw.Get(key))
		}
	}
	var reading any
	switch kind {
	case "toolCall":
		reading = value.Get("args")
	case "toolResponse":
		reading = value.Get("response")
	default:
		inner := newObj()
		for _, key := range value.Keys() {
			if key != "id" {
				inner.Set(key, value.Get(key))
			}
		}
		reading = inner
	}
	if _, isCall := callPrefix[kind]; isCall {
		id, err := ids.call(kind, value, at)
		if err != nil {
			return nil, err
		}
		call := newObj().Set("id", id).Set("name", providerName(kind, value)).Set("issuer", Provider)
		if reading != nil {
			call.Set("input", reading)
		}
		call.Set("block", block)
		return newObj().Set("type", "provider_tool_call").Set("provider_tool_call", call), nil
	}
	id, err := ids.result(kind, value, at)
	if err != nil {
		return nil, err
	}
	result := newObj().Set("tool_call_id", id).Set("issuer", Provider).Set("name", providerName(kind, value))
	if reading != nil {
		result.Set("output", reading)
	}
	if kind == "codeExecutionResult" {
		if outcome := value.Get("outcome"); outcome != nil && outcome != "OUTCOME_OK" {
			result.Set("is_error", true)
		}
	}
	result.Set("block", block)
	return newObj().Set("type", "provider_tool_result").Set("provider_tool_result", result), nil
}
