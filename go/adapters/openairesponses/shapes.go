// Package openairesponses is the openai-responses adapter (OpenAI Responses, POST /v1/responses) in Go: a
// pure codec between canonical wirechat values and the provider's JSON, laid out as Python's
// adapters/openai_responses (shapes, hosted, citations, request_encode, request_decode, response, stream,
// stream_encode, usage, finish, errors; its tables generated into go/internal/tables) and held to the same
// bytes by the shared vectors.
//
// This file holds OpenAI Responses' own JSON shapes, the items both ways (decision 016; provider-run items
// are hosted.go's, reasoning items reasoning.go's):
//
//   - reasoning item <-> a reasoning part with issuer openai: the item id (rs_...) is the signature,
//     encrypted_content is redacted_data, the summary texts joined by a blank line are text (the split list
//     and the raw content kept in provider_metadata.openai). An item with no summary whose content is
//     reasoning_text entries (DeepSeek, LM Studio, gpt-oss servers) has those texts as its text, marked
//     {"text_in": "content"}.
//   - compaction item <-> a reasoning part with no text, marked {"item_type": "compaction"}.
//   - function_call item <-> a tool-call part: call_id is the id; the item id, namespace and caller are kept
//     (item_id, namespace, caller). A custom_tool_call is a tool call too, marked {"item_type":
//     "custom_tool_call"}.
//   - message item (assistant) <-> one text part per output_text (or refusal, marked {"refusal": true}),
//     each with the item id as item_id and the item's phase; annotations are the citations.
//
// Every reader checks what it relies on and returns an *adapters.InvalidBodyError naming the pointer: a
// function call without call_id or name is an error, never an invented value.
package openairesponses

import (
	"fmt"
	"strings"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Name is the registry name and provider_options key; Provider the provider_metadata key and issuer.
const (
	Name     = "openai-responses"
	Provider = "openai"
)

// summaryJoin is between two summary texts of one reasoning item, in the canonical text.
const summaryJoin = "\n\n"

type obj = providerjson.Object

func newObj() *obj { return providerjson.NewObject() }

// set is a set of member names.
type set map[string]bool

func setOf(names ...string) set {
	out := set{}
	for _, name := range names {
		out[name] = true
	}
	return out
}

var (
	textEntryShape = setOf("type", "text")
	contents       = map[string]set{
		"output_text": setOf("type", "text", "annotations", "logprobs"),
		"refusal":     setOf("type", "refusal"),
	}
	// itemShapes are the members of each item type the readers here map or keep.
	itemShapes = map[string]set{
		"message":          setOf("type", "id", "role", "status", "content", "phase"),
		"reasoning":        setOf("type", "id", "status", "summary", "encrypted_content", "content"),
		"function_call":    setOf("type", "id", "status", "call_id", "name", "arguments", "namespace", "caller"),
		"custom_tool_call": setOf("type", "id", "status", "call_id", "name", "input"),
		"compaction":       setOf("type", "id", "status", "encrypted_content"),
	}
	keptCallMembers = []string{"namespace", "caller"}
	textKeys        = setOf("item_id", "logprobs", "refusal", "phase", "status")
	callKeys        = setOf("item_id", "item_type", "status", "namespace", "caller")
	reasoningKeys   = setOf("summary", "content", "text_in", "content_split", "item_type", "status")
	// replyStatus and requestStatus are the item status an encoder writes when a part kept none, in a reply
	// and in a request's input: a decoder keeps an item's status only when it is another.
	replyStatus   = map[string]string{"message": "completed", "function_call": "completed", "custom_tool_call": "completed"}
	requestStatus = map[string]string{"message": "completed"}
)

// pyStr is Python's str() of a tree value, for item types compared as text.
func pyStr(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case providerjson.Number:
		return string(x)
	}
	return fmt.Sprint(v)
}

// kindOf is an item's type, "message" when it has none (str(item.get("type", "message"))).
func kindOf(item *obj) string {
	if !item.Has("type") {
		return "message"
	}
	return pyStr(item.Get("type"))
}

// presentUnmapped is the pointers of an object's non-null members shape does not name.
func presentUnmapped(value any, where string, shape set) []string {
	object, ok := value.(*obj)
	if !ok {
		return nil
	}
	var found []string
	for _, key := range object.Keys() {
		if object.Get(key) != nil && !shape[key] {
			found = append(found, where+"/"+pointerToken.Replace(key))
		}
	}
	return found
}

var pointerToken = strings.NewReplacer("~", "~0", "/", "~1")

