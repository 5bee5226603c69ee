package anthropic

// Anthropic Messages request body -> canonical ChatRequest (DecodeRequest), as Python's
// anthropic/request_decode.py: a user message's tool_result blocks read back as a tool message (a message
// mixing them with other blocks as a tool message and a user message, in order); the top-level system becomes the first system message; members the canonical request cannot
// hold are kept in provider_options["anthropic"]. The canonical document is built as a tree and decoded
// with every check of the spec, as Python validates its model.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var ownKeys = map[string]bool{
	"model": true, "max_tokens": true, "messages": true, "system": true, "tools": true, "tool_choice": true,
	"stop_sequences": true, "temperature": true, "top_p": true,
}

// DecodeRequest is the canonical request for a provider body, with a provider.unmapped warning for each
// member of a message, content block or tool that it does not map. An *adapters.InvalidBodyError names the
// member of a body that is not a valid request.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	return shared.DecodeRequest(data, Manifest, decodeRequestTree, unmapped)
}

// What the decoder maps, member by member (Python's request_decode tables).
var (
	messageShape = shared.Shape{"role": nil, "content": nil}
	sourceShape  = shared.Shape{"type": nil, "url": nil, "data": nil, "media_type": nil, "file_id": nil}
	blockShapes  = map[string]shared.Shape{
		"text":     {"type": nil, "text": nil, "cache_control": nil, "citations": nil},
		"image":    {"type": nil, "source": sourceShape, "cache_control": nil, "citations": nil},
		"document": {"type": nil, "source": sourceShape, "title": nil, "cache_control": nil, "citations": nil},
		"tool_use": {"type": nil, "id": nil, "name": nil, "input": nil, "cache_control": nil, "citations": nil},
		"tool_result": {
			"type": nil, "tool_use_id": nil, "content": nil, "is_error": nil, "cache_control": nil, "citations": nil,
		},
		"thinking":          {"type": nil, "thinking": nil, "signature": nil},
		"redacted_thinking": {"type": nil, "data": nil},
	}
	toolShape = shared.Shape{"name": nil, "description": nil, "input_schema": nil, "strict": nil}
)

func unmappedBlocks(blocks any, where string) []string {
	var found []string
	for k, item := range shared.Items(blocks) {
		block, ok := item.(*obj)
		if !ok {
			continue
		}
		kind, _ := block.Get("type").(string)
		shape, known := blockShapes[kind]
		if !known {
			continue
		}
		at := where + "/" + strconv.Itoa(k)
		found = append(found, shared.UnmappedMembers(block, shape, at)...)
		if kind == "tool_result" {
			found = append(found, unmappedBlocks(block.Get("content"), at+"/content")...)
		}
	}
	return found
}

func unmapped(body *obj) []string {
	found := unmappedBlocks(body.Get("system"), "/system")
	for i, message := range shared.Items(body.Get("messages")) {
		where := "/messages/" + strconv.Itoa(i)
		found = append(found, shared.UnmappedMembers(message, messageShape, where)...)
		if object, ok := message.(*obj); ok {
			found = append(found, unmappedBlocks(object.Get("content"), where+"/content")...)
		}
	}
	for i, tool := range shared.Items(body.Get("tools")) {
		found = append(found, shared.UnmappedMembers(tool, toolShape, "/tools/"+strconv.Itoa(i))...)
	}
	return found
}

