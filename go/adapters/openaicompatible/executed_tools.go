package openaicompatible

// Tools the server ran itself: Groq's message.executed_tools (browser search, web search, code
// interpreter) <-> provider-run parts (spec section 15), as Python's openai_compatible/executed_tools.py.
//
// Each entry {index, type, arguments, output?, search_results?, code_results?, browser_results?} writes the
// call and its result as one object, so it becomes a provider_tool_call (issuer the profile's, name the
// entry's type, input its arguments read as JSON where they are, block the entry verbatim) followed by a
// provider_tool_result without a block. Groq sends no id: the call's id is <issuer>_executed_<index>. A
// reply writes the block back, once; a request cannot (Groq's assistant message has no executed_tools),
// so replay drops them with provider_tool.own. A stream sends the entries in delta.executed_tools
// (streamedTools collects them by index).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

const executed = "executed_tools"

var resultMembers = []string{"output", "search_results", "code_results", "browser_results"}

// entryParts is the call and result parts (trees) of one executed tool entry.
func entryParts(raw any, where, issuer string) ([]any, error) {
	entry, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected an executed tool object, got %s", shared.TypeName(raw))
	}
	index, isInt := entry.Get("index").(providerjson.Number)
	name, _ := entry.Get("type").(string)
	if !isInt || !index.IsInt() || name == "" {
		return nil, shared.Invalid(where, "an executed tool needs its index (an integer) and its type")
	}
	id := issuer + "_executed_" + string(index)
	call := newObj().Set("id", id).Set("name", name).Set("issuer", issuer).Set("block", entry)
	if arguments, ok := entry.Get("arguments").(string); ok && arguments != "" {
		if parsed, err := providerjson.Parse([]byte(arguments)); err == nil {
			call.Set("input", parsed)
		} else {
			call.Set("input", arguments)
		}
	}
	result := newObj().Set("tool_call_id", id).Set("issuer", issuer).Set("name", name)
	output := newObj()
	for _, key := range resultMembers {
		if value := entry.Get(key); value != nil {
			output.Set(key, value)
		}
	}
	if output.Len() == 1 && output.Has("output") {
		result.Set("output", output.Get("output"))
	} else if output.Len() > 0 {
		result.Set("output", output)
	}
	return []any{
		newObj().Set("type", "provider_tool_call").Set("provider_tool_call", call),
		newObj().Set("type", "provider_tool_result").Set("provider_tool_result", result),
	}, nil
}

// readExecuted is the provider-run parts (trees) of a reply's message, and the message without
// executed_tools.
func readExecuted(message *obj, profile *Profile, where string) ([]any, *obj, error) {
	raw := message.Get(executed)
	if !profile.ExecutedTools || raw == nil {
		return nil, message, nil
	}
	items, ok := raw.([]any)
	if !ok {
		return nil, nil, shared.Invalid(where+"/"+executed, "expected an array of executed tools, got %s", shared.TypeName(raw))
	}
	parts := []any{}
	for i, entry := range items {
		found, err := entryParts(entry, where+"/"+executed+"/"+strconv.Itoa(i), profile.Issuer)
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, found...)
	}
	rest := message.Copy()
	rest.Delete(executed)
	return parts, rest, nil
}

// toolsWriter takes the provider-run parts of one assistant message: a reply writes the profile's own
// entries back; a request drops them; another API's are dropped.
type toolsWriter struct {
	profile *Profile
	conv    *shared.Conversion
	reply   bool
	entries []any
}

func (w *toolsWriter) take(part wirechat.Part, where string) error {
	if _, foreign := shared.MetadataFor(shared.PartMetadata(part), Provider); foreign {
		w.conv.Degrade("part.provider_metadata", where+"/provider_metadata")
	}
	var issuer string
	var block wirechat.JsonObject
	at := where + "/provider_tool_result"
	call, isCall := part.(*wirechat.ProviderToolCallPart)
	if isCall {
		issuer, block, at = call.ProviderToolCall.Issuer, call.ProviderToolCall.Block, where+"/provider_tool_call"
	} else {
		result := part.(*wirechat.ProviderToolResultPart)
		issuer, block = result.ProviderToolResult.Issuer, result.ProviderToolResult.Block
	}
	switch {
	case issuer != w.profile.Issuer:
		w.conv.Degrade("provider_tool.foreign", at)
	case !w.reply:
		w.conv.Degrade("provider_tool.own", at)
	case block != nil:
		w.entries = append(w.entries, shared.Raw(block))
	case isCall:
		// the profile's declared level: refused where declared so, else dropped with its warning (Python
		// raises refuse here whatever the level, an AssertionError for the profiles that inherit openai-chat's
		// degraded)
		_, err := w.conv.Handle("provider_tool.unblocked", at)
		return err
	}
	return nil // a result without a block: its call's block holds it
}

func (w *toolsWriter) members() *obj {
	entries := w.entries
	w.entries = nil
	if len(entries) == 0 {
		return newObj()
	}
	return newObj().Set(executed, entries)
}

// streamedTools is the delta.executed_tools entries of a stream, merged by their index (a later
// fragment's members complete or replace an earlier one's), in the order their indices first came.
type streamedTools struct {
	order   []int64
	entries map[int64]*obj
}

func (s *streamedTools) add(raw any, where string) error {
	items, ok := raw.([]any)
	if !ok {
		return shared.Invalid(where, "expected an array of executed tools, got %s", shared.TypeName(raw))
	}
	for i, item := range items {
		entry, ok := item.(*obj)
		index, isInt := int64(0), false
		if ok {
			index, isInt = shared.IntValue(entry.Get("index"))
		}
		if !isInt {
			return shared.Invalid(where+"/"+strconv.Itoa(i), "an executed tool needs its index (an integer)")
		}
		if s.entries == nil {
			s.entries = map[int64]*obj{}
		}
		merged, seen := s.entries[index]
		if !seen {
			merged = newObj()
			s.entries[index] = merged
			s.order = append(s.order, index)
		}
		for _, key := range entry.Keys() {
			if value := entry.Get(key); value != nil {
				merged.Set(key, value)
			}
		}
	}
	return nil
}