// unmappedInItem is the pointers of the members of an output item its reader neither maps nor keeps.
func unmappedInItem(item *obj, where string) []string {
	kind := kindOf(item)
	shape, known := itemShapes[kind]
	if !known {
		return nil // provider-run items are kept whole; an unknown type is reported whole by the decoder
	}
	found := presentUnmapped(item, where, shape)
	if list, ok := item.Get("content").([]any); ok && kind == "message" {
		for k, entry := range list {
			if e, ok := entry.(*obj); ok {
				if shape, ok := contents[pyStr(e.Get("type"))]; ok {
					found = append(found, presentUnmapped(e, fmt.Sprintf("%s/content/%d", where, k), shape)...)
				}
			}
		}
	}
	if kind == "reasoning" {
		for _, key := range []string{"summary", "content"} {
			for k, entry := range shared.Items(item.Get(key)) {
				if e, ok := entry.(*obj); ok && (e.Get("type") == "summary_text" || e.Get("type") == "reasoning_text") {
					found = append(found, presentUnmapped(e, fmt.Sprintf("%s/%s/%d", where, key, k), textEntryShape)...)
				}
			}
		}
	}
	return found
}

// statusOf is {"status": status} (as members to add) when the item's status is a string other than implied.
func statusOf(item *obj, implied map[string]string, into *obj) {
	status, ok := item.Get("status").(string)
	if ok && status != implied[kindOf(item)] {
		into.Set("status", status)
	}
}

func nonEmpty(item *obj, key, where string) (string, error) {
	value, _, err := shared.GetStr(item, key, where, false)
	if err != nil {
		return "", err
	}
	if value == "" {
		return "", shared.Invalid(where+"/"+key, "required non-empty string is missing")
	}
	return value, nil
}

func withMetadata(part, own *obj) *obj {
	if own.Len() > 0 {
		part.Set("provider_metadata", newObj().Set(Provider, own))
	}
	return part
}

// encodeFunctionCall is a function_call item (arguments the JSON text as is; id, namespace, caller when the
// part kept them), or a custom_tool_call item for a call read from one.
func encodeFunctionCall(call wirechat.ToolCall, own *obj) *obj {
	var item *obj
	if own.Get("item_type") == "custom_tool_call" {
		item = newObj().Set("type", "custom_tool_call").Set("call_id", call.ID).Set("name", call.Name).Set("input", call.Arguments)
	} else {
		item = newObj().Set("type", "function_call").Set("call_id", call.ID).Set("name", call.Name).Set("arguments", call.Arguments)
		for _, key := range keptCallMembers {
			if v := own.Get(key); v != nil {
				item.Set(key, v)
			}
		}
	}
	if id, ok := own.Get("item_id").(string); ok && id != "" {
		item.Set("id", id)
	}
	if status, ok := own.Get("status").(string); ok {
		item.Set("status", status)
	}
	return item
}

// decodeFunctionCall is a tool-call part (as a tree) for a function_call or custom_tool_call item.
func decodeFunctionCall(item *obj, where string, implied map[string]string) (*obj, error) {
	custom := item.Get("type") == "custom_tool_call"
	id, err := nonEmpty(item, "call_id", where)
	if err != nil {
		return nil, err
	}
	name, err := nonEmpty(item, "name", where)
	if err != nil {
		return nil, err
	}
	key := "arguments"
	if custom {
		key = "input"
	}
	arguments, _, err := shared.GetStr(item, key, where, true)
	if err != nil {
		return nil, err
	}
	call := newObj().Set("id", id).Set("name", name).Set("arguments", arguments)
	part := newObj().Set("type", "tool_call").Set("tool_call", call)
	own := newObj()
	for _, key := range keptCallMembers {
		if v := item.Get(key); v != nil {
			own.Set(key, v)
		}
	}
	if itemID, ok := item.Get("id").(string); ok && itemID != "" {
		own.Set("item_id", itemID)
	}
	if custom {
		own.Set("item_type", "custom_tool_call")
	}
	statusOf(item, implied, own)
	return withMetadata(part, own), nil
}