func decodeRequestTree(body *obj) (*obj, error) {
	doc := newObj()
	if model, ok := body.Get("model").(string); ok && model != "" {
		doc.Set("model", model)
	}
	messages := []any{}
	if system := body.Get("system"); system != nil {
		parts, err := decodeBlocks(system, "/system")
		if err != nil {
			return nil, err
		}
		messages = append(messages, newObj().Set("role", "system").Set("parts", parts))
	}
	raw, err := shared.GetList(body, "messages", "", true)
	if err != nil {
		return nil, err
	}
	for i, item := range raw {
		decoded, err := decodeMessage(item, "/messages/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		messages = append(messages, decoded...)
	}
	doc.Set("messages", messages)
	if tools, err := shared.GetList(body, "tools", "", false); err != nil {
		return nil, err
	} else if tools != nil {
		out, err := shared.MapEach(tools, "/tools", decodeTool)
		if err != nil {
			return nil, err
		}
		doc.Set("tools", out)
	}
	options := newObj()
	if v := body.Get("max_tokens"); v != nil {
		options.Set("max_tokens", v)
	}
	for _, name := range []string{"temperature", "top_p"} {
		switch v := body.Get(name).(type) {
		case nil:
		case providerjson.Number:
			f, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				return nil, shared.Invalid("/"+name, "expected a number")
			}
			options.Set(name, f)
		default:
			return nil, shared.Invalid("/"+name, "expected a number, got %s", shared.TypeName(v))
		}
	}
	if stop := body.Get("stop_sequences"); stop != nil {
		options.Set("stop", stop)
	}
	choice, err := shared.GetObj(body, "tool_choice", "", false)
	if err != nil {
		return nil, err
	}
	if choice != nil {
		switch kind := choice.Get("type"); kind {
		case "any":
			doc.Set("tool_choice", newObj().Set("type", "required"))
		case "tool":
			name, _, err := shared.GetStr(choice, "name", "/tool_choice", true)
			if err != nil {
				return nil, err
			}
			doc.Set("tool_choice", newObj().Set("type", "tool").Set("tool", name))
		default:
			doc.Set("tool_choice", newObj().Set("type", kind))
		}
		if disable, ok := choice.Get("disable_parallel_tool_use").(bool); ok {
			options.Set("parallel_tool_calls", !disable)
		}
	}
	extra := newObj()
	for _, key := range body.Keys() {
		if !ownKeys[key] {
			extra.Set(key, body.Get(key))
		}
	}
	if config, ok := extra.Get("output_config").(*obj); ok {
		extra.Delete("output_config")
		config = config.Copy()
		format := config.Get("format")
		config.Delete("format")
		if f, ok := format.(*obj); ok && f.Get("type") == "json_schema" {
			schema := f.Get("schema")
			if !shared.Truthy(schema) {
				schema = newObj()
			}
			spec := newObj().Set("name", schemaName).Set("schema", schema)
			options.Set("response_format", newObj().Set("type", "json_schema").Set("json_schema", spec))
		}
		if config.Len() > 0 {
			extra.Set("output_config", config)
		}
	} else {
		extra.Delete("output_config") // Python pops it whatever it is, and keeps only an object's rest
	}
	if options.Len() > 0 {
		doc.Set("options", options)
	}
	if extra.Len() > 0 {
		doc.Set("provider_options", newObj().Set(Name, extra))
	}
	return doc, nil
}

// decodeMessage gives the canonical message, or messages: a user turn's tool_result blocks are tool
// messages, so a turn that mixes them with other blocks is split in runs, in order.
func decodeMessage(raw any, where string) ([]any, error) {
	message, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a message object")
	}
	role, _ := message.Get("role").(string)
	if role != "user" && role != "assistant" && role != "system" {
		return nil, shared.Invalid(where+"/role", "expected user, assistant or system, got %s", providerjson.MustCompact(message.Get("role")))
	}
	parts, err := decodeBlocks(message.Get("content"), where+"/content")
	if err != nil {
		return nil, err
	}
	if role != "user" {
		return []any{newObj().Set("role", role).Set("parts", parts)}, nil
	}
	var runs []any
	var run []any
	runRole := ""
	for _, p := range parts {
		partRole := "user"
		if p.(*obj).Get("type") == "tool_result" {
			partRole = "tool"
		}
		if partRole != runRole && run != nil {
			runs = append(runs, newObj().Set("role", runRole).Set("parts", run))
			run = nil
		}
		runRole = partRole
		run = append(run, p)
	}
	if run == nil {
		return []any{newObj().Set("role", role).Set("parts", parts)}, nil
	}
	return append(runs, newObj().Set("role", runRole).Set("parts", run)), nil
}

func decodeBlocks(content any, where string) ([]any, error) {
	switch c := content.(type) {
	case string:
		return []any{newObj().Set("type", "text").Set("text", c)}, nil
	case []any:
		return shared.MapEach(c, where, decodeBlock)
	}
	return nil, shared.Invalid(where, "expected a string or an array of content blocks")
}

func decodeTool(raw any, where string) (*obj, error) {
	tool, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a tool object")
	}
	name, _, err := shared.GetStr(tool, "name", where, true)
	if err != nil {
		return nil, err
	}
	out := newObj().Set("name", name)
	if d := tool.Get("description"); d != nil {
		out.Set("description", d)
	}
	schema, err := shared.GetObj(tool, "input_schema", where, true)
	if err != nil {
		return nil, err
	}
	out.Set("input_schema", schema)
	if strict, ok := tool.Get("strict").(bool); ok {
		out.Set("strict", strict)
	}
	return out, nil
}