// outputText is a text part for one output_text or refusal entry of an assistant message item (kept: the
// item's own members each of its parts keeps: phase, status).
func outputText(itemID string, entry any, where string, kept *obj) (*obj, error) {
	e, ok := entry.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content entry object")
	}
	own := newObj()
	if itemID != "" {
		own.Set("item_id", itemID)
	}
	for _, key := range kept.Keys() {
		own.Set(key, kept.Get(key))
	}
	var part *obj
	switch kind := e.Get("type"); kind {
	case "output_text":
		text, _, err := shared.GetStr(e, "text", where, true)
		if err != nil {
			return nil, err
		}
		part = newObj().Set("type", "text").Set("text", text)
		citations, err := decodeAnnotations(e.Get("annotations"), where+"/annotations")
		if err != nil {
			return nil, err
		}
		if len(citations) > 0 {
			part.Set("citations", citations)
		}
		if shared.Truthy(e.Get("logprobs")) {
			own.Set("logprobs", e.Get("logprobs"))
		}
	case "refusal":
		text, _, err := shared.GetStr(e, "refusal", where, true)
		if err != nil {
			return nil, err
		}
		part = newObj().Set("type", "text").Set("text", text)
		own.Set("refusal", true)
	default:
		return nil, shared.Invalid(where+"/type", "expected output_text or refusal, got %s", pyStr(kind))
	}
	return withMetadata(part, own), nil
}

// decodeOutputItem is the canonical parts (as trees) of one output item of a response (or an
// assistant-side input item, with implied = requestStatus). An item type this adapter does not know gives
// no part: its pointer goes to unmapped (the caller warns; with unmapped nil it is an error), and so do the
// members of a known item that no reader maps or keeps.
func decodeOutputItem(value any, where string, pairs *pairing, unmapped *[]string, implied map[string]string) ([]any, error) {
	item, ok := value.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an item object")
	}
	kind := kindOf(item)
	if unmapped != nil {
		*unmapped = append(*unmapped, unmappedInItem(item, where)...)
	}
	switch {
	case kind == "message":
		itemID, _ := item.Get("id").(string)
		if text, ok := item.Get("content").(string); ok {
			return []any{newObj().Set("type", "text").Set("text", text)}, nil
		}
		entries, err := shared.GetList(item, "content", where, true)
		if err != nil {
			return nil, err
		}
		kept := newObj()
		if phase, ok := item.Get("phase").(string); ok {
			kept.Set("phase", phase)
		}
		statusOf(item, implied, kept)
		out := make([]any, 0, len(entries))
		for k, entry := range entries {
			part, err := outputText(itemID, entry, fmt.Sprintf("%s/content/%d", where, k), kept)
			if err != nil {
				return nil, err
			}
			out = append(out, part)
		}
		return out, nil
	case kind == "reasoning" || kind == "compaction":
		part, err := decodeReasoning(item, where, implied)
		if err != nil {
			return nil, err
		}
		return []any{part}, nil
	case kind == "function_call" || kind == "custom_tool_call":
		part, err := decodeFunctionCall(item, where, implied)
		if err != nil {
			return nil, err
		}
		return []any{part}, nil
	case isProviderRun(kind):
		return providerRunParts(item, where, pairs)
	}
	if unmapped == nil {
		return nil, shared.Invalid(where+"/type", "an item type this adapter does not map: '%s'", kind)
	}
	*unmapped = append(*unmapped, where)
	return nil, nil
}

// eventMembers are the members of the stream events the decoder maps, or which repeat what an item's done
// event carries (obfuscation is padding against length side channels: it carries nothing).
var eventMembers = setOf("type", "sequence_number", "output_index", "item_id", "content_index", "summary_index",
	"annotation_index", "item", "part", "response", "delta", "text", "refusal", "arguments", "annotation",
	"logprobs", "obfuscation", "input")

// echoEvents are events whose content response.output_item.done repeats (reasoning is read from the
// finished item, whole).
var echoEvents = setOf("response.in_progress", "response.queued", "response.content_part.done",
	"response.output_text.done", "response.refusal.done", "response.function_call_arguments.done",
	"response.custom_tool_call_input.done", "response.reasoning_summary_part.added",
	"response.reasoning_summary_part.done", "response.reasoning_summary_text.delta",
	"response.reasoning_summary_text.done", "response.reasoning_text.delta", "response.reasoning_text.done")

// progressEvent reports whether an event type is the progress of a provider-run item
// (response.web_search_call.searching, response.mcp_call_arguments.delta...): its subject is such an item
// type, or starts with one. The finished item carries what it tells.
func progressEvent(kind string) bool {
	pieces := strings.Split(kind, ".")
	if len(pieces) != 3 || pieces[0] != "response" || pieces[2] == "" {
		return false
	}
	words := strings.Split(pieces[1], "_")
	for k := len(words); k > 0; k-- {
		if isProviderRun(strings.Join(words[:k], "_")) {
			return true
		}
	}
	return false
}
